/**
 * OFF export scan: how fast the `off` source reads OFF's daily JSONL export, compared with gunzip alone.
 *
 * A generated .jsonl.gz of 200,000 lines in OFF's stored-document shapes (../shared/data/off-formats: the
 * schema-1003 stored document, the 1004 and 1003 API products, the legacy flat-`nutriments` product, and
 * sparse documents as most OFF products are), 10 % sold in Chile, 1 % foreign but mentioning Chile elsewhere
 * (origins), served by a local HTTP server. Measured in the same run, on the same file:
 *   - baseline: zlib gunzip of the file, bytes discarded (the least any reader must do);
 *   - the adapter's full read (HTTP download, gunzip, line split on Buffers, 'en:chile' byte test,
 *     JSON.parse of candidates, countries_tags check), as the sync service consumes it;
 *   - the same scanner on the file (no HTTP: what the download costs), and without the byte test (every line
 *     parsed: what the cheap test buys).
 * Records/s = lines in the file / wall seconds, best of the rounds; CPU time is this process's (the stand-in
 * server runs in its own), a fairer measure on a shared machine. Targets: scan ≥ 0.5 × gunzip-only; peak RSS growth ≤ 150 MB.
 *
 * Run: npx tsx bench/export-scan.ts [--lines 200000] [--rounds 3]
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { gunzip, scanJsonLines } from '../apps/server/src/modules/off/adapters/json-lines.ts';
import { createOffExportAdapter } from '../apps/server/src/modules/off/adapters/off-export-adapter.ts';
import { numberArg } from './bench-args.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const FORMATS = path.resolve(here, '../../shared/data/off-formats/api-read');
const LINES = numberArg('lines', 200_000);
const ROUNDS = numberArg('rounds', 3);
const RATIO_TARGET = 0.5;
const RSS_TARGET_MB = 150;

const mb = (bytes: number) => `${Math.round(bytes / 1_048_576)} MB`;
const perSecond = (n: number, ms: number) => Math.round(n / (ms / 1000));

const documents = [
  'v2__get-fields-raw.json',
  'v3.6__get-existing-product-new-tags-schema-api-v3-6.json',
  'v3.5__get-existing-product-api-v3-5.json',
  'v2__get-existing-product.json',
].map((name) => (JSON.parse(fs.readFileSync(path.join(FORMATS, name), 'utf8')) as { product: Record<string, unknown> }).product);

/** Most OFF products are a barcode, a name and a photo or two: a sparse stored document. */
function sparse(i: number): Record<string, unknown> {
  return {
    _id: '',
    code: '',
    product_name: `Producto ${i}`,
    lang: 'es',
    created_t: 1_600_000_000 + i,
    last_modified_t: 1_700_000_000 + i,
    states_tags: ['en:to-be-completed', 'en:nutrition-facts-to-be-completed', 'en:ingredients-to-be-completed', 'en:photos-uploaded'],
    images: { uploaded: { '1': { uploaded_t: 1_600_000_000 + i, uploader: 'someone', sizes: { full: { w: 1200, h: 1600 }, '400': { w: 300, h: 400 } } } } },
    schema_version: 1004,
    rev: 3,
  };
}

async function generate(file: string): Promise<{ bytes: number; raw: number; chilean: number }> {
  const gz = zlib.createGzip({ level: 1 });
  const out = fs.createWriteStream(file);
  const done = pipeline(gz, out);
  let raw = 0;
  let chilean = 0;
  for (let i = 0; i < LINES; i++) {
    const base = i % 2 === 0 ? documents[(i >> 1) % documents.length]! : sparse(i);
    const code = `78${String(i).padStart(11, '0')}`;
    let countries: string[];
    const extra: Record<string, unknown> = {};
    if (i % 10 === 3) {
      countries = ['en:chile'];
      chilean++;
    } else {
      countries = i % 3 === 0 ? ['en:france'] : ['en:germany', 'en:spain'];
      if (i % 100 === 7) extra.origins_tags = ['en:chile'];
    }
    const line = `${JSON.stringify({ ...base, ...extra, _id: code, code, countries_tags: countries, product_name: `Producto ${i}` })}\n`;
    raw += Buffer.byteLength(line);
    if (!gz.write(line)) await new Promise<void>((resolve) => gz.once('drain', () => resolve()));
  }
  gz.end();
  await done;
  return { bytes: fs.statSync(file).size, raw, chilean };
}

/** Wall time, this process's CPU time (all threads: zlib runs on the pool), peak RSS growth sampled every 20 ms. */
async function measure<T>(fn: () => Promise<T>): Promise<{ result: T; ms: number; cpuMs: number; rssGrowth: number }> {
  global.gc?.();
  const before = process.memoryUsage().rss;
  const cpuBefore = process.cpuUsage();
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const started = performance.now();
  try {
    const result = await fn();
    const ms = performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, ms, cpuMs: (cpu.user + cpu.system) / 1000, rssGrowth: peak - before };
  } finally {
    clearInterval(timer);
  }
}

async function gunzipOnly(file: string): Promise<number> {
  let bytes = 0;
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 256 * 1024 }).pipe(gunzip())) bytes += (chunk as Buffer).length;
  return bytes;
}

async function scanHttp(url: string): Promise<{ kept: number; lines: number }> {
  const adapter = createOffExportAdapter({ exportUrl: url, deltaUrl: url });
  let kept = 0;
  let lines = 0;
  for await (const record of adapter.read({ kind: 'bulk', since: null, cursor: null, onProgress: (p) => (lines = p.recordsRead) })) {
    if (record.product) kept++;
  }
  return { kept, lines };
}

