/**
 * The reads of "Mejores opciones" (ADR 015): a product as it is compared, and the best-scored products of a shelf,
 * each a prepared query over the indexes on (shelf, is_liquid, health_score desc nulls last, id).
 */
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products } from '../../db/schema.ts';

/**
 * What "Mejores opciones" compares and shows of a product (ADR 015): the card's fields, the nutrients, NOVA,
 * how many seals, the detected additives (their risky ones are counted in Node: a per-row subquery over the
 * JSON costs several times more on PGlite) and whether the ingredient list is known.
 */
const comparableColumns = {
  id: products.id,
  name: products.name,
  brand: products.brand,
  images: products.images,
  healthScore: products.healthScore,
  isLiquid: products.isLiquid,
  substituteFamily: products.substituteFamily,
  totalSugarsG100: products.totalSugarsG100,
  sodiumMg100: products.sodiumMg100,
  saturatedFatG100: products.saturatedFatG100,
  energyKcal100: products.energyKcal100,
  fiberG100: products.fiberG100,
  proteinG100: products.proteinG100,
  novaGroup: products.novaGroup,
  sealCount: sql<number>`jsonb_array_length(${products.seals})`.mapWith(Number),
  detectedAdditives: products.detectedAdditives,
  ingredientsKnown: sql<boolean>`coalesce(${products.ingredients}, '') <> ''`.mapWith(Boolean),
  allergens: products.allergens,
  diets: products.diets,
};
/**
 * Where "Mejores opciones" look, nearest first (ADR 015): the product's sub-subcategory, its subcategory, then its
 * whole substitute family. Every read keeps to the product's family and kind (solid or liquid).
 */
export type Shelf = { level: 'sub2category' | 'subcategory'; id: number } | { level: 'family' };

export type AlternativesRepository = ReturnType<typeof createAlternativesRepository>;
export type ComparableRow = Awaited<ReturnType<AlternativesRepository['shelfTop']>>[number];

export function createAlternativesRepository(db: Db) {
  const comparableQuery = db
    .select({
      ...comparableColumns,
      subcategoryId: products.subcategoryId,
      sub2categoryId: products.sub2categoryId,
    })
    .from(products)
    .where(eq(products.id, sql.placeholder('id')))
    .prepare('product_comparable');
  /**
   * The best-scored products of a shelf of one substitute family, solids and liquids apart: a range read of the
   * index on (shelf, is_liquid, health_score desc nulls last, id) in its own order, so it stops after `limit`
   * rows (a shelf holds one family, so the family test drops nothing but a product stored before its shelf's
   * family changed). The family's own read uses the index on (substitute_family, is_liquid, …) the same way.
   */
  const shelfTopQuery = (column: typeof products.subcategoryId | typeof products.sub2categoryId | null, name: string) =>
    db
      .select(comparableColumns)
      .from(products)
      .where(
        and(
          column ? eq(column, sql.placeholder('shelfId')) : undefined,
          eq(products.substituteFamily, sql.placeholder('family')),
          eq(products.isLiquid, sql.placeholder('isLiquid')),
          isNotNull(products.healthScore),
        ),
      )
      .orderBy(sql`${products.healthScore} desc nulls last`, asc(products.id))
      .limit(sql.placeholder('limit'))
      .prepare(name);
  const shelfTop = {
    sub2category: shelfTopQuery(products.sub2categoryId, 'shelf_top_sub2category'),
    subcategory: shelfTopQuery(products.subcategoryId, 'shelf_top_subcategory'),
    family: shelfTopQuery(null, 'shelf_top_family'),
  };

  return {
    /** A product as "Mejores opciones" compares it, with its shelf ids; null when it does not exist. */
    comparable: async (id: number) => (await comparableQuery.execute({ id }))[0] ?? null,

    /** The `limit` best-scored products of a shelf and family, of one kind (solid or liquid), best first, then by id. */
    shelfTop: (shelf: Shelf, family: string, isLiquid: boolean, limit: number) =>
      shelfTop[shelf.level].execute({ ...('id' in shelf ? { shelfId: shelf.id } : {}), family, isLiquid, limit }),
  };
}
