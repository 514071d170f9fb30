import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { products, syncRuns } from '../src/db/schema.ts';
import { createOffFileAdapter } from '../src/modules/off/adapters/off-file-adapter.ts';
import { createSyncService } from '../src/modules/sync/sync.service.ts';
import { createSyncParts } from '../src/modules/sync/sync-parts.ts';
import { buildTestApp, createTestDatabase, testDatabaseKind } from './helpers.ts';

const record = (code: string, name: string, extra: object = {}) => ({
  code,
  product_name: name,
  brands: 'Marca',
  ingredients_text: 'leche, azúcar',
  nutriments: { fat_100g: 3, 'saturated-fat_100g': 2, carbohydrates_100g: 5, sugars_100g: 5, proteins_100g: 3, salt_100g: 0.1 },
  ...extra,
});

describe(`a sync no bad record can stop (${testDatabaseKind})`, () => {
  let database: Database;
  let dir: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ec-poison-'));
  });
  afterAll(async () => {
    await database.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  const importRecords = async (name: string, records: object[]) => {
    const file = path.join(dir, name);
    // JSON.stringify writes NUL as \u0000 and a lone surrogate as \ud800: exactly what OFF's export can hold.
    await fs.writeFile(file, records.map((r) => JSON.stringify(r)).join('\n'));
    return createSyncService({ parts: createSyncParts(database), adapter: createOffFileAdapter(file), batchSize: 10 }).run('bulk');
  };

  it('NUL bytes and lone surrogates in the middle of a file are removed, and every record is imported', async () => {
    const summary = await importRecords('poison.jsonl', [
      record('7801000000101', 'Leche uno'),
      record('7801000000102', 'Le\u0000che dos', { ingredients_text: 'leche\u0000, azúcar\u0007' }),
      record('7801000000103', 'Leche tres', { brands: 'Mar\ud800ca', generic_name: '\udc00' }),
      record('7801000000104', 'Leche cuatro'),
    ]);
    expect(summary).toMatchObject({ status: 'success', inserted: 4, rejected: 0 });
    const rows = await database.db
      .select({ barcode: products.barcode, name: products.name, brand: products.brand, ingredients: products.ingredients })
      .from(products)
      .where(inArray(products.barcode, ['7801000000102', '7801000000103']))
      .orderBy(products.barcode);
    expect(rows).toEqual([
      { barcode: '7801000000102', name: 'Leche dos', brand: 'Marca', ingredients: 'leche, azúcar' },
      { barcode: '7801000000103', name: 'Leche tres', brand: 'Marca', ingredients: 'leche, azúcar' },
    ]);
  });

  it('a record the database refuses is rejected alone with the reason, and the rest of its batch is written', async () => {
    // A real refusal from the database: a trigger that rejects one barcode.
    await database.db.execute(sql`
      CREATE FUNCTION refuse_one() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.barcode = '7801000000203' THEN RAISE EXCEPTION 'valor rechazado por la base de datos'; END IF;
        RETURN NEW;
      END $$`);
    await database.db.execute(sql`CREATE TRIGGER refuse_one BEFORE INSERT OR UPDATE ON products FOR EACH ROW EXECUTE FUNCTION refuse_one()`);
    try {
      const codes = Array.from({ length: 6 }, (_, i) => `780100000020${i + 1}`);
      const summary = await importRecords('refused.jsonl', codes.map((c) => record(c, `Yogur ${c}`)));
      expect(summary).toMatchObject({ status: 'success', inserted: 5, rejected: 1 });
      const stored = await database.db.select({ b: products.barcode }).from(products).where(inArray(products.barcode, codes));
      expect(stored.map((r) => r.b).sort()).toEqual(codes.filter((c) => c !== '7801000000203'));
      const [run] = await database.db.select().from(syncRuns).where(eq(syncRuns.id, summary.runId));
      expect(run!.rejections).toEqual([
        { barcode: null, reason: expect.stringMatching(/^No se pudo guardar el producto 7801000000203: .*valor rechazado/) },
      ]);
    } finally {
      await database.db.execute(sql`DROP TRIGGER refuse_one ON products`);
      await database.db.execute(sql`DROP FUNCTION refuse_one()`);
    }
  });
});

describe(`a run left 'running' by a process that died (${testDatabaseKind})`, () => {
  it('is marked failed when the server starts, keeping its cursor to resume from', async () => {
    const t = await buildTestApp();
    try {
      const [dead] = await t.database.db
        .insert(syncRuns)
        .values({ kind: 'bulk', source: 'file:/tmp/x.jsonl', status: 'running', cursor: '41' })
        .returning();
      await t.app.services.sync.startScheduler();
      const [after] = await t.database.db.select().from(syncRuns).where(eq(syncRuns.id, dead!.id));
      expect(after).toMatchObject({ status: 'failed', cursor: '41', error: expect.stringMatching(/se detuvo/) });
      expect(after!.finishedAt).not.toBeNull();
    } finally {
      await t.close();
    }
  });
});
