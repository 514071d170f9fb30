/**
 * Issue 28: allergens, traces and diets read from the ingredient list, its statements and OFF's tags. Each rule and
 * each false friend has its own case; absence ('complete', diets 'no'/'yes') only on a list read well or OFF's
 * en:none, never because a field is empty.
 */
import { describe, expect, it } from 'vitest';
import {
  ADDITIVE_CATALOGUE,
  ALLERGEN_IDS,
  ALLERGENS,
  type AllergenId,
  DIET_IDS,
  DIETS,
  type OffAllergenTags,
  allergensInText,
  analyseProduct,
  buildAdditiveMatcher,
  offAllergenId,
  readAllergens,
  readIngredientList,
  UNKNOWN_PRODUCT_INPUT,
} from '../src/index.ts';

const matcher = buildAdditiveMatcher(ADDITIVE_CATALOGUE);

const read = (text: string | null, off: OffAllergenTags | null = null) =>
  readAllergens({ ingredients: text, reading: readIngredientList(text), additives: matcher.detect(text), off });

const contains = (text: string) => read(text).allergens.contains;

describe('the allergen list', () => {
  it('has the nine Chilean allergens declared and five more flagged as not always declared in Chile', () => {
    expect(ALLERGEN_IDS).toEqual([
      'gluten',
      'crustaceos',
      'huevo',
      'pescado',
      'mani',
      'soya',
      'leche',
      'frutos-secos',
      'sulfitos',
      'sesamo',
      'apio',
      'mostaza',
      'lupino',
      'moluscos',
    ]);
    expect(ALLERGENS.filter((a) => !a.declaredInChile).map((a) => a.id)).toEqual([
      'sesamo',
      'apio',
      'mostaza',
      'lupino',
      'moluscos',
    ]);
    expect(ALLERGENS.find((a) => a.id === 'frutos-secos')).toMatchObject({ label: 'Frutos secos', noun: 'frutos secos' });
    expect(DIET_IDS).toEqual(['vegan', 'vegetarian', 'palmOil', 'sweeteners', 'lactose']);
    expect(DIETS.find((d) => d.id === 'palmOil')?.preference).toBe('Sin aceite de palma');
  });
});

describe('allergens named in a Spanish ingredient list', () => {
  it.each<[string, AllergenId]>([
    ['harina de trigo, agua, sal', 'gluten'],
    ['harina fortificada, agua, sal', 'gluten'],
    ['sémola de trigo candeal', 'gluten'],
    ['azúcar, extracto de malta', 'gluten'],
    ['cebada, centeno', 'gluten'],
    ['avena laminada', 'gluten'],
    ['harina de espelta', 'gluten'],
    ['leche entera', 'leche'],
    ['suero de leche en polvo', 'leche'],
    ['caseinato de sodio', 'leche'],
    ['lactosa, azúcar', 'leche'],
    ['mantequilla, sal', 'leche'],
    ['crema, azúcar', 'leche'],
    ['queso mantecoso', 'leche'],
    ['manjar (leche, azúcar)', 'leche'],
    ['huevo entero pasteurizado', 'huevo'],
    ['clara de huevo en polvo', 'huevo'],
    ['maní tostado', 'mani'],
    ['cacahuate', 'mani'],
    ['lecitina de soya', 'soya'],
    ['proteína de soja', 'soya'],
    ['nueces, almendras', 'frutos-secos'],
    ['avellanas', 'frutos-secos'],
    ['castañas de cajú', 'frutos-secos'],
    ['pistachos', 'frutos-secos'],
    ['atún, aceite', 'pescado'],
    ['pasta de pescado', 'pescado'],
    ['camarón', 'crustaceos'],
    ['jaiba', 'crustaceos'],
    ['metabisulfito de sodio', 'sulfitos'],
    ['dióxido de azufre', 'sulfitos'],
    ['semillas de sésamo', 'sesamo'],
    ['ajonjolí', 'sesamo'],
    ['apio deshidratado', 'apio'],
    ['mostaza', 'mostaza'],
    ['harina de lupino', 'lupino'],
    ['choritos, almejas', 'moluscos'],
  ])('%s → %s', (text, id) => {
    expect(contains(text)).toContain(id);
  });

  it('reads sulfites from their E and INS codes (E220 to E228), not only their names', () => {
    expect(contains('uvas, conservante (E223)')).toEqual(['sulfitos']);
    expect(contains('jugo de uva, preservante INS 224')).toEqual(['sulfitos']);
  });

  it('reads English and French lists too, and their "Contains:" statement', () => {
    expect(contains('SUGAR, ENRICHED FLOUR, WHEY. CONTAINS: MILK, SOY, WHEAT.')).toEqual(['gluten', 'soya', 'leche']);
    expect(contains('Farine de blé, œufs, beurre, lait')).toEqual(['gluten', 'huevo', 'leche']);
  });

  it('reads a "Contiene: …" statement as contained, also when the text holds nothing else', () => {
    expect(contains('Contiene: leche y soya.')).toEqual(['soya', 'leche']);
    expect(read('ELABORADO CON UVAS VINÍFERAS. CONTIENE SULFITOS.').allergens).toMatchObject({
      contains: ['sulfitos'],
      status: 'partial',
    });
  });

  it('lists allergens once each, in the list order of ALLERGENS', () => {
    expect(contains('leche, trigo, leche en polvo, soya, trigo')).toEqual(['gluten', 'soya', 'leche']);
  });
});

