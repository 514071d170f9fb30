import { describe, expect, it } from 'vitest';
import {
  INITIAL_FILTER_STATE,
  adminScoreBadgeColour,
  applySugarInput,
  formatScore,
  ingredientCountWarning,
  isBlockedSugarKey,
  matchesFilters,
  nutrientBand,
  saltGramsFromSodiumMg,
  scaleBar,
  scaleBarPosition,
  scoreBand,
  toggleQuickFilter,
  toggleSugarFilter,
  productNutrientRows,
  type NutrientRowsInput,
  type FilterState,
} from '../src/index.ts';

describe('score bands (spec §9)', () => {
  it.each([
    ['10 is Excelente', 10, 'Excelente'],
    ['exactly 9 is Excelente', 9, 'Excelente'],
    ['8.99 is Mejor', 8.99, 'Mejor'],
    ['exactly 6.95 is Mejor', 6.95, 'Mejor'],
    ['6.94 is Mediocre', 6.94, 'Mediocre'],
    ['exactly 5.05 is Mediocre', 5.05, 'Mediocre'],
    ['5.04 is Malo', 5.04, 'Malo'],
    ['exactly 2.55 is Malo', 2.55, 'Malo'],
    ['2.54 is Muy malo', 2.54, 'Muy malo'],
    ['0 is Muy malo', 0, 'Muy malo'],
    ['null is Sin puntaje', null, 'Sin puntaje'],
  ])('%s', (_name, score, label) => {
    expect(scoreBand(score).label).toBe(label);
  });

  it('Excelente is green (spec)', () => {
    expect(scoreBand(9.5).colour).toBe('dark-green');
  });

  it.each([
    [7.25, '7,3/10'],
    [0, '0,0/10'],
    [null, 'Sin puntaje'],
  ])('formatScore(%s) → %s', (score, text) => {
    expect(formatScore(score)).toBe(text);
  });

  it.each([
    ['exactly 7 is green', 7, 'green'],
    ['6.99 is orange', 6.99, 'orange'],
    ['exactly 4 is orange', 4, 'orange'],
    ['3.99 is red', 3.99, 'red'],
    ['absent is red', null, 'red'],
  ])('admin badge: %s', (_name, score, colour) => {
    expect(adminScoreBadgeColour(score)).toBe(colour);
  });
});

describe('nutrient colour thresholds per 100 g (spec §9)', () => {
  it.each([
    ['sodium exactly 180 mg (salt 0.45 g) is good', 'sodium', 180, 'good'],
    ['sodium 184 mg (salt 0.46 g) is moderate', 'sodium', 184, 'moderate'],
    ['sodium exactly 360 mg (salt 0.9 g) is moderate', 'sodium', 360, 'moderate'],
    ['sodium exactly 640 mg (salt 1.6 g) is high', 'sodium', 640, 'high'],
    ['sodium 644 mg (salt 1.61 g) is very high', 'sodium', 644, 'very-high'],
    ['sugar exactly 8 g is good', 'sugar', 8, 'good'],
    ['sugar exactly 16 g is moderate', 'sugar', 16, 'moderate'],
    ['sugar exactly 30 g is high', 'sugar', 30, 'high'],
    ['sugar 30.1 g is very high', 'sugar', 30.1, 'very-high'],
    ['saturated fat exactly 1 g is good', 'saturatedFat', 1, 'good'],
    ['saturated fat exactly 6 g is high', 'saturatedFat', 6, 'high'],
    ['energy exactly 160 kcal is good', 'energy', 160, 'good'],
    ['energy 560.5 kcal is very high', 'energy', 560.5, 'very-high'],
    ['protein exactly 8 g is good', 'protein', 8, 'good'],
    ['protein exactly 4 g is moderate', 'protein', 4, 'moderate'],
    ['protein 3.9 g is low', 'protein', 3.9, 'low'],
    ['fibre exactly 4 g is good', 'fiber', 4, 'good'],
    ['fibre exactly 2 g is moderate', 'fiber', 2, 'moderate'],
    ['fruit and vegetables exactly 80 % is good', 'fruitsVegetables', 80, 'good'],
    ['fruit and vegetables 79 % is low', 'fruitsVegetables', 79, 'low'],
  ] as const)('%s', (_name, nutrient, value, level) => {
    expect(nutrientBand(nutrient, value).level).toBe(level);
  });
});

