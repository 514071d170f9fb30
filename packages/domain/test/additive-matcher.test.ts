import { describe, expect, it } from 'vitest';
import { ADDITIVE_CATALOGUE } from '../src/additives/additive-catalogue.ts';
import { ADDITIVE_CLASS_WORDS } from '../src/additives/class-words.ts';
import { SUSPECT_CATALOGUE } from '../src/suspects/suspect-catalogue.ts';
import { normalizeText } from '../src/text/normalize-text.ts';
import { baseCodeKey, codeKey } from '../src/additives/additive-codes.ts';
import { buildAdditiveMatcher } from '../src/additives/additive-matcher.ts';

const matcher = buildAdditiveMatcher(ADDITIVE_CATALOGUE);
const codes = (text: string) => matcher.detect(text).map((a) => a.code);

describe('additive codes in every written form', () => {
  it.each([
    ['E330 compact', 'Azúcar, E330', ['E330']],
    ['E-330 with hyphen', 'Azúcar, E-330', ['E330']],
    ['E 330 with space', 'Azúcar, E 330', ['E330']],
    ['INS 330', 'Azúcar, INS 330', ['E330']],
    ['INS330 compact', 'Azúcar, INS330', ['E330']],
    ['INS N° 330', 'Azúcar, acidulante INS N° 330', ['E330']],
    ['lower-case e330', 'azucar, e330', ['E330']],
    ['sub-variant letter E150d', 'colorante E150d', ['E150d']],
    ['sub-variant roman E322i', 'emulsionante E322i', ['E322i']],
    ['sub-variant written apart E160a(ii)', 'colorante E160a(ii)', ['E160a(ii)']],
    ['unknown sub-variant falls back to the base E471x', 'E471x', ['E471']],
    ['bare number after a class word', 'acidulante (330)', ['E330']],
    [
      'bare numbers in a class list keep the scope across commas',
      'estabilizantes: 412, 415, sal',
      ['E412', 'E415'],
    ],
    ['bare number without a class word is not a code', 'Contenido neto 330 g', []],
    ['a new ingredient ends the class scope', 'acidulante (330), sal 500', ['E330']],
    ['numbers outside the E range are ignored', 'E 2000, E099', []],
    [
      'a class list keeps its scope across named additives',
      'grasa (antioxidantes: TBHQ, palmitato de ascorbilo, tocoferoles), cacao',
      ['E319', 'E304i', 'E306'],
    ],
    [
      'an ordinary ingredient closes the class list',
      'colorantes: tartrazina, cúrcuma, sal, carbonato de calcio',
      ['E102', 'E100'],
    ],
    [
      '"ascorbic acid" alone is a vitamin, and "acid" opens no scope',
      'apples, ascorbic acid, calcium carbonate',
      [],
    ],
    ['caramel classes by number', 'caramelo clase I, caramelo clase IV', ['E150a', 'E150d']],
    ['"sin glutamato monosódico" says it is absent', 'papas, sal. Sin glutamato monosódico añadido', []],
    ['"no contiene TBHQ" says it is absent', 'aceite de maravilla. No contiene TBHQ', []],
    ['"free from" in English', 'rice, salt, free from monosodium glutamate', []],
    ['S.I.N. with a number is still a code, not a negation', 'sal, SIN 621', ['E621']],
    ['Chilean S.I.N. form', 'Colorante azul brillante (S.I.N.: 133)', ['E133']],
    ['SIN form', 'Benzoato de sodio SIN 211', ['E211']],
    ['"sin" before a quantity is not a code', 'sin 500 g de azúcar', []],
    ['a class-scoped number followed by a unit is a quantity', 'estabilizante 412 100 mg', ['E412']],
    ['the generic class gives way to the specific one', 'colorante INS 150, colorante INS 150d', ['E150d']],
    [
      'a precautionary allergen statement is not an ingredient',
      'sal, E330. Puede contener trazas de anhídrido sulfuroso. Agua',
      ['E330'],
    ],
    [
      'a flavouring is not a class scope: "saborizante caramelo" is no colour',
      'saborizante natural de caramelo',
      [],
    ],
  ])('%s', (_name, text, expected) => {
    expect(codes(text)).toEqual(expected);
  });
});

