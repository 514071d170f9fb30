import { describe, expect, it } from 'vitest';
import {
  ADDITIVE_CATALOGUE,
  analyseProduct,
  buildAdditiveMatcher,
  chileanSeals,
  detectSuspects,
  exceedsAnySealLimit,
  findAddedIngredients,
  type ProductInput,
  type SealInput,
  UNKNOWN_PRODUCT_INPUT,
} from '../src/index.ts';

const matcher = buildAdditiveMatcher(ADDITIVE_CATALOGUE);

describe("Chilean 'ALTO EN' seals (Ley 20.606, DS 13 final phase)", () => {
  const all = { sugars: true, fats: true, sodium: true };
  const solid: SealInput = {
    energyKcal100: 0,
    sodiumMg100: 0,
    totalSugarsG100: 0,
    saturatedFatG100: 0,
    isLiquid: false,
    added: all,
  };
  const liquid: SealInput = { ...solid, isLiquid: true };
  const ids = (input: SealInput) => chileanSeals(input).map((s) => s.id);
  it.each([
    ['solid energy exactly 275 kcal: no seal', { ...solid, energyKcal100: 275 }, []],
    ['solid energy 275.1 kcal: ALTO EN CALORÍAS', { ...solid, energyKcal100: 275.1 }, ['alto-en-calorias']],
    ['solid sodium exactly 400 mg: no seal', { ...solid, sodiumMg100: 400 }, []],
    ['solid sodium 401 mg: ALTO EN SODIO', { ...solid, sodiumMg100: 401 }, ['alto-en-sodio']],
    ['solid sugars exactly 10 g: no seal', { ...solid, totalSugarsG100: 10 }, []],
    ['solid sugars 10.1 g: ALTO EN AZÚCARES', { ...solid, totalSugarsG100: 10.1 }, ['alto-en-azucares']],
    ['solid saturated fat exactly 4 g: no seal', { ...solid, saturatedFatG100: 4 }, []],
    [
      'solid saturated fat 4.1 g: ALTO EN GRASAS SATURADAS',
      { ...solid, saturatedFatG100: 4.1 },
      ['alto-en-grasas-saturadas'],
    ],
    ['liquid energy exactly 70 kcal: no seal', { ...liquid, energyKcal100: 70 }, []],
    ['liquid energy 71 kcal: seal', { ...liquid, energyKcal100: 71 }, ['alto-en-calorias']],
    ['liquid sodium 101 mg: seal', { ...liquid, sodiumMg100: 101 }, ['alto-en-sodio']],
    ['liquid sugars exactly 5 g: no seal', { ...liquid, totalSugarsG100: 5 }, []],
    ['liquid sugars 5.1 g: seal', { ...liquid, totalSugarsG100: 5.1 }, ['alto-en-azucares']],
    ['liquid saturated fat 3.1 g: seal', { ...liquid, saturatedFatG100: 3.1 }, ['alto-en-grasas-saturadas']],
    [
      'no added sugar: no sugar seal even above the limit',
      { ...solid, totalSugarsG100: 40, added: { ...all, sugars: false } },
      [],
    ],
    [
      'no added fat or sugar: no energy seal',
      { ...solid, energyKcal100: 600, added: { sugars: false, fats: false, sodium: true } },
      [],
    ],
    ['no added sodium: no sodium seal', { ...solid, sodiumMg100: 900, added: { ...all, sodium: false } }, []],
    [
      'unknown ingredients: limits alone decide',
      { ...solid, sodiumMg100: 900, added: null },
      ['alto-en-sodio'],
    ],
    ['unknown nutrient: no seal', { ...solid, sodiumMg100: null }, []],
  ])('%s', (_name, input, expected) => {
    expect(ids(input)).toEqual(expected);
  });

  it.each([
    [
      'nothing above a solid limit',
      { ...solid, energyKcal100: 275, sodiumMg100: 400, totalSugarsG100: 10, saturatedFatG100: 4 },
      false,
    ],
    ['solid sugars just above', { ...solid, totalSugarsG100: 10.01 }, true],
    ['liquid energy just above', { ...liquid, energyKcal100: 70.5 }, true],
    ['unknown values exceed nothing', { ...solid, energyKcal100: null, sodiumMg100: null }, false],
  ])('exceedsAnySealLimit: %s', (_name, input, expected) => {
    expect(exceedsAnySealLimit(input)).toBe(expected);
  });

  it.each([
    [
      'sugar, oil and salt are added',
      'harina, azúcar, aceite de maravilla, sal',
      { sugars: true, fats: true, sodium: true },
    ],
    [
      'honey and syrup count as sugars',
      'avena, miel, jarabe de arce',
      { sugars: true, fats: false, sodium: false },
    ],
    [
      'sodium additives count as sodium',
      'agua, benzoato de sodio',
      { sugars: false, fats: false, sodium: true },
    ],
    [
      '"sin azúcar añadida" is not added sugar',
      'leche, sin azúcar añadida',
      { sugars: false, fats: false, sodium: false },
    ],
    ['plain milk adds nothing', 'leche entera pasteurizada', { sugars: false, fats: false, sodium: false }],
  ])('added ingredients: %s', (_name, text, expected) => {
    expect(findAddedIngredients(text)).toEqual(expected);
  });
});