describe('false friends and free-from claims are not allergens', () => {
  it.each<[string, AllergenId[]]>([
    ['harina de arroz, sin gluten', []],
    ['libre de gluten', []],
    ['leche sin lactosa', ['leche']],
    ['bebida libre de lactosa', []],
    ['leche de coco, azúcar', []],
    ['crema de coco', []],
    ['mantequilla de maní', ['mani']],
    ['manteca de cacao, azúcar', []],
    ['manteca vegetal', []],
    ['queso vegano (aceite de coco, almidón de papa)', []],
    ['leche de almendras', ['frutos-secos']],
    ['leche de soya', ['soya']],
    ['bebida de avena', ['gluten']],
    ['nuez moscada, pimienta', []],
    ['extracto de nuez de cola', []],
    ['trigo sarraceno', []],
    ['harina de maíz, sémola de arroz', []],
    ['maltodextrina, maltosa, maltitol', []],
    ['color caramelo IV (proceso sulfito amónico)', []],
    ['cremor tártaro', []],
    ['crema de cereales', []],
    ['peanut butter, cocoa butter', ['mani']],
    ['coconut milk, coconut cream', []],
    ['butter beans, water, salt', []],
    ['rice flour, corn flour', []],
    ['gluten-free oat flour', ['gluten']],
    ['coconut, nutmeg', []],
  ])('%s → %j', (text, expected) => {
    expect(contains(text)).toEqual(expected);
  });
});

describe('traces', () => {
  it.each<[string, AllergenId[]]>([
    ['Azúcar, cacao. Puede contener maní y almendras.', ['mani', 'frutos-secos']],
    ['Azúcar, cacao. Puede contener trazas de leche.', ['leche']],
    ['Azúcar. Contiene trazas de soya.', ['soya']],
    ['Arroz. Elaborado en una planta que procesa trigo y huevo.', ['gluten', 'huevo']],
    ['Flan: azúcar, carragenina. Producto elaborado en líneas que también procesan almendras, nueces, gluten, huevo y leche.', ['gluten', 'huevo', 'leche', 'frutos-secos']],
    ['Envasado en líneas que también procesan leche, mostaza y apio.', ['leche', 'apio', 'mostaza']],
    ['Sugar, cocoa. May contain peanuts and tree nuts.', ['mani', 'frutos-secos']],
    ['Made in a facility that also processes milk and eggs.', ['huevo', 'leche']],
    ['Sucre. Peut contenir des traces de lait.', ['leche']],
    ['Azúcar, cacao (puede contener: maní), pasas', ['mani']],
  ])('%s → %j', (text, expected) => {
    expect(read(text).allergens.traces).toEqual(expected);
  });

  it('keeps the ingredients after a statement in brackets as ingredients', () => {
    const { allergens } = read('azúcar, cacao (puede contener: maní), leche en polvo');
    expect(allergens.contains).toEqual(['leche']);
    expect(allergens.traces).toEqual(['mani']);
  });

  it('never lists as a trace what the product contains', () => {
    const { allergens } = read('Harina de trigo, leche. Puede contener trazas de leche, soya y trigo.');
    expect(allergens.contains).toEqual(['gluten', 'leche']);
    expect(allergens.traces).toEqual(['soya']);
  });
});

