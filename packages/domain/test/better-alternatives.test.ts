import { describe, expect, it } from 'vitest';
import {
  betterReason,
  isClearlyBetter,
  nameWords,
  rankAlternatives,
  type ComparableProduct,
} from '../src/index.ts';

const base: ComparableProduct = {
  healthScore: 4,
  isLiquid: false,
  totalSugarsG100: 20,
  sodiumMg100: 300,
  saturatedFatG100: 3,
  energyKcal100: 400,
  fiberG100: 2,
  proteinG100: 6,
  novaGroup: 4,
  sealCount: 1,
  riskyAdditiveCount: 0,
};
const better = (changes: Partial<ComparableProduct>): ComparableProduct => ({ ...base, healthScore: 6, ...changes });

describe('clearly better (issue 16: a margin of 0,5 point as shown)', () => {
  it.each([
    [4.5, 4, true],
    [4.4, 4, false],
    [4, 4, false],
    [10, 9.5, true],
    [null, 4, false],
    [7, null, false],
  ])('%s against %s → %s', (candidate, than, expected) => {
    expect(isClearlyBetter(candidate, than)).toBe(expected);
  });

  it('holds for float4 values as the database stores them', () => {
    const f4 = (x: number) => Math.fround(x);
    expect(isClearlyBetter(f4(6.6), f4(6.1))).toBe(true);
    expect(isClearlyBetter(f4(6.5), f4(6.1))).toBe(false);
    expect(isClearlyBetter(f4(0.7), f4(0.2))).toBe(true);
  });
});

describe('the one reason an alternative is better', () => {
  it('names the nutrient that drops the most, on the seal-limit scale, with both values', () => {
    // Sugar drops 16 g (1.6 limits); sodium drops 100 mg (0.25 limits).
    expect(betterReason(base, better({ totalSugarsG100: 4, sodiumMg100: 200 }))).toEqual({
      id: 'menos-azucar',
      text: 'Menos azúcar',
      detail: '4 g frente a 20 g por 100 g',
    });
    expect(betterReason(base, better({ totalSugarsG100: 18, sodiumMg100: 40 }))).toMatchObject({
      id: 'menos-sodio',
      detail: '40 mg frente a 300 mg por 100 g',
    });
    expect(betterReason(base, better({ saturatedFatG100: 0.5 })).text).toBe('Menos grasas saturadas');
    expect(betterReason(base, better({ energyKcal100: 250 })).text).toBe('Menos calorías');
  });

  it('judges liquids on the per-100 mL limits and says so', () => {
    const drink = { ...base, isLiquid: true, totalSugarsG100: 10, sodiumMg100: 20, energyKcal100: 45, saturatedFatG100: 0, sealCount: 1 };
    const reason = betterReason(drink, { ...drink, healthScore: 7, totalSugarsG100: 4, sealCount: 0 });
    // 6 g less on the 5 g liquid limit weighs 1.2; losing its only seal weighs 1.6 (one seal, none left).
    expect(reason).toEqual({ id: 'sin-sellos', text: 'Sin sellos ALTO EN', detail: '0 frente a 1 sello' });
    const sugarOnly = betterReason(drink, { ...drink, healthScore: 7, totalSugarsG100: 0.5 });
    expect(sugarOnly.detail).toBe('0,5 g frente a 10 g por 100 mL');
  });

  it('prefers no risky additive at all over a small nutrient gain', () => {
    const risky = { ...base, riskyAdditiveCount: 2 };
    expect(betterReason(risky, better({ riskyAdditiveCount: 0, totalSugarsG100: 17 }))).toEqual({
      id: 'sin-aditivos-de-riesgo',
      text: 'Sin aditivos de riesgo',
      detail: '0 frente a 2 aditivos de riesgo',
    });
    expect(betterReason(risky, better({ riskyAdditiveCount: 1 })).text).toBe('Menos aditivos de riesgo');
  });

  it('never claims a difference that is not there, or too small to notice', () => {
    // Less sugar by 1 g (0.1 of the limit), same everything else: only the score is better.
    const reason = betterReason(base, better({ totalSugarsG100: 19 }));
    expect(reason).toEqual({ id: 'mejor-puntaje', text: 'Mejor puntaje general', detail: '6,0/10 frente a 4,0/10' });
    // Unknown values are never compared.
    expect(betterReason(base, better({ totalSugarsG100: null, riskyAdditiveCount: null })).id).toBe('mejor-puntaje');
    expect(betterReason({ ...base, riskyAdditiveCount: null }, better({ riskyAdditiveCount: 0 })).id).toBe('mejor-puntaje');
    // More of a limit nutrient is never a reason, even with fewer of something else by a hair.
    expect(betterReason(base, better({ totalSugarsG100: 40, sodiumMg100: 290 })).id).toBe('mejor-puntaje');
  });

  it('counts seals and NOVA groups', () => {
    const sealed = { ...base, sealCount: 3 };
    expect(betterReason(sealed, better({ sealCount: 1 }))).toEqual({
      id: 'menos-sellos',
      text: 'Menos sellos ALTO EN',
      detail: '1 frente a 3 sellos',
    });
    expect(betterReason(base, better({ novaGroup: 1 }))).toEqual({
      id: 'menos-procesado',
      text: 'Menos procesado (NOVA 1)',
      detail: 'NOVA 1 frente a NOVA 4',
    });
    expect(betterReason({ ...base, novaGroup: null }, better({ novaGroup: 1 })).id).toBe('mejor-puntaje');
  });

  it('gives more fibre or protein only when nothing stronger differs', () => {
    expect(betterReason(base, better({ fiberG100: 9 }))).toMatchObject({ id: 'mas-fibra', detail: '9 g frente a 2 g por 100 g' });
    expect(betterReason(base, better({ proteinG100: 20 })).id).toBe('mas-proteina');
    expect(betterReason(base, better({ fiberG100: 9, totalSugarsG100: 5 })).id).toBe('menos-azucar');
  });
});