describe('additive names', () => {
  it.each([
    ['Chilean wording: glutamato monosódico', 'sal, glutamato monosódico', ['E621']],
    ['accents and capitals do not matter', 'GLUTAMATO MONOSODICO', ['E621']],
    ['tartrazina', 'colorante: tartrazina', ['E102']],
    ['carragenina', 'estabilizante (carragenina)', ['E407']],
    ['lecitina de soya', 'emulsionante: lecitina de soya', ['E322']],
    ['English fallback', 'SOYBEAN LECITHIN, CITRIC ACID', ['E322', 'E330']],
    ['French fallback', 'acide citrique', ['E330']],
    ['whole words only: "pectinasa" is not pectina', 'pectinasa', []],
    ['longest name wins: caramelo IV is E150d', 'colorante caramelo IV', ['E150d']],
    ['class-word-only name without a class word is a food', 'carbonato de calcio, cúrcuma', []],
    ['class-word-only name after a class word is an additive', 'colorante: cúrcuma', ['E100']],
    ['class word right after the name', 'turmeric color', ['E100']],
    [
      'a class word in brackets after the name is not enough (as OFF)',
      'calcium chloride (firming agent)',
      [],
    ],
    ['each additive once, first mention kept', 'ácido cítrico, E330, acidulante (330)', ['E330']],
    ['name and sub-variant code of one additive count once', 'lecitina de soya (E322i)', ['E322']],
  ])('%s', (_name, text, expected) => {
    expect(codes(text)).toEqual(expected);
  });

  it('quotes the label text exactly as printed', () => {
    expect(matcher.detect('Sal, Glutamato Monosódico (E-621)')).toEqual([
      {
        code: 'E621',
        name: 'Glutamato monosódico',
        riskLevel: 'Riesgoso',
        matchedText: 'Glutamato Monosódico',
        reason: ADDITIVE_CATALOGUE.find((a) => a.code === 'E621')?.reason,
      },
    ]);
  });

  it('reports the risk of the entry it was built from (admin edits apply)', () => {
    const custom = buildAdditiveMatcher([
      {
        code: 'E330',
        name: 'Ácido cítrico',
        alternativeNames: ['acidulante cítrico'],
        riskLevel: 'Riesgoso',
      },
    ]);
    expect(custom.detect('acidulante cítrico')).toEqual([
      { code: 'E330', name: 'Ácido cítrico', riskLevel: 'Riesgoso', matchedText: 'acidulante cítrico' },
    ]);
  });

  it('an additive without an E number yet is found by its names, once', () => {
    const custom = buildAdditiveMatcher([
      { code: '', name: 'Zetaína', alternativeNames: ['zetaina'], riskLevel: 'Riesgoso' },
      { code: '', name: 'Otra cosa', alternativeNames: [], riskLevel: 'Sin riesgo conocido' },
    ]);
    expect(custom.detect('agua, zetaína, sal, zetaina')).toEqual([
      { code: '', name: 'Zetaína', riskLevel: 'Riesgoso', matchedText: 'zetaína' },
    ]);
  });

  it('null or empty ingredients detect nothing', () => {
    expect(matcher.detect(null)).toEqual([]);
    expect(matcher.detect('')).toEqual([]);
  });
});

describe('code keys', () => {
  it.each([
    ['E-322(i)', 'e322i', 'e322'],
    ['INS 330', 'e330', 'e330'],
    ['E160a(ii)', 'e160aii', 'e160a'],
    ['E150d', 'e150d', 'e150d'],
  ])('%s → %s, base %s', (code, key, base) => {
    expect(codeKey(code)).toBe(key);
    expect(baseCodeKey(key)).toBe(base);
  });
});

describe('catalogue and rebuild cost', () => {
  it('holds at least 300 additives, each with a risk level, a reason and a source', () => {
    expect(ADDITIVE_CATALOGUE.length).toBeGreaterThanOrEqual(300);
    for (const a of ADDITIVE_CATALOGUE) {
      expect(['Riesgoso', 'Riesgo posible (Debate)', 'Sin riesgo conocido']).toContain(a.riskLevel);
      expect(a.reason.length).toBeGreaterThan(10);
      expect(a.source.length).toBeGreaterThan(3);
    }
  });

  it('rebuilds in under 200 ms for the whole catalogue (best of three warm builds)', () => {
    buildAdditiveMatcher(ADDITIVE_CATALOGUE);
    let best = Infinity;
    for (let run = 0; run < 3; run++) {
      const start = Date.now();
      buildAdditiveMatcher(ADDITIVE_CATALOGUE);
      best = Math.min(best, Date.now() - start);
    }
    expect(best).toBeLessThan(200);
  });
});

