import { and, asc, count, eq, gt, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Product, ProductSummary } from '@etiqueta/contracts';
import { normalizeText, scoreBand } from '@etiqueta/domain';
import type { Db } from '../../db/client.ts';
import { categories, products, sub2categories, subcategories } from '../../db/schema.ts';

export type ProductRow = typeof products.$inferSelect;

/** Columns a listing card, a search result and the quick filters need. */
export const summaryColumns = {
  id: products.id,
  barcode: products.barcode,
  name: products.name,
  brand: products.brand,
  images: products.images,
  healthScore: products.healthScore,
  categorySlug: categories.slug,
  subcategorySlug: subcategories.slug,
  sub2categoryName: sub2categories.name,
  totalSugarsG100: products.totalSugarsG100,
  novaGroup: products.novaGroup,
  detectedAdditives: products.detectedAdditives,
  ultraprocessed: products.ultraprocessed,
};

/** Listing order: best score first, products without a score last, then by name. */
const listingOrder = [sql`${products.healthScore} desc nulls last`, asc(products.name), asc(products.id)];

export function createProductRepository(db: Db) {
  const summaries = () =>
    db
      .select(summaryColumns)
      .from(products)
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .leftJoin(subcategories, eq(subcategories.id, products.subcategoryId))
      .leftJoin(sub2categories, eq(sub2categories.id, products.sub2categoryId));

  return {
    /** A listing: the products of a category or of a subcategory, optionally of one sub-subcategory by name. */
    listBy(
      parent: 'category' | 'subcategory',
      parentId: number,
      sub2Name: string | undefined,
      limit: number,
    ): Promise<ProductSummary[]> {
      const where: SQL[] = [eq(parent === 'category' ? products.categoryId : products.subcategoryId, parentId)];
      if (sub2Name) where.push(sql`lower(${sub2categories.name}) = lower(${sub2Name})`);
      return summaries().where(and(...where)).orderBy(...listingOrder).limit(limit);
    },

    async findById(id: number): Promise<Product | null> {
      const rows = await db
        .select({
          row: products,
          categorySlug: categories.slug,
          subcategorySlug: subcategories.slug,
          sub2categoryName: sub2categories.name,
        })
        .from(products)
        .leftJoin(categories, eq(categories.id, products.categoryId))
        .leftJoin(subcategories, eq(subcategories.id, products.subcategoryId))
        .leftJoin(sub2categories, eq(sub2categories.id, products.sub2categoryId))
        .where(eq(products.id, id))
        .limit(1);
      const r = rows[0];
      return r ? toProduct(r.row, r.categorySlug, r.subcategorySlug, r.sub2categoryName) : null;
    },

    async findRowById(id: number): Promise<ProductRow | null> {
      const rows = await db.select().from(products).where(eq(products.id, id)).limit(1);
      return rows[0] ?? null;
    },

    async findIdByBarcodes(barcodes: string[]): Promise<{ id: number; barcode: string } | null> {
      const rows = await db
        .select({ id: products.id, barcode: products.barcode })
        .from(products)
        .where(inArray(products.barcode, barcodes))
        .limit(1);
      return rows[0] ?? null;
    },

    /**
     * What the in-process search index needs, a page at a time in id order (keyset, so a reload does not
     * hold the embedded database for long): the summary plus the category names it matches on.
     */
    async searchDocsPage(afterId: number, limit: number) {
      const rows = await db
        .select({ ...summaryColumns, categoryName: categories.name, subcategoryName: subcategories.name })
        .from(products)
        .leftJoin(categories, eq(categories.id, products.categoryId))
        .leftJoin(subcategories, eq(subcategories.id, products.subcategoryId))
        .leftJoin(sub2categories, eq(sub2categories.id, products.sub2categoryId))
        .where(gt(products.id, afterId))
        .orderBy(asc(products.id))
        .limit(limit);
      return rows.map(({ categoryName, subcategoryName, ...summary }) => ({
        summary,
        categoryName,
        subcategoryNames: [subcategoryName, summary.sub2categoryName].filter((n): n is string => !!n),
      }));
    },

    /** A cheap fingerprint of the catalogue: changes when a product is added, removed or updated. */
    async catalogueFingerprint(): Promise<string> {
      const [row] = await db
        .select({ n: count(), latest: sql<string | null>`max(${products.updatedAt})::text` })
        .from(products);
      return `${row?.n ?? 0}|${row?.latest ?? ''}`;
    },

    /** The admin table: a page at a time, searchable by name, brand or barcode. */
    async adminPage(q: string | undefined, page: number, pageSize: number) {
      const term = q ? normalizeText(q) : '';
      const where = term
        ? or(
            ilike(products.searchText, `%${escapeLike(term)}%`),
            eq(products.barcode, q!.trim()),
          )
        : undefined;
      const [totalRow] = await db.select({ n: count() }).from(products).where(where);
      const rows = await db
        .select({
          id: products.id,
          barcode: products.barcode,
          name: products.name,
          brand: products.brand,
          healthScore: products.healthScore,
          categorySlug: categories.slug,
          subcategorySlug: subcategories.slug,
          lockedFields: products.lockedFields,
          updatedAt: products.updatedAt,
        })
        .from(products)
        .leftJoin(categories, eq(categories.id, products.categoryId))
        .leftJoin(subcategories, eq(subcategories.id, products.subcategoryId))
        .where(where)
        .orderBy(asc(products.name), asc(products.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      return {
        items: rows.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() })),
        total: totalRow?.n ?? 0,
        page,
        pageSize,
      };
    },

  };
}

export function escapeLike(s: string) {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function toProduct(
  r: ProductRow,
  categorySlug: string | null,
  subcategorySlug: string | null,
  sub2categoryName: string | null,
): Product {
  return {
    id: r.id,
    barcode: r.barcode,
    name: r.name,
    brand: r.brand,
    images: r.images,
    healthScore: r.healthScore,
    categorySlug,
    subcategorySlug,
    sub2categoryName,
    novaGroup: r.novaGroup,
    detectedAdditives: r.detectedAdditives,
    ultraprocessed: r.ultraprocessed,
    ingredients: r.ingredients,
    organic: r.organic,
    nutriscoreCategory: r.nutriscoreCategory as Product['nutriscoreCategory'],
    frutasPercentage: r.frutasPercentage,
    verdurasPercentage: r.verdurasPercentage,
    legumesPercentage: r.legumesPercentage,
    nutsPercentage: r.nutsPercentage,
    energyKcal100: r.energyKcal100,
    totalFatG100: r.totalFatG100,
    saturatedFatG100: r.saturatedFatG100,
    totalSugarsG100: r.totalSugarsG100,
    fiberG100: r.fiberG100,
    proteinG100: r.proteinG100,
    sodiumMg100: r.sodiumMg100,
    energyEstimated: r.energyEstimated,
    scoreLabel: scoreBand(r.healthScore).label,
    nutriscore: r.nutriscore as Product['nutriscore'],
    reasons: r.scoreReasons,
    seals: r.seals,
    scoreVersion: r.scoreVersion,
    lockedFields: r.lockedFields,
    source: r.source,
    updatedAt: r.updatedAt.toISOString(),
  };
}
