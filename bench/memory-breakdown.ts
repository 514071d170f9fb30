/**
 * Where a server's memory goes (issue 31): the resident memory of a server process, part by part, on the API
 * bench's generated catalogue (bench/api-load.ts), each database opened as deployed (PGlite from its folder,
 * PostgreSQL by URL).
 *
 *   npx tsx bench/memory-breakdown.ts [--db pglite|postgres|both] [--products 50000] [--duration 5]
 *   npx tsx bench/memory-breakdown.ts --db pglite --copy-of DIR   (a folder `api-load.ts --prepare pglite` loaded)
 *
 * The catalogue is loaded by a child of its own (api-load's `prepareInChild`); a fresh child then builds the
 * server one part at a time, and after each part collects garbage and reports process.memoryUsage() (rss,
 * heapUsed, external, arrayBuffers) and the size of PGlite's WebAssembly memory:
 *   1. node and tsx alone; 2. the server's code imported; 3. the database opened and migrated;
 *   4. the app built (Fastify, routes, services), nothing loaded; 5. the product pages loaded (ADR 006; PGlite only);
 *   6. the search index built (ADR 003); 7. after the API bench's reads (product by id, listings, search), with
 *   the read caches full; 8. the same a second later with the read caches expired (10 s).
 * The load generator runs in this (parent) process. Every figure is the delta of one process, so it includes
 * what building that part left behind (e.g. PGlite's buffers warmed by reading the products).
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
// Types only (erased): the modules themselves are imported after the baseline is measured.
import type { Autocannon } from './api-load.ts';
import { arg, numberArg } from './bench-args.ts';
import { SERVER_NODE_FLAGS } from './server-flags.ts';

type DbKind = 'pglite' | 'postgres';
type Step = {
  step: string;
  rssMb: number;
  heapUsedMb: number;
  heapTotalMb: number;
  externalMb: number;
  arrayBuffersMb: number;
  wasmMb: number;
  peakMb: number;
};

const mb = (bytes: number) => Math.round((bytes / 1_048_576) * 10) / 10;

// ---------------------------------------------------------------------------------------------------------
// The server, one part at a time (child)
// ---------------------------------------------------------------------------------------------------------

async function server(kind: DbKind, dataDir: string, databaseUrl: string) {
  v8.setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  let wasm: () => number = () => 0;
  const steps: Step[] = [];
  const measure = async (step: string) => {
    for (let i = 0; i < 3; i++) {
      gc();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const m = process.memoryUsage();
    const status = fs.readFileSync('/proc/self/status', 'utf8');
    const peak = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
    steps.push({
      step,
      rssMb: mb(m.rss),
      heapUsedMb: mb(m.heapUsed),
      heapTotalMb: mb(m.heapTotal),
      externalMb: mb(m.external),
      arrayBuffersMb: mb(m.arrayBuffers),
      wasmMb: mb(wasm()),
      peakMb: mb(peak),
    });
    process.send?.({ type: 'step', step: steps[steps.length - 1] });
  };

  await measure('node + tsx, nothing loaded');
  const { buildApp } = await import('../apps/server/src/app.ts');
  const client = await import('../apps/server/src/db/client.ts');
  const { benchServerEnv, benchSession } = await import('./bench-session.ts');
  await measure("the server's code imported");

  let database;
  if (kind === 'pglite') {
    const pglite = await client.openPglite({ dataDir });
    wasm = () => (pglite.Module as unknown as { wasmMemory?: { buffer: ArrayBuffer } }).wasmMemory?.buffer.byteLength ?? 0;
    database = client.fromPglite(pglite);
  } else {
    database = client.fromPostgres(databaseUrl);
  }
  await client.migrateDatabase(database);
  await measure('database opened and migrated');

  const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'ec-memory-'));
  const env = benchServerEnv(outbox);
  const app = await buildApp({ database, env });
  // The parts are started one at a time below instead of all at once when the app is ready.
  const services = app.services;
  services.start = () => undefined;
  await app.listen({ host: env.HOST, port: 0 });
  const { cookie } = await benchSession(app, database, outbox);
  await measure('app built and listening, nothing loaded');

  if (kind === 'pglite') {
    services.productPages.start();
    await services.productPages.settled();
    await measure('product pages written to their file (ADR 029)');
  }
  services.search.start();
  await services.search.search('leche', 30);
  await measure('search index built (ADR 003)');

  const address = app.server.address();
  process.send?.({ type: 'listening', cookie, port: typeof address === 'object' && address ? address.port : 0 });
  process.on('message', (message: { type: string; step?: string }) => {
    if (message.type === 'measure') void measure(message.step ?? '');
    if (message.type === 'stop') {
      void (async () => {
        await services.productPages.stop();
        await services.search.stop();
        await app.close();
        await database.close();
        fs.rmSync(outbox, { recursive: true, force: true });
        process.exit(0);
      })();
    }
  });
}

// ---------------------------------------------------------------------------------------------------------
// The load and the table (parent)
// ---------------------------------------------------------------------------------------------------------

async function breakdown(kind: DbKind, count: number, duration: number): Promise<Step[]> {
  const { prepareInChild, shopperQueries, TAXONOMY } = await import('./api-load.ts');
  const { seededRandom } = await import('./seeded-random.ts');
  const { dropScratchDatabase } = await import('./scratch-postgres.ts');
  const { apiPaths } = await import('@etiqueta/contracts');
  const { default: pg } = await import('pg');
  const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ec-memory-db-'));
  // --copy-of DIR: a PGlite folder api-load's `--prepare` already loaded (copied, so it stays as it was).
  const copyOf = arg('copy-of', '');
  if (copyOf && kind === 'pglite') fs.cpSync(copyOf, path.join(dir, 'db'), { recursive: true });
  const prepared =
    copyOf && kind === 'pglite'
      ? { type: 'prepared' as const, dataDir: path.join(dir, 'db'), loadMs: 0 }
      : await prepareInChild(kind, count, path.join(dir, 'db'));
  try {
    const child = fork(
      fileURLToPath(import.meta.url),
      ['--server', kind, '--data-dir', prepared.dataDir ?? '', '--database-url', prepared.databaseUrl ?? ''],
      // As deployed: the flags `npm start` gives Node (ADR 030: V8's heap sized), after the loader's own.
      { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], execArgv: [...process.execArgv, ...SERVER_NODE_FLAGS] },
    );
    const steps: Step[] = [];
    const waiting: ((step: Step) => void)[] = [];
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const { port, cookie } = await new Promise<{ port: number; cookie: string }>((resolve, reject) => {
      child.on('message', (m: { type: string; port?: number; cookie?: string; step?: Step }) => {
        if (m.type === 'step' && m.step) {
          steps.push(m.step);
          waiting.shift()?.(m.step);
        }
        if (m.type === 'listening') resolve({ port: m.port ?? 0, cookie: m.cookie ?? '' });
      });
      child.once('exit', (code) => reject(new Error(`the server exited (${code})`)));
    });
    const base = `http://127.0.0.1:${port}`;
    const measure = (step: string) =>
      new Promise<Step>((resolve) => {
        waiting.push(resolve);
        child.send({ type: 'measure', step });
      });

    // The product ids, from the database itself (they are 1..count in a fresh database, but ask).
    let ids: number[];
    if (kind === 'postgres') {
      const c = new pg.Client({ connectionString: prepared.databaseUrl });
      await c.connect();
      ids = (await c.query<{ id: number }>('select id from products order by id')).rows.map((r) => r.id);
      await c.end();
    } else {
      ids = Array.from({ length: count }, (_, i) => i + 1);
    }
    const random = seededRandom(7);
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
    const queries = shopperQueries(count);
    const subs = TAXONOMY.flatMap((c) => c.subs.map((s) => s.slug));
    const cats = TAXONOMY.map((c) => c.slug);
    const rows: [string, () => string][] = [
      ['product by id', () => apiPaths.products.one(pick(ids))],
      ['subcategory listing', () => apiPaths.subcategories.products(pick(subs))],
      ['category listing', () => apiPaths.categories.products(pick(cats))],
      ['search', () => apiPaths.search.text(pick(queries), 30)],
    ];
    for (const [label, next] of rows) {
      const result = await autocannon({
        url: base,
        connections: 10,
        duration,
        headers: { cookie },
        requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: next() }) }],
      });
      console.log(`  ${kind}: ${label} ${Math.round(result.requests.average)} req/s, ${result.non2xx} not 2xx`);
    }
    await measure('after the reads (read caches full)');
    await new Promise((resolve) => setTimeout(resolve, 11_000));
    await measure('11 s later (read caches expired)');
    child.send({ type: 'stop' });
    await exited;
    return steps;
  } finally {
    if (prepared.databaseUrl) await dropScratchDatabase(prepared.databaseUrl);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function printSteps(kind: DbKind, count: number, steps: Step[]) {
  console.log(`\n${kind === 'pglite' ? 'PGlite (from its folder)' : 'PostgreSQL'}, ${count} products: after each part, garbage collected (MB)`);
  console.log('| part | RSS | Δ RSS | JS heap used | Δ heap | JS heap committed | external (of which ArrayBuffers) | Δ external | PGlite WASM memory | peak RSS |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  let previous: Step | null = null;
  for (const s of steps) {
    const d = (now: number, before: number | undefined) => (before === undefined ? '' : (now - before).toFixed(1));
    console.log(
      `| ${s.step} | ${s.rssMb.toFixed(1)} | ${d(s.rssMb, previous?.rssMb)} | ${s.heapUsedMb.toFixed(1)} | ${d(s.heapUsedMb, previous?.heapUsedMb)} | ${s.heapTotalMb.toFixed(1)} | ${s.externalMb.toFixed(1)} (${s.arrayBuffersMb.toFixed(1)}) | ${d(s.externalMb, previous?.externalMb)} | ${s.wasmMb.toFixed(1)} | ${s.peakMb.toFixed(1)} |`,
    );
    previous = s;
  }
}

async function main() {
  if (process.argv.includes('--server')) {
    await server(arg('server', 'pglite') as DbKind, arg('data-dir', ''), arg('database-url', ''));
    return;
  }
  const which = arg('db', 'both');
  const count = numberArg('products', 50000);
  const duration = numberArg('duration', 5);
  const kinds: DbKind[] = which === 'both' ? ['pglite', 'postgres'] : [which as DbKind];
  for (const kind of kinds) printSteps(kind, count, await breakdown(kind, count, duration));
}

await main();
