import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import type pg from 'pg';
import { repoRoot } from '../src/config/env.ts';
import { queryRows, type Database } from '../src/db/client.ts';
import { products, syncRuns } from '../src/db/schema.ts';
import { createCatalogueWrites } from '../src/lib/catalogue-writes.ts';
import { createOffFileAdapter } from '../src/modules/off/adapters/off-file-adapter.ts';
import { syncSubstituteFamilies } from '../src/modules/catalogue-import/catalogue-import.repository.ts';
import type { RunSummary } from '../src/modules/sync/run-summary.ts';
import { createSyncService, SyncAlreadyRunningError, type SyncService } from '../src/modules/sync/sync.service.ts';
import { createSyncParts } from '../src/modules/sync/sync-parts.ts';
import { familyOf } from '../src/modules/catalogue-import/taxonomy.ts';
import { createTestDatabase, testDatabaseKind } from './helpers.ts';
import { catalogueSnapshot, countsAreTrue } from './sync-helpers.ts';

const FILE = path.join(repoRoot, '../shared/data/products/latam_es_lifyzer_off2019.jsonl');

type LifyzerRecord = {
  code: string;
  ingredients_lang_guess: string | null;
  [nutrient: string]: unknown;
};

describe(`importing the Latin-American OFF file (${testDatabaseKind})`, () => {
  const records = fs
    .readFileSync(FILE, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as LifyzerRecord);
  let database: Database;
  let service: SyncService;
  let first: RunSummary;

  beforeAll(async () => {
    database = await createTestDatabase();
    service = createSyncService({ parts: createSyncParts(database), adapter: createOffFileAdapter(FILE) });
    first = await service.run('bulk');
  });
  afterAll(() => database.close());

  it('inserts every record or rejects it with a reason', async () => {
    expect(first.status).toBe('success');
    expect(first.inserted + first.rejected).toBe(records.length);
    const [run] = await database.db.select().from(syncRuns).where(eq(syncRuns.id, first.runId));
    expect(run!.rejections).toHaveLength(first.rejected);
    expect(run!.rejections.every((r) => r.reason.length > 5)).toBe(true);
    const rejectedCodes = new Set(run!.rejections.map((r) => r.barcode));
    const [count] = await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM products`);
    expect(count!.n).toBe(first.inserted);
    const stored = new Set((await database.db.select({ b: products.barcode }).from(products)).map((r) => r.b));
    // Each record is in exactly one of the two places.
    expect(records.filter((r) => stored.has(r.code) === rejectedCodes.has(r.code))).toEqual([]);
  });

  it('puts at least 80 % of the products with Spanish ingredients and nutrients in a category, with a score', async () => {
    const core = ['fat_100g', 'saturated-fat_100g', 'sugars_100g', 'proteins_100g'];
    const eligible = records.filter(
      (r) => r.ingredients_lang_guess === 'es' && core.every((k) => r[k] !== null) && (r.salt_100g !== null || r.sodium_100g !== null),
    );
    const ready = new Set(
      (
        await queryRows<{ barcode: string }>(
          database.db,
          sql`SELECT barcode FROM products WHERE category_id IS NOT NULL AND health_score IS NOT NULL`,
        )
      ).map((r) => r.barcode),
    );
    const share = eligible.filter((r) => ready.has(r.code)).length / eligible.length;
    console.log(`categorised and scored: ${(share * 100).toFixed(1)} % of ${eligible.length} products with Spanish ingredients and nutrients`);
    expect(eligible.length).toBeGreaterThan(4000);
    expect(share).toBeGreaterThanOrEqual(0.8);
  });

  it('keeps category product counts true', async () => {
    expect(await countsAreTrue(database)).toEqual([]);
    const [desayuno] = await queryRows<{ product_count: number }>(database.db, sql`SELECT product_count FROM categories WHERE slug = 'desayuno'`);
    expect(desayuno!.product_count).toBeGreaterThan(100);
  });

  it('keeps products it cannot categorise, and lists them for admins', async () => {
    const listed = await service.repository.listUncategorized(10, 0);
    expect(listed.total).toBeGreaterThan(0);
    expect(listed.total).toBeLessThan(first.inserted * 0.2);
    expect(listed.items).toHaveLength(10);
  });

  it("stores each product's substitute family, the one of its shelf, and 'other' for those placed nowhere", async () => {
    const placed = await queryRows<{ barcode: string; family: string; sub: string | null; sub2: string | null }>(
      database.db,
      sql`SELECT p.barcode, p.substitute_family AS family, s.slug AS sub, s2.slug AS sub2
          FROM products p LEFT JOIN subcategories s ON s.id = p.subcategory_id
          LEFT JOIN sub2categories s2 ON s2.id = p.sub2category_id`,
    );
    const wrong = placed.filter(
      (r) => r.family !== familyOf(r.sub ? { category: '', subcategory: r.sub, ...(r.sub2 ? { sub2: r.sub2 } : {}) } : null),
    );
    expect(wrong).toEqual([]);
    const familyOfCode = new Map(placed.map((r) => [r.barcode, r.family]));
    // The misplaced products: a horsetail tea, coca leaves and a canary-seed drink were on the soda shelf.
    expect(familyOfCode.get('8412900401092')).toBe('coffee-tea-infusion');
    expect(familyOfCode.get('7707268170126')).toBe('coffee-tea-infusion');
    expect(familyOfCode.get('8422947900250')).toBe('plant-drink');
    expect(familyOfCode.get('7802900000578')).toBe('yogurt-fermented-milk');
    expect(familyOfCode.get('7501055321681')).toBe('soft-drink');
  });

  it('a start brings stored families back in line with the shelves, touching only the rows that differ', async () => {
    const sample = await database.db.select({ id: products.id, family: products.substituteFamily }).from(products).limit(30);
    await database.db.update(products).set({ substituteFamily: 'ice-cream' }).where(inArray(products.id, sample.map((r) => r.id)));
    const wrongBefore = sample.filter((r) => r.family !== 'ice-cream').length;
    expect(await createCatalogueWrites(database.db).write((tx) => syncSubstituteFamilies(tx))).toBe(wrongBefore);
    const after = await database.db.select({ id: products.id, family: products.substituteFamily }).from(products).where(inArray(products.id, sample.map((r) => r.id)));
    expect(new Map(after.map((r) => [r.id, r.family]))).toEqual(new Map(sample.map((r) => [r.id, r.family])));
    expect(await createCatalogueWrites(database.db).write((tx) => syncSubstituteFamilies(tx))).toBe(0);
  });

  it('running it again changes nothing', async () => {
    const before = await catalogueSnapshot(database);
    const updatedAt = await database.db.select({ b: products.barcode, u: products.updatedAt }).from(products).orderBy(products.barcode);
    const again = await service.run('bulk');
    expect(again).toMatchObject({ status: 'success', inserted: 0, updated: 0, unchanged: first.inserted, rejected: first.rejected });
    expect(await catalogueSnapshot(database)).toEqual(before);
    // Not even rewritten with the same values.
    expect(await database.db.select({ b: products.barcode, u: products.updatedAt }).from(products).orderBy(products.barcode)).toEqual(updatedAt);
  });

  it('an incremental run over the unchanged file reads nothing', async () => {
    expect(await service.run('incremental')).toMatchObject({ status: 'success', inserted: 0, updated: 0, unchanged: 0, rejected: 0 });
  });

  it('never overwrites the fields an admin edited, and re-scores with them', async () => {
    const [target] = await database.db.select().from(products).where(eq(products.barcode, '7800120169235'));
    expect(target!.name).toBe('Vivo Line');
    await database.db
      .update(products)
      .set({ name: 'Vivo Line (revisado)', totalSugarsG100: 40, proteinG100: 1, lockedFields: ['name', 'totalSugarsG100'] })
      .where(eq(products.id, target!.id));
    const run = await service.run('bulk');
    expect(run).toMatchObject({ updated: 1, inserted: 0 });
    const [after] = await database.db.select().from(products).where(eq(products.id, target!.id));
    expect(after).toMatchObject({ name: 'Vivo Line (revisado)', totalSugarsG100: 40, proteinG100: 6.8 });
    // The score follows the admin's 40 g of sugar, not the source's 3.5 g.
    expect(after!.healthScore).toBeLessThan(target!.healthScore!);
    expect(after!.searchText).toContain('revisado');
    expect(await countsAreTrue(database)).toEqual([]);
  });

  it('runs one sync at a time: a second one is refused while the first is going', async () => {
    const other = createSyncService({ parts: createSyncParts(database), adapter: createOffFileAdapter(FILE) });
    // Another connection (another process, as far as PostgreSQL knows) tries the advisory lock after the
    // first batch has committed, so the run is certainly holding it: many small batches are still to come.
    const lockFromElsewhere: { result?: Promise<boolean> } = {};
    const tryLockElsewhere = async () => {
      const client = await (database.db as unknown as { $client: pg.Pool }).$client.connect();
      try {
        const { rows } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock(7305228101) AS ok');
        if (rows[0]!.ok) await client.query('SELECT pg_advisory_unlock(7305228101)');
        return rows[0]!.ok;
      } finally {
        client.release();
      }
    };
    const first = createSyncService({
      parts: createSyncParts(database),
      adapter: createOffFileAdapter(FILE),
      batchSize: 200,
      onBatch: () => {
        if (database.kind === 'postgres') lockFromElsewhere.result ??= tryLockElsewhere();
      },
    });
    const running = first.run('bulk');
    await expect(first.run('incremental')).rejects.toBeInstanceOf(SyncAlreadyRunningError);
    await expect(other.start('bulk')).resolves.toMatchObject({ started: false, message: 'Ya hay una sincronización en curso' });
    expect((await running).status).toBe('success');
    if (database.kind === 'postgres') expect(await lockFromElsewhere.result).toBe(false);
    await expect(other.run('incremental')).resolves.toMatchObject({ status: 'success' });
  });
});
