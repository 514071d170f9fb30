import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Product } from '@etiqueta/contracts';
import { products } from '../../db/schema.ts';

type ProductRow = typeof products.$inferSelect;
export type ProductColumn = keyof ProductRow;

/**
 * Every column of `products` and its role, the one place to declare a new column besides the schema (the
 * `satisfies` makes a column missing here a type error; `product-columns.test.ts` checks the rest):
 * - `source`: comes from a record (the sync, an admin edit, a contribution) and is written by them;
 * - `computed`: produced from the source columns by `computeProductFields`;
 * - `own`: kept by the database or the lock logic (identity, locks, timestamps).
 * `api` is the column's name in the `product` contract, or null when the product answer does not carry it;
 * `edit` says whether an admin edits it in the product dialog (the contract's `editableProductFields`).
 */
export const PRODUCT_COLUMNS = {
  id: { role: 'own', api: 'id', edit: false },
  barcode: { role: 'source', api: 'barcode', edit: false },
  name: { role: 'source', api: 'name', edit: true },
  brand: { role: 'source', api: 'brand', edit: true },
  ingredients: { role: 'source', api: 'ingredients', edit: true },
  images: { role: 'source', api: 'images', edit: false },
  // Served as slugs and a name (product-detail.ts), not as ids.
  categoryId: { role: 'source', api: null, edit: false },
  subcategoryId: { role: 'source', api: null, edit: false },
  sub2categoryId: { role: 'source', api: null, edit: false },
  organic: { role: 'source', api: 'organic', edit: true },
  nutriscoreCategory: { role: 'source', api: 'nutriscoreCategory', edit: true },
  // Inputs of the score that the page shows through the score and its reasons.
  isWater: { role: 'source', api: null, edit: false },
  isRedMeat: { role: 'source', api: null, edit: false },
  // Sold by volume: the page says per 100 mL, as the seals do.
  isLiquid: { role: 'source', api: 'isLiquid', edit: false },
  // What a shopper could buy instead, from the shelf (taxonomy.ts); never shown, used by "Mejores opciones".
  substituteFamily: { role: 'source', api: null, edit: false },
  frutasPercentage: { role: 'source', api: 'frutasPercentage', edit: true },
  verdurasPercentage: { role: 'source', api: 'verdurasPercentage', edit: true },
  legumesPercentage: { role: 'source', api: 'legumesPercentage', edit: true },
  nutsPercentage: { role: 'source', api: 'nutsPercentage', edit: true },
  energyKcal100: { role: 'source', api: 'energyKcal100', edit: true },
  energyEstimated: { role: 'source', api: 'energyEstimated', edit: false },
  totalFatG100: { role: 'source', api: 'totalFatG100', edit: true },
  saturatedFatG100: { role: 'source', api: 'saturatedFatG100', edit: true },
  carbohydratesG100: { role: 'source', api: 'carbohydratesG100', edit: true },
  totalSugarsG100: { role: 'source', api: 'totalSugarsG100', edit: true },
  fiberG100: { role: 'source', api: 'fiberG100', edit: true },
  proteinG100: { role: 'source', api: 'proteinG100', edit: true },
  sodiumMg100: { role: 'source', api: 'sodiumMg100', edit: true },
  // OFF's allergen, trace and diet tags: read with the list into `allergens` and `diets`; never shown as they are.
  offAllergenTags: { role: 'source', api: null, edit: false },
  // An admin's NOVA group (1–4) instead of our estimate; `novaGroup` is the one in force.
  novaOverride: { role: 'source', api: 'novaOverride', edit: true },
  detectedAdditives: { role: 'computed', api: 'detectedAdditives', edit: false },
  ultraprocessed: { role: 'computed', api: 'ultraprocessed', edit: false },
  novaGroup: { role: 'computed', api: 'novaGroup', edit: false },
  ingredientReading: { role: 'computed', api: 'ingredientReading', edit: false },
  nutriscore: { role: 'computed', api: 'nutriscore', edit: false },
  healthScore: { role: 'computed', api: 'healthScore', edit: false },
  scoreReasons: { role: 'computed', api: 'reasons', edit: false },
  seals: { role: 'computed', api: 'seals', edit: false },
  scoreVersion: { role: 'computed', api: 'scoreVersion', edit: false },
  allergens: { role: 'computed', api: 'allergens', edit: false },
  diets: { role: 'computed', api: 'diets', edit: false },
  // What search matches; never shown.
  searchText: { role: 'computed', api: null, edit: false },
  source: { role: 'source', api: 'source', edit: false },
  sourceModifiedAt: { role: 'source', api: null, edit: false },
  lockedFields: { role: 'own', api: 'lockedFields', edit: false },
  // Fields a shopper completed: carried by the sync's merge (mergeSource) until OFF's record has a newer value.
  completedFields: { role: 'source', api: null, edit: false },
  // The last complete listing of OFF's export that had the product (a later one without it removes it).
  listedInRun: { role: 'own', api: null, edit: false },
  createdAt: { role: 'own', api: null, edit: false },
  updatedAt: { role: 'own', api: 'updatedAt', edit: false },
} as const satisfies Record<ProductColumn, { role: 'source' | 'computed' | 'own'; api: keyof Product | null; edit: boolean }>;

