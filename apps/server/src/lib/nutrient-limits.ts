import { SALT_PER_SODIUM } from '@etiqueta/domain';

/** Pure fat is 900 kcal/100 g, so more than this is a data-entry error. */
export const MAX_KCAL = 950;
/** Fat + carbohydrates + proteins + salt cannot weigh more than the 100 g they are measured in (5 g tolerance). */
export const MAX_MACRO_SUM_G = 105;

export type LabelValues = {
  energyKcal: number | null;
  fatG: number | null;
  saturatedFatG: number | null;
  carbohydratesG: number | null;
  sugarsG: number | null;
  proteinG: number | null;
  sodiumMg: number | null;
};

const round = (n: number) => Math.round(n * 10) / 10;

/**
 * A label no food can have, by the rules the sync rejects records with and admin edits are held to: the
 * reason in Spanish, or null. Per-100 g values are checked one by one by their schemas; these are the
 * cross-field rules (parts within their wholes, macros within 100 g, energy within what food can hold).
 */
export function impossibleLabel(v: LabelValues): string | null {
  if (v.sugarsG !== null && v.carbohydratesG !== null && v.sugarsG > v.carbohydratesG + 1) {
    return `Azúcares (${v.sugarsG} g) mayores que los hidratos de carbono (${v.carbohydratesG} g)`;
  }
  if (v.saturatedFatG !== null && v.fatG !== null && v.saturatedFatG > v.fatG + 0.5) {
    return `Grasas saturadas (${v.saturatedFatG} g) mayores que las grasas totales (${v.fatG} g)`;
  }
  const saltG = v.sodiumMg === null ? 0 : (v.sodiumMg / 1000) * SALT_PER_SODIUM;
  const macroSum = (v.fatG ?? 0) + (v.carbohydratesG ?? 0) + (v.proteinG ?? 0) + saltG;
  if (macroSum > MAX_MACRO_SUM_G) return `Los nutrientes suman ${round(macroSum)} g por 100 g`;
  if (v.energyKcal !== null && (v.energyKcal < 0 || v.energyKcal > MAX_KCAL)) {
    return `Energía imposible: ${round(v.energyKcal)} kcal por 100 g`;
  }
  return null;
}
