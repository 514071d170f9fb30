import zlib from 'node:zlib';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { queryRows, type Database } from '../src/db/client.ts';
import { products, syncRuns } from '../src/db/schema.ts';
import type { ReadProgress } from '../src/modules/off/adapters/data-lake-adapter.ts';
import { createOffExportAdapter, parseDeltaIndex } from '../src/modules/off/adapters/off-export-adapter.ts';
import { fetchOff, OFF_USER_AGENT, parseRetryAfter } from '../src/modules/off/adapters/off-http.ts';
import { createSyncService, type SyncServiceOptions } from '../src/modules/sync/sync.service.ts';
import { createSyncParts } from '../src/modules/sync/sync-parts.ts';
import type { SyncStatus } from '@etiqueta/contracts';
import {
  chilean,
  CL,
  DAY,
  deltaName,
  doc,
  EXPORT,
  foreign,
  jsonl,
  LEGACY,
  startFakeOffFiles,
  STORED_1003,
  T0,
  type FakeOffFiles,
} from './fake-off-files.ts';
import { signedInAs } from './fixtures.ts';
import { buildTestApp, createTestDatabase, testDatabaseKind } from './helpers.ts';
import { catalogueSnapshot, countsAreTrue } from './sync-helpers.ts';

describe(`OFF's export and delta files, from a local server in OFF's formats (${testDatabaseKind})`, () => {
  let off: FakeOffFiles;
  let base: string;
  const databases: Database[] = [];
  let routes: FakeOffFiles['routes'];
  let failures: FakeOffFiles['failures'];
  let served: FakeOffFiles['served'];
  let publishExport: FakeOffFiles['publishExport'];
  let publishDeltas: FakeOffFiles['publishDeltas'];

  beforeAll(async () => {
    off = await startFakeOffFiles();
    ({ base, routes, failures, served, publishExport, publishDeltas } = off);
  });
  afterAll(() => off.close());
  beforeEach(() => off.reset());
  afterEach(async () => {
    for (const d of databases.splice(0)) await d.close();
  });

  const adapter = (checkpointLines = 1000) =>
    createOffExportAdapter({
      exportUrl: `${base}${EXPORT}`,
      deltaUrl: `${base}/data/delta`,
      http: { backoffMs: 5 },
      checkpointLines,
    });

  async function setup(extra: Partial<SyncServiceOptions> = {}) {
    const database = await createTestDatabase();
    databases.push(database);
    const service = createSyncService({ parts: createSyncParts(database), adapter: adapter(), ...extra });
    return { database, service };
  }

  const names = async (database: Database) =>
    Object.fromEntries(
      (await queryRows<{ barcode: string; name: string }>(database.db, sql`SELECT barcode, name FROM products ORDER BY barcode`)).map((r) => [r.barcode, r.name]),
    );

  const allChilean = [chilean.stored, chilean.v36, chilean.legacy, chilean.rejected];

  it('a full run streams the export, keeps only the products sold in Chile, in every schema, and reports its progress', async () => {
    const body = publishExport([...foreign, ...allChilean], { filler: 3000, broken: true });
    const seen: ReadProgress[] = [];
    const { database, service } = await setup({
      progressEveryMs: 0,
      onProgress: (p) => seen.push({ ...p }),
    });
    const summary = await service.run('bulk');
    expect(summary).toMatchObject({ status: 'success', kind: 'bulk', source: 'off', inserted: 3, rejected: 2 });
    expect(await names(database)).toEqual({
      '7801000000011': 'Yogur guardado 1003',
      '7801000000028': 'Galletas 1004',
      '7801000000035': 'Bebida legado',
    });
    // The nutrients of every shape: 1003 aggregated set, 1004, legacy flat nutriments.
    const rows = await database.db.select().from(products);
    for (const row of rows) expect(row).toMatchObject({ totalSugarsG100: 9.5, carbohydratesG100: 10.5, source: 'off' });
    const [run] = await database.db.select().from(syncRuns).where(eq(syncRuns.id, summary.runId));
    expect(run!.rejections).toEqual(
      expect.arrayContaining([
        { barcode: '7801000000042', reason: 'Azúcares (12.5 g) mayores que los hidratos de carbono (10.5 g)' },
        { barcode: null, reason: expect.stringMatching(/^openfoodfacts-products\.jsonl\.gz: Línea 3: JSON no válido$/) },
      ]),
    );
    // One download, with OFF's User-Agent.
    expect(served.filter((s) => s.path === EXPORT)).toEqual([expect.objectContaining({ method: 'GET', userAgent: OFF_USER_AGENT })]);
    const last = seen.at(-1)!;
    expect(last).toMatchObject({ bytesRead: body.length, bytesTotal: body.length, recordsRead: 3000 + 7, recordsKept: 4, recordsProcessed: 5 });
    expect(seen.some((p) => p.recordsRead > 0 && p.recordsRead < 3007)).toBe(true);
    // The watermark is the export's date: the next incremental run starts with the deltas that end after it.
    expect(await service.repository.lastWatermark('off')).toEqual(new Date(T0 * 1000));
    expect(await countsAreTrue(database)).toEqual([]);
  });

  it("keeps OFF's allergen, trace and diet tags of each stored document, and reads them with the list into allergens and diets", async () => {
    publishExport(allChilean);
    const { database, service } = await setup();
    expect(await service.run('bulk')).toMatchObject({ status: 'success', inserted: 3 });
    const rows = await database.db
      .select({ barcode: products.barcode, tags: products.offAllergenTags, allergens: products.allergens, diets: products.diets })
      .from(products)
      .orderBy(products.barcode);
    const byCode = Object.fromEntries(rows.map((r) => [r.barcode, r]));
    // The stored document (schema 1003): "apple, milk, eggs, palm oil, coloring: curcumin, emulsifier: soy lecithin".
    expect(byCode['7801000000011']).toMatchObject({
      tags: {
        allergens: ['en:apple', 'en:eggs', 'en:milk', 'en:soybeans'],
        traces: [],
        analysis: ['en:palm-oil', 'en:non-vegan', 'en:vegetarian'],
      },
      allergens: { contains: ['huevo', 'soya', 'leche'], traces: [] },
      diets: { vegan: 'no', vegetarian: 'yes', palmOil: 'yes', lactose: 'yes' },
    });
    // OFF's v3.6 document gives empty allergen lists and 'unknown' analyses: nothing is read as absent from them.
    expect(byCode['7801000000028']!.tags).toEqual({
      allergens: [],
      traces: [],
      analysis: ['en:palm-oil-content-unknown', 'en:vegan-status-unknown', 'en:vegetarian-status-unknown'],
    });
    expect(byCode['7801000000028']!.allergens.status).not.toBe('complete');
  });

  it('waits out 429 and 503 answers as Retry-After says, then reads', async () => {
    publishExport(allChilean);
    failures.set(EXPORT, [
      { status: 429, retryAfter: '1' },
      { status: 503, retryAfter: '1' },
    ]);
    const { service } = await setup();
    const summary = await service.run('bulk');
    expect(summary).toMatchObject({ status: 'success', inserted: 3 });
    const gets = served.filter((s) => s.path === EXPORT);
    expect(gets).toHaveLength(3);
    expect(gets[1]!.at - gets[0]!.at).toBeGreaterThanOrEqual(950);
    expect(gets[2]!.at - gets[1]!.at).toBeGreaterThanOrEqual(950);
    expect(parseRetryAfter('Wed, 25 Nov 2026 10:00:30 GMT', Date.UTC(2026, 10, 25, 10, 0, 0))).toBe(30_000);
  });

  it('reads the same products from a plain .jsonl address and from a .gz a mirror sends with Content-Encoding: gzip', async () => {
    const gz = jsonl([...foreign, ...allChilean], 50);
    routes.set('/mirror/openfoodfacts-products.jsonl.gz', { body: gz, headers: { 'content-encoding': 'gzip', etag: '"m"' } });
    routes.set('/mirror/openfoodfacts-products.jsonl', { body: zlib.gunzipSync(gz), headers: { etag: '"p"' } });
    for (const file of ['openfoodfacts-products.jsonl.gz', 'openfoodfacts-products.jsonl']) {
      const database = await createTestDatabase();
      databases.push(database);
      const source = createOffExportAdapter({ exportUrl: `${base}/mirror/${file}`, deltaUrl: `${base}/data/delta/`, http: { backoffMs: 5 } });
      expect(await createSyncService({ parts: createSyncParts(database), adapter: source }).run('bulk'), file).toMatchObject({ status: 'success', inserted: 3, rejected: 1 });
    }
  });

  it("follows a redirect to the file, as OFF's static server may send", async () => {
    publishExport(allChilean);
    const database = await createTestDatabase();
    databases.push(database);
    const source = createOffExportAdapter({ exportUrl: `${base}/moved${EXPORT}`, deltaUrl: `${base}/data/delta/`, http: { backoffMs: 5 } });
    expect(await createSyncService({ parts: createSyncParts(database), adapter: source }).run('bulk')).toMatchObject({ status: 'success', inserted: 3 });
    expect(served.map((s) => s.path)).toEqual([`/moved${EXPORT}`, EXPORT]);
  });

  it('OFF out of reach fails the run at once, with one request: the schedule retries it, not the download', async () => {
    publishExport(allChilean);
    // OFF's own retry settings: a download retrying network errors with backoff would take half a minute here.
    const { database, service } = await setup({ adapter: createOffExportAdapter({ exportUrl: `${base}${EXPORT}`, deltaUrl: `${base}/data/delta` }) });
    await off.down();
    try {
      const started = Date.now();
      const summary = await service.run('bulk');
      expect(summary).toMatchObject({ status: 'failed', error: expect.stringMatching(/^error de red: .+ en http/) });
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(await names(database)).toEqual({});
    } finally {
      await off.up();
    }
    expect(served).toHaveLength(0);
  });

  it('a kept-alive connection the server closed as it was reused is asked again on a new one, not failed', async () => {
    publishDeltas([]);
    const index = `${base}/data/delta/index.txt`;
    await (await fetchOff(index, { retries: 0 })).text();
    off.dropNextReused();
    const again = await fetchOff(index, { retries: 0 });
    expect(again.status).toBe(200);
    await again.text();
    // The first, the one dropped on the kept-alive connection, and its repeat on a new one.
    expect(served.filter((s) => s.path === '/data/delta/index.txt')).toHaveLength(3);
  });

  it('an address that takes the connection and never answers fails the run when the wait for headers runs out', async () => {
    publishExport(allChilean);
    off.silence();
    const { database, service } = await setup({
      adapter: createOffExportAdapter({ exportUrl: `${base}${EXPORT}`, deltaUrl: `${base}/data/delta`, http: { backoffMs: 5, headersTimeoutMs: 300 } }),
    });
    const started = Date.now();
    const summary = await service.run('bulk');
    expect(summary).toMatchObject({ status: 'failed', error: expect.stringMatching(/^error de red: sin respuesta en 0.3 s en http/) });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(served.filter((s) => s.path === EXPORT)).toHaveLength(1);
    expect(await names(database)).toEqual({});
  });

  it('a missing export fails the run in Spanish, recorded, without touching the catalogue', async () => {
    const { database, service } = await setup();
    const summary = await service.run('bulk');
    expect(summary).toMatchObject({ status: 'failed', error: expect.stringMatching(/^HTTP 404 en http/) });
    expect(await names(database)).toEqual({});
  });

  it('an incremental run applies the delta files that end after the watermark, oldest first; the last one applied is the cursor', async () => {
    publishExport(allChilean);
    const { database, service } = await setup();
    await service.run('bulk');
    // An admin corrects a name: the deltas must not overwrite it.
    await database.db.update(products).set({ name: 'Galletas (corregido)', lockedFields: ['name'] }).where(eq(products.barcode, '7801000000028'));

    publishDeltas([
      { from: T0 - 2 * DAY, to: T0 - DAY, docs: [{ ...chilean.stored, product_name: 'Antiguo, ya en la exportación' }] },
      {
        from: T0 - DAY,
        to: T0 + DAY,
        docs: [
          { ...chilean.stored, product_name: 'Cambio 1' },
          doc(STORED_1003, '7801000000059', CL, { product_name: 'Nuevo en Chile' }),
          doc(STORED_1003, '3001000000038', ['en:italy'], { product_name: 'Extranjero' }),
        ],
      },
      { from: T0 + DAY, to: T0 + 2 * DAY, docs: [{ ...chilean.stored, product_name: 'Cambio 2' }, { ...chilean.v36, product_name: 'Galletas OFF' }] },
    ]);
    served.length = 0;
    const summary = await service.run('incremental');
    expect(summary).toMatchObject({ status: 'success', kind: 'incremental', inserted: 1, rejected: 0 });
    expect(served.map((s) => s.path)).toEqual([
      '/data/delta/index.txt', // plan
      '/data/delta/index.txt', // read
      `/data/delta/${deltaName(T0 - DAY, T0 + DAY)}`,
      `/data/delta/${deltaName(T0 + DAY, T0 + 2 * DAY)}`,
    ]);
    expect(await names(database)).toMatchObject({
      '7801000000011': 'Cambio 2',
      '7801000000028': 'Galletas (corregido)',
      '7801000000059': 'Nuevo en Chile',
    });
    expect(await names(database)).not.toHaveProperty('3001000000038');
    expect(await service.repository.lastWatermark('off')).toEqual(new Date((T0 + 2 * DAY) * 1000));

    // Nothing new: only the index is read.
    served.length = 0;
    expect(await service.run('incremental')).toMatchObject({ status: 'success', kind: 'incremental', inserted: 0, updated: 0 });
    expect(served.map((s) => s.path)).toEqual(['/data/delta/index.txt', '/data/delta/index.txt']);
  });

  it('with no full load yet, or a gap longer than the delta files OFF keeps, an incremental run is a full one', async () => {
    publishExport(allChilean);
    publishDeltas([{ from: T0 + 20 * DAY, to: T0 + 21 * DAY, docs: [] }]);
    const { service } = await setup();
    expect(await service.run('incremental')).toMatchObject({ status: 'success', kind: 'bulk', inserted: 3 });
    // The export is dated T0; the oldest delta starts 20 days later: the changes in between are in no file.
    expect(await service.run('incremental')).toMatchObject({ status: 'success', kind: 'bulk', unchanged: 3 });
    publishDeltas([
      { from: T0 - DAY, to: T0 + DAY, docs: [] },
      { from: T0 + 2 * DAY, to: T0 + 3 * DAY, docs: [] },
    ]);
    // A hole between two files (T0+1d .. T0+2d) too.
    expect(await service.run('incremental')).toMatchObject({ status: 'success', kind: 'bulk' });
    expect(parseDeltaIndex(`${deltaName(5, 9)}\nREADME\n${deltaName(1, 5)}\n`)).toEqual([
      { name: deltaName(1, 5), from: 1, to: 5 },
      { name: deltaName(5, 9), from: 5, to: 9 },
    ]);
  });

  it('a full run removes the products OFF no longer lists as sold in Chile, except those an admin edited', async () => {
    const extra = [1, 2, 3].map((i) => doc(STORED_1003, `780100000010${i}`, CL, { product_name: `Extra ${i}` }));
    publishExport([...allChilean, ...extra]);
    const { database, service } = await setup();
    await service.run('bulk');
    await database.db.update(products).set({ brand: 'Marca corregida', lockedFields: ['brand'] }).where(eq(products.barcode, '7801000000028'));

    // The next day's export: the 1004 product (admin-edited) and the legacy one left the Chilean list.
    publishExport([chilean.stored, chilean.rejected, ...extra, doc(LEGACY, '7801000000035', ['en:peru'])], { date: T0 + DAY, etag: 'export-2' });
    const summary = await service.run('bulk');
    expect(summary).toMatchObject({ status: 'success', removed: 1 });
    expect(Object.keys(await names(database)).sort()).toEqual(['7801000000011', '7801000000028', '7801000000101', '7801000000102', '7801000000103']);
    expect(await countsAreTrue(database)).toEqual([]);

    // An export that lists less than half of the catalogue is a broken one: nothing is removed.
    publishExport([chilean.stored], { date: T0 + 2 * DAY, etag: 'export-3' });
    expect(await service.run('bulk')).toMatchObject({ status: 'success', removed: 0 });
    expect(Object.keys(await names(database))).toHaveLength(5);
  });

  it('a run stopped half-way resumes after its last committed line and ends as an uninterrupted one; a new export restarts it', async () => {
    const many = Array.from({ length: 12 }, (_, i) => doc(STORED_1003, `78020000000${String(i).padStart(2, '0')}`, CL, { product_name: `Producto ${i}` }));
    publishExport([...foreign, ...many], { filler: 200 });
    const { database, service } = await setup({ batchSize: 3, onBatch: ({ batches }) => batches === 2 && void service.stop() });
    const stopped = await service.run('bulk');
    expect(stopped).toMatchObject({ status: 'failed', error: 'Sincronización cancelada' });
    const [dead] = await database.db.select().from(syncRuns).where(eq(syncRuns.id, stopped.runId));
    expect(dead!.cursor).toMatch(/^export:"export-1":\d+$/);
    const committed = Number((await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM products`))[0]!.n);
    expect(committed).toBeGreaterThan(0);
    expect(committed).toBeLessThan(12);

    const seen: ReadProgress[] = [];
    const again = createSyncService({ parts: createSyncParts(database), adapter: adapter(), progressEveryMs: 0, onProgress: (p) => seen.push({ ...p }) });
    const resumed = await again.run('bulk');
    expect(resumed).toMatchObject({ status: 'success', resumed: true, runId: stopped.runId });
    expect(resumed.inserted).toBe(12);
    // The lines before the cursor were skipped, not parsed again.
    expect(seen.at(-1)!.recordsRead).toBe(214 - Number(dead!.cursor!.split(':').pop()));

    const reference = await createTestDatabase();
    databases.push(reference);
    await createSyncService({ parts: createSyncParts(reference), adapter: adapter() }).run('bulk');
    expect(await catalogueSnapshot(database)).toEqual(await catalogueSnapshot(reference));

    // Stopped again; OFF publishes a new export meanwhile: the run starts that file from its first line, so
    // the products before the cursor get the new file's values too.
    const third: ReturnType<typeof createSyncService> = createSyncService({
      parts: createSyncParts(database),
      adapter: adapter(),
      batchSize: 2,
      onBatch: ({ batches }) => {
        if (batches === 1) void third.stop();
      },
    });
    expect(await third.run('bulk')).toMatchObject({ status: 'failed' });
    publishExport([...many.map((d) => ({ ...d, product_name: `${String(d.product_name)} v2` }))], { etag: 'export-2', date: T0 + DAY });
    const fourth = await createSyncService({ parts: createSyncParts(database), adapter: adapter() }).run('bulk');
    expect(fourth).toMatchObject({ status: 'success', resumed: true });
    expect(Object.values(await names(database)).filter((n) => n.endsWith(' v2'))).toHaveLength(12);
  });

  it('a truncated delta file fails the run, keeping what was committed; the next run resumes it', async () => {
    publishExport(allChilean);
    const { database, service } = await setup({ batchSize: 1 });
    await service.run('bulk');
    const good = jsonl([doc(STORED_1003, '7801000000066', CL, { product_name: 'Delta A' }), doc(STORED_1003, '7801000000073', CL, { product_name: 'Delta B' })]);
    publishDeltas([{ from: T0 - DAY, to: T0 + DAY, docs: [], body: good.subarray(0, good.length - 12) }]);
    const failed = await service.run('incremental');
    expect(failed).toMatchObject({ status: 'failed', error: expect.stringMatching(/unexpected end of file/i) });
    publishDeltas([{ from: T0 - DAY, to: T0 + DAY, docs: [], body: good }]);
    expect(await service.run('incremental')).toMatchObject({ status: 'success', resumed: true });
    expect(await names(database)).toMatchObject({ '7801000000066': 'Delta A', '7801000000073': 'Delta B' });
  });

  it('while the first load runs, the data-lake status shows its progress and the home page is told the catalogue is loading', async () => {
    // Two gzip members, as a concatenated .gz: the first (three Chilean products) decodes while the second waits.
    const first = jsonl([chilean.stored, chilean.v36, chilean.legacy], 500);
    const second = jsonl([...foreign, chilean.rejected], 500);
    let open!: () => void;
    routes.set(EXPORT, {
      body: Buffer.concat([first, second]),
      headers: { 'last-modified': new Date(T0 * 1000).toUTCString(), etag: '"gated"' },
      gate: { at: first.length, open: new Promise<void>((resolve) => (open = resolve)) },
    });
    const t = await buildTestApp({ DATA_LAKE_SOURCE: 'off', OFF_EXPORT_URL: `${base}${EXPORT}`, OFF_DELTA_URL: `${base}/data/delta/` });
    try {
      const admin = await signedInAs(t.app, t.database.db, 'admin@example.cl', 'admin');
      const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
      expect((await get('/api/sync/first-load')).json()).toEqual({ loading: false, products: 0, failure: null });
      expect((await t.app.inject({ method: 'POST', url: '/api/sync/bulk', headers: { cookie: admin } })).statusCode).toBe(200);

      let status = (await get('/api/sync/status', admin)).json<SyncStatus>();
      for (let i = 0; i < 200 && !(status.progress && status.progress.recordsKept > 0); i++) {
        await new Promise((r) => setTimeout(r, 50));
        status = (await get('/api/sync/status', admin)).json<SyncStatus>();
      }
      expect(status).toMatchObject({ running: true, source: 'off', message: 'Sincronización completa en curso' });
      expect(status.progress).toMatchObject({
        stage: 'openfoodfacts-products.jsonl.gz',
        bytesTotal: first.length + second.length,
        recordsKept: expect.any(Number),
      });
      expect(status.progress!.bytesRead).toBeGreaterThan(0);
      expect(status.progress!.bytesRead).toBeLessThanOrEqual(first.length);
      // Anyone may ask, signed in or not.
      expect((await get('/api/sync/first-load')).json()).toEqual({ loading: true, products: 0, failure: null });

      open();
      for (let i = 0; i < 200 && (await get('/api/sync/status', admin)).json<SyncStatus>().running; i++) {
        await new Promise((r) => setTimeout(r, 50));
      }
      const done = (await get('/api/sync/status', admin)).json<SyncStatus>();
      expect(done).toMatchObject({ running: false, progress: null, message: 'Catálogo con 3 productos' });
      // The count is only taken while the first load runs (every home page asks).
      expect((await get('/api/sync/first-load')).json()).toEqual({ loading: false, products: 0, failure: null });
    } finally {
      open();
      await t.close();
    }
  });

  it('the connection test reads the export headers (HEAD) and the delta index', async () => {
    publishExport(allChilean);
    publishDeltas([{ from: T0 - DAY, to: T0, docs: [] }]);
    const result = await adapter().testConnection();
    expect(result).toEqual({ connected: true, message: expect.stringMatching(/^Exportación de Open Food Facts disponible \(0,0 GB, del .+\); 1 archivo delta$/) });
    expect(served.map((s) => `${s.method} ${s.path}`)).toEqual([`HEAD ${EXPORT}`, 'GET /data/delta/index.txt']);
    routes.clear();
    expect(await adapter().testConnection()).toMatchObject({ connected: false, message: expect.stringMatching(/^No se pudo conectar con Open Food Facts \(HTTP 404/) });
  });
});
