import { chileanSeals } from '@etiqueta/domain';
import { describe, expect, it } from 'vitest';
import { labelPerSchema } from './contributions.ts';
import { nutriscoreCategorySchema, product, productPatch, riskLevelSchema } from './products.ts';

// The schemas are built from the domain's lists (the typecheck keeps them equal); these check what a person
// reads when a value is refused, which is now written from those lists instead of by hand.
const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe("contracts built from the domain's lists", () => {
  it('name the accepted values in Spanish, as the hand-written messages did', () => {
    expect(messageOf(riskLevelSchema.safeParse('Peligroso'))).toBe(
      "El nivel de riesgo debe ser 'Riesgoso', 'Riesgo posible (Debate)' o 'Sin riesgo conocido'",
    );
    expect(messageOf(nutriscoreCategorySchema.safeParse('snack'))).toBe(
      "La categoría Nutri-Score debe ser 'solid', 'beverage', 'added_fat' o 'cheese'",
    );
    expect(messageOf(labelPerSchema.safeParse('porción'))).toBe("La columna de la tabla debe ser '100 g' o '100 mL'");
    expect(messageOf(productPatch.safeParse({ novaOverride: 5 }))).toBe(
      'El grupo NOVA debe ser 1, 2, 3 o 4 (o vacío para usar nuestra estimación)',
    );
  });

  it("accept every seal the domain draws, for solids and drinks, and refuse one it does not know", () => {
    const sealSchema = product.shape.seals;
    const high = { energyKcal100: 500, sodiumMg100: 900, totalSugarsG100: 40, saturatedFatG100: 20, added: null };
    for (const isLiquid of [false, true]) {
      const seals = chileanSeals({ ...high, isLiquid });
      expect(seals).toHaveLength(4);
      expect(sealSchema.parse(seals)).toEqual(seals);
    }
    const [first] = chileanSeals({ ...high, isLiquid: false });
    expect(sealSchema.safeParse([{ ...first, id: 'alto-en-grasas-trans' }]).success).toBe(false);
    expect(sealSchema.safeParse([{ ...first, basis: 'porción' }]).success).toBe(false);
    expect(sealSchema.safeParse([{ ...first, extra: 1 }]).success).toBe(false);
  });
});
