import { eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { queryRows, type Database, type Db } from '../../db/client.ts';
import { categories, products, sub2categories, subcategories } from '../../db/schema.ts';
import type { CatalogueTx } from '../../lib/catalogue-writes.ts';
import { columnsOf, SOURCE_COLUMNS, WRITE_COLUMNS, type SourceColumn, type WriteColumn } from '../products/product-columns.ts';
import { iconForCategory } from './category-icons.ts';
import { familyOf, TAXONOMY } from './taxonomy.ts';

/** A transaction or the database itself: both run queries the same way. */
type Executor = Pick<Db, 'execute' | 'select' | 'update' | 'insert'>;

export type ProductRow = typeof products.$inferSelect;

/** The product columns an import writes (everything but identity, locks and timestamps). */
export type ProductWrite = Pick<ProductRow, WriteColumn>;

/** A stored product as a sync batch reads it: identity, locks and source columns (plus the score version). */
const existingColumns = columnsOf(['id', 'lockedFields', 'scoreVersion', ...SOURCE_COLUMNS]);
export type ExistingRow = Pick<ProductRow, 'id' | 'lockedFields' | 'scoreVersion' | SourceColumn>;

/** Rows per INSERT: PostgreSQL takes at most 65,535 parameters in one statement. */
const ROWS_PER_INSERT = Math.floor(60_000 / WRITE_COLUMNS.length);

/** ON CONFLICT (barcode) DO UPDATE: every written column from the new row, and the time. */
const upsertSet = {
  ...Object.fromEntries(
    WRITE_COLUMNS.filter((key) => key !== 'barcode').map((key) => [key, sql.raw(`excluded.${getTableColumns(products)[key].name}`)]),
  ),
  updatedAt: sql`now()`,
};

/**
 * Brings every stored product's substitute family in line with its shelf (taxonomy.ts), in three statements that
 * touch only rows whose family differs: the products of a sub-subcategory, those of a subcategory without one,
 * and those placed nowhere ('other'). Run at every start, so rows written before the column existed, or before
 * a shelf moved to another family, follow at once; the sync writes the family with each product it places.
 */
export async function syncSubstituteFamilies(tx: CatalogueTx): Promise<number> {
  const bySub2 = TAXONOMY.flatMap((c) =>
    c.subcategories.flatMap((s) => s.sub2.map((x) => ({ sub: s.slug, sub2: x.slug, family: familyOf({ category: c.slug, subcategory: s.slug, sub2: x.slug }) }))),
  );
  const bySub = TAXONOMY.flatMap((c) => c.subcategories.map((s) => ({ sub: s.slug, family: familyOf({ category: c.slug, subcategory: s.slug }) })));
  // One after the other: a transaction is one connection, which runs one query at a time.
  const updated = [
    await queryRows<{ id: number }>(tx, sql`
      UPDATE products p SET substitute_family = f.family
      FROM jsonb_to_recordset(${JSON.stringify(bySub2)}::jsonb) AS f(sub text, sub2 text, family text)
        JOIN subcategories s ON s.slug = f.sub
        JOIN sub2categories s2 ON s2.subcategory_id = s.id AND s2.slug = f.sub2
      WHERE p.sub2category_id = s2.id AND p.substitute_family <> f.family
      RETURNING p.id`),
    await queryRows<{ id: number }>(tx, sql`
      UPDATE products p SET substitute_family = f.family
      FROM jsonb_to_recordset(${JSON.stringify(bySub)}::jsonb) AS f(sub text, family text)
        JOIN subcategories s ON s.slug = f.sub
      WHERE p.subcategory_id = s.id AND p.sub2category_id IS NULL AND p.substitute_family <> f.family
      RETURNING p.id`),
    await queryRows<{ id: number }>(tx, sql`
      UPDATE products SET substitute_family = 'other'
      WHERE subcategory_id IS NULL AND substitute_family <> 'other'
      RETURNING id`),
  ];
  return updated.reduce((n, list) => n + list.length, 0);
}

export type TaxonomyIds = {
  categories: Map<string, { id: number; name: string }>;
  subcategories: Map<string, { id: number; name: string; categorySlug: string }>;
  /** Keyed "subcategorySlug:sub2Slug". */
  sub2categories: Map<string, { id: number; name: string }>;
};

/** The catalogue's side of an import: our taxonomy's rows, and products read, upserted and counted in a batch. */
export function createCatalogueImportRepository(database: Database) {
  const { db } = database;
  return {
    /**
     * Inserts or renames our taxonomy's categories; counts are left alone. Runs at the start of every sync
     * (and at server start), so a taxonomy change in code reaches the database without a migration.
     */
    async seedTaxonomy(tx: CatalogueTx): Promise<TaxonomyIds> {
      const catValues = TAXONOMY.map((c) => ({ slug: c.slug, name: c.name, icon: iconForCategory(c.name) }));
      await tx
        .insert(categories)
        .values(catValues)
        .onConflictDoUpdate({ target: categories.slug, set: { name: sql`excluded.name`, icon: sql`excluded.icon` } });
      const catIds = new Map((await tx.select({ id: categories.id, slug: categories.slug }).from(categories)).map((r) => [r.slug, r.id]));
      const subValues = TAXONOMY.flatMap((c) =>
        c.subcategories.map((s) => ({ slug: s.slug, name: s.name, categoryId: catIds.get(c.slug) ?? 0 })),
      );
      await tx
        .insert(subcategories)
        .values(subValues)
        .onConflictDoUpdate({
          target: subcategories.slug,
          set: { name: sql`excluded.name`, categoryId: sql`excluded.category_id` },
        });
      const subIds = new Map(
        (await tx.select({ id: subcategories.id, slug: subcategories.slug }).from(subcategories)).map((r) => [r.slug, r.id]),
      );
      const sub2Values = TAXONOMY.flatMap((c) =>
        c.subcategories.flatMap((s) => s.sub2.map((x) => ({ slug: x.slug, name: x.name, subcategoryId: subIds.get(s.slug) ?? 0 }))),
      );
      await tx
        .insert(sub2categories)
        .values(sub2Values)
        .onConflictDoUpdate({
          target: [sub2categories.subcategoryId, sub2categories.slug],
          set: { name: sql`excluded.name` },
        });
      return this.loadTaxonomyIds(tx);
    },

    async loadTaxonomyIds(exec: Executor = db): Promise<TaxonomyIds> {
      const cats = await exec.select({ id: categories.id, slug: categories.slug, name: categories.name }).from(categories);
      const subs = await exec
        .select({ id: subcategories.id, slug: subcategories.slug, name: subcategories.name, categorySlug: categories.slug })
        .from(subcategories)
        .innerJoin(categories, eq(categories.id, subcategories.categoryId));
      const sub2s = await exec
        .select({ id: sub2categories.id, slug: sub2categories.slug, name: sub2categories.name, subSlug: subcategories.slug })
        .from(sub2categories)
        .innerJoin(subcategories, eq(subcategories.id, sub2categories.subcategoryId));
      return {
        categories: new Map(cats.map((c) => [c.slug, { id: c.id, name: c.name }])),
        subcategories: new Map(subs.map((s) => [s.slug, { id: s.id, name: s.name, categorySlug: s.categorySlug }])),
        sub2categories: new Map(sub2s.map((s) => [`${s.subSlug}:${s.slug}`, { id: s.id, name: s.name }])),
      };
    },

    /**
     * The rows a batch is about to touch, locked so an admin edit cannot interleave with the merge. Only the
     * source columns: the computed JSON is large and is never compared.
     */
    async findForUpdate(tx: CatalogueTx, barcodes: readonly string[]): Promise<ExistingRow[]> {
      if (barcodes.length === 0) return [];
      return tx.select(existingColumns).from(products).where(inArray(products.barcode, [...barcodes])).for('update');
    },

    /** INSERT … ON CONFLICT (barcode) DO UPDATE for the batch; returns the ids written. */
    /** The stored product with this exact barcode, read in the writer's transaction. */
    async findIdByBarcode(tx: Executor, barcode: string): Promise<{ id: number; barcode: string } | null> {
      const [row] = await tx.select({ id: products.id, barcode: products.barcode }).from(products).where(eq(products.barcode, barcode));
      return row ?? null;
    },

    async upsertProducts(tx: CatalogueTx, writes: readonly ProductWrite[]): Promise<number[]> {
      const ids: number[] = [];
      for (let i = 0; i < writes.length; i += ROWS_PER_INSERT) {
        const written = await tx
          .insert(products)
          .values(writes.slice(i, i + ROWS_PER_INSERT).map((w) => ({ ...w, updatedAt: sql`now()` })))
          .onConflictDoUpdate({ target: products.barcode, set: upsertSet })
          .returning({ id: products.id });
        for (const row of written) ids.push(row.id);
      }
      return ids;
    },

    /** Moves category counts by the batch's net change, in the batch's transaction, so they are always true. */
    async applyCountDeltas(
      tx: CatalogueTx,
      deltas: { categories: Map<number, number>; subcategories: Map<number, number>; sub2categories: Map<number, number> },
    ): Promise<void> {
      const apply = async (table: 'categories' | 'subcategories' | 'sub2categories', map: Map<number, number>) => {
        const list = [...map].filter(([, d]) => d !== 0).map(([id, delta]) => ({ id, delta }));
        if (list.length === 0) return;
        await tx.execute(sql`
          UPDATE ${sql.raw(table)} t SET product_count = t.product_count + d.delta
          FROM json_to_recordset(${JSON.stringify(list)}::json) AS d(id integer, delta integer)
          WHERE t.id = d.id`);
      };
      await apply('categories', deltas.categories);
      await apply('subcategories', deltas.subcategories);
      await apply('sub2categories', deltas.sub2categories);
    },

    /** Recounts every category from the products table: heals any drift (admin deletes, moved products). */
    async recountCategories(tx: CatalogueTx): Promise<void> {
      await tx.execute(sql`
        UPDATE categories c SET product_count = coalesce(x.n, 0)
        FROM categories c2 LEFT JOIN (SELECT category_id, count(*)::int AS n FROM products GROUP BY category_id) x
          ON x.category_id = c2.id
        WHERE c.id = c2.id AND c.product_count IS DISTINCT FROM coalesce(x.n, 0)`);
      await tx.execute(sql`
        UPDATE subcategories c SET product_count = coalesce(x.n, 0)
        FROM subcategories c2 LEFT JOIN (SELECT subcategory_id, count(*)::int AS n FROM products GROUP BY subcategory_id) x
          ON x.subcategory_id = c2.id
        WHERE c.id = c2.id AND c.product_count IS DISTINCT FROM coalesce(x.n, 0)`);
      await tx.execute(sql`
        UPDATE sub2categories c SET product_count = coalesce(x.n, 0)
        FROM sub2categories c2 LEFT JOIN (SELECT sub2category_id, count(*)::int AS n FROM products GROUP BY sub2category_id) x
          ON x.sub2category_id = c2.id
        WHERE c.id = c2.id AND c.product_count IS DISTINCT FROM coalesce(x.n, 0)`);
    },
  };
}

export type CatalogueImportRepository = ReturnType<typeof createCatalogueImportRepository>;
