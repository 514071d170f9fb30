/**
 * A shared product's link (issue 30 item 3): what its card image costs drawn (the first request for a product's
 * current version) and kept (every later one, and 304s), and what the Open Graph meta add to the product page's
 * HTML, each beside `GET /api/health` measured in the same run, on the same app.
 *
 *   npx tsx bench/share-card.ts [--products 200] [--repeat 5] [--sample /tmp/share-card.png]
 *
 * `--products` real products (the first of the shared Latin-American Open Food Facts file, imported by the real
 * pipeline into an in-memory PGlite) are each asked for once (drawn), then `--repeat` times more (kept). Requests
 * go through the whole app (`inject`: routing, hooks, compression, the product pages from their file) one at a time,
 * without the network, so the figures are the server's own cost per request. `--sample` writes one card. The
 * per-address limit on drawings is off (one address draws them all).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { apiPaths } from '@etiqueta/contracts';
import { buildApp } from '../apps/server/src/app.ts';
import { loadEnv } from '../apps/server/src/config/env.ts';
import { bootstrapDatabase } from '../apps/server/src/bootstrap.ts';
import { fromPglite, migrateDatabase, openPglite } from '../apps/server/src/db/client.ts';
import { importFile } from '../apps/server/src/modules/sync/import-file.ts';
import { cardSvg } from '../apps/server/src/modules/share/share-card.ts';
import { sharedFacts } from '../apps/server/src/modules/share/shared-facts.ts';
import type { Product } from '@etiqueta/contracts';
import sharp from 'sharp';
import { arg, numberArg } from './bench-args.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const SOURCE = path.resolve(here, '../../shared/data/products/latam_es_lifyzer_off2019.jsonl');

const PRODUCTS = numberArg('products', 200);
const REPEAT = numberArg('repeat', 5);
const SAMPLE = arg('sample', '');

type Row = { name: string; n: number; p50: number; p95: number; perSecond: number };

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

async function measure(name: string, urls: string[], send: (url: string) => Promise<{ statusCode: number }>, expected = 200): Promise<Row> {
  const latencies: number[] = [];
  const started = performance.now();
  for (const url of urls) {
    const t = performance.now();
    const res = await send(url);
    latencies.push(performance.now() - t);
    if (res.statusCode !== expected) throw new Error(`${name}: ${url} answered ${res.statusCode}`);
  }
  const elapsed = performance.now() - started;
  latencies.sort((a, b) => a - b);
  return { name, n: urls.length, p50: quantile(latencies, 0.5), p95: quantile(latencies, 0.95), perSecond: (urls.length / elapsed) * 1000 };
}

// The first PRODUCTS × 3 lines (some are rejected, some not scored): enough products to draw PRODUCTS cards.
const lines = (await fs.readFile(SOURCE, 'utf8')).split('\n').slice(0, PRODUCTS * 3).join('\n');
const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ec-bench-share-'));
const file = path.join(dir, 'products.jsonl');
await fs.writeFile(file, lines);
const database = fromPglite(await openPglite({}));
await migrateDatabase(database);
await bootstrapDatabase(database.db);
const run = await importFile(database, file);
// The per-address limit on drawings (30 a minute) is off: one address draws every card here. Its cost, one
// statement of the shared limiter per drawing, is bench/shared-limiter.ts's.
const env = loadEnv({ RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'silent', SYNC_ENABLED: 'false', OFF_LIVE_LOOKUP: 'false', DATA_DIR: dir, PUBLIC_URL: 'https://etiquetaclara.cl' });
const app = await buildApp({ database, env });
await app.ready();
await app.services.productPages.settled();

const ids = (await app.services.productDetails.page(0, PRODUCTS)).map((p) => p.id);
const health = apiPaths.health;
const cardUrls: string[] = [];
let sampleUrl = '';
let sampleSeals = -1;
for (const id of ids) {
  const preview = (await app.services.share.preview(id))!;
  const image = new URL(preview.imageUrl);
  cardUrls.push(image.pathname + image.search);
  // The sample: a scored product with the most seals (the fullest card).
  if (preview.score !== 'Sin puntaje' && preview.seals.length > sampleSeals) {
    sampleSeals = preview.seals.length;
    sampleUrl = image.pathname + image.search;
  }
}
const get = (url: string) => app.inject({ url });

// Warm-up of the paths measured (JIT, the font cache of the first drawing), on a product then left out.
await get(health);
await get(`/product/${ids[0]}`);
await get(cardUrls[0]!);
const etags = new Map<string, string>();

const rows: Row[] = [];
const repeat = <T>(items: T[], times: number) => Array.from({ length: times }, () => items).flat();
rows.push(await measure('GET /api/health (baseline)', repeat([health], ids.length * REPEAT), get));
rows.push(await measure('GET /product/:id (HTML with its meta)', repeat(ids.map((id) => `/product/${id}`), REPEAT), get));
rows.push(await measure('GET /product/abc (HTML, no product)', repeat(['/product/abc'], ids.length * REPEAT), get));
rows.push(await measure('GET /api/share/products/:id (preview JSON)', repeat(ids.map((id) => apiPaths.share.product(id)), REPEAT), get));
const drawnBefore = app.services.share.stats().drawn;
rows.push(await measure('card, drawn (first request per version)', cardUrls.slice(1), get));
const drawn = app.services.share.stats().drawn - drawnBefore;
rows.push(await measure('card, kept (later requests)', repeat(cardUrls.slice(1), REPEAT), async (url) => {
  const res = await get(url);
  etags.set(url, res.headers.etag as string);
  return res;
}));
rows.push(
  await measure('card, 304 (If-None-Match)', repeat(cardUrls.slice(1), REPEAT), (url) => app.inject({ url, headers: { 'if-none-match': etags.get(url)! } }), 304),
);
// Tried and not kept: the same cards as a 256-colour PNG (smaller, far slower to draw), drawn directly, no HTTP.
const paletteSizes: number[] = [];
const pages = await app.services.productDetails.some(ids.slice(1, 41));
rows.push(
  await measure('(tried) drawing a 256-colour PNG, no HTTP', pages.map((p) => p.json), async (json) => {
    const png = await sharp(Buffer.from(cardSvg(sharedFacts(JSON.parse(json) as Product), 'etiquetaclara.cl'))).png({ palette: true }).toBuffer();
    paletteSizes.push(png.length);
    return { statusCode: 200 };
  }),
);
paletteSizes.sort((a, b) => a - b);
const sizes = await Promise.all(cardUrls.slice(1, 51).map(async (url) => (await get(url)).rawPayload.length));
sizes.sort((a, b) => a - b);
const stats = app.services.share.stats();
if (SAMPLE) await fs.writeFile(SAMPLE, (await get(sampleUrl)).rawPayload);

const base = rows[0]!;
console.log(`${run.inserted} products imported from ${path.basename(SOURCE)}; ${ids.length} cards, ${drawn} drawn in the "drawn" row`);
console.log(`| request (${new Date().toISOString().slice(0, 16)} UTC, load ${os.loadavg()[0]!.toFixed(1)}) | n | p50 ms | p95 ms | req/s | p50 × health |`);
console.log('|---|---:|---:|---:|---:|---:|');
for (const row of rows) {
  console.log(`| ${row.name} | ${row.n} | ${row.p50.toFixed(2)} | ${row.p95.toFixed(2)} | ${Math.round(row.perSecond)} | ${(row.p50 / base.p50).toFixed(1)} |`);
}
console.log(`256-colour PNG (tried): median ${(quantile(paletteSizes, 0.5) / 1024).toFixed(1)} KB`);
console.log(`card PNG: median ${(quantile(sizes, 0.5) / 1024).toFixed(1)} KB (min ${(sizes[0]! / 1024).toFixed(1)}, max ${(sizes.at(-1)! / 1024).toFixed(1)}); kept: ${stats.kept} cards, ${(stats.keptBytes / 1_048_576).toFixed(1)} MB`);
if (SAMPLE) console.log(`sample card: ${SAMPLE} (${sampleUrl})`);
await app.close();
await database.close();
await fs.rm(dir, { recursive: true, force: true });