describe("'Otros sospechosos' (ultra-processing markers)", () => {
  it.each([
    ['glucose syrup', 'azúcar, jarabe de glucosa', [['Jarabe de glucosa', 'alto', 'jarabe de glucosa']]],
    [
      'HFCS, longest phrase wins over "fructosa"',
      'Jarabe de Maíz de Alta Fructosa',
      [['Jarabe de maíz de alta fructosa', 'alto', 'Jarabe de Maíz de Alta Fructosa']],
    ],
    ['maltodextrin', 'maltodextrina', [['Maltodextrina', 'Riesgo posible (Debate)', 'maltodextrina']]],
    [
      'hydrogenated fat is Riesgoso',
      'aceite vegetal parcialmente hidrogenado',
      [['Grasa o aceite hidrogenado', 'Riesgoso', 'parcialmente hidrogenado']],
    ],
    [
      'natural flavouring',
      'saborizante natural de vainilla',
      [['Saborizante o aroma', 'Sin riesgo conocido', 'saborizante natural']],
    ],
    [
      'artificial flavouring',
      'sabor idéntico al natural',
      [['Saborizante artificial', 'Riesgo posible (Debate)', 'sabor idéntico al natural']],
    ],
    [
      'caseinate and modified starch',
      'caseinato de sodio, almidón modificado',
      [
        ['Caseinato', 'Riesgo posible (Debate)', 'caseinato de sodio'],
        ['Almidón modificado', 'Riesgo posible (Debate)', 'almidón modificado'],
      ],
    ],
    [
      'each suspect once',
      'dextrosa, azúcar, dextrosa',
      [['Dextrosa', 'Riesgo posible (Debate)', 'dextrosa']],
    ],
    ['plain food has none', 'tomate, aceite de oliva, sal', []],
  ])('%s', (_name, text, expected) => {
    expect(detectSuspects(text).map((s) => [s.name, s.riskLevel, s.matchedText])).toEqual(expected);
  });
});

const base: ProductInput = {
  ...UNKNOWN_PRODUCT_INPUT,
  energyKcal100: 100,
  totalFatG100: 1,
  saturatedFatG100: 0.5,
  totalSugarsG100: 1,
  fiberG100: 1,
  proteinG100: 1,
  sodiumMg100: 10,
};

describe('NOVA estimate', () => {
  it.each([
    ['no ingredient list → null', null, null],
    ['one whole food → 1', 'porotos negros', 1],
    ['salt added → 3', 'porotos negros, agua, sal', 3],
    ['a flavouring → 4', 'agua, azúcar, saborizante', 4],
    ['an emulsifier class word → 4', 'chocolate, emulsionante', 4],
    ['a NOVA-4 additive code → 4', 'agua, E951', 4],
    ['a nitrite → 3', 'cerdo, sal, nitrito de sodio', 3],
    ['an English marker → 4', 'water, sugar, natural flavors', 4],
    ['a single culinary ingredient → 2', 'Aceite de oliva extra virgen', 2],
    ['honey alone → 2', 'Miel pura', 2],
    ['a culinary ingredient with sub-ingredients is not group 2', 'kombucha (agua, azúcar, té)', 3],
    ['"contiene gluten" is an allergen, not added gluten', 'harina de trigo, agua, sal. Contiene gluten', 3],
    [
      '"to preserve flavor" is a purpose, not a flavouring',
      'mango, sugar, sulfur dioxide (to preserve flavor)',
      3,
    ],
  ])('%s', (_name, ingredients, nova) => {
    expect(analyseProduct({ ...base, ingredients }, matcher).novaGroup).toBe(nova);
  });
});

describe('analyseProduct', () => {
  it('returns the whole analysis for a Chilean label', () => {
    const r = analyseProduct(
      {
        ...base,
        ingredients:
          'Ingredientes: azúcar, harina de trigo, aceite vegetal, cacao, sal, emulsionante (lecitina de soya), saborizante artificial, INS 500ii.',
        energyKcal100: 480,
        totalFatG100: 20,
        saturatedFatG100: 9,
        totalSugarsG100: 30,
        sodiumMg100: 300,
      },
      matcher,
    );
    expect(r.ingredients).toEqual([
      'azúcar',
      'harina de trigo',
      'aceite vegetal',
      'cacao',
      'sal',
      'emulsionante (lecitina de soya)',
      'saborizante artificial',
      'INS 500ii',
    ]);
    expect(r.detectedAdditives.map((a) => [a.code, a.matchedText])).toEqual([
      ['E322', 'lecitina de soya'],
      ['E500ii', 'INS 500ii'],
    ]);
    expect(r.ultraprocessed.map((s) => s.name)).toEqual(['Saborizante artificial']);
    expect(r.novaGroup).toBe(4);
    expect(r.nutriscore?.grade).toBe('e');
    expect(r.seals.map((s) => s.label)).toEqual([
      'ALTO EN CALORÍAS',
      'ALTO EN AZÚCARES',
      'ALTO EN GRASAS SATURADAS',
    ]);
    expect(r.scoreBand.label).toBe(r.scoreLabel);
  });

  it('a beverage uses the liquid seal limits unless told otherwise', () => {
    const drink = {
      ...base,
      nutriscoreCategory: 'beverage' as const,
      ingredients: 'agua, azúcar',
      totalSugarsG100: 6,
    };
    expect(analyseProduct(drink, matcher).seals.map((s) => s.id)).toEqual([
      'alto-en-calorias',
      'alto-en-azucares',
    ]);
    expect(analyseProduct({ ...drink, isLiquid: false }, matcher).seals.map((s) => s.id)).toEqual([]);
  });

  it('a sweetened beverage gets the Nutri-Score sweetener points', () => {
    const drink = {
      ...base,
      nutriscoreCategory: 'beverage' as const,
      ingredients: 'agua, sucralosa',
      energyKcal100: 1,
      totalSugarsG100: 0,
    };
    const negative = analyseProduct(drink, matcher).nutriscore?.components.negative;
    expect(negative?.find((c) => c.id === 'non_nutritive_sweeteners')?.points).toBe(4);
  });
});