describe('Chilean label wording', () => {
  const names = (code: string) => {
    const entry = ADDITIVE_CATALOGUE.find((a) => a.code === code);
    return entry ? [entry.name, ...entry.alternativeNames].map((n) => normalizeText(n)) : [];
  };
  it.each([
    ['lecitina de soya', 'E322'],
    ['glutamato monosodico', 'E621'],
    ['tartrazina', 'E102'],
    ['carragenina', 'E407'],
    ['sorbato de potasio', 'E202'],
    ['bicarbonato de sodio', 'E500ii'],
  ])('"%s" is a Spanish name of %s', (name, code) => {
    expect(names(code)).toContain(name);
  });

  it.each([
    'preservante',
    'emulsionante',
    'estabilizante',
    'antiaglomerante',
    'acidulante',
    'leudante',
    'antihumectante',
  ])('"%s" is a class word', (word) => {
    expect(ADDITIVE_CLASS_WORDS).toContain(word);
  });

  it('"saborizante" is an ultra-processing suspect, not an additive', () => {
    expect(SUSPECT_CATALOGUE.find((s) => s.id === 'saborizante')?.phrases).toContain('saborizante');
    expect(matcher.detect('saborizante')).toEqual([]);
  });
});

describe('matcher built from the admin table', () => {
  it('rows without French names or class flags detect like the catalogue (flags come from the catalogue by code)', () => {
    const rows = ADDITIVE_CATALOGUE.map((a) => ({
      code: a.code,
      name: a.name,
      alternativeNames: a.alternativeNames,
      riskLevel: a.riskLevel,
      reason: a.reason,
      englishNames: a.englishNames,
    }));
    const fromTable = buildAdditiveMatcher(rows);
    const label =
      'Harina, carbonato de calcio, colorante: cúrcuma, emulsionante (lecitina de soya), glutamato monosódico, E330, INS 202';
    expect(fromTable.detect(label)).toEqual(matcher.detect(label));
  });

  it('an admin-added additive with a new code and name is detected', () => {
    const custom = buildAdditiveMatcher([
      ...ADDITIVE_CATALOGUE,
      {
        code: 'E1599',
        name: 'Aditivo de prueba',
        alternativeNames: ['extracto de boldo dorado'],
        riskLevel: 'Riesgoso',
      },
    ]);
    expect(custom.detect('agua, extracto de boldo dorado, INS 1599')).toEqual([
      {
        code: 'E1599',
        name: 'Aditivo de prueba',
        riskLevel: 'Riesgoso',
        matchedText: 'extracto de boldo dorado',
      },
    ]);
  });
});

