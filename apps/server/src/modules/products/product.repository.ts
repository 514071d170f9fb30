/**
 * The products table: the listings, the product answer's row, a product's edits (admin, contribution, re-score),
 * the admin table and the search index's documents. What "Mejores opciones" reads is alternatives.repository.ts.
 */
import { and, asc, count, eq, gt, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { ProductSummary } from '@etiqueta/contracts';
import { normalizeText } from '@etiqueta/domain';
import type { Db } from '../../db/client.ts';
import type { CatalogueTx } from '../../lib/catalogue-writes.ts';
import { categories, products, sub2categories, subcategories } from '../../db/schema.ts';
import {
  columnsOf,
  COMPUTED_COLUMNS,
  SERVED_COLUMNS,
  updateProductsById,
  type ServedColumn,
} from './product-columns.ts';

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
  // The additives' reasons are for the product page; a listing card needs code, name and level only.
  detectedAdditives: sql<ProductSummary['detectedAdditives']>`(
    select coalesce(jsonb_agg(a - 'reason' order by n), '[]'::jsonb)
    from jsonb_array_elements(${products.detectedAdditives}) with ordinality as d(a, n))`,
  ultraprocessed: products.ultraprocessed,
  // Ids only (allergens.ts in contracts): the phone marks and filters cards without sending preferences.
  allergens: products.allergens,
  diets: products.diets,
};

/** Listing order: best score first, products without a score last, then by name. */
const listingOrder = [sql`${products.healthScore} desc nulls last`, asc(products.name), asc(products.id)];

/** What the product answer is built from (product-detail.ts): the served columns and the taxonomy ids. */
const detailColumns = columnsOf([...SERVED_COLUMNS, 'categoryId', 'subcategoryId', 'sub2categoryId']);
export type ProductDetailRow = Pick<ProductRow, ServedColumn | 'categoryId' | 'subcategoryId' | 'sub2categoryId'>;

/** Columns the re-score compares and writes: the analysis (search text needs category names; it stays). */
export const ANALYSIS_COLUMNS = COMPUTED_COLUMNS.filter((c) => c !== 'searchText');
export type AnalysisUpdate = { id: number } & Pick<ProductRow, (typeof ANALYSIS_COLUMNS)[number]>;

type Executor = Pick<Db, 'select' | 'update' | 'execute'>;

export type ProductRepository = ReturnType<typeof createProductRepository>;

