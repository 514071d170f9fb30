/**
 * Shoppers during a bulk sync (issue 13): the real server on a PGlite folder with a generated catalogue, then a
 * bulk sync that rewrites every product, while autocannon asks for product pages and searches.
 *
 *   npx tsx bench/sync-load.ts [--products 50000] [--connections 10] [--window 20]
 *
 * 1. The catalogue of api-load.ts (same generator, same forked server) is loaded into a PGlite folder.
 * 2. The bench writes an Open Food Facts JSONL export of the same barcodes with changed names and nutrients,
 *    so every record is an update (DATA_LAKE_SOURCE=file:…).
 * 3. Idle: product by id (random of all) and search (the shopper queries) at once, half the connections each,
 *    for `--window` seconds.
 * 4. POST /api/sync/bulk as an admin, then the same load, without a break, until the run finishes.
 * Latencies are every response's own time; a time-out is a request without an answer in 10 s.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { apiPaths } from '@etiqueta/contracts';
import { generateCatalogue, shopperQueries, startServer } from './api-load.ts';
import { seededRandom } from './seeded-random.ts';
import { numberArg } from './bench-args.ts';
import { percentile } from './bench-stats.ts';

type Instance = PromiseLike<{ timeouts: number; errors: number; non2xx: number }> & {
  on: (event: 'response', listener: (client: unknown, statusCode: number, bytes: number, ms: number) => void) => void;
  stop: () => void;
};
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  timeout: number;
  headers?: Record<string, string>;
  requests: { method: string; setupRequest: (req: { path?: string }) => { path?: string } }[];
}) => Instance;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const TIMEOUT_S = 10;
/** Issue 13's targets during a bulk sync on PGlite at 10 connections. */
const TARGET_P99_MS = 100;

/** Latencies of one kind of request over one phase, and the requests that never answered. */
type Sample = { latencies: number[]; timeouts: number; failures: number };
const emptySample = (): Sample => ({ latencies: [], timeouts: 0, failures: 0 });

/** The p-th percentile in whole milliseconds (NaN when nothing answered). */
const percentileMs = (values: number[], p: number) => Math.round(percentile(values, p));

/**
 * The OFF export the sync reads: the catalogue's barcodes, each with a new name and new nutrients. The extract's
 * values are kept where they are plausible and bounded where not (the sync rightly rejects sugars above
 * carbohydrates, sodium over 2 g…), so every record is written, then everything is 10 % less.
 */
function writeExport(file: string, count: number) {
  const clamp = (v: number | null, fallback: number, max: number) => Math.min(Math.max(v ?? fallback, 0), max);
  const tenth = (v: number) => Math.round(v * 90) / 100;
  const lines = generateCatalogue(count).map((g) => {
    const s = g.source;
    const fat = clamp(s.fat_100g, 5, 60);
    const carbohydrates = clamp(s.carbohydrates_100g, 20, 80);
    const fiber = clamp(s.fiber_100g, 1, 15);
    const proteins = clamp(s.proteins_100g, 5, 40);
    const room = Math.min(1, 95 / (fat + carbohydrates + fiber + proteins));
    return JSON.stringify({
      code: g.barcode,
      product_name: `${g.name} nueva receta`,
      brands: g.brand,
      ingredients_text: s.ingredients_text,
      nutriments: {
        fat_100g: tenth(fat * room),
        'saturated-fat_100g': tenth(clamp(s['saturated-fat_100g'], fat / 3, fat) * room),
        carbohydrates_100g: tenth(carbohydrates * room),
        sugars_100g: tenth(clamp(s.sugars_100g, carbohydrates / 3, carbohydrates) * room),
        fiber_100g: tenth(fiber * room),
        proteins_100g: tenth(proteins * room),
        sodium_100g: tenth(clamp(s.sodium_100g, 0.2, 2)),
      },
    });
  });
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
}

