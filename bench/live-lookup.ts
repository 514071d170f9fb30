/**
 * Live barcode lookup: what `GET /api/search/barcode/:code` adds, for a code the catalogue lacks, on top of Open
 * Food Facts' own answer time. The server is the real one (`src/main.ts` in its own process, PGlite on disk holding
 * the real 7,119-record catalogue); OFF is the local fake that answers OFF's real v3.5 product answer
 * (apps/server/test/fake-off.ts), in a process of its own too, so the bench (the client) times both cleanly.
 *
 * Each sample, in turn: the bench fetches the product from the fake OFF directly (the baseline: OFF's answer
 * time as a client sees it, loopback HTTP and JSON included), then asks our server for another new code, which
 * makes the server fetch the same answer from OFF, map, classify, score, store it and signal the catalogue. The
 * overhead is the paired difference. A code the catalogue has (answered by the barcode index) is timed too: the
 * cost of the extra HTTP hop alone.
 *
 * OFF allows 15 product reads a minute, and the server's limiter enforces our share (OFF_LOOKUP_PER_MINUTE, at
 * most 15): the bench starts a fresh server (fresh limiter, same database) every 14 measured lookups, after one
 * unmeasured warm-up lookup. Two paces:
 * - OFF's rate: one lookup every 4 s, the most the limiter lets through over a minute. Each write makes PGlite's
 *   product-page store reload and the search index rebuild (ADR 003, 006); at this pace they are done before the
 *   next lookup. Target: p95 overhead ≤ 30 ms.
 * - burst: one lookup every 250 ms, 16 times OFF's rate, each landing while the previous write's reloads run.
 *
 * Run: npx tsx bench/live-lookup.ts [--samples 60]
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { like } from 'drizzle-orm';
import { connectDatabase } from '../apps/server/src/db/client.ts';
import { importFile } from '../apps/server/src/modules/sync/import-file.ts';
import { offProductUrl } from '../apps/server/src/modules/off/off-product-api.ts';
import { products } from '../apps/server/src/db/schema.ts';
import { answerFor, offAnswer, plausible, startFakeOff } from '../apps/server/test/fake-off.ts';
import { flag, numberArg } from './bench-args.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const CATALOGUE = path.resolve(here, '../../shared/data/products/latam_es_lifyzer_off2019.jsonl');
const TARGET_P95_MS = 30;
const PER_APP = 15;
const OFF_PACE_MS = 4_000;
const BURST_PACE_MS = 250;
const SAMPLES = numberArg('samples', 45);
const BURST_SAMPLES = Math.ceil(SAMPLES / 2);

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};
const ms = (n: number) => `${n.toFixed(1)} ms`;
const line = (label: string, values: number[]) =>
  `${label.padEnd(44)} min ${ms(Math.min(...values)).padStart(9)}  p50 ${ms(quantile(values, 0.5)).padStart(9)}  p95 ${ms(quantile(values, 0.95)).padStart(9)}  max ${ms(Math.max(...values)).padStart(9)}`;

async function timed(url: string, expectStatus: number): Promise<number> {
  const started = performance.now();
  const res = await fetch(url, { headers: { 'User-Agent': 'EtiquetaClaraBench/1.0 (bench@etiquetaclara.cl)' } });
  await res.arrayBuffer();
  const elapsed = performance.now() - started;
  if (res.status !== expectStatus) throw new Error(`${url}: HTTP ${res.status}, expected ${expectStatus}`);
  return elapsed;
}

if (flag('serve-fake-off')) {
  // Child process: the fake OFF answering OFF's real v3.5 answer for any code; prints its address.
  const template = plausible(offAnswer('v3.5__get-existing-product-api-v3-5.json'));
  const off = await startFakeOff((code) => ({ json: answerFor(code, template) }));
  console.log(off.url);
  process.on('SIGTERM', () => void off.close().then(() => process.exit(0)));
} else {
  await main();
}

async function startFakeOffProcess() {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--serve-fake-off'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.setEncoding('utf8');
    child.stdout.once('data', (chunk: string) => resolve(chunk.trim()));
    child.once('exit', (code) => reject(new Error(`fake OFF exited with ${code}`)));
  });
  return { url, stop: () => child.kill('SIGTERM') };
}

type Figures = { off: number[]; lookup: number[]; overhead: number[]; known: number[] };

/** A free loopback port, for a child process to listen on. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** `src/main.ts` as production runs it, on the bench's data folder; resolves once /api/health answers. */
async function startServer(env: Record<string, string>) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.resolve(here, '../apps/server/src/main.ts')], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ok = await fetch(`${base}/api/health`).then((r) => r.ok, () => false);
    if (ok) break;
    if (i > 600) throw new Error('the server did not start');
    await sleep(100);
  }
  return {
    base,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function main() {
  const loadAtStart = os.loadavg()[0]!.toFixed(1);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ec-bench-lookup-'));
  const off = await startFakeOffProcess();
  try {
    const dataDir = path.join(dir, 'db');
    const migrated = spawnSync(process.execPath, ['--import', 'tsx', path.resolve(here, '../apps/server/src/db/migrate-cli.ts')], {
      env: { ...process.env, DATA_DIR: dataDir },
      encoding: 'utf8',
    });
    if (migrated.status !== 0) throw new Error(`migration failed: ${migrated.stderr}`);
    const database = await connectDatabase({ dataDir, owner: 'sync' });
    const imported = await importFile(database, CATALOGUE);
    if (imported.status !== 'success') throw new Error(`import failed: ${imported.error}`);
    const known = (await database.db.query.products.findFirst({ columns: { barcode: true } }))?.barcode;
    if (!known) throw new Error('empty catalogue');
    await database.close();
    const env = {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      RATE_LIMIT_PER_MINUTE: '0',
      SYNC_ENABLED: 'false',
      WEB_DIST: path.join(here, 'no-web-build'),
      COOKIE_SECRET: 'b'.repeat(40),
      OFF_LIVE_LOOKUP: 'true',
      OFF_BASE_URL: off.url,
      OFF_LOOKUP_PER_MINUTE: String(PER_APP),
    };

    let serial = 0;
    let warmups = 0;
    async function measure(samples: number, paceMs: number): Promise<Figures> {
      const figures: Figures = { off: [], lookup: [], overhead: [], known: [] };
      let server: Awaited<ReturnType<typeof startServer>> | null = null;
      for (let i = 0; i < samples; i++) {
        if (i % (PER_APP - 1) === 0) {
          console.error(`  ${paceMs} ms pace: lookup ${i + 1} of ${samples}, starting a fresh server`);
          await server?.stop();
          server = await startServer(env);
          // Warm-up, not measured: the index's first build, the page store's first load, and a first lookup
          // (the taxonomy's and the additive matcher's one-time loads). It spends one of the 15 reads.
          await timed(`${server.base}/api/search/barcode/${known}`, 200);
          serial++;
          await timed(`${server.base}/api/search/barcode/29910${String(serial).padStart(8, '0')}`, 200);
          warmups++;
        }
        await sleep(paceMs);
        serial++;
        const offMs = await timed(offProductUrl(off.url, `29900${String(serial).padStart(8, '0')}`), 200);
        const lookupMs = await timed(`${server!.base}/api/search/barcode/29910${String(serial).padStart(8, '0')}`, 200);
        const knownMs = await timed(`${server!.base}/api/search/barcode/${known}`, 200);
        figures.off.push(offMs);
        figures.lookup.push(lookupMs);
        figures.overhead.push(lookupMs - offMs);
        figures.known.push(knownMs);
      }
      await server?.stop();
      return figures;
    }

    const paced = await measure(SAMPLES, OFF_PACE_MS);
    const burst = await measure(BURST_SAMPLES, BURST_PACE_MS);
    const check = await connectDatabase({ dataDir, owner: 'sync' });
    const stored = await check.db.$count(products, like(products.barcode, '2991%'));
    await check.close();
    if (stored !== SAMPLES + BURST_SAMPLES + warmups) throw new Error(`${stored} products stored for ${SAMPLES + BURST_SAMPLES + warmups} new codes`);

    console.log(`live barcode lookup, catalogue of ${imported.inserted} products (PGlite); each new code stored`);
    console.log(`machine: ${os.cpus().length} cores, load average ${loadAtStart} at the start, ${os.loadavg()[0]!.toFixed(1)} at the end`);
    const report = (label: string, f: Figures) => {
      console.log(`\n${label}`);
      console.log(line('baseline: fake OFF answer, fetched directly', f.off));
      console.log(line('GET /api/search/barcode (new code → OFF)', f.lookup));
      console.log(line('GET /api/search/barcode (known code, index)', f.known));
      console.log(line('overhead (lookup − OFF, paired)', f.overhead));
      console.log(`p95 lookup / p95 OFF: ${(quantile(f.lookup, 0.95) / quantile(f.off, 0.95)).toFixed(2)}×`);
    };
    report(`OFF's rate: ${SAMPLES} lookups, one every ${OFF_PACE_MS / 1000} s (the most the limiter allows over a minute)`, paced);
    report(`burst: ${BURST_SAMPLES} lookups, one every ${BURST_PACE_MS} ms (16× OFF's rate), over the reloads`, burst);
    const p95 = quantile(paced.overhead, 0.95);
    console.log(`\ntarget: p95 overhead at OFF's rate ≤ ${TARGET_P95_MS} ms → ${p95 <= TARGET_P95_MS ? 'met' : 'NOT met'} (${ms(p95)})`);
    if (p95 > TARGET_P95_MS) process.exitCode = 1;
  } finally {
    off.stop();
    await fs.rm(dir, { recursive: true, force: true });
  }
}