describe('ranking alternatives', () => {
  const cookie = (id: number, name: string, brand: string, healthScore: number, substituteFamily = 'cookie-biscuit') => ({
    id,
    name,
    brand,
    healthScore,
    substituteFamily,
  });
  const original = cookie(1, 'Galletas de chocolate Costa', 'Costa', 4);
  it('orders by shown score, then shared name words, then brand, then id; drops the not clearly better', () => {
    const candidates = [
      cookie(9, 'Barra de cereal', 'Otra', 7),
      cookie(8, 'Galletas de avena', 'Otra', 7.02),
      cookie(7, 'Galletas chocolate integral', 'Otra', 6.98),
      cookie(6, 'Galletas de chocolate', 'Costa', 7),
      cookie(5, 'Galletas Costa', 'Costa', 4.4),
      cookie(4, 'Galletas de chocolate', 'Otra', 8),
      cookie(3, 'Galletas de chocolate', 'Otra', 8),
      cookie(1, 'Galletas de chocolate Costa', 'Costa', 9),
    ];
    expect(rankAlternatives(original, candidates).map((c) => c.id)).toEqual([3, 4, 6, 7, 8, 9]);
    // The same whatever order the candidates come in.
    expect(rankAlternatives(original, candidates.toReversed()).map((c) => c.id)).toEqual([3, 4, 6, 7, 8, 9]);
    // A limit cuts the same order; a tie at the cut is still decided by closeness (6 before 7, 8, 9).
    expect(rankAlternatives(original, candidates, 3).map((c) => c.id)).toEqual([3, 4, 6]);
    expect(rankAlternatives(original, candidates, 0)).toEqual([]);
  });

  it('never ranks a product of another substitute family, however many name words it shares', () => {
    const candidates = [
      cookie(2, 'Galletas de chocolate Costa', 'Costa', 9, 'bread'),
      cookie(3, 'Galletas de chocolate Costa', 'Costa', 8, 'chocolate-candy'),
      cookie(4, 'Queque de zanahoria', 'Otra', 6),
    ];
    expect(rankAlternatives(original, candidates).map((c) => c.id)).toEqual([4]);
    expect(rankAlternatives({ ...original, substituteFamily: 'bread' }, candidates).map((c) => c.id)).toEqual([2]);
  });

  it('reads name words folded, without numbers or filler', () => {
    expect([...nameWords('Galletas SIN azúcar 120 g, sabor Limón')]).toEqual(['galletas', 'azucar', 'limon']);
  });
});
