import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HealthResponse, DubiousResponse, SyncRun, SyncStatus, UncategorizedResponse } from '@etiqueta/contracts';
import { buildTestApp, testDatabaseKind, type TestApp } from './helpers.ts';
import { signedInAs } from './fixtures.ts';
import { offExportFile, syncFinished, type OffExportFile } from './sync-helpers.ts';

/**
 * A small OFF export: good records, one without a barcode, one impossible, one nothing can categorise, and a
 * barcode given twice (the later record wins).
 */
const RECORDS = [
  { code: '7801000000011', product_name: 'Leche', ingredients_text: 'leche' },
  { code: '7801000000011', product_name: 'Leche entera', ingredients_text: 'leche entera', nutriments: { fat_100g: 3, 'saturated-fat_100g': 2, carbohydrates_100g: 5, sugars_100g: 5, proteins_100g: 3, salt_100g: 0.1 } },
  { code: '7801000000028', product_name: 'Galletas de chocolate', ingredients_text: 'harina de trigo, azúcar, cacao', nutriments: { fat_100g: 20, 'saturated-fat_100g': 9, carbohydrates_100g: 65, sugars_100g: 30, proteins_100g: 6, salt_100g: 0.6 } },
  { code: '7801000000035', product_name: 'Zzyzx', ingredients_text: 'contiene trazas', nutriments: {} },
  { code: '', product_name: 'Sin código' },
  { code: '7801000000042', product_name: 'Azúcar imposible', nutriments: { sugars_100g: 300 } },
];

