import { and, asc, count, eq, gt, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Product, ProductSummary } from '@etiqueta/contracts';
import { normalizeText } from '@etiqueta/domain';
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

/**
 * The stored fields of the product page, under their names in the `product` contract. The derived ones (the
 * score label and the taxonomy slugs and names) are added by product-detail.ts. `updatedAt` is formatted as
 * JavaScript's toISOString() does.
 */
const detailColumns = {
  id: products.id,
  barcode: products.barcode,
  name: products.name,
  brand: products.brand,
  images: products.images,
  healthScore: products.healthScore,
  novaGroup: products.novaGroup,
  detectedAdditives: products.detectedAdditives,
  ultraprocessed: products.ultraprocessed,
  ingredients: products.ingredients,
  organic: products.organic,
  nutriscoreCategory: products.nutriscoreCategory,
  frutasPercentage: products.frutasPercentage,
  verdurasPercentage: products.verdurasPercentage,
  legumesPercentage: products.legumesPercentage,
  nutsPercentage: products.nutsPercentage,
  energyKcal100: products.energyKcal100,
  totalFatG100: products.totalFatG100,
  saturatedFatG100: products.saturatedFatG100,
  carbohydratesG100: products.carbohydratesG100,
  totalSugarsG100: products.totalSugarsG100,
  fiberG100: products.fiberG100,
  proteinG100: products.proteinG100,
  sodiumMg100: products.sodiumMg100,
  energyEstimated: products.energyEstimated,
  nutriscore: products.nutriscore,
  reasons: products.scoreReasons,
  seals: products.seals,
  scoreVersion: products.scoreVersion,
  lockedFields: products.lockedFields,
  source: products.source,
  updatedAt: products.updatedAt,
} satisfies Partial<Record<keyof Product, unknown>>;

const detailSelectList = sql.join(
  Object.entries(detailColumns).map(([key, column]) =>
    key === 'updatedAt'
      ? sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ${sql.identifier(key)}`
      : sql`${column} as ${sql.identifier(key)}`,
  ),
  sql`, `,
);

export type ProductDetailRow = {
  id: number;
  json: string;
  healthScore: number | null;
  categoryId: number | null;
  subcategoryId: number | null;
  sub2categoryId: number | null;
};

export function createProductRepository(db: Db) {
  const summaries = () =>
    db
      .select(summaryColumns)
      .from(products)
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .leftJoin(subcategories, eq(subcategories.id, products.subcategoryId))
      .leftJoin(sub2categories, eq(sub2categories.id, products.sub2categoryId));

  const detailFields = {
    id: products.id,
    json: sql<string>`(select row_to_json(d)::text from (select ${detailSelectList}) d)`,
    healthScore: products.healthScore,
    categoryId: products.categoryId,
    subcategoryId: products.subcategoryId,
    sub2categoryId: products.sub2categoryId,
  };
  const detailQuery = db
    .select(detailFields)
    .from(products)
    .where(eq(products.id, sql.placeholder('id')))
    .prepare('product_detail');
  const detailPageQuery = db
    .select(detailFields)
    .from(products)
    .where(gt(products.id, sql.placeholder('afterId')))
    .orderBy(asc(products.id))
    .limit(sql.placeholder('limit'))
    .prepare('product_detail_page');

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

    /**
     * The product page's stored fields as JSON text, built by the database in one primary-key read (no joins,
     * no JSON parse and re-stringify in Node), plus the ids and score the caller needs to add the derived
     * fields (see product-detail.ts). A prepared query: built once, planned once per connection on PostgreSQL.
     */
    findDetail: async (id: number): Promise<ProductDetailRow | null> => (await detailQuery.execute({ id }))[0] ?? null,

    /** The same, for every product a page at a time in id order (keyset), to hold the pages in memory. */
    detailPage: (afterId: number, limit: number): Promise<ProductDetailRow[]> =>
      detailPageQuery.execute({ afterId, limit }),

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