describe('product-page nutrient rows (docs/scoring.md, "Nutrient rows")', () => {
  const none: NutrientRowsInput = {
    energyKcal100: null,
    totalSugarsG100: null,
    saturatedFatG100: null,
    sodiumMg100: null,
    proteinG100: null,
    fiberG100: null,
    fruitsVegetablesPercent: null,
    seals: [],
  };
  const rowOf = (input: Partial<NutrientRowsInput>) => productNutrientRows({ ...none, ...input });

  it('sodium in mg as the label prints it, its salt equivalent (sodium × 2.5) beside it', () => {
    expect(saltGramsFromSodiumMg(260)).toBe(0.65);
    expect(rowOf({ sodiumMg100: 260 })).toEqual([
      {
        nutrient: 'sodium',
        value: 260,
        saltG: 0.65,
        basis: 'solid',
        band: { level: 'moderate', colour: 'green' },
        group: 'positive',
        sealed: false,
      },
    ]);
  });

  it('a drink is judged per 100 mL, its line between moderate and high at the liquid seal limit', () => {
    // A cola: 10,8 g of sugar per 100 mL beside its ALTO EN AZÚCARES seal is very high, never "moderado".
    expect(rowOf({ totalSugarsG100: 10.8, isLiquid: true, seals: [{ id: 'alto-en-azucares' }] })).toEqual([
      {
        nutrient: 'sugar',
        value: 10.8,
        basis: 'liquid',
        band: { level: 'very-high', colour: 'red' },
        group: 'negative',
        sealed: true,
      },
    ]);
    // The same 10,8 g in a solid is moderate (spec §9).
    expect(rowOf({ totalSugarsG100: 10.8 })[0]?.band.level).toBe('moderate');
    expect(nutrientBand('sugar', 5, 'liquid').level).toBe('moderate');
    expect(nutrientBand('sugar', 5.1, 'liquid').level).toBe('high');
    expect(nutrientBand('energy', 70.5, 'liquid').level).toBe('high');
    expect(nutrientBand('sodium', 100, 'liquid').level).toBe('moderate');
    expect(nutrientBand('sodium', 101, 'liquid').level).toBe('high');
    expect(scaleBar('sugar', 'liquid')).toEqual({
      stops: [0, 2.5, 5, 10, 15],
      unit: 'g',
      openEnded: true,
      sealLimit: 5,
    });
  });

  it('doubtful values are shown neutral, apart, whatever their size or seal', () => {
    const rows = rowOf({
      totalSugarsG100: 60,
      fiberG100: 12,
      doubtful: true,
      seals: [{ id: 'alto-en-azucares' }],
    });
    expect(rows.map((r) => [r.nutrient, r.group, r.band])).toEqual([
      ['sugar', 'doubtful', { level: 'doubtful', colour: 'grey' }],
      ['fiber', 'doubtful', { level: 'doubtful', colour: 'grey' }],
    ]);
  });

  it('saturated fat is judged on saturated fat, not on total fat', () => {
    expect(rowOf({ saturatedFatG100: 0.6 })[0]).toMatchObject({ band: { level: 'good' }, group: 'positive' });
    expect(rowOf({ saturatedFatG100: 3.1 })[0]).toMatchObject({ band: { level: 'high' }, group: 'negative' });
  });

  it.each([
    ['energy', { energyKcal100: 289 }, 'alto-en-calorias'],
    ['sugar', { totalSugarsG100: 6 }, 'alto-en-azucares'],
    ['saturatedFat', { saturatedFatG100: 2.5 }, 'alto-en-grasas-saturadas'],
    ['sodium', { sodiumMg100: 150 }, 'alto-en-sodio'],
  ] as const)(
    'a %s seal lifts a moderate or good band to high, on the negative side',
    (nutrient, input, seal) => {
      const [unsealed] = rowOf(input);
      expect(unsealed?.group).toBe('positive');
      const [row] = rowOf({ ...input, seals: [{ id: seal }] });
      expect(row).toMatchObject({
        nutrient,
        band: { level: 'high', colour: 'orange' },
        group: 'negative',
        sealed: true,
      });
    },
  );

  it('a seal never lowers a very high band', () => {
    expect(rowOf({ totalSugarsG100: 40, seals: [{ id: 'alto-en-azucares' }] })[0]?.band.level).toBe(
      'very-high',
    );
  });

  it('the group follows the band for limits: high and very high negative, moderate and good positive', () => {
    expect(rowOf({ totalSugarsG100: 16 })[0]).toMatchObject({
      band: { level: 'moderate' },
      group: 'positive',
    });
    expect(rowOf({ totalSugarsG100: 16.1 })[0]).toMatchObject({ band: { level: 'high' }, group: 'negative' });
    expect(rowOf({ energyKcal100: 561 })[0]).toMatchObject({
      band: { level: 'very-high' },
      group: 'negative',
    });
  });

  it('targets are shown only in their good band, as positives', () => {
    expect(rowOf({ fiberG100: 0.3 })).toEqual([]);
    expect(rowOf({ fiberG100: 3.9 })).toEqual([]);
    expect(rowOf({ proteinG100: 7.9 })).toEqual([]);
    expect(
      rowOf({ fiberG100: 4, proteinG100: 8, fruitsVegetablesPercent: 80 }).map((r) => [r.nutrient, r.group]),
    ).toEqual([
      ['protein', 'positive'],
      ['fiber', 'positive'],
      ['fruitsVegetables', 'positive'],
    ]);
  });

  it('unknown values are left out, and rows come in label order', () => {
    const rows = rowOf({ sodiumMg100: 10, energyKcal100: 100, totalSugarsG100: null });
    expect(rows.map((r) => r.nutrient)).toEqual(['energy', 'sodium']);
  });
});

