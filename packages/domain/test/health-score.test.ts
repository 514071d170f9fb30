import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ADDITIVE_CATALOGUE,
  PARTIAL_SCORE_TEXT,
  SCORE_VERSION,
  analyseProduct,
  buildAdditiveMatcher,
  computeHealthScore,
  explainScore,
  fruitsVegetablesLegumesPercent,
  type NutriscoreCategory,
  productNutrientRows,
  scoreHighlights,
  type ProductInput,
  UNKNOWN_PRODUCT_INPUT,
} from '../src/index.ts';
import { workedExample } from '../scripts/worked-example-labels.ts';

const matcher = buildAdditiveMatcher(ADDITIVE_CATALOGUE);

const plain: ProductInput = {
  ...UNKNOWN_PRODUCT_INPUT,
  ingredients: 'avena integral',
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

  it('oats with nothing added: nutrition 5.0 + Nutri-Score bonus, full processing 3.0', () => {
    const r = analyseProduct(plain, matcher);
    expect(r.nutriscore?.grade).toBe('a');
    expect(r.healthScore).toBe(9);
    expect(r.scoreLabel).toBe('Excelente');
  });

  it('organic adds exactly 1.0', () => {
    expect(score({ organic: true })).toBe(10);
  });

  it("a 'Riesgoso' additive caps the score at 4.9", () => {
    const r = analyseProduct({ ...plain, ingredients: 'avena, glutamato monosódico' }, matcher);
    expect(r.detectedAdditives.map((a) => a.riskLevel)).toEqual(['Riesgoso']);
    expect(r.healthScore).toBe(4.9);
    expect(r.scoreLabel).toBe('Malo');
    expect(r.reasons.at(-1)).toMatchObject({ rule: 'cap.riesgoso', points: -3.1 });
  });

  it('a product already under 4.9 is not raised by the cap', () => {
    const r = analyseProduct(
      { ...plain, totalSugarsG100: 40, saturatedFatG100: 6, ingredients: 'azúcar, glutamato monosódico' },
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
const share = fc.double({ min: 0, max: 1, noNaN: true });
const percent = fc.option(fc.double({ min: 0, max: 100, noNaN: true }), { nil: null });
/**
 * Products whose label could be real (the plausibility rules pass): parts within their wholes, macros within
 * 100 g, energy near Atwater's, drinks diluted. Implausible labels are not scored at all (tested below).
 */
const productArb: fc.Arbitrary<ProductInput> = fc
  .record({
    ingredients: fc.subarray(INGREDIENT_SNIPPETS, { minLength: 1 }).map((parts) => parts.join(', ')),
    organic: fc.boolean(),
    nutriscoreCategory: categoryArb,
    frutasPercentage: percent,
    verdurasPercentage: percent,
    legumesPercentage: percent,
    nutsPercentage: percent,
    fat: fc.double({ min: 0.1, max: 100, noNaN: true }),
    saturatedShare: share,
    carbsShare: share,
    sugarsShare: share,
    proteinShare: share,
    energyFactor: fc.double({ min: 0.9, max: 1.1, noNaN: true }),
    fiberG100: fc.option(fc.double({ min: 0, max: 10, noNaN: true }), { nil: null }),
    sodiumMg100: fc.double({ min: 0, max: 400, noNaN: true }),
    isRedMeat: fc.boolean(),
  })
  .map(({ fat, saturatedShare, carbsShare, sugarsShare, proteinShare, energyFactor, ...rest }) => {
    const dilution = rest.nutriscoreCategory === 'beverage' ? 0.1 : 1;
    const totalFatG100 = fat * 0.99 * dilution;
    const carbs = (99 - fat * 0.99) * carbsShare * dilution;
    const proteinG100 = (99 - fat * 0.99 - carbs / dilution) * proteinShare * dilution;
    return {
      ...rest,
      totalFatG100,
      saturatedFatG100: totalFatG100 * saturatedShare,
      carbohydratesG100: carbs,
      totalSugarsG100: carbs * sugarsShare,
      proteinG100,
      energyKcal100: (9 * totalFatG100 + 4 * carbs + 4 * proteinG100) * energyFactor,
    };
  });
const scoreOf = (p: ProductInput): number => {
  const s = analyseProduct(p, matcher).healthScore;
  if (s === null) throw new Error(`expected a score: ${JSON.stringify(p)}`);
  return s;
};
/** Moves a value a fraction of the way towards a bound, so the label stays plausible. */
const towards = (value: number | null | undefined, bound: number, t: number) =>
  (value ?? 0) + t * (bound - (value ?? 0));
const step = fc.double({ min: 0.01, max: 1, noNaN: true });
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
    [
      'more sugar never raises it',
      (p: ProductInput, t: number) => ({
        ...p,
        totalSugarsG100: towards(p.totalSugarsG100, p.carbohydratesG100 ?? 0, t),
      }),
    ],
    [
      'more saturated fat never raises it',
      (p: ProductInput, t: number) => ({
        ...p,
        saturatedFatG100: towards(p.saturatedFatG100, p.totalFatG100 ?? 0, t),
      }),
    ],
    [
      'more sodium (salt) never raises it',
      (p: ProductInput, t: number) => ({ ...p, sodiumMg100: towards(p.sodiumMg100, 600, t) }),
    ],
    [
      'more energy never raises it',
      (p: ProductInput, t: number) => ({ ...p, energyKcal100: (p.energyKcal100 ?? 0) * (1 + 0.3 * t) }),
    ],
  ] as const)('%s', (_name, more) => {
    fc.assert(
      fc.property(productArb, step, (p, t) => scoreOf(more(p, t)) <= scoreOf(p)),
      RUNS,
    );
  });

  it.each([
    ['more fibre never lowers it', 'fiberG100', 10],
    ['more fruit never lowers it', 'frutasPercentage', 100],
    ['more vegetables never lower it', 'verdurasPercentage', 100],
    ['more legumes never lower it', 'legumesPercentage', 100],
  ] as const)('%s', (_name, field, bound) => {
    fc.assert(
      fc.property(
        productArb,
        step,
        (p, t) => scoreOf({ ...p, [field]: towards(p[field], bound, t) }) >= scoreOf(p),
      ),
      RUNS,
    );
  });

  it('more protein never lowers it (carbohydrates give way, energy follows Atwater)', () => {
    fc.assert(
      fc.property(productArb, step, (p, t) => {
        const moved = (p.carbohydratesG100 ?? 0) * t;
        const more = {
          ...p,
          proteinG100: (p.proteinG100 ?? 0) + moved,
          carbohydratesG100: (p.carbohydratesG100 ?? 0) - moved,
          totalSugarsG100: Math.min(p.totalSugarsG100 ?? 0, (p.carbohydratesG100 ?? 0) - moved),
        };
        return scoreOf(more) >= scoreOf(p);
      }),
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

// ---- a score that never contradicts itself (docs/scoring.md, rules 1–5) -------------------------------

const analyse = (input: Partial<ProductInput>) => analyseProduct({ ...plain, ...input }, matcher);
const rules = (input: Partial<ProductInput>) => analyse(input).reasons.map((r) => r.rule);
/** The cola of docs/scoring.md's worked examples, as its label prints it (INS codes, "saborizantes naturales"). */
const cola = workedExample('Bebida cola');

describe('rule 1, water only when it is water', () => {
  const water: Partial<ProductInput> = {
    nutriscoreCategory: 'beverage',
    isWater: true,
    ingredients: 'agua mineral',
    energyKcal100: 0,
    totalFatG100: 0,
    saturatedFatG100: 0,
    totalSugarsG100: 0,
    proteinG100: 0,
    sodiumMg100: 2,
    fiberG100: null,
  };
  it('plain water gets the water rule', () => {
    expect(rules(water)).toContain('nutrition.water');
    expect(analyse(water).scoreLabel).toBe('Excelente');
  });
  it('not for a product with energy (a cereal named after a water brand)', () => {
    expect(rules({ ...water, energyKcal100: 277, totalSugarsG100: 0 })).not.toContain('nutrition.water');
  });
  it('not for a product with an additive', () => {
    expect(rules({ ...water, ingredients: 'agua, sucralosa' })).not.toContain('nutrition.water');
  });
  it('never above 1 kcal per 100 mL (property)', () => {
    fc.assert(
      fc.property(productArb, fc.double({ min: 1.0001, max: 150, noNaN: true }), (p, kcal) => {
        const r = analyseProduct({ ...p, isWater: true, energyKcal100: kcal }, matcher);
        return !r.reasons.some((x) => x.rule === 'nutrition.water');
      }),
      RUNS,
    );
  });
});

describe('rule 2, unknown is not clean: no ingredient list, no processing credit, a partial score', () => {
  it('says the score is partial and credits no processing', () => {
    const r = analyse({ ingredients: null });
    expect(r.reasons).toContainEqual({ rule: 'processing.unknown', text: PARTIAL_SCORE_TEXT, points: 0 });
    expect(r.reasons.some((x) => x.rule === 'processing.base')).toBe(false);
  });
  it('holds the partial score below Mejor even for perfect organic nutrition', () => {
    const r = analyse({ ingredients: '', organic: true, energyKcal100: 250 });
    expect(r.healthScore).toBe(6.9);
    expect(r.reasons.at(-1)).toMatchObject({ rule: 'cap.partial' });
  });
  it('a missing ingredient list never scores above the same product with a clean list (property)', () => {
    fc.assert(
      fc.property(
        productArb,
        (p) => scoreOf({ ...p, ingredients: null }) <= scoreOf({ ...p, ingredients: 'avena' }),
      ),
      RUNS,
    );
  });
});

describe('rule 3, implausible data is missing data', () => {
  const everyNutrientZero = {
    energyKcal100: 0,
    totalFatG100: 0,
    saturatedFatG100: 0,
    totalSugarsG100: 0,
    proteinG100: 0,
    sodiumMg100: 0,
  };
  it.each([
    ['every nutrient 0', everyNutrientZero, 'todos los nutrientes'],
    ['sugars above carbohydrates', { carbohydratesG100: 10, totalSugarsG100: 30 }, 'azúcares'],
    ['saturated fat above total fat', { totalFatG100: 1, saturatedFatG100: 50 }, 'grasas saturadas'],
    [
      'macros over 100 g',
      { totalFatG100: 60, carbohydratesG100: 50, totalSugarsG100: 1, energyKcal100: 740 },
      'suman',
    ],
    ['energy far from Atwater', { carbohydratesG100: 60, energyKcal100: 50 }, 'energía declarada'],
    [
      'a beverage above 150 kcal per 100 mL',
      {
        nutriscoreCategory: 'beverage' as const,
        totalFatG100: 0.5,
        saturatedFatG100: 0.1,
        energyKcal100: 200,
        carbohydratesG100: 48,
        totalSugarsG100: 40,
        proteinG100: 1,
      },
      'bebida',
    ],
  ])('%s → no score, no seals, "Datos dudosos" with the reason', (_name, values, words) => {
    const r = analyse(values);
    expect(r.healthScore).toBeNull();
    expect(r.seals).toEqual([]);
    expect(r.dataIssues.join(' ')).toContain(words);
    expect(r.reasons.every((x) => x.rule === 'data.dubious' && x.text.startsWith('Datos dudosos: '))).toBe(
      true,
    );
  });
  it('plain water may be 0 in everything', () => {
    expect(
      analyse({ isWater: true, nutriscoreCategory: 'beverage', ingredients: 'agua', ...everyNutrientZero })
        .dataIssues,
    ).toEqual([]);
  });
});

describe('rule 4, seals in the score', () => {
  it('each seal is a reason of −0.5', () => {
    const r = analyse({ totalSugarsG100: 22, ingredients: 'avena, azúcar' });
    expect(r.seals.map((x) => x.id)).toEqual(['alto-en-calorias', 'alto-en-azucares']);
    expect(r.reasons.filter((x) => x.rule.startsWith('seal.'))).toEqual([
      { rule: 'seal.alto-en-calorias', text: 'Sello ALTO EN CALORÍAS: \u22120,5', points: -0.5 },
      { rule: 'seal.alto-en-azucares', text: 'Sello ALTO EN AZÚCARES: \u22120,5', points: -0.5 },
    ]);
  });
  const organicOats: Parameters<typeof computeHealthScore>[0] = {
    nutriscore: analyse({ organic: true }).nutriscore,
    category: 'solid',
    display: { energyKcal100: 370, sodiumMg100: 5 },
    ingredientList: 'read-well' as const,
    additives: [],
    suspects: [],
    seals: [],
    organic: true,
  };
  const seal = analyse({ totalSugarsG100: 22, ingredients: 'avena, azúcar' }).seals;
  it('one seal: never Excelente; two or more: never Mejor', () => {
    expect(computeHealthScore(organicOats).score).toBe(10);
    const one = computeHealthScore({ ...organicOats, seals: seal.slice(0, 1) });
    expect(one.score).toBe(8.9);
    expect(one.reasons.at(-1)).toMatchObject({ rule: 'cap.seals' });
    const two = computeHealthScore({ ...organicOats, seals: seal });
    expect(two.score).toBe(6.9);
  });
  it('a seal never raises a score (property)', () => {
    fc.assert(
      fc.property(productArb, fc.subarray(seal, { minLength: 1 }), (p, seals) => {
        const a = analyseProduct(p, matcher);
        const input = {
          nutriscore: a.nutriscore,
          category: p.nutriscoreCategory,
          display: { energyKcal100: p.energyKcal100, sodiumMg100: p.sodiumMg100 },
          ingredientList: 'read-well' as const,
          additives: a.detectedAdditives,
          suspects: a.ultraprocessed,
          seals: a.seals.filter((s) => !seals.some((x) => x.id === s.id)),
          organic: p.organic,
        };
        const without = computeHealthScore(input).score ?? 0;
        return (computeHealthScore({ ...input, seals: [...input.seals, ...seals] }).score ?? 0) <= without;
      }),
      RUNS,
    );
  });
});

describe('rule 5, calibrated on Nutri-Score', () => {
  it('a regular cola (Nutri-Score E) is Muy malo', () => {
    const r = analyse(cola);
    expect(r.nutriscore?.grade).toBe('e');
    expect(r.scoreLabel).toBe('Muy malo');
  });
  it("an added 'Riesgoso' additive never raises a score (property)", () => {
    fc.assert(
      fc.property(
        productArb,
        (p) => scoreOf({ ...p, ingredients: `${p.ingredients ?? ''}, nitrito de sodio` }) <= scoreOf(p),
      ),
      RUNS,
    );
  });
  it('the nutrition part follows the Nutri-Score grade: a better grade never gets fewer nutrition points', () => {
    const nutritionOf = (p: ProductInput) => {
      const r = analyseProduct({ ...p, ingredients: 'avena', organic: false }, matcher);
      return { grade: r.nutriscore?.grade ?? 'e', score: r.healthScore ?? 0 };
    };
    fc.assert(
      fc.property(productArb, productArb, (a, b) => {
        fc.pre(a.nutriscoreCategory === b.nutriscoreCategory && a.nutriscoreCategory !== 'added_fat');
        const [x, y] = [nutritionOf(a), nutritionOf(b)];
        // Seals are part of the score, so compare the same product kinds without seals only.
        fc.pre(
          analyseProduct(a, matcher).seals.length === 0 && analyseProduct(b, matcher).seals.length === 0,
        );
        return x.grade >= y.grade || x.score >= y.score;
      }),
      { numRuns: 400 },
    );
  });
});

describe("the score in a shopper's words (explainScore, scoreHighlights)", () => {
  const explain = (p: ProductInput) => {
    const a = analyseProduct(p, matcher);
    const input = {
      ...p,
      healthScore: a.healthScore,
      reasons: a.reasons,
      novaGroup: a.novaGroup,
      detectedAdditives: a.detectedAdditives,
      ultraprocessed: a.ultraprocessed,
      seals: a.seals,
      ingredientReading: a.ingredientReading,
      fruitsVegetablesPercent: fruitsVegetablesLegumesPercent(p),
    };
    return { a, input, explanation: explainScore(input), highlights: scoreHighlights(input) };
  };

  it('sections add up exactly to the score, over plausible labels', () => {
    fc.assert(
      fc.property(productArb, (p) => {
        const { a, explanation } = explain(p);
        const sum = explanation.sections.reduce((s, x) => s + Math.round(x.points * 10), 0);
        return sum === Math.round((a.healthScore ?? 0) * 10);
      }),
      RUNS,
    );
  });

  it('reads a cola as a shopper would: facts with their points, no calculation steps', () => {
    const { a, explanation, highlights } = explain(cola);
    const texts = (id: string) => explanation.sections.find((s) => s.id === id)?.lines.map((l) => l.text);
    expect(explanation.sections.map((s) => s.title)).toEqual([
      'Nutrición',
      'Aditivos e ingredientes',
      'Sellos ALTO EN',
      'Topes del puntaje',
    ]);
    const sum = explanation.sections.reduce((total, s) => total + Math.round(s.points * 10), 0);
    expect(sum).toBe(Math.round((a.healthScore ?? 0) * 10));
    expect(texts('nutrition')).toContain('Mucha azúcar: 10,6 g por 100 mL');
    // A flavouring does not say what it holds: the list earns no processing credit, and the page says why.
    expect(texts('ingredients')).toEqual([
      'Preparado industrial que no detalla su contenido: «saborizantes naturales»',
      '1 aditivo riesgoso: E338',
      '1 aditivo en debate: E150d',
      '1 ingrediente ultraprocesado: saborizante o aroma',
    ]);
    expect(explanation.sections.find((s) => s.id === 'ingredients')?.points).toBe(0);
    expect(texts('seals')).toEqual(['ALTO EN AZÚCARES']);
    expect(
      explanation.sections
        .flatMap((s) => s.lines)
        .map((l) => l.text)
        .join(' '),
    ).not.toMatch(/Base nutricional|mínimo 0,0|sin aditivos ni sospechosos/);
    expect(highlights.map((h) => h.text)).toEqual([
      'Mucha azúcar: 10,6 g por 100 mL',
      'Contiene 2 aditivos de riesgo',
      'Ingrediente industrial sin detallar: «saborizantes naturales»',
    ]);
  });

  it('a clean product says so, and its good nutrients are good news', () => {
    const { explanation, highlights } = explain(plain);
    expect(explanation.sections.find((s) => s.id === 'ingredients')?.lines).toEqual([
      { text: 'Sin aditivos ni ingredientes ultraprocesados', points: 3 },
    ]);
    expect(highlights).toContainEqual({ text: 'Sin aditivos', tone: 'good' });
    expect(highlights).toContainEqual({ text: 'Rico en fibra: 10 g por 100 g', tone: 'good' });
  });

  it('without an ingredient list the ingredients section says what is missing and counts nothing', () => {
    const { explanation } = explain({ ...plain, ingredients: null });
    expect(explanation.sections.find((s) => s.id === 'ingredients')).toMatchObject({
      points: 0,
      lines: [{ text: 'Falta la lista de ingredientes: no sabemos si tiene aditivos', points: 0 }],
    });
  });

  it('a nutrient line never contradicts its row: "Mucha …" only for a negative row', () => {
    fc.assert(
      fc.property(productArb, (p) => {
        const { input, explanation } = explain(p);
        const rows = productNutrientRows({ ...input, isLiquid: p.nutriscoreCategory === 'beverage' });
        const negative = new Set(rows.filter((r) => r.group === 'negative').map((r) => r.nutrient));
        const lines = explanation.sections.find((s) => s.id === 'nutrition')?.lines ?? [];
        return lines.every((l) => {
          if (l.text.startsWith('Mucha azúcar')) return negative.has('sugar');
          if (l.text.startsWith('Muchas calorías')) return negative.has('energy');
          if (l.text.startsWith('Mucho sodio')) return negative.has('sodium');
          if (l.text.startsWith('Muchas grasas saturadas')) return negative.has('saturatedFat');
          return true;
        });
      }),
      RUNS,
    );
  });

  it('a product without a score has no sections', () => {
    expect(explain({ ...plain, proteinG100: null }).explanation).toEqual({ sections: [], total: null });
  });
});