describe('OFF tags', () => {
  it('maps OFF allergen ids, finer nut ids and tags OFF could not place', () => {
    expect(offAllergenId('en:milk')).toBe('leche');
    expect(offAllergenId('en:sulphur-dioxide-and-sulphites')).toBe('sulfitos');
    expect(offAllergenId('en:tree-nuts-hazelnuts')).toBe('frutos-secos');
    expect(offAllergenId('de:Weizenprotein')).toBe('gluten');
    expect(offAllergenId('es:Seitán')).toBe('gluten');
    expect(offAllergenId('en:none')).toBeNull();
    expect(offAllergenId('en:apple')).toBeNull();
  });

  it('joins OFF allergens and traces with what the list says', () => {
    const { allergens } = read('azúcar, cacao', { allergens: ['en:milk'], traces: ['en:nuts', 'en:milk'], analysis: [] });
    expect(allergens.contains).toEqual(['leche']);
    expect(allergens.traces).toEqual(['frutos-secos']);
  });

  it('takes en:none as OFF saying the product holds none: complete, even without a list read well', () => {
    expect(read(null, { allergens: ['en:none'], traces: [], analysis: [] }).allergens).toEqual({
      status: 'complete',
      contains: [],
      traces: [],
    });
  });
});

describe('status: absence only from a list read well or en:none', () => {
  it('is complete for a list read well', () => {
    expect(read('agua, azúcar, sal').allergens.status).toBe('complete');
  });

  it('is partial for a list with a word the reader does not know: what it names is true, absence is not', () => {
    const { allergens } = read('agua, azúcar, xqzvarina, leche');
    expect(allergens).toEqual({ status: 'partial', contains: ['leche'], traces: [] });
  });

  it('is partial for a list that stops mid-way', () => {
    expect(read('agua, azúcar, pan rallado (harina de maíz, sal,').allergens.status).toBe('partial');
  });

  it('is partial with OFF tags but no list, and unknown with neither', () => {
    expect(read(null, { allergens: ['en:milk'], traces: [], analysis: [] }).allergens.status).toBe('partial');
    expect(read(null).allergens).toEqual({ status: 'unknown', contains: [], traces: [] });
    expect(read('', { allergens: [], traces: [], analysis: [] }).allergens.status).toBe('unknown');
  });
});

