import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase } from '../../../test/helpers.ts';
import { repoRoot } from '../../config/env.ts';
import { queryRows } from '../../db/client.ts';
import { createSyncService } from '../sync.service.ts';
import type { SourceRecord } from './data-lake-adapter.ts';
import { createOffApiAdapter, OFF_USER_AGENT } from './off-api-adapter.ts';

/**
 * A local stand-in for world.openfoodfacts.org answering /api/v2/search the way OFF does: `countries_tags_en`
 * filter, `sort_by=last_modified_t` (newest first), `page`/`page_size` paging, `fields` selection, and the
 * { count, page, page_count, page_size, skip, products } envelope. Its products are the shared data set's
 * records in OFF's API shape (nutrients under `nutriments`).
 */
type ApiProduct = Record<string, unknown> & { code: string; last_modified_t: number; countries_tags: string[] };

function loadProducts(): ApiProduct[] {
  const file = path.join(repoRoot, '../shared/data/products/latam_es_lifyzer_off2019.jsonl');
  const lines = fs.readFileSync(file, 'utf8').split('\n').filter(Boolean);
  return lines.slice(0, 1500).map((line, i) => {
    const r = JSON.parse(line) as Record<string, unknown>;
    const nutriments: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(r)) if (k.endsWith('_100g') && v !== null) nutriments[k] = v;
    const chile = r.gs1_prefix_country === 'CL' || i % 5 === 0;
    return {
      code: String(r.code),
      product_name: r.product_name,
      ingredients_text: r.ingredients_text,
      ...(r.ingredients_lang_guess === 'es' ? { ingredients_text_es: r.ingredients_text } : {}),
      image_front_url: r.image_front_url,
      nutriments,
      categories_tags: [],
      countries_tags: chile ? ['en:chile'] : ['en:mexico'],
      // Distinct, spread-out modification times.
      last_modified_t: 1_700_000_000 + ((i * 7919) % 1500) * 60,
      lifyzer_is_healthy: r.lifyzer_is_healthy,
    };
  });
}

type Served = { url: URL; userAgent: string | undefined };

