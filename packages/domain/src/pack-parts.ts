import { missingScoreInputs } from './analyse-product.ts';
import { nutrientIssues, type PlausibilityInput } from './nutrients/plausibility.ts';
import type { ProductInput } from './types.ts';

/** The parts of a pack a shopper photographs to complete a product (issue 24): each one a step of the form. */
export const PACK_PARTS = ['front', 'ingredients', 'nutrition'] as const;
export type PackPart = (typeof PACK_PARTS)[number];

export type PackPartsInput = Omit<PlausibilityInput, 'isBeverage' | 'isWater'> &
  Pick<ProductInput, 'nutriscoreCategory'> & {
    /** The product has a front photo. */
    hasFront: boolean;
    ingredients: string | null;
    isLiquid: boolean;
    isWater?: boolean;
  };

/**
 * What a product lacks, as parts of its pack: the front photo, the ingredient list, the nutrition table (a value
 * the score needs is missing, or the values contradict each other: "Datos dudosos"). "Completar este producto"
 * asks only for these; the server refuses a completion that brings none of them and changes nothing.
 */
export function missingPackParts(input: PackPartsInput): PackPart[] {
  const isWater = input.isWater === true;
  const missing: PackPart[] = [];
  if (!input.hasFront) missing.push('front');
  if (input.ingredients === null || input.ingredients.trim() === '') missing.push('ingredients');
  const table =
    missingScoreInputs({ ...input, energyKj100: null, isWater }).length > 0 ||
    nutrientIssues({ ...input, isWater, isBeverage: input.nutriscoreCategory === 'beverage' || input.isLiquid }).length > 0;
  if (table) missing.push('nutrition');
  return missing;
}