describe('ingredient count warning (spec §9)', () => {
  it.each([
    ['7 ingredients with a risk label is red', 7, ['Riesgoso'], true],
    ['exactly 6 ingredients is not', 6, ['Riesgoso'], false],
    ['7 ingredients without any risk label is not', 7, [], false],
  ])('ingredient count: %s', (_name, count, labels, expected) => {
    expect(ingredientCountWarning(count, labels)).toBe(expected);
  });
});

describe('scale bars (spec §9)', () => {
  it.each([
    ['sodium', [0, 180, 360, 640, 920]],
    ['energy', [0, 160, 360, 560, 800]],
    ['saturatedFat', [0, 1, 3, 6, 10]],
    ['sugar', [0, 8, 16, 30, 46]],
    ['protein', [0, 8, 16]],
    ['fiber', [0, 4, 9]],
    ['fruitsVegetables', [0, 80, 100]],
  ] as const)('%s stops', (nutrient, stops) => {
    expect(scaleBar(nutrient).stops).toEqual(stops);
  });

  it.each([
    ['0 sits at the start', 'sugar', 0, 0],
    ['a stop sits on its tick', 'sugar', 16, 0.5],
    ['half a segment', 'sugar', 4, 0.125],
    ['past the last stop sits at the end', 'sodium', 9000, 1],
  ] as const)('position: %s', (_name, nutrient, value, expected) => {
    expect(scaleBarPosition(nutrient, value)).toBeCloseTo(expected, 10);
  });
});

describe('quick filters (spec §4)', () => {
  const on = (state: FilterState) => [...state.active].sort();
  it.each([
    ['a filter toggles on', [], 'sin-aditivos', ['sin-aditivos']],
    ['clicking it again toggles off', ['sin-aditivos'], 'sin-aditivos', []],
    [
      'ancestral-natural turns off both additive filters',
      ['sin-aditivos-riesgosos'],
      'ancestral-natural',
      ['ancestral-natural'],
    ],
    ['sin-aditivos turns off ancestral-natural', ['ancestral-natural'], 'sin-aditivos', ['sin-aditivos']],
    [
      'sin-aditivos and sin-aditivos-riesgosos exclude each other',
      ['sin-aditivos'],
      'sin-aditivos-riesgosos',
      ['sin-aditivos-riesgosos'],
    ],
  ] as const)('%s', (_name, before, filter, after) => {
    const state = { ...INITIAL_FILTER_STATE, active: new Set(before) };
    expect(on(toggleQuickFilter(state, filter))).toEqual([...after]);
  });

  it.each([
    ['typing 10 enables with 10', '10', true, 10],
    ['typing 0 enables with 0', '0', true, 0],
    ['typing 99 enables with 99', '99', true, 99],
    ['100 is out of range and ignored', '100', false, 5],
    ['a decimal is ignored', '5.5', false, 5],
    ['emptying disables and sets 0', '', false, 0],
  ])('sugar box: %s', (_name, raw, enabled, value) => {
    const state = applySugarInput(INITIAL_FILTER_STATE, raw);
    expect([state.sugarEnabled, state.sugarMaxG]).toEqual([enabled, value]);
  });

  it('sugar defaults to 5 g and the chip toggles it', () => {
    expect(INITIAL_FILTER_STATE.sugarMaxG).toBe(5);
    expect(toggleSugarFilter(INITIAL_FILTER_STATE).sugarEnabled).toBe(true);
  });

  it.each([
    ['-', true],
    ['+', true],
    ['e', true],
    ['E', true],
    ['5', false],
  ])('sugar box blocks key %s: %s', (key, blocked) => {
    expect(isBlockedSugarKey(key)).toBe(blocked);
  });

  const product = (
    sugar: number | null,
    additives: ('Riesgoso' | 'Sin riesgo conocido')[],
    suspects = 0,
  ) => ({
    totalSugarsG100: sugar,
    detectedAdditives: additives.map((riskLevel) => ({ riskLevel })),
    ultraprocessed: Array.from({ length: suspects }, () => ({ riskLevel: 'alto' as const })),
  });
  it.each([
    ['sin-aditivos hides any additive', ['sin-aditivos'], product(1, ['Sin riesgo conocido']), false],
    [
      'sin-aditivos-riesgosos keeps harmless additives',
      ['sin-aditivos-riesgosos'],
      product(1, ['Sin riesgo conocido']),
      true,
    ],
    ['sin-aditivos-riesgosos hides Riesgoso', ['sin-aditivos-riesgosos'], product(1, ['Riesgoso']), false],
    ['ancestral-natural hides suspects', ['ancestral-natural'], product(1, [], 1), false],
    ['ancestral-natural keeps untouched food', ['ancestral-natural'], product(1, []), true],
  ] as const)('%s', (_name, active, p, passes) => {
    expect(matchesFilters(p, { ...INITIAL_FILTER_STATE, active: new Set(active) })).toBe(passes);
  });

  it.each([
    ['sugar exactly at the limit passes', 5, true],
    ['sugar above the limit is hidden', 5.1, false],
    ['unknown sugar is hidden', null, false],
  ])('%s', (_name, sugar, passes) => {
    expect(matchesFilters(product(sugar, []), { ...INITIAL_FILTER_STATE, sugarEnabled: true })).toBe(passes);
  });
});