describe('the OFF API v2 adapter, against a local server in OFF format', () => {
  const all = loadProducts();
  const chilean = all.filter((p) => p.countries_tags.includes('en:chile')).sort((a, b) => b.last_modified_t - a.last_modified_t);
  let server: http.Server;
  let baseUrl: string;
  let requests: Served[] = [];
  /** Status codes to answer before serving normally (429, 503…). */
  let failures: { status: number; retryAfter?: string }[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      requests.push({ url, userAgent: req.headers['user-agent'] });
      const failure = failures.shift();
      if (failure) {
        res.writeHead(failure.status, failure.retryAfter ? { 'retry-after': failure.retryAfter } : {});
        res.end('{"status":"error"}');
        return;
      }
      if (url.pathname !== '/api/v2/search') {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end('{"status":0,"status_verbose":"not found"}');
        return;
      }
      const country = url.searchParams.get('countries_tags_en');
      const page = Number(url.searchParams.get('page') ?? 1);
      const pageSize = Number(url.searchParams.get('page_size') ?? 24);
      const fields = url.searchParams.get('fields')?.split(',');
      let list = all.filter((p) => !country || p.countries_tags.includes(`en:${country}`));
      if (url.searchParams.get('sort_by') === 'last_modified_t') list = [...list].sort((a, b) => b.last_modified_t - a.last_modified_t);
      const slice = list.slice((page - 1) * pageSize, page * pageSize).map((p) =>
        fields ? Object.fromEntries(Object.entries(p).filter(([k]) => fields.includes(k))) : p,
      );
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          count: list.length,
          page,
          // As OFF documents it: the number of products on this page, not the number of pages.
          page_count: slice.length,
          page_size: pageSize,
          skip: (page - 1) * pageSize,
          products: slice,
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    requests = [];
    failures = [];
  });

  const adapter = (extra: Partial<Parameters<typeof createOffApiAdapter>[0]> = {}) =>
    createOffApiAdapter({ baseUrl, pageSize: 50, minIntervalMs: 0, backoffMs: 5, ...extra });

  async function readAll(kind: 'bulk' | 'incremental', since: Date | null = null, cursor: string | null = null, a = adapter()) {
    const out: SourceRecord[] = [];
    for await (const r of a.read({ kind, since, cursor })) out.push(r);
    return out;
  }

  it('reads every Chilean product, newest first, page by page, asking only for the fields it maps', async () => {
    const records = await readAll('bulk');
    expect(records.map((r) => r.product?.code)).toEqual(chilean.map((p) => p.code));
    expect(requests).toHaveLength(Math.ceil(chilean.length / 50));
    const first = requests[0]!;
    expect(first.userAgent).toBe(OFF_USER_AGENT);
    expect(Object.fromEntries(first.url.searchParams)).toMatchObject({
      countries_tags_en: 'chile',
      sort_by: 'last_modified_t',
      page: '1',
      page_size: '50',
    });
    expect(first.url.searchParams.get('fields')?.split(',')).toEqual(expect.arrayContaining(['code', 'nutriments', 'ingredients_text_es']));
    // Fields not asked for do not come back.
    expect(records[0]!.product).not.toHaveProperty('lifyzer_is_healthy');
    expect(records[0]!.modifiedAt?.getTime()).toBe(chilean[0]!.last_modified_t * 1000);
  });

  it('an incremental read stops at the first product older than the watermark', async () => {
    const watermark = chilean[72]!.last_modified_t;
    const records = await readAll('incremental', new Date(watermark * 1000));
    expect(records.map((r) => r.product?.code)).toEqual(chilean.slice(0, 72).map((p) => p.code));
    expect(requests).toHaveLength(2);
  });

  it('resumes after the cursor of the last committed product', async () => {
    const all = await readAll('bulk');
    const rest = await readAll('bulk', null, all[119]!.cursor);
    expect(rest.map((r) => r.product?.code)).toEqual(all.slice(120).map((r) => r.product?.code));
    expect(requests[requests.length - Math.ceil((chilean.length - 100) / 50)]!.url.searchParams.get('page')).toBe('3');
  });

  it('waits and retries when rate-limited (429 with Retry-After) or when OFF has a bad moment (5xx)', async () => {
    failures = [{ status: 429, retryAfter: '0' }, { status: 503 }, { status: 502 }];
    const records = await readAll('bulk');
    expect(records).toHaveLength(chilean.length);
    expect(requests.length).toBe(Math.ceil(chilean.length / 50) + 3);
  });

  it('gives up after its retries, and does not retry a client error', async () => {
    failures = Array.from({ length: 10 }, () => ({ status: 500 }));
    await expect(readAll('bulk', null, null, adapter({ maxRetries: 2 }))).rejects.toThrow(/HTTP 500 tras 3 intentos/);
    expect(requests).toHaveLength(3);
    requests = [];
    failures = [{ status: 404 }];
    await expect(readAll('bulk')).rejects.toThrow(/HTTP 404/);
    expect(requests).toHaveLength(1);
  });

  it('keeps its distance between requests (OFF allows 10 searches a minute)', async () => {
    const started = Date.now();
    await readAll('incremental', new Date(chilean[120]!.last_modified_t * 1000), null, adapter({ minIntervalMs: 150 }));
    expect(requests).toHaveLength(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('tests the connection', async () => {
    await expect(adapter().testConnection()).resolves.toEqual({
      connected: true,
      message: `Conectado a Open Food Facts: ${chilean.length} productos de Chile disponibles`,
    });
    const down = createOffApiAdapter({ baseUrl: 'http://127.0.0.1:9', minIntervalMs: 0 });
    await expect(down.testConnection()).resolves.toMatchObject({ connected: false, message: expect.stringMatching(/^No se pudo conectar/) });
  });

  it('a bulk sync from the API fills the catalogue; an incremental one right after finds nothing new', async () => {
    const database = await createTestDatabase();
    try {
      const service = createSyncService({ database, adapter: adapter(), batchSize: 100 });
      const bulk = await service.run('bulk');
      expect(bulk.status).toBe('success');
      expect(bulk.inserted + bulk.rejected).toBe(chilean.length);
      const [row] = await queryRows<{ n: number; newest: Date | string }>(
        database.db,
        sql`SELECT count(*)::int AS n, max(source_modified_at) AS newest FROM products WHERE source = 'off'`,
      );
      expect(row!.n).toBe(bulk.inserted);
      expect(new Date(row!.newest).getTime()).toBe(chilean[0]!.last_modified_t * 1000);

      requests = [];
      const incremental = await service.run('incremental');
      expect(incremental).toMatchObject({ status: 'success', inserted: 0, updated: 0, rejected: 0 });
      expect(requests).toHaveLength(1);
    } finally {
      await database.close();
    }
  });
});
