import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ADDITIVE_CATALOGUE,
  SCORE_VERSION,
  analyseProduct,
  buildAdditiveMatcher,
  type NutriscoreCategory,
  type ProductInput,
} from '../src/index.ts';

const matcher = buildAdditiveMatcher(ADDITIVE_CATALOGUE);

const plain: ProductInput = {
  ingredients: 'avena integral',
  organic: false,
  nutriscoreCategory: 'solid',
  frutasPercentage: null,
  verdurasPercentage: null,
  legumesPercentage: null,
  nutsPercentage: null,
  energyKcal100: 370,
  totalFatG100: 7,
  saturatedFatG100: 1.2,
  totalSugarsG100: 1,
  fiberG100: 10,
  proteinG100: 13,
  sodiumMg100: 5,
};
const score = (input: Partial<ProductInput>): number | null =>
  analyseProduct({ ...plain, ...input }, matcher).healthScore;

describe('health score rules', () => {
  it.each([
    ['no energy → Sin puntaje', { energyKcal100: null }],
    ['no sugars → Sin puntaje', { totalSugarsG100: null }],
    ['no saturated fat → Sin puntaje', { saturatedFatG100: null }],
    ['no sodium → Sin puntaje', { sodiumMg100: null }],
    ['no protein → Sin puntaje', { proteinG100: null }],
    [
      'fats without total fat → Sin puntaje',
      { nutriscoreCategory: 'added_fat' as const, totalFatG100: null },
    ],
  ])('%s', (_name, input) => {
    const result = analyseProduct({ ...plain, ...input }, matcher);
    expect(result.healthScore).toBeNull();
    expect(result.scoreLabel).toBe('Sin puntaje');
    expect(result.reasons).toEqual([]);
  });

  it('unknown fibre and fruit still give a score (they count 0 points)', () => {
    expect(score({ fiberG100: null, frutasPercentage: null })).not.toBeNull();
  });

  it('plain water needs no nutrients and gets full nutrition (Nutri-Score grades it A whatever the numbers)', () => {
    const water = {
      nutriscoreCategory: 'beverage' as const,
      isWater: true,
      ingredients: 'agua mineral',
      fiberG100: null,
    };
    const none = {
      energyKcal100: null,
      totalSugarsG100: null,
      saturatedFatG100: null,
      sodiumMg100: null,
      proteinG100: null,
    };
    expect(score({ ...water, ...none })).toBe(9);
  });

  it('oats with nothing added: nutrition 4.2 + Nutri-Score bonus, full processing 3.0', () => {
    const r = analyseProduct(plain, matcher);
    expect(r.nutriscore?.grade).toBe('a');
    expect(r.healthScore).toBe(8.2);
    expect(r.scoreLabel).toBe('Mejor');
  });

  it('organic adds exactly 1.0', () => {
    expect(score({ organic: true })).toBe(9.2);
  });

  it("a 'Riesgoso' additive caps the score at 4.9", () => {
    const r = analyseProduct({ ...plain, ingredients: 'avena, glutamato monosódico' }, matcher);
    expect(r.detectedAdditives.map((a) => a.riskLevel)).toEqual(['Riesgoso']);
    expect(r.healthScore).toBe(4.9);
    expect(r.scoreLabel).toBe('Malo');
    expect(r.reasons.at(-1)).toMatchObject({ rule: 'cap.riesgoso', points: -2.3 });
  });

  it('a product already under 4.9 is not raised by the cap', () => {
    const r = analyseProduct(
      { ...plain, totalSugarsG100: 40, saturatedFatG100: 9, ingredients: 'azúcar, glutamato monosódico' },
      matcher,
    );
    expect(r.healthScore).toBeLessThan(4.9);
    expect(r.reasons.some((x) => x.rule === 'cap.riesgoso')).toBe(false);
  });

  it('reasons are Spanish sentences with signed points that add up to the score', () => {
    const r = analyseProduct(
      {
        ...plain,
        totalSugarsG100: 22,
        ingredients: 'avena, azúcar, jarabe de glucosa, emulsionante: lecitina de soya',
      },
      matcher,
    );
    expect(r.reasons.map((x) => x.text)).toContain('Azúcares 22 g/100 g: \u22121,2');
    expect(r.reasons.map((x) => x.text)).toContain('Aditivo E322 Lecitinas (lecitina de soya): \u22120,2');
    expect(r.reasons.map((x) => x.text)).toContain('Ultraprocesado (alto): Jarabe de glucosa: \u22120,5');
    const sum = r.reasons.reduce((s, x) => s + Math.round(x.points * 10), 0) / 10;
    expect(sum).toBe(r.healthScore);
  });

  it('carries the score version', () => {
    expect(analyseProduct(plain, matcher).scoreVersion).toBe(SCORE_VERSION);
  });
});

// ---- properties --------------------------------------------------------------------------------------

const INGREDIENT_SNIPPETS = [
  'harina de trigo',
  'azúcar',
  'sal',
  'aceite vegetal',
  'jarabe de glucosa',
  'maltodextrina',
  'saborizante artificial',
  'emulsionante: lecitina de soya',
  'colorante tartrazina',
  'glutamato monosódico',
  'E330',
  'INS 202',
  'carragenina',
  'leche entera',
  'almidón modificado',
  'aceite hidrogenado',
];

