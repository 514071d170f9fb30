/** The catalogue's tables: the taxonomy (categories, subcategories, sub-subcategories), products and additives. */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, real, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type {
  DetectedAdditive,
  DetectedSuspect,
  IngredientReadingSummary,
  OffAllergenTags,
  ProductAllergens,
  ProductDiets,
  ScoreReason,
  Seal,
} from '@etiqueta/domain';
import { belongsTo, nutrientColumns, timestamps } from './columns.ts';

/**
 * Fields a shopper completed (an approved contribution), each with the value the record held before — OFF's,
 * or null. The sync keeps the shopper's value while OFF's record carries none or still that same one; once OFF
 * carries another, OFF's wins and the field leaves this map (sync.service.ts mergeSource, docs/contributions.md).
 */
export type CompletedFields = Record<string, { was: string | number | boolean | null; contributionId: number }>;

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  icon: text('icon'),
  productCount: integer('product_count').notNull().default(0),
});

export const subcategories = pgTable(
  'subcategories',
  {
    id: serial('id').primaryKey(),
    categoryId: belongsTo('category_id', () => categories.id),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    productCount: integer('product_count').notNull().default(0),
  },
  (t) => [index('subcategories_category_idx').on(t.categoryId)],
);

export const sub2categories = pgTable(
  'sub2categories',
  {
    id: serial('id').primaryKey(),
    subcategoryId: belongsTo('subcategory_id', () => subcategories.id),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    productCount: integer('product_count').notNull().default(0),
  },
  (t) => [uniqueIndex('sub2categories_parent_slug_idx').on(t.subcategoryId, t.slug)],
);

