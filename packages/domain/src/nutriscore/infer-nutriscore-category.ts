/**
 * Nutri-Score family from Open Food Facts category tags ("en:beverages", "en:cheeses", …), for the data-lake
 * mapper. Rules from the Nutri-Score 2023 scope: beverages are en:beverages or en:beverage-preparations minus
 * what is not drunk as sold (coffees, teas, soups, chocolate powders); milks, dairy drinks and plant drinks are
 * beverages in 2023 (OFF's is_beverage_for_nutrition_score_2023: "Milk and dairy drinks are considered
 * beverages"; the 2021 algorithm excluded them); plain waters are
 * graded A; fats, oils, nuts and seeds use the fats branch; cheeses always count protein; red meat (beef, veal,
 * pork, lamb, game, horse, goat) has protein points capped at 2.
 */
import type { NutriscoreCategory } from '../types.ts';

export type NutriscoreCategoryInference = {
  category: NutriscoreCategory;
  isWater: boolean;
  isRedMeat: boolean;
};

const FAT_TAGS = new Set([
  'en:fats',
  'en:vegetable-oils',
  'en:animal-fats',
  'en:butters',
  'en:margarines',
  'en:nuts',
  'en:seeds',
  'en:nut-butters',
  'en:peanut-butters',
  'en:olive-oils',
  'en:oilseed-purees',
]);
const WATER_TAGS = new Set([
  'en:waters',
  'en:spring-waters',
  'en:mineral-waters',
  'en:natural-mineral-waters',
  'en:unsweetened-waters',
]);
const NOT_PLAIN_WATER = /flavou?red|sweetened-waters|sodas|infused/;
const RED_MEAT = /^en:(?:beef|veal|pork|lamb|mutton|horse|venison|game|goat-meat|wild-boar)(?:$|-)/;
/** Sauces, spreads and meals that merely sit under en:fats or en:beverages in OFF's tree. */
const NOT_FAT = new Set([
  'en:sauces',
  'en:mayonnaises',
  'en:dressings-and-sauces',
  'en:meals',
  'en:spreads-non-fat',
]);

/**
 * Filed under en:beverages in OFF's tree but not drunk as sold, so not beverages for Nutri-Score 2023: coffees,
 * teas, herbal teas, soups, chocolate powders, and anything to be rehydrated. (Milks, dairy drinks and plant
 * drinks were excluded by the 2021 algorithm only.)
 */
const NOT_BEVERAGE = new Set([
  'en:coffees',
  'en:coffee-drinks',
  'en:teas',
  'en:herbal-teas',
  'en:tea-bags',
  'en:soups',
  'en:chocolate-powders',
  'en:cocoa-and-chocolate-powders',
  'en:instant-beverages',
  'en:dried-products-to-be-rehydrated',
]);
/** Ready-to-drink forms of the excluded families stay beverages (iced tea, cold coffee drinks, milkshakes). */
const STILL_BEVERAGE = new Set(['en:iced-teas', 'en:tea-based-beverages', 'en:coffee-based-beverages', 'en:milkshakes']);

export function inferNutriscoreCategory(categoriesTags: readonly string[]): NutriscoreCategoryInference {
  const tags = new Set(categoriesTags.map((t) => t.trim().toLowerCase()).filter(Boolean));
  const has = (t: string): boolean => tags.has(t);
  const isRedMeat = [...tags].some((t) => RED_MEAT.test(t));
  const inBeverageTree = has('en:beverages') || has('en:beverage-preparations');
  const excluded = [...tags].some((t) => NOT_BEVERAGE.has(t)) && ![...tags].some((t) => STILL_BEVERAGE.has(t));
  if (inBeverageTree && !excluded) {
    const isWater =
      [...tags].some((t) => WATER_TAGS.has(t)) && ![...tags].some((t) => NOT_PLAIN_WATER.test(t));
    return { category: 'beverage', isWater, isRedMeat: false };
  }
  if (has('en:cheeses')) return { category: 'cheese', isWater: false, isRedMeat: false };
  if ([...tags].some((t) => FAT_TAGS.has(t)) && ![...tags].some((t) => NOT_FAT.has(t))) {
    return { category: 'added_fat', isWater: false, isRedMeat: false };
  }
  return { category: 'solid', isWater: false, isRedMeat };
}