async function main() {
  const count = numberArg('products', 50_000);
  const connections = numberArg('connections', 10);
  const window = numberArg('window', 20);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ec-sync-load-'));
  const exportFile = path.join(dir, 'off-export.jsonl');
  writeExport(exportFile, count);
  console.log(
    `Sync under load: ${count} generated products on a PGlite folder, a bulk sync of ${count} changed OFF records, ` +
      `autocannon ${connections} connections (half product pages, half searches), idle ${window} s then during the sync, time-out ${TIMEOUT_S} s`,
  );

  const server = await startServer('pglite', count, {
    role: 'admin',
    dataLakeSource: `file:${exportFile}`,
    dataDir: path.join(dir, 'db'),
  });
  const { ready, base } = server;
  console.log(`catalogue loaded and server up in ${(ready.loadMs / 1000).toFixed(1)} s (server RSS ${ready.rssMb} MB)`);
  const queries = shopperQueries(count);
  const random = seededRandom(13);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const loads = {
    product: () => apiPaths.products.one(pick(ready.productIds)),
    search: () => apiPaths.search.text(pick(queries), 30),
  };

  /**
   * Product pages and searches at once, half the connections each, until `until` resolves (or `duration` s).
   * One continuous load per phase: a request still unanswered when a window closed would otherwise go unseen.
   */
  const load = async (duration: number, until?: Promise<unknown>) => {
    const samples = { product: emptySample(), search: emptySample() };
    const instances = (['product', 'search'] as const).map((kind) => {
      const instance = autocannon({
        url: base,
        connections: Math.max(1, Math.round(connections / 2)),
        duration,
        timeout: TIMEOUT_S,
        headers: { cookie: ready.cookie },
        requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: loads[kind]() }) }],
      });
      instance.on('response', (_client, statusCode, _bytes, ms) => {
        samples[kind].latencies.push(ms);
        if (statusCode >= 300) samples[kind].failures++;
      });
      return { kind, instance };
    });
    void until?.then(() => instances.forEach(({ instance }) => instance.stop()));
    for (const { kind, instance } of instances) {
      const result = await instance;
      samples[kind].timeouts += result.timeouts;
      samples[kind].failures += result.errors - result.timeouts;
    }
    return samples;
  };

  try {
    // Warm up (JIT, caches, the search index built at start-up), then the idle figures.
    await fetch(`${base}/api/v1/search?q=leche`);
    await load(2);
    const idle = await load(window);

    const admin = { cookie: ready.cookie, origin: base };
    const started = await fetch(`${base}/api/sync/bulk`, { method: 'POST', headers: admin });
    if (!started.ok) throw new Error(`the sync did not start: ${started.status} ${await started.text()}`);
    type Run = { status: string; startedAt: string; finishedAt: string | null; updated: number; inserted: number; rejected: number };
    const latestRun = async () => {
      const res = await fetch(`${base}/api/sync/runs?limit=1`, { headers: admin });
      return ((await res.json()) as { runs: Run[] }).runs[0];
    };
    const finished = (async () => {
      for (;;) {
        const latest = await latestRun();
        if (latest?.status !== 'running') return latest;
        await new Promise((resolve) => setTimeout(resolve, 2_000));
      }
    })();
    const during = await load(3_600, finished);
    const run = await finished;
    if (!run || run.status !== 'success' || !run.finishedAt) throw new Error(`the sync did not succeed: ${JSON.stringify(run)}`);
    const syncSeconds = (Date.parse(run.finishedAt) - Date.parse(run.startedAt)) / 1000;

    console.log(
      `\nbulk sync: ${run.updated} updated, ${run.inserted} new, ${run.rejected} rejected in ${syncSeconds.toFixed(1)} s ` +
        `(${Math.round((run.updated + run.inserted) / syncSeconds)} records/s); server RSS ${(await server.memory()).rssMb} MB`,
    );
    console.log(`| ${`PGlite, ${connections} connections`.padEnd(24)} | requests | p50 ms | p99 ms | time-outs | failures | p99 during/idle | target         |`);
    console.log(`|${'-'.repeat(26)}|----------|--------|--------|-----------|----------|-----------------|----------------|`);
    for (const kind of ['product', 'search'] as const) {
      for (const [phase, sample] of [
        ['idle', idle[kind]],
        ['during sync', during[kind]],
      ] as const) {
        const p99 = percentileMs(sample.latencies, 99);
        const ratio = phase === 'idle' ? '' : `${(p99 / percentileMs(idle[kind].latencies, 99)).toFixed(2)}×`;
        const verdict =
          phase === 'idle' ? '' : `p99 ≤ ${TARGET_P99_MS}, 0 t/o ${p99 <= TARGET_P99_MS && sample.timeouts === 0 ? 'ok' : 'MISS'}`;
        console.log(
          `| ${`${kind} ${phase}`.padEnd(24)} | ${String(sample.latencies.length).padStart(8)} | ${String(percentileMs(sample.latencies, 50)).padStart(6)} | ${String(p99).padStart(6)} | ${String(sample.timeouts).padStart(9)} | ${String(sample.failures).padStart(8)} | ${ratio.padStart(15)} | ${verdict.padEnd(14)} |`,
        );
      }
    }
  } finally {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