async function scanFile(file: string, needle: string | undefined): Promise<number> {
  let kept = 0;
  for await (const scanned of scanJsonLines(fs.createReadStream(file, { highWaterMark: 256 * 1024 }).pipe(gunzip()), { needle })) {
    if (scanned.kind === 'object' && Array.isArray(scanned.value.countries_tags) && scanned.value.countries_tags.includes('en:chile')) kept++;
  }
  return kept;
}

const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'ec-bench-export-'));
const file = path.join(dir, 'openfoodfacts-products.jsonl.gz');
// The stand-in for OFF's server runs in its own process, as OFF's does: its reads and writes are not the scan's.
const serverSource = `
  const fs = require('node:fs');
  const file = process.argv[1];
  const server = require('node:http').createServer((req, res) => {
    const stat = fs.statSync(file);
    res.writeHead(200, { 'content-length': String(stat.size), 'last-modified': stat.mtime.toUTCString(), etag: '"bench"' });
    fs.createReadStream(file, { highWaterMark: 256 * 1024 }).pipe(res);
  });
  server.listen(0, '127.0.0.1', () => process.send(server.address().port));
`;
let server: ChildProcess | null = null;
try {
  console.log(`Node ${process.version}, ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  const generated = await generate(file);
  console.log(
    `generated ${LINES.toLocaleString('en')} lines: ${mb(generated.bytes)} gzipped, ${mb(generated.raw)} as JSON ` +
      `(${Math.round(generated.raw / LINES).toLocaleString('en')} bytes a line), ${generated.chilean.toLocaleString('en')} sold in Chile\n`,
  );
  const child = spawn(process.execPath, ['-e', serverSource, file], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  server = child;
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m) => resolve(Number(m)));
    child.once('error', reject);
  });
  const url = `http://127.0.0.1:${port}/openfoodfacts-products.jsonl.gz`;

  // Rounds alternating, best of each: the machine is shared, so the quietest round is the fairest.
  type Best = { ms: number; cpuMs: number; rss: number };
  const best: Record<'gunzip' | 'scan' | 'scanFile' | 'parseAll', Best> = {
    gunzip: { ms: Infinity, cpuMs: Infinity, rss: 0 },
    scan: { ms: Infinity, cpuMs: Infinity, rss: 0 },
    scanFile: { ms: Infinity, cpuMs: Infinity, rss: 0 },
    parseAll: { ms: Infinity, cpuMs: Infinity, rss: 0 },
  };
  const keep = (key: keyof typeof best, m: { ms: number; cpuMs: number; rssGrowth: number }) => {
    best[key] = { ms: Math.min(best[key].ms, m.ms), cpuMs: Math.min(best[key].cpuMs, m.cpuMs), rss: Math.max(best[key].rss, m.rssGrowth) };
  };
  for (let round = 0; round < ROUNDS; round++) {
    const g = await measure(() => gunzipOnly(file));
    if (g.result !== generated.raw) throw new Error(`gunzip gave ${g.result} bytes, expected ${generated.raw}`);
    keep('gunzip', g);
    const s = await measure(() => scanHttp(url));
    if (s.result.kept !== generated.chilean || s.result.lines !== LINES) throw new Error(`scan kept ${s.result.kept} of ${s.result.lines} lines`);
    keep('scan', s);
    const f = await measure(() => scanFile(file, '"en:chile"'));
    if (f.result !== generated.chilean) throw new Error(`file scan kept ${f.result}`);
    keep('scanFile', f);
    const p = await measure(() => scanFile(file, undefined));
    if (p.result !== generated.chilean) throw new Error(`parse-all kept ${p.result}`);
    keep('parseAll', p);
  }

  const rows = [
    ['zlib gunzip only (baseline)', best.gunzip],
    ['export scan over HTTP (the off source)', best.scan],
    ['same scanner on the file (no HTTP)', best.scanFile],
    ['JSON.parse of every line (no byte test)', best.parseAll],
  ] as const;
  const header = ['reader', 'records/s', 'MB/s of JSON', 'time', 'ratio to gunzip', 'CPU time', 'ratio per CPU-s', 'peak RSS growth'];
  const cells = rows.map(([label, b]) => [
    label,
    perSecond(LINES, b.ms).toLocaleString('en'),
    perSecond(generated.raw / 1_048_576, b.ms).toLocaleString('en'),
    `${(b.ms / 1000).toFixed(2)} s`,
    (best.gunzip.ms / b.ms).toFixed(2),
    `${(b.cpuMs / 1000).toFixed(2)} s`,
    (best.gunzip.cpuMs / b.cpuMs).toFixed(2),
    mb(b.rss),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const print = (c: string[]) => console.log(c.map((x, i) => x.padEnd(widths[i]!)).join('  '));
  print(header);
  print(widths.map((w) => '-'.repeat(w)));
  cells.forEach(print);
  const ratio = best.gunzip.ms / best.scan.ms;
  const cpuRatio = best.gunzip.cpuMs / best.scan.cpuMs;
  console.log(
    `\nexport scan over HTTP: ${ratio.toFixed(2)} × gunzip-only in records/s (${cpuRatio.toFixed(2)} × per CPU-second of this process; ` +
      `target ≥ ${RATIO_TARGET}: ${ratio >= RATIO_TARGET ? 'met' : 'NOT met'}); ` +
      `peak RSS growth ${mb(best.scan.rss)} (target ≤ ${RSS_TARGET_MB} MB: ${best.scan.rss <= RSS_TARGET_MB * 1_048_576 ? 'met' : 'NOT met'})`,
  );
} finally {
  server?.kill();
  await fsp.rm(dir, { recursive: true, force: true });
}
