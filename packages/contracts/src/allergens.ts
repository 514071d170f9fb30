import { ALLERGEN_IDS, ALLERGEN_STATUSES, DIET_ANSWERS } from '@etiqueta/domain';
import { z } from 'zod';

/**
 * Allergens, traces and diets (issue 28). The ids and their Spanish words are ONE list, in the domain
 * (`ALLERGENS`, `DIETS`), which the web app imports from there: it shows `label` / `noun` / `preference` from it and
 * never re-lists them. Semantics, written once in the domain's allergen-list.ts and repeated here for the reader:
 *
 * allergens.status
 * - 'complete': the ingredient list was read well (the domain's readIngredientList `readWell`) or Open Food Facts
 *   says `en:none`: an allergen in neither `contains` nor `traces` is truly absent.
 * - 'partial': we have a list or tags; what `contains` / `traces` name is true, but we cannot vouch for absence.
 * - 'unknown': no list and no tags.
 * allergens.contains / traces: ids only, in ALLERGENS order; an id in `contains` is never also in `traces`.
 *
 * diets: each 'yes' | 'no' | 'maybe' | 'unknown'.
 * - vegan, vegetarian: 'yes' = FITS the diet.
 * - palmOil, sweeteners, lactose: 'yes' = CONTAINS palm oil / a non-nutritive sweetener / lactose.
 *   A lactose-free milk: 'leche' in allergens.contains and lactose 'no'.
 */

export const allergenIdSchema = z.enum(ALLERGEN_IDS);

export const productAllergensSchema = z.strictObject({
  status: z.enum(ALLERGEN_STATUSES),
  contains: z.array(allergenIdSchema),
  traces: z.array(allergenIdSchema),
});

export const dietAnswerSchema = z.enum(DIET_ANSWERS);

export const productDietsSchema = z.strictObject({
  /** 'yes' = fits a vegan diet. */
  vegan: dietAnswerSchema,
  /** 'yes' = fits a vegetarian diet. */
  vegetarian: dietAnswerSchema,
  /** 'yes' = CONTAINS palm oil. */
  palmOil: dietAnswerSchema,
  /** 'yes' = CONTAINS a non-nutritive sweetener. */
  sweeteners: dietAnswerSchema,
  /** 'yes' = CONTAINS lactose (a lactose-free milk: 'no', with 'leche' in allergens.contains). */
  lactose: dietAnswerSchema,
});

/** What every card and the product answer carry so the phone decides "apto para ti" without sending preferences. */
export const allergenDietFields = { allergens: productAllergensSchema, diets: productDietsSchema };
