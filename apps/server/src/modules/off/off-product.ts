/**
 * One Open Food Facts product as the adapters hand it over: the shape of an OFF API v2 product
 * (https://openfoodfacts.github.io/openfoodfacts-server/api/ref-v2/). The file adapters turn OFF's flat
 * export columns (`sugars_100g`, comma-separated `_tags`) into this same shape, so the mapper sees one format.
 */
export type OffProduct = {
  code?: string | number | null;
  product_name?: string | null;
  product_name_es?: string | null;
  generic_name?: string | null;
  generic_name_es?: string | null;
  brands?: string | null;
  categories_tags?: string[] | null;
  /** OFF's most specific category, the one it compares the product with. */
  compared_to_category?: string | null;
  labels_tags?: string[] | null;
  labels?: string | null;
  countries_tags?: string[] | null;
  ingredients_text?: string | null;
  ingredients_text_es?: string | null;
  /** OFF's allergens taxonomy ids (`en:milk`, `en:none`), from the list and the producer's declaration. */
  allergens_tags?: string[] | null;
  /** Declared traces (`en:nuts`): OFF keeps them apart from the list, often typed from the pack's statement. */
  traces_tags?: string[] | null;
  /** `en:vegan` / `en:non-vegan` / `en:maybe-vegan`, vegetarian likewise, `en:palm-oil` / `en:palm-oil-free` / … */
  ingredients_analysis_tags?: string[] | null;
  /** Per-100 g values keyed as OFF does: `sugars_100g`, `energy-kcal_100g`, `energy-kj_100g`, … */
  nutriments?: Record<string, unknown> | null;
  image_front_url?: string | null;
  image_front_small_url?: string | null;
  image_front_thumb_url?: string | null;
  image_url?: string | null;
  image_small_url?: string | null;
  image_thumb_url?: string | null;
  image_ingredients_url?: string | null;
  image_nutrition_url?: string | null;
  /** Schema ≥ 1003 (API v3.5+, stored documents, exports): `aggregated_set` per 100g/100ml/serving. */
  nutrition?: { aggregated_set?: { per?: string; preparation?: string; nutrients?: Record<string, unknown> } | null } | null;
  /** Legacy basis of `nutriments`: `100g` or `100ml`. */
  nutrition_data_per?: string | null;
  product_quantity_unit?: string | null;
  serving_quantity?: number | string | null;
  /** Schema ≥ 1002: images chosen per role and language (`selected.front.es.rev`). */
  images?: { selected?: Record<string, Record<string, { rev?: number | string | null } | undefined> | undefined> | null } | null;
  /** Unix seconds. */
  last_modified_t?: number | string | null;
};

/** The product fields asked from the OFF API (`fields=`), exactly what the mapper reads. */
export const OFF_FIELDS = [
  'code',
  'product_name',
  'product_name_es',
  'generic_name',
  'generic_name_es',
  'brands',
  'categories_tags',
  'compared_to_category',
  'labels_tags',
  'countries_tags',
  'ingredients_text',
  'ingredients_text_es',
  'allergens_tags',
  'traces_tags',
  'ingredients_analysis_tags',
  'nutriments',
  'nutrition',
  'nutrition_data_per',
  'product_quantity_unit',
  'serving_quantity',
  'images',
  'image_front_url',
  'image_front_small_url',
  'image_url',
  'image_small_url',
  'image_ingredients_url',
  'image_nutrition_url',
  'last_modified_t',
] as const;

const LIST_FIELDS = new Set([
  'categories_tags',
  'labels_tags',
  'countries_tags',
  'allergens_tags',
  'traces_tags',
  'ingredients_analysis_tags',
]);

/**
 * A flat OFF record (CSV/TSV export row, or a JSONL line with `_100g` columns at the top level) → OffProduct.
 * Values stay strings where OFF gives strings; the mapper parses numbers.
 */
export function fromFlatRecord(flat: Record<string, unknown>): OffProduct {
  const product: Record<string, unknown> = {};
  const nutriments: Record<string, unknown> =
    typeof flat.nutriments === 'object' && flat.nutriments !== null ? { ...flat.nutriments } : {};
  for (const [key, value] of Object.entries(flat)) {
    if (value === '' || value === undefined || key === 'nutriments') continue;
    if (key.endsWith('_100g')) nutriments[key] = value;
    else if (LIST_FIELDS.has(key) && typeof value === 'string') {
      product[key] = value
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean);
    } else product[key] = value;
  }
  product.nutriments = nutriments;
  // OFF's CSV export names the allergen tags column `allergens` (its `traces_tags` keeps its name); in a stored
  // document `allergens` is the contributor's free text and `allergens_tags` the list.
  if (product.allergens_tags === undefined && typeof flat.allergens === 'string' && /^[a-z]{2}:/.test(flat.allergens.trim()))
    product.allergens_tags = flat.allergens
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean);
  return product;
}