describe(`the data-lake admin endpoints (${testDatabaseKind})`, () => {
  let t: TestApp;
  let source: OffExportFile;
  let admin: string;
  let user: string;

  beforeAll(async () => {
    source = await offExportFile(RECORDS, 'ec-sync-routes-');
    t = await buildTestApp(source.env);
    admin = await signedInAs(t.app, t.database.db, 'admin@example.cl', 'admin');
    user = await signedInAs(t.app, t.database.db, 'beta@example.cl', 'user');
  });
  afterAll(async () => {
    await t.close();
    await source.remove();
  });

  const call = (method: 'GET' | 'POST', url: string, cookie?: string) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {} });


  it('is for admins only, checked on the server, with Spanish errors', async () => {
    for (const [method, url] of [
      ['GET', '/api/sync/status'],
      ['POST', '/api/sync/test-connection'],
      ['POST', '/api/sync/bulk'],
      ['POST', '/api/sync/incremental'],
      ['GET', '/api/sync/runs'],
      ['GET', '/api/sync/uncategorized'],
      ['GET', '/api/sync/dubious'],
    ] as const) {
      const anonymous = await call(method, url);
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      expect(anonymous.json()).toMatchObject({ code: 'UNAUTHORIZED', message: 'Debes iniciar sesión' });
      const member = await call(method, url, user);
      expect(member.statusCode, `${method} ${url}`).toBe(403);
      expect(member.json()).toMatchObject({ code: 'FORBIDDEN', message: expect.stringMatching(/permiso/) });
    }
  });

  it('reports the status before any sync, and tests the connection to the source', async () => {
    const status = (await call('GET', '/api/sync/status', admin)).json<SyncStatus>();
    expect(status).toMatchObject({
      initialized: true,
      // The scheduler never runs in tests.
      realtimeSyncActive: false,
      lastBulkSync: null,
      lastIncrementalSync: null,
      running: false,
      message: 'El catálogo aún no se ha sincronizado',
      lastSuccess: null,
      nextRun: null,
      alert: null,
    });
    expect(status.source).toMatch(/^file:.*off\.jsonl$/);
    expect((await call('GET', '/api/health')).json<HealthResponse>().catalogue).toEqual({ products: 0, lastSyncAt: null, lastSyncKind: null, ageHours: null });
    const connection = await call('POST', '/api/sync/test-connection', admin);
    expect(connection.json()).toMatchObject({ connected: true, message: expect.stringMatching(/^Archivo off\.jsonl disponible/) });
  });

  it('starts a bulk run in the background, refuses a second one meanwhile, and records the result', async () => {
    const started = await call('POST', '/api/sync/bulk', admin);
    expect(started.statusCode).toBe(200);
    expect(started.json()).toEqual({ success: true, message: 'Sincronización completa iniciada' });
    const again = await call('POST', '/api/sync/incremental', admin);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'SYNC_ALREADY_RUNNING', message: 'Ya hay una sincronización en curso' });
    await syncFinished(t.app, admin);

    const status = (await call('GET', '/api/sync/status', admin)).json<SyncStatus>();
    expect(status.lastBulkSync).not.toBeNull();
    expect(status.message).toBe('Catálogo con 3 productos');
    // Where the catalogue really came from: this file, named as the run recorded it.
    expect(status.lastSuccess).toEqual({ at: status.lastBulkSync, kind: 'bulk', source: status.source });
    expect(status.alert).toBeNull();
    // Health follows the catalogue from memory, read again as the run ends.
    let catalogue = (await call('GET', '/api/health')).json<HealthResponse>().catalogue;
    for (let i = 0; i < 50 && catalogue.lastSyncKind === null; i++) {
      await new Promise((r) => setTimeout(r, 20));
      catalogue = (await call('GET', '/api/health')).json<HealthResponse>().catalogue;
    }
    expect(catalogue).toEqual({ products: 3, lastSyncAt: expect.any(String), lastSyncKind: 'bulk', ageHours: 0 });

    const { runs } = (await call('GET', '/api/sync/runs', admin)).json<{ runs: SyncRun[] }>();
    expect(runs[0]).toMatchObject({ kind: 'bulk', status: 'success', inserted: 3, rejected: 2, updated: 0, unchanged: 1, error: null });
    expect(runs[0]!.rejections).toEqual([
      { barcode: null, reason: 'Sin código de barras' },
      { barcode: '7801000000042', reason: 'Valor imposible de azúcares: 300 g por 100 g' },
    ]);
  });

  it('lists the products it could not categorise', async () => {
    const res = await call('GET', '/api/sync/uncategorized?limit=10', admin);
    expect(res.json<UncategorizedResponse>()).toEqual({
      total: 1,
      items: [{ id: expect.any(Number), barcode: '7801000000035', name: 'Zzyzx', brand: '' }],
    });
    expect((await call('GET', '/api/sync/uncategorized?limit=0', admin)).json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('an incremental run right after finds nothing new', async () => {
    expect((await call('POST', '/api/sync/incremental', admin)).json()).toEqual({
      success: true,
      message: 'Sincronización incremental iniciada',
    });
    await syncFinished(t.app, admin);
    const { runs } = (await call('GET', '/api/sync/runs?limit=1', admin)).json<{ runs: SyncRun[] }>();
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ kind: 'incremental', status: 'success', inserted: 0, updated: 0, rejected: 0 });
    expect((await call('GET', '/api/sync/status', admin)).json<SyncStatus>().lastIncrementalSync).not.toBeNull();
  });

  it('the categories the taxonomy seeded count the imported products', async () => {
    const res = await t.app.inject({ url: '/api/categories', headers: { cookie: admin } });
    const categories = res.json<{ slug: string; productCount: number; icon: string | null }[]>();
    expect(categories.find((c) => c.slug === 'desayuno')).toMatchObject({ productCount: 1, icon: 'coffee' });
    expect(categories.find((c) => c.slug === 'chocolates-galletas-y-dulces')).toMatchObject({ productCount: 1 });
    expect(categories.find((c) => c.slug === 'bebidas')).toMatchObject({ productCount: 0 });
  });

  it('lists the products whose label contradicts itself, with the reason, and leaves them unscored', async () => {
    expect((await call('GET', '/api/sync/dubious', admin)).json<DubiousResponse>()).toEqual({ total: 0, items: [] });
    const zero = { 'energy-kcal_100g': 0, fat_100g: 0, 'saturated-fat_100g': 0, carbohydrates_100g: 0, sugars_100g: 0, proteins_100g: 0, salt_100g: 0 };
    const manjar = { code: '7801000000059', product_name: 'Manjar', ingredients_text: 'leche, azúcar', nutriments: zero };
    await fs.appendFile(source.file, `\n${JSON.stringify(manjar)}`);
    await call('POST', '/api/sync/incremental', admin);
    await syncFinished(t.app, admin);

    const res = (await call('GET', '/api/sync/dubious?limit=10', admin)).json<DubiousResponse>();
    expect(res).toEqual({
      total: 1,
      items: [{ id: expect.any(Number), barcode: '7801000000059', name: 'Manjar', brand: '', issues: ['todos los nutrientes están en 0'] }],
    });
    const page = await t.app.inject({ url: `/api/products/${res.items[0]!.id}`, headers: { cookie: user } });
    expect(page.json()).toMatchObject({ healthScore: null, seals: [] });
    expect((await call('GET', '/api/sync/dubious?offset=-1', admin)).json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  });
});