type Columns = typeof PRODUCT_COLUMNS;
type WithRole<R> = { [C in ProductColumn]: Columns[C]['role'] extends R ? C : never }[ProductColumn];
export type SourceColumn = WithRole<'source'>;
export type ComputedColumn = WithRole<'computed'>;
/** Served under their own names or another (`scoreReasons` → `reasons`). */
export type ServedColumn = { [C in ProductColumn]: Columns[C]['api'] extends null ? never : C }[ProductColumn];
/** The product contract's fields that are not columns: derived when the answer is built (product-detail.ts). */
export type DerivedProductField = Exclude<keyof Product, Columns[ServedColumn]['api']>;

const names = Object.keys(PRODUCT_COLUMNS) as ProductColumn[];
export const SOURCE_COLUMNS = names.filter((c): c is SourceColumn => PRODUCT_COLUMNS[c].role === 'source');
export const COMPUTED_COLUMNS = names.filter((c): c is ComputedColumn => PRODUCT_COLUMNS[c].role === 'computed');
export const EDITABLE_COLUMNS = names.filter((c) => PRODUCT_COLUMNS[c].edit);
export const SERVED_COLUMNS = names.filter((c): c is ServedColumn => PRODUCT_COLUMNS[c].api !== null);
/** What a sync or any other writer of whole products writes: everything but the columns the database keeps. */
export const WRITE_COLUMNS = [...SOURCE_COLUMNS, ...COMPUTED_COLUMNS];
export type WriteColumn = SourceColumn | ComputedColumn;

/** The Drizzle columns of `keys`, for `select(...)`. */
export function columnsOf<K extends ProductColumn>(keys: readonly K[]): { [P in K]: (typeof products)['_']['columns'][P] } {
  const all = getTableColumns(products);
  return Object.fromEntries(keys.map((k) => [k, all[k]])) as { [P in K]: (typeof products)['_']['columns'][P] };
}

/**
 * `UPDATE products … FROM jsonb_to_recordset(rows)` for the given columns, matched on id: many rows changed in
 * one statement (on PGlite every statement holds the only connection, so few and short). Column names and SQL
 * types come from the schema.
 */
export function updateProductsById(keys: readonly ProductColumn[], rows: readonly ({ id: number } & Partial<ProductRow>)[]): SQL {
  const all = getTableColumns(products);
  const columns = keys.map((k) => all[k]);
  const json = JSON.stringify(
    rows.map((row) => Object.fromEntries([['id', row.id], ...keys.map((k, i): [string, unknown] => [columns[i]!.name, row[k]])])),
    (_key, value: unknown) => (value instanceof Date ? value.toISOString() : value),
  );
  const set = sql.raw(columns.map((c) => `${c.name} = r.${c.name}`).join(', '));
  const recordset = sql.raw(['id integer', ...columns.map((c) => `${c.name} ${c.getSQLType()}`)].join(', '));
  return sql`UPDATE products p SET ${set}, updated_at = now()
    FROM jsonb_to_recordset(${json}::jsonb) AS r(${recordset}) WHERE p.id = r.id`;
}
