import { impossibleLabel, NUTRIENT_LIMITS, type NutrientValues } from '@etiqueta/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { mapOffProduct } from '../src/modules/catalogue-import/mapper.ts';
import { seedOneProduct, signedInAs } from './fixtures.ts';
import { sharedTestApp, testDatabaseKind } from './helpers.ts';

/**
 * The server refuses a label at the domain's "imposible" level and nowhere else (packages/domain plausibility.ts):
 * each limit is read from the domain's table, a label right at it passes and one just past it is refused with the
 * domain's reason. A second table on the server with other limits fails here.
 */
const L = NUTRIENT_LIMITS;
type Nutriments = Record<string, number>;
const label = (patch: Nutriments): Nutriments => ({
  'energy-kcal_100g': 450,
  fat_100g: 18,
  'saturated-fat_100g': 8,
  carbohydrates_100g: 65,
  sugars_100g: 25,
  proteins_100g: 7,
  salt_100g: 0,
  ...patch,
});
const syncReason = (nutriments: Nutriments) => {
  const result = mapOffProduct({ code: '7801234567890', product_name: 'Galletas de avena', nutriments });
  return result.ok ? null : result.reason;
};
/** What the domain says of the same label (no salt: sodium 0). */
const domainReason = (n: Nutriments) =>
  impossibleLabel({
    energyKcal100: n['energy-kcal_100g']!,
    totalFatG100: n.fat_100g!,
    saturatedFatG100: n['saturated-fat_100g']!,
    carbohydratesG100: n.carbohydrates_100g!,
    totalSugarsG100: n.sugars_100g!,
    proteinG100: n.proteins_100g!,
    sodiumMg100: 0,
  });

describe('the sync rejects labels at the domain\'s "imposible" limits', () => {
  it.each([
    ['sugars over carbohydrates', (past: number) => label({ carbohydrates_100g: 20, sugars_100g: 20 + L.sugarsOverCarbohydratesG.imposible + past })],
    ['saturated over total fat', (past: number) => label({ fat_100g: 5, 'saturated-fat_100g': 5 + L.saturatedOverFatG.imposible + past })],
    [
      'macros over 100 g',
      (past: number) =>
        label({ fat_100g: 40, 'saturated-fat_100g': 1, carbohydrates_100g: 60, sugars_100g: 1, proteins_100g: L.maxMacroSumG.imposible - 100 + past }),
    ],
    ['energy above what food holds', (past: number) => label({ 'energy-kcal_100g': L.energyKcal.imposible.max + past })],
  ])('%s: at the limit passes, past it is refused with the domain\'s reason', (_rule, at) => {
    expect(syncReason(at(0))).toBeNull();
    expect(domainReason(at(0.5))).not.toBeNull();
    expect(syncReason(at(0.5))).toBe(domainReason(at(0.5)));
  });
});

describe(`admin edits are held to the domain's "imposible" limits (${testDatabaseKind})`, () => {
  const t = sharedTestApp();
  let admin: string;
  let productId: number;
  beforeAll(async () => {
    productId = await seedOneProduct(t.app, { barcode: '7801000000318', name: 'Aceite' });
    admin = await signedInAs(t.app, t.database.db, 'jefa@example.cl', 'admin');
  });
  const patch = (payload: object) => t.app.inject({ method: 'PATCH', url: `/api/products/${productId}`, headers: { cookie: admin }, payload });

  it('a part over its whole is refused past the domain\'s tolerance, with the domain\'s reason', async () => {
    const over = L.sugarsOverCarbohydratesG.imposible;
    const at = await patch({ carbohydratesG100: 20, totalSugarsG100: 20 + over });
    expect(at.statusCode).toBe(200);
    const past = await patch({ totalSugarsG100: 20 + over + 0.5 });
    expect(past.statusCode).toBe(400);
    const reason = impossibleLabel({ ...at.json<NutrientValues>(), totalSugarsG100: 20 + over + 0.5 });
    expect(reason).not.toBeNull();
    expect(past.json()).toEqual({ code: 'VALIDATION_ERROR', message: `${reason}: revisa los valores por 100 g` });
  });

  it('energy right at the domain\'s ceiling is kept; past it is a Spanish 400', async () => {
    const max = L.energyKcal.imposible.max;
    const at = await patch({ energyKcal100: max, totalFatG100: 100, saturatedFatG100: 10, carbohydratesG100: 0, totalSugarsG100: 0, proteinG100: 0 });
    expect(at.statusCode).toBe(200);
    const past = await patch({ energyKcal100: max + 1 });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringContaining(`La energía no puede superar ${max} kcal por 100 g`) });
  });
});