describe('precision against real labels (each case was a wrong or missed additive in the OFF sample)', () => {
  it.each([
    // A number written together with its unit is a quantity ("per 100g" was read as E100 curcumin).
    [
      '"100g" in a class list is a quantity',
      'Sugar Raising Agent: E341, Sodium Bicarbonate Molasses Sunflower per 100g',
      ['E341', 'E500ii'],
    ],
    ['"500mg" after a class-scoped number', 'acidulante (330), 500mg', ['E330']],
    ['"sin 500g" is a quantity, not S.I.N. 500', 'sin 500g de azúcar', []],
    // Hydrogen (E949) is a packaging gas: only a packaging-gas class word announces it.
    [
      '"hydrogen carbonate" is no hydrogen gas',
      'leavening (potassium carbonate, sodium bicarbonate, hydrogen carbonate)',
      ['E501i', 'E500ii'],
    ],
    ['an OCR-broken "hydrogen-ated" is no hydrogen gas', 'PARTIALLY HYDROGEN ATED SOYBEAN OIL', []],
    ['hydrogen after a packaging-gas class word', 'packaging gas: hydrogen', ['E949']],
    ['a bare element name is no packaging gas', 'nitrógeno', []],
    ['nitrogen after "gas de envasado"', 'gas de envasado: nitrógeno', ['E941']],
    // The ester's name wins over the acid and the mono- and diglycerides inside it.
    [
      'DATEM as US labels write it',
      'diacetyl tartaric acid esters of mono-diglycerides (datem), salt',
      ['E472e'],
    ],
    [
      'DATEM in Spanish',
      'emulsionante (ésteres de ácido diacetiltartárico de mono- y diglicéridos)',
      ['E472e'],
    ],
    [
      'citric acid esters in Spanish',
      'emulgente: ésteres cítricos de monoglicéridos y diglicéridos',
      ['E472c'],
    ],
    ['lactic acid esters in English', 'lactic acid esters of mono- and diglycerides', ['E472b']],
    // "of fatty acids" after a name belongs to it, not to E570.
    [
      '"de ácidos grasos" ends the ester name',
      'emulsionante: ésteres de poliglicerol de ácidos grasos',
      ['E475'],
    ],
    [
      '"de ácidos grasos" ends mono- and diglycerides',
      'emulgente (mono-diglicéridos de ácidos grasos)',
      ['E471'],
    ],
    ['"ácidos grasos trans" in a nutrition table is no additive', 'ácidos grasos trans 0 g', []],
    // Caramel is a food unless a colour class word announces the colour.
    ['caramel as a confection', 'caramel (sugar, cream), salt', []],
    ['caramelo as a confection', 'caramelo (azúcar, crema), sal', []],
    [
      'caramel syrup in a non-colour class list',
      'ACIDITY REGULATOR: SODIUM CITRATE, CARAMEL SYRUP',
      ['E331'],
    ],
    ['colorante: caramelo', 'colorante: caramelo', ['E150']],
    ['caramelo (colorante)', 'caramelo (colorante)', ['E150']],
    ['caramel color', 'caramel color', ['E150']],
    ['colors: caramel', 'colors: caramel', ['E150']],
    // Spices and vitamins that are also colours count only as colours.
    ['turmeric after a preservative is a spice', 'preservante: sorbato de potasio, cúrcuma', ['E202']],
    ['turmeric (for color)', 'polysorbate 80, and turmeric (for color)', ['E433', 'E100']],
    ['cúrcuma (colorante)', 'cúrcuma (colorante)', ['E100']],
    ['paprika as a spice', 'paprika, salt', []],
    ['paprika extract as a colour', 'colour: paprika extract', ['E160c']],
    ['beta carotene [color]', 'beta carotene [color]', ['E160a(i)']],
    ['beta carotene as color', 'beta carotene as color', ['E160a(i)']],
    [
      'riboflavin after an antioxidant is a vitamin',
      'antioxidante (BHT), riboflavina (vitamina B2)',
      ['E321'],
    ],
    ['calcium carbonate is also an acidity regulator', 'regulador de acidez: carbonato de calcio', ['E170i']],
    // Decision: CO2 that makes the candy pop stays in the product, so it is E290 (OFF leaves it unsplit).
    ['carbon dioxide for popping effect', 'PROCESSED WITH CARBON DIOXIDE FOR POPPING EFFECT', ['E290']],
    // A "may contain" note inside brackets ends with its bracket.
    [
      'a bracketed "may contain" note ends at its bracket',
      'vegetable oil [may contain one or more of the following: corn, canola], sodium bicarbonate, red 40',
      ['E500ii', 'E129'],
    ],
    ['a bracketed allergen note ends at its bracket', 'sal (puede contener trazas de maní), E330', ['E330']],
    // One name needs the same class word in every language (sub-variants own their specific names).
    [
      'monocalcium phosphate needs no class word, like "fosfato monocálcico"',
      'MONOCALCIUM PHOSPHATE, SODIUM BICARBONATE',
      ['E341i', 'E500ii'],
    ],
    [
      'potassium carbonate needs no class word, like "carbonato de potasio"',
      'potassium carbonate',
      ['E501i'],
    ],
    ['talc, like "talco"', 'gum base, talc', ['E553b']],
    ['sodium aluminium phosphate is E541, not aluminium', 'leudante (fosfato de aluminio y sodio)', ['E541']],
    ['lysozyme in cheese', 'queso (leche, sal, cuajo, lisozima de huevo)', ['E1105']],
    // Issue 26: the patterns behind the held-out misses, never a product.
    [
      '"INS N°" as Chilean labels print it',
      'acidulante (INS N° 330), colorante INS Nº150d',
      ['E330', 'E150d'],
    ],
    ['"INS No." with a space', 'INS No. 211', ['E211']],
    [
      'a prefixed code starts a list of bare codes',
      'emulsionantes E471, 472e y 475',
      ['E471', 'E472e', 'E475'],
    ],
    ['a list of codes ends at the next ingredient', 'E330, 500 g de harina', ['E330']],
    ['a list of codes never announces a name', 'E330, carbonato de calcio', ['E330']],
    ['a sub-variant after a hyphen', 'colorante E150-d', ['E150d']],
    ['a plural the names do not list', 'carrageenans', ['E407']],
    [
      'a one-letter misspelling of a long name word',
      'dipotassium phoshphate, carnuba wax',
      ['E340ii', 'E903'],
    ],
    [
      'a misspelt class word still announces',
      'Antoxidante BHT, antiaglomerante fosfato tricalcico',
      ['E321', 'E341iii'],
    ],
    ['a misspelling never changes the last letter', 'ISOMALTO-OLIGOSACCHARIDE', []],
    ['a food is never spelt into an additive', 'lactosa, sucralosa', ['E955']],
    [
      "a mineral water's analysis holds no additive",
      'Agua mineral natural. Análisis químico (en mg/L): Residuo seco 698 Bicarbonatos 710 Calcio 118',
      [],
    ],
  ])('%s', (_name, text, expected) => {
    expect(codes(text)).toEqual(expected);
  });
});