export type ProductImages = { primary: string | null; thumbnail: string | null; gallery: string[] };

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    barcode: text('barcode').notNull().unique(),
    name: text('name').notNull(),
    brand: text('brand').notNull().default(''),
    ingredients: text('ingredients'),
    images: jsonb('images').$type<ProductImages>(),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    subcategoryId: integer('subcategory_id').references(() => subcategories.id, { onDelete: 'set null' }),
    sub2categoryId: integer('sub2category_id').references(() => sub2categories.id, { onDelete: 'set null' }),
    organic: boolean('organic').notNull().default(false),
    nutriscoreCategory: text('nutriscore_category').notNull().default('solid'),
    isWater: boolean('is_water').notNull().default(false),
    isRedMeat: boolean('is_red_meat').notNull().default(false),
    /** Sold by volume (OFF's values per 100 mL, or its quantity in mL): Chilean seals per 100 mL. */
    isLiquid: boolean('is_liquid').notNull().default(false),
    /**
     * What a shopper could buy instead (issue 26): its shelf's substitute family ('other' when it has no shelf).
     * Never shown; "Mejores opciones" and "Solo mejores que X" offer only products of the same family.
     */
    substituteFamily: text('substitute_family').notNull().default('other'),
    frutasPercentage: real('frutas_percentage'),
    verdurasPercentage: real('verduras_percentage'),
    legumesPercentage: real('legumes_percentage'),
    nutsPercentage: real('nuts_percentage'),
    ...nutrientColumns,
    energyEstimated: boolean('energy_estimated').notNull().default(false),
    /**
     * What Open Food Facts says of allergens, traces and diets (`allergens_tags`, `traces_tags`,
     * `ingredients_analysis_tags`), as the record gives them; null when it gives none. Read with the list.
     */
    offAllergenTags: jsonb('off_allergen_tags').$type<OffAllergenTags | null>(),
    /**
     * The NOVA group an admin set from the package (1–4), or null: when set it is the product's group instead of
     * our estimate. Open Food Facts never sends one; an admin's lock keeps it against the sync.
     */
    novaOverride: smallint('nova_override'),
    // Computed by the domain package; recomputed on import, on edit and when an additive changes.
    detectedAdditives: jsonb('detected_additives').$type<DetectedAdditive[]>().notNull().default([]),
    ultraprocessed: jsonb('ultraprocessed').$type<DetectedSuspect[]>().notNull().default([]),
    novaGroup: smallint('nova_group'),
    /** How the ingredient list was read (readIngredientList); null without a list. Every claim of absence rests on it. */
    ingredientReading: jsonb('ingredient_reading').$type<IngredientReadingSummary | null>(),
    nutriscore: jsonb('nutriscore').$type<Record<string, unknown> | null>(),
    healthScore: real('health_score'),
    scoreReasons: jsonb('score_reasons').$type<ScoreReason[]>().notNull().default([]),
    seals: jsonb('seals').$type<Seal[]>().notNull().default([]),
    scoreVersion: text('score_version'),
    /** Allergens and traces (domain readAllergens): 'complete' only when the list was read well or OFF says en:none. */
    allergens: jsonb('allergens')
      .$type<ProductAllergens>()
      .notNull()
      .default({ status: 'unknown', contains: [], traces: [] }),
    /** Vegan, vegetarian, palm oil, sweeteners, lactose: each 'yes' | 'no' | 'maybe' | 'unknown'. */
    diets: jsonb('diets')
      .$type<ProductDiets>()
      .notNull()
      .default({ vegan: 'unknown', vegetarian: 'unknown', palmOil: 'unknown', sweeteners: 'unknown', lactose: 'unknown' }),
    /** Lower-cased, unaccented name, brand and category names: what search matches against. */
    searchText: text('search_text').notNull().default(''),
    source: text('source').notNull().default('admin'),
    sourceModifiedAt: timestamp('source_modified_at', { withTimezone: true }),
    /** Fields an admin edited; a sync never overwrites them. */
    lockedFields: text('locked_fields').array().notNull().default(sql`'{}'::text[]`),
    /** Fields a shopper completed: kept against the sync until OFF's record carries a newer value (`CompletedFields`). */
    completedFields: jsonb('completed_fields').$type<CompletedFields>().notNull().default({}),
    /** The last complete-listing run (OFF's export) that listed this product; a later one that does not removes it. */
    listedInRun: integer('listed_in_run'),
    ...timestamps,
  },
  (t) => [
    index('products_category_idx').on(t.categoryId),
    index('products_subcategory_idx').on(t.subcategoryId, t.name),
    index('products_score_version_idx').on(t.scoreVersion),
    // "Mejores opciones" (ADR 015): the best scores of a shelf, solids and liquids apart, read in index order
    // (its first column also serves what the former index on sub2category_id alone did).
    // The query orders by exactly these columns (score desc nulls last, then id), so it reads the first rows in
    // index order and stops: no sort of the shelf.
    index('products_sub2category_score_idx').on(t.sub2categoryId, t.isLiquid, t.healthScore.desc().nullsLast(), t.id),
    index('products_subcategory_score_idx').on(t.subcategoryId, t.isLiquid, t.healthScore.desc().nullsLast(), t.id),
    // "Mejores opciones" past the shelf: the best of the product's whole substitute family, in the same order.
    index('products_family_score_idx').on(t.substituteFamily, t.isLiquid, t.healthScore.desc().nullsLast(), t.id),
    index('products_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('products_search_fts_idx').using('gin', sql`to_tsvector('public.es_unaccent', ${t.searchText})`),
  ],
);

export const additives = pgTable(
  'additives',
  {
    id: serial('id').primaryKey(),
    code: text('code'),
    name: text('name').notNull(),
    riskLevel: text('risk_level').notNull().default('Sin riesgo conocido'),
    description: text('description').notNull().default(''),
    category: text('category').notNull().default(''),
    alternativeNames: text('alternative_names').array().notNull().default(sql`'{}'::text[]`),
    englishNames: text('english_names').array().notNull().default(sql`'{}'::text[]`),
    reason: text('reason').notNull().default(''),
    source: text('source').notNull().default(''),
    /**
     * Set when an admin creates or edits the row: from then on the row is the admin's and the catalogue seed
     * leaves it alone; every other row follows our catalogue (docs/scoring.md §1).
     */
    editedByAdmin: boolean('edited_by_admin').notNull().default(false),
    ...timestamps,
  },
  (t) => [uniqueIndex('additives_code_idx').on(t.code)],
);