export function createProductRepository(db: Db) {
  const detailQuery = db
    .select(detailColumns)
    .from(products)
    .where(eq(products.id, sql.placeholder('id')))
    .prepare('product_detail');
  const detailPageQuery = db
    .select(detailColumns)
    .from(products)
    .where(gt(products.id, sql.placeholder('afterId')))
    .orderBy(asc(products.id))
    .limit(sql.placeholder('limit'))
    .prepare('product_detail_page');

  const searchDocQuery = () =>
    db
      .select({
        ...summaryColumns,
        categoryName: categories.name,
        subcategoryName: subcategories.name,
        ingredients: products.ingredients,
      })
      .from(products)
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .leftJoin(subcategories, eq(subcategories.id, products.subcategoryId))
      .leftJoin(sub2categories, eq(sub2categories.id, products.sub2categoryId));
  type SearchDocRow = Awaited<ReturnType<ReturnType<typeof searchDocQuery>['where']>>[number];
  const searchDocs = (rows: SearchDocRow[]) =>
    rows.map(({ categoryName, subcategoryName, ingredients, ...summary }) => ({
      summary,
      categoryName,
      ingredients,
      subcategoryNames: [subcategoryName, summary.sub2categoryName].filter((n): n is string => !!n),
    }));

  return {
    /**
     * A listing, whole, as ids in listing order: the products of a category or of a subcategory, optionally of one
     * sub-subcategory by name, each with its substitute family for "Solo mejores que X" (never served). Their
     * summaries come from the search index (`summariesByIds` for those it does not hold current).
     */
    listingEntries(
      parent: 'category' | 'subcategory',
      parentId: number,
      sub2Name: string | undefined,
    ): Promise<{ id: number; substituteFamily: string }[]> {
      const where: SQL[] = [eq(parent === 'category' ? products.categoryId : products.subcategoryId, parentId)];
      const columns = { id: products.id, substituteFamily: products.substituteFamily };
      if (!sub2Name) return db.select(columns).from(products).where(where[0]).orderBy(...listingOrder);
      return db
        .select(columns)
        .from(products)
        .innerJoin(sub2categories, eq(sub2categories.id, products.sub2categoryId))
        .where(and(...where, sql`lower(${sub2categories.name}) = lower(${sub2Name})`))
        .orderBy(...listingOrder);
    },

    /** These products' summaries (those that exist), in no particular order; a query per 5,000 ids. */
    async summariesByIds(ids: readonly number[]): Promise<ProductSummary[]> {
      const found: ProductSummary[] = [];
      for (let i = 0; i < ids.length; i += 5_000) {
        found.push(
          ...(await db
            .select(summaryColumns)
            .from(products)
            .leftJoin(categories, eq(categories.id, products.categoryId))
            .leftJoin(subcategories, eq(subcategories.id, products.subcategoryId))
            .leftJoin(sub2categories, eq(sub2categories.id, products.sub2categoryId))
            .where(inArray(products.id, ids.slice(i, i + 5_000)))),
        );
      }
      return found;
    },

    /**
     * The product page's stored fields in one primary-key read, no joins (the taxonomy names come from
     * product-detail.ts's copy). A prepared query: built once, planned once per connection on PostgreSQL.
     */
    findDetail: async (id: number): Promise<ProductDetailRow | null> => (await detailQuery.execute({ id }))[0] ?? null,

    /** A product's score and substitute family, for "Solo mejores que X"; null when there is no such product. */
    async scoreOf(id: number): Promise<{ healthScore: number | null; substituteFamily: string } | null> {
      const [row] = await db
        .select({ healthScore: products.healthScore, substituteFamily: products.substituteFamily })
        .from(products)
        .where(eq(products.id, id));
      return row ?? null;
    },

    /** The same, for every product a page at a time in id order (keyset), to write the pages to their file (ADR 029). */
    detailPage: (afterId: number, limit: number): Promise<ProductDetailRow[]> =>
      detailPageQuery.execute({ afterId, limit }),

    /** The same for a set of products, in one query. */
    detailsByIds: (ids: readonly number[]): Promise<ProductDetailRow[]> =>
      ids.length === 0 ? Promise.resolve([]) : db.select(detailColumns).from(products).where(inArray(products.id, [...ids])),

    async findRowById(id: number): Promise<ProductRow | null> {
      const rows = await db.select().from(products).where(eq(products.id, id)).limit(1);
      return rows[0] ?? null;
    },

    /** The row an admin edits, locked until the edit's transaction ends so simultaneous edits queue. */
    async lockForEdit(tx: CatalogueTx, id: number): Promise<ProductRow | null> {
      const [row] = await tx.select().from(products).where(eq(products.id, id)).for('update');
      return row ?? null;
    },

    /** The names of a product's category, subcategory and sub-subcategory (what search matches on). */
    async categoryNames(tx: Executor, row: Pick<ProductRow, 'categoryId' | 'subcategoryId' | 'sub2categoryId'>): Promise<string[]> {
      const names: string[] = [];
      if (row.categoryId) {
        const [c] = await tx.select({ n: categories.name }).from(categories).where(eq(categories.id, row.categoryId));
        if (c) names.push(c.n);
      }
      if (row.subcategoryId) {
        const [s] = await tx.select({ n: subcategories.name }).from(subcategories).where(eq(subcategories.id, row.subcategoryId));
        if (s) names.push(s.n);
      }
      if (row.sub2categoryId) {
        const [s] = await tx.select({ n: sub2categories.name }).from(sub2categories).where(eq(sub2categories.id, row.sub2categoryId));
        if (s) names.push(s.n);
      }
      return names;
    },

    /** A new product (one a shopper sent and an admin approved); its id. */
    async insertProduct(tx: Pick<Db, 'insert'>, values: typeof products.$inferInsert): Promise<number> {
      const [row] = await tx.insert(products).values(values).returning({ id: products.id });
      return row!.id;
    },

    async applyEdit(tx: CatalogueTx, id: number, set: Partial<ProductRow>): Promise<void> {
      await tx.update(products).set({ ...set, updatedAt: new Date() }).where(eq(products.id, id));
    },

    /** Whole rows in id order (keyset), for the re-score. */
    analysisPage: (afterId: number, limit: number): Promise<ProductRow[]> =>
      db.select().from(products).where(gt(products.id, afterId)).orderBy(asc(products.id)).limit(limit),

    /** Writes new analyses, many rows in one statement. */
    async updateAnalysis(tx: CatalogueTx, rows: readonly AnalysisUpdate[]): Promise<void> {
      if (rows.length > 0) await tx.execute(updateProductsById(ANALYSIS_COLUMNS, rows));
    },

    /** The product with any of these codes; inside a transaction when `exec` is one. */
    async findIdByBarcodes(barcodes: string[], exec: Executor = db): Promise<{ id: number; barcode: string } | null> {
      const rows = await exec
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
      return searchDocs(await searchDocQuery().where(gt(products.id, afterId)).orderBy(asc(products.id)).limit(limit));
    },

    /** The same for these products (those that exist). */
    async searchDocsByIds(ids: readonly number[]) {
      if (ids.length === 0) return [];
      return searchDocs(await searchDocQuery().where(inArray(products.id, [...ids])));
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
          categoryName: categories.name,
          subcategoryName: subcategories.name,
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
