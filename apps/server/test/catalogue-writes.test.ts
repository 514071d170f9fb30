import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product, SearchResponse } from '@etiqueta/contracts';
import { buildTestApp, testDatabaseKind, type TestApp } from './helpers.ts';
import { signedInAs } from './fixtures.ts';
import { offExportFile, syncFinished, type OffExportFile } from './sync-helpers.ts';
import type { CatalogueTx } from '../src/lib/catalogue-writes.ts';
import { seedAdditives } from '../src/modules/additives/additive.repository.ts';

const record = (name: string, ingredients: string) => ({
  code: '7801000000998',
  product_name: name,
  ingredients_text: ingredients,
  countries_tags: ['en:chile'],
  categories_tags: ['en:biscuits'],
  nutriments: { fat_100g: 20, 'saturated-fat_100g': 9, carbohydrates_100g: 65, sugars_100g: 30, proteins_100g: 6, salt_100g: 0.6 },
});

/**
 * Every writer of the catalogue — the sync, an admin's edit, the re-score after an additive change — goes through
 * the one write path, which signals after commit: search and the product page show each change at once (on
 * PGlite the pages are kept in a file, so a writer that forgot to signal would leave them stale for good).
 */
describe(`every catalogue write reaches search and the product page (${testDatabaseKind})`, () => {
  let t: TestApp;
  let source: OffExportFile;
  let admin: string;
  let reader: string;
  let id: number;

  beforeAll(async () => {
    source = await offExportFile([record('Galletas Trigal', 'harina de trigo, azúcar, cacao')], 'ec-writes-');
    t = await buildTestApp(source.env);
    admin = await signedInAs(t.app, t.database.db, 'admin-escrituras@example.cl', 'admin');
    reader = await signedInAs(t.app, t.database.db, 'lector-escrituras@example.cl');
  });
  afterAll(async () => {
    await t.close();
    await source.remove();
  });

  const get = (url: string) => t.app.inject({ url, headers: { cookie: reader } });
  const page = async () => (await get(`/api/products/${id}`)).json<Product>();
  /** Search rebuilds in the background after a change: wait for it (bounded), then read. */
  const searchFinds = async (q: string) => {
    for (let i = 0; i < 200; i++) {
      const found = (await get(`/api/v1/search?q=${encodeURIComponent(q)}`)).json<SearchResponse>().results;
      if (found.some((p) => p.barcode === '7801000000998')) return found.find((p) => p.barcode === '7801000000998')!;
      await new Promise((r) => setTimeout(r, 25));
    }
    return null;
  };
  async function syncNow() {
    const started = await t.app.inject({ method: 'POST', url: '/api/sync/bulk', headers: { cookie: admin } });
    expect(started.statusCode).toBe(200);
    await syncFinished(t.app, admin);
  }

  it('a sync: a new product and then its new name', async () => {
    await syncNow();
    const found = await searchFinds('trigal');
    expect(found?.name).toBe('Galletas Trigal');
    id = found!.id;
    // Read once so a page in memory exists, then change it at the source.
    expect((await page()).name).toBe('Galletas Trigal');
    await source.write([record('Galletas Trigal Cacao', 'harina de trigo, azúcar, cacao')]);
    await syncNow();
    expect((await page()).name).toBe('Galletas Trigal Cacao');
    expect((await searchFinds('trigal cacao'))?.name).toBe('Galletas Trigal Cacao');
  });

  it("an admin's edit", async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/products/${id}`,
      headers: { cookie: admin },
      payload: { name: 'Galletas Trigal Integral' },
    });
    expect(res.statusCode).toBe(200);
    expect((await page()).name).toBe('Galletas Trigal Integral');
    expect((await searchFinds('integral'))?.name).toBe('Galletas Trigal Integral');
  });

  it('the re-score after an additive is added', async () => {
    expect((await page()).detectedAdditives.map((a) => a.name)).not.toContain('Cacao de prueba');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/additives',
      headers: { cookie: admin },
      payload: { name: 'Cacao de prueba', code: 'E9999', riskLevel: 'Riesgoso', alternativeNames: ['cacao'] },
    });
    expect(res.statusCode).toBe(201);
    await t.app.services.rescore.idle();
    expect((await page()).detectedAdditives.map((a) => a.name)).toContain('Cacao de prueba');
    const found = await searchFinds('integral');
    for (let i = 0; i < 200 && !found?.detectedAdditives.some((a) => a.name === 'Cacao de prueba'); i++) {
      await new Promise((r) => setTimeout(r, 25));
      Object.assign(found!, await searchFinds('integral'));
    }
    expect(found?.detectedAdditives.map((a) => a.name)).toContain('Cacao de prueba');
  });

  it('a catalogue write method takes only the transaction the write path hands out: the plain database does not compile there', async () => {
    const writer: (tx: CatalogueTx) => Promise<unknown> = seedAdditives;
    // @ts-expect-error the plain database is not a catalogue transaction (the typecheck fails if it ever is)
    const plain: CatalogueTx = t.database.db;
    expect(plain).toBe(t.database.db);
    // Through the write path it runs: the table already follows the catalogue, so nothing is inserted or updated.
    expect(await t.app.services.catalogue.write((tx) => writer(tx))).toMatchObject({ inserted: 0, updated: 0 });
  });
});
