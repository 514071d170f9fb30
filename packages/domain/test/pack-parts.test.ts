import { describe, expect, it } from 'vitest';

import { missingPackParts, type PackPartsInput } from '../src/pack-parts.ts';

const complete: PackPartsInput = {
  hasFront: true,
  ingredients: 'avena, azúcar',
  isLiquid: false,
  nutriscoreCategory: 'solid',
  energyKcal100: 380,
  totalFatG100: 7,
  saturatedFatG100: 1.2,
  carbohydratesG100: 66,
  totalSugarsG100: 20,
  proteinG100: 10,
  sodiumMg100: 300,
};

describe('missingPackParts', () => {
  it('asks for nothing when the product has its front, its list and a plausible table', () => {
    expect(missingPackParts(complete)).toEqual([]);
  });

  it('names each part the product lacks, in the order a shopper photographs them', () => {
    expect(missingPackParts({ ...complete, hasFront: false, ingredients: '  ', sodiumMg100: null })).toEqual([
      'front',
      'ingredients',
      'nutrition',
    ]);
    expect(missingPackParts({ ...complete, proteinG100: null })).toEqual(['nutrition']);
  });

  it('asks for the table again when its values contradict each other ("Datos dudosos")', () => {
    expect(missingPackParts({ ...complete, totalSugarsG100: 90 })).toEqual(['nutrition']);
  });
});
