import { describe, expect, it } from 'vitest';
import { implausibleNutrients, nutrientIssues } from '../src/index.ts';

const label = {
  energyKcal100: 436,
  totalFatG100: 16,
  saturatedFatG100: 7.2,
  carbohydratesG100: 68,
  totalSugarsG100: 44,
  proteinG100: 5.1,
  sodiumMg100: 709,
  isBeverage: false,
  isWater: false,
};

describe('plausibility rules name the values they involve', () => {
  it('finds nothing wrong in a label that adds up', () => {
    expect(nutrientIssues(label)).toEqual([]);
  });

  it('names the part and its whole, the macronutrients, the energy', () => {
    expect(nutrientIssues({ ...label, totalSugarsG100: 74 }).map((i) => i.fields)).toEqual([['totalSugarsG100', 'carbohydratesG100']]);
    expect(nutrientIssues({ ...label, saturatedFatG100: 27 }).map((i) => i.fields)).toEqual([['saturatedFatG100', 'totalFatG100']]);
    expect(nutrientIssues({ ...label, energyKcal100: 43 }).map((i) => i.fields)).toEqual([
      ['energyKcal100', 'totalFatG100', 'carbohydratesG100', 'proteinG100'],
    ]);
    expect(nutrientIssues({ ...label, carbohydratesG100: 98, totalSugarsG100: 4 }).flatMap((i) => i.fields)).toContain('sodiumMg100');
  });

  it('says the same reasons as before, in Spanish', () => {
    const input = { ...label, totalSugarsG100: 74 };
    expect(implausibleNutrients(input)).toEqual(nutrientIssues(input).map((i) => i.message));
    expect(implausibleNutrients(input)[0]).toMatch(/^azúcares \(74 g\) mayores que los hidratos de carbono/);
  });
});