describe('diets', () => {
  it('vegan and vegetarian: yes only on a list read well with nothing of animal origin', () => {
    expect(read('agua, azúcar, sal').diets).toMatchObject({ vegan: 'yes', vegetarian: 'yes' });
    expect(read('agua, azúcar, xqzvarina').diets).toMatchObject({ vegan: 'unknown', vegetarian: 'unknown' });
    expect(read(null).diets).toMatchObject({ vegan: 'unknown', vegetarian: 'unknown' });
  });

  it('milk, egg and honey are not vegan but vegetarian; meat, fish and gelatine are neither', () => {
    expect(read('leche, azúcar').diets).toMatchObject({ vegan: 'no', vegetarian: 'yes' });
    expect(read('miel, avena').diets).toMatchObject({ vegan: 'no', vegetarian: 'yes' });
    expect(read('carne de vacuno, sal').diets).toMatchObject({ vegan: 'no', vegetarian: 'no' });
    expect(read('atún, agua, sal').diets).toMatchObject({ vegan: 'no', vegetarian: 'no' });
    expect(read('azúcar, gelatina, agua').diets).toMatchObject({ vegan: 'no', vegetarian: 'no' });
    expect(read('azúcar, carmín de cochinilla').diets).toMatchObject({ vegan: 'no', vegetarian: 'no' });
  });

  it('an additive that may come from an animal makes vegan a maybe; soy lecithin does not', () => {
    expect(read('azúcar, mono y diglicéridos de ácidos grasos').diets.vegan).toBe('maybe');
    expect(read('azúcar, cacao, lecitina de soya').diets.vegan).toBe('yes');
  });

  it('plant "milks", "creams" and "cheeses" keep a product vegan', () => {
    expect(read('leche de coco, azúcar').diets.vegan).toBe('yes');
  });

  it('follows OFF ingredients_analysis_tags, and a "no" from either side wins', () => {
    const off = (analysis: string[]): OffAllergenTags => ({ allergens: [], traces: [], analysis });
    expect(read(null, off(['en:vegan', 'en:vegetarian', 'en:palm-oil-free'])).diets).toMatchObject({
      vegan: 'yes',
      vegetarian: 'yes',
      palmOil: 'no',
    });
    expect(read(null, off(['en:non-vegan', 'en:maybe-vegetarian', 'en:may-contain-palm-oil'])).diets).toMatchObject({
      vegan: 'no',
      vegetarian: 'maybe',
      palmOil: 'maybe',
    });
    expect(read('leche, azúcar', off(['en:vegan'])).diets.vegan).toBe('no');
  });

  // Palm oil: yes when named, maybe for an unnamed vegetable fat, no on a list read well.
  // Sweeteners: an additive of the catalogue class "edulcorante", by name or code, or stevia.
  it.each([
    ['palmOil', 'harina de trigo, aceite de palma, sal', 'yes'],
    ['palmOil', 'harina de trigo, grasa vegetal, sal', 'maybe'],
    ['palmOil', 'harina de trigo, aceite vegetal (girasol), sal', 'no'],
    ['palmOil', 'harina de trigo, aceite de girasol, sal', 'no'],
    ['sweeteners', 'agua, sucralosa', 'yes'],
    ['sweeteners', 'agua, E950', 'yes'],
    ['sweeteners', 'agua, maltitol', 'yes'],
    ['sweeteners', 'agua, hojas de stevia', 'yes'],
    ['sweeteners', 'agua, azúcar', 'no'],
  ] as const)('%s of "%s" is %s', (diet, text, expected) => {
    expect(read(text).diets[diet]).toBe(expected);
  });

  it('lactose: yes for milk, no for a lactose-free milk (which still contains milk), maybe for butter alone', () => {
    expect(read('leche entera, vitamina D').diets.lactose).toBe('yes');
    const lactoseFree = read('leche semidescremada deslactosada, enzima lactasa');
    expect(lactoseFree.allergens.contains).toEqual(['leche']);
    expect(lactoseFree.diets.lactose).toBe('no');
    expect(read('leche sin lactosa').diets.lactose).toBe('no');
    expect(read('harina de trigo, mantequilla, sal').diets.lactose).toBe('maybe');
    expect(read('agua, azúcar').diets.lactose).toBe('no');
    expect(read('agua, xqzvarina').diets.lactose).toBe('unknown');
  });
});

describe('analyseProduct carries the reading', () => {
  it('returns allergens and diets with the rest of the analysis, with OFF tags when given', () => {
    const analysis = analyseProduct(
      {
        ...UNKNOWN_PRODUCT_INPUT,
        ingredients: 'harina de trigo, azúcar, aceite de palma. Puede contener maní.',
        offAllergenTags: { allergens: [], traces: ['en:nuts'], analysis: [] },
        energyKcal100: 450,
        totalFatG100: 18,
        saturatedFatG100: 8,
        totalSugarsG100: 30,
        fiberG100: 2,
        proteinG100: 6,
        sodiumMg100: 300,
      },
      matcher,
    );
    expect(analysis.allergens).toEqual({ status: 'complete', contains: ['gluten'], traces: ['mani', 'frutos-secos'] });
    expect(analysis.diets).toMatchObject({ vegan: 'yes', palmOil: 'yes', lactose: 'no' });
  });

  it('allergensInText gives the ids a text names', () => {
    expect(allergensInText('whole milk, wheat flour')).toEqual(['gluten', 'leche']);
  });
});
