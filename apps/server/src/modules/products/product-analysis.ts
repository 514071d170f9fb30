import { analyseProduct, normalizeText, type NutriscoreCategory } from '@etiqueta/domain';
import type { AdditiveMatcher } from '../additives/additive-matcher.service.ts';
import type { products } from '../../db/schema.ts';
import type { ComputedColumn } from './product-columns.ts';

type ProductRow = typeof products.$inferSelect;

/** The stored inputs of a product that its analysis depends on. */
export type AnalysisInput = Pick<
  ProductRow,
  | 'name'
  | 'brand'
  | 'ingredients'
  | 'organic'
  | 'nutriscoreCategory'
  | 'isWater'
  | 'isRedMeat'
  | 'isLiquid'
  | 'frutasPercentage'
  | 'verdurasPercentage'
  | 'legumesPercentage'
  | 'nutsPercentage'
  | 'energyKcal100'
  | 'totalFatG100'
  | 'saturatedFatG100'
  | 'carbohydratesG100'
  | 'totalSugarsG100'
  | 'fiberG100'
  | 'proteinG100'
  | 'sodiumMg100'
> &
  Partial<Pick<ProductRow, 'offAllergenTags' | 'novaOverride'>>;

export type ComputedFields = Pick<ProductRow, ComputedColumn>;

/**
 * Runs the domain analysis for one product and returns the columns to store with it.
 * Import, admin edits and additive changes all go through here, so stored scores never disagree.
 */
export function computeProductFields(
  input: AnalysisInput,
  matcher: AdditiveMatcher,
  categoryNames: readonly (string | null | undefined)[] = [],
): ComputedFields {
  const analysis = analyseProduct(
    {
      ingredients: input.ingredients,
      organic: input.organic,
      nutriscoreCategory: input.nutriscoreCategory as NutriscoreCategory,
      isWater: input.isWater,
      isRedMeat: input.isRedMeat,
      isLiquid: input.isLiquid,
      frutasPercentage: input.frutasPercentage,
      verdurasPercentage: input.verdurasPercentage,
      legumesPercentage: input.legumesPercentage,
      nutsPercentage: input.nutsPercentage,
      energyKcal100: input.energyKcal100,
      totalFatG100: input.totalFatG100,
      saturatedFatG100: input.saturatedFatG100,
      carbohydratesG100: input.carbohydratesG100,
      totalSugarsG100: input.totalSugarsG100,
      fiberG100: input.fiberG100,
      proteinG100: input.proteinG100,
      sodiumMg100: input.sodiumMg100,
      offAllergenTags: input.offAllergenTags ?? null,
    },
    matcher,
  );
  return {
    detectedAdditives: analysis.detectedAdditives,
    ultraprocessed: analysis.ultraprocessed,
    // An admin's group read on the package stands instead of our estimate (kept against the sync by its lock).
    novaGroup: input.novaOverride ?? analysis.novaGroup,
    ingredientReading: analysis.ingredientReading,
    nutriscore: analysis.nutriscore,
    healthScore: analysis.healthScore,
    scoreReasons: analysis.reasons,
    seals: analysis.seals,
    scoreVersion: analysis.scoreVersion,
    allergens: analysis.allergens,
    diets: analysis.diets,
    searchText: buildSearchText(input.name, input.brand, categoryNames),
  };
}

/** What search matches: name, brand and category names, lower-cased and unaccented. */
export function buildSearchText(name: string, brand: string, categoryNames: readonly (string | null | undefined)[]) {
  return normalizeText([name, brand, ...categoryNames].filter(Boolean).join(' '));
}