const categoryArb = fc.constantFrom<NutriscoreCategory>('solid', 'beverage', 'added_fat', 'cheese');
const productArb: fc.Arbitrary<ProductInput> = fc.record({
  ingredients: fc.subarray(INGREDIENT_SNIPPETS).map((parts) => parts.join(', ')),
  organic: fc.boolean(),
  nutriscoreCategory: categoryArb,
  frutasPercentage: fc.option(fc.double({ min: 0, max: 100, noNaN: true }), { nil: null }),
  verdurasPercentage: fc.option(fc.double({ min: 0, max: 100, noNaN: true }), { nil: null }),
  legumesPercentage: fc.option(fc.double({ min: 0, max: 100, noNaN: true }), { nil: null }),
  nutsPercentage: fc.option(fc.double({ min: 0, max: 100, noNaN: true }), { nil: null }),
  energyKcal100: fc.double({ min: 0, max: 900, noNaN: true }),
  totalFatG100: fc.double({ min: 0, max: 100, noNaN: true }),
  saturatedFatG100: fc.double({ min: 0, max: 60, noNaN: true }),
  totalSugarsG100: fc.double({ min: 0, max: 100, noNaN: true }),
  fiberG100: fc.option(fc.double({ min: 0, max: 40, noNaN: true }), { nil: null }),
  proteinG100: fc.double({ min: 0, max: 90, noNaN: true }),
  sodiumMg100: fc.double({ min: 0, max: 5000, noNaN: true }),
  isRedMeat: fc.boolean(),
});
const increase = fc.double({ min: 0.001, max: 200, noNaN: true });
const scoreOf = (p: ProductInput): number => {
  const s = analyseProduct(p, matcher).healthScore;
  if (s === null) throw new Error('expected a score');
  return s;
};
const RUNS = { numRuns: 400 };

describe('health score properties (fast-check)', () => {
  it('is bounded 0–10 with one decimal', () => {
    fc.assert(
      fc.property(productArb, (p) => {
        const s = scoreOf(p);
        return s >= 0 && s <= 10 && Math.abs(s * 10 - Math.round(s * 10)) < 1e-9;
      }),
      RUNS,
    );
  });

  it('is deterministic', () => {
    fc.assert(
      fc.property(productArb, (p) => {
        expect(analyseProduct(p, matcher)).toEqual(analyseProduct(structuredClone(p), matcher));
      }),
      RUNS,
    );
  });

  it.each([
    ['more sugar never raises it', 'totalSugarsG100'],
    ['more saturated fat never raises it', 'saturatedFatG100'],
    ['more sodium (salt) never raises it', 'sodiumMg100'],
    ['more energy never raises it', 'energyKcal100'],
  ] as const)('%s', (_name, field) => {
    fc.assert(
      fc.property(
        productArb,
        increase,
        (p, delta) => scoreOf({ ...p, [field]: (p[field] ?? 0) + delta }) <= scoreOf(p),
      ),
      RUNS,
    );
  });

  it.each([
    ['more fibre never lowers it', 'fiberG100'],
    ['more protein never lowers it', 'proteinG100'],
    ['more fruit never lowers it', 'frutasPercentage'],
    ['more vegetables never lower it', 'verdurasPercentage'],
    ['more legumes never lower it', 'legumesPercentage'],
  ] as const)('%s', (_name, field) => {
    fc.assert(
      fc.property(
        productArb,
        increase,
        (p, delta) => scoreOf({ ...p, [field]: (p[field] ?? 0) + delta }) >= scoreOf(p),
      ),
      RUNS,
    );
  });

  it('one more additive or suspect never raises it', () => {
    fc.assert(
      fc.property(
        productArb,
        fc.constantFrom(
          ...INGREDIENT_SNIPPETS,
          'E102',
          'sucralosa',
          'aspartamo',
          'fosfato tricálcico',
          'dextrosa',
        ),
        (p, extra) => {
          const more = { ...p, ingredients: `${p.ingredients ?? ''}, ${extra}` };
          return scoreOf(more) <= scoreOf(p);
        },
      ),
      RUNS,
    );
  });

  it("a 'Riesgoso' additive always means 4.9 or less", () => {
    fc.assert(
      fc.property(productArb, (p) => scoreOf({ ...p, ingredients: `${p.ingredients ?? ''}, E250` }) <= 4.9),
      RUNS,
    );
  });
});

describe('robustness (fast-check)', () => {
  const anyNumber = fc.option(fc.oneof(fc.double(), fc.integer({ min: -1000, max: 100_000 })), { nil: null });
  const anyInput: fc.Arbitrary<ProductInput> = fc.record({
    ingredients: fc.option(
      fc.oneof(
        fc.string(),
        fc.string({ unit: 'binary' }),
        fc.constantFrom('E', 'INS', 'S.I.N.', '((((', ')))', 'sin'),
      ),
      {
        nil: null,
      },
    ),
    organic: fc.boolean(),
    nutriscoreCategory: categoryArb,
    frutasPercentage: anyNumber,
    verdurasPercentage: anyNumber,
    legumesPercentage: anyNumber,
    nutsPercentage: anyNumber,
    energyKcal100: anyNumber,
    totalFatG100: anyNumber,
    saturatedFatG100: anyNumber,
    totalSugarsG100: anyNumber,
    fiberG100: anyNumber,
    proteinG100: anyNumber,
    sodiumMg100: anyNumber,
    isWater: fc.boolean(),
    isRedMeat: fc.boolean(),
  });

  it('never throws, whatever the text and numbers, and the score stays within 0–10 or null', () => {
    fc.assert(
      fc.property(anyInput, (p) => {
        const s = analyseProduct(p, matcher).healthScore;
        return s === null || (s >= 0 && s <= 10);
      }),
      RUNS,
    );
  });
});
