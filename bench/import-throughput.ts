/**
 * Import throughput: OFF records imported per second into a fresh on-disk PGlite database (stream read, map,
 * classify, score, batched upserts in transactions, category counts), and the process's peak memory, for the
 * real 7,119-record file and for a generated 200,000-record file (the real records cycled with new barcodes).
 *
 * Baseline, measured in the same run on the same machine: reading and mapping the same file without a
 * database (stream parse + mapOffProduct + classify). The ratio import/baseline says how much the scoring and
 * the database cost on top of merely reading the data.
 * Targets: ≥ 2,000 products/s on PGlite; memory flat as the file grows (peak RSS of the 200k import close to
 * the 7k one, and no growth between the first and the last tenth of the 200k import).
 *
 * Run: npx tsx bench/import-throughput.ts [--records 200000]
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { fromPglite, migrateDatabase, openPglite } from '../apps/server/src/db/client.ts';
import { createOffFileAdapter } from '../apps/server/src/modules/off/adapters/off-file-adapter.ts';
import { importFile } from '../apps/server/src/modules/sync/import-file.ts';
import { mapOffProduct } from '../apps/server/src/modules/catalogue-import/mapper.ts';
import { numberArg } from './bench-args.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const REAL_FILE = path.resolve(here, '../../shared/data/products/latam_es_lifyzer_off2019.jsonl');
const TARGET_PER_SECOND = 2_000;
const GENERATED_RECORDS = numberArg('records', 200_000);

const mb = (bytes: number) => `${Math.round(bytes / 1_048_576)} MB`;
const rate = (n: number, ms: number) => Math.round(n / (ms / 1000));

/** Peak RSS while `fn` runs, sampled every 50 ms (and at every batch through `sample`). */
async function withPeakRss<T>(fn: (sample: () => number) => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = process.memoryUsage().rss;
  const sample = () => {
    const rss = process.memoryUsage().rss;
    if (rss > peak) peak = rss;
    return rss;
  };
  const timer = setInterval(sample, 50);
  try {
    const result = await fn(sample);
    sample();
    return { result, peak };
  } finally {
    clearInterval(timer);
  }
}

/** The real records again and again, each with a new 13-digit barcode, written as a stream. */
async function generateFile(target: string, records: number): Promise<void> {
  const lines: string[] = [];
  for await (const line of readline.createInterface({ input: fs.createReadStream(REAL_FILE), crlfDelay: Infinity })) {
    if (line.trim()) lines.push(line);
  }
  const out = fs.createWriteStream(target);
  for (let i = 0; i < records; i++) {
    const record = JSON.parse(lines[i % lines.length]!) as Record<string, unknown>;
    record.code = `29${String(i).padStart(11, '0')}`;
    if (!out.write(`${JSON.stringify(record)}\n`)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
}

async function baseline(file: string): Promise<{ records: number; ms: number }> {
  const started = performance.now();
  let records = 0;
  let ok = 0;
  for await (const r of createOffFileAdapter(file).read({ kind: 'bulk', since: null, cursor: null })) {
    records++;
    if (r.product && mapOffProduct(r.product).ok) ok++;
  }
  if (ok === 0) throw new Error('nothing mapped');
  return { records, ms: performance.now() - started };
}

type ImportFigures = {
  records: number;
  inserted: number;
  ms: number;
  /** Process CPU time (user + system) of the import: PGlite runs in-process, so this covers the database too. */
  cpuMs: number;
  /** Records per second between 10 % and 100 % of the file: the rate once start-up (JIT, first queries) is paid. */
  steadyRate: number;
  peakRss: number;
  rssAtTenth: number;
  rssAtEnd: number;
};

async function importIntoFreshPglite(file: string, dir: string): Promise<ImportFigures> {
  const dataDir = path.join(dir, `db-${path.basename(file)}`);
  // initdb and migrations run in a child process, as `npm run db:migrate` would: their memory (~700 MB for an
  // initdb in WASM) is not the import's, and PGlite never hands WASM memory back once taken.
  const migrated = spawnSync(process.execPath, ['--import', 'tsx', path.resolve(here, '../apps/server/src/db/migrate-cli.ts')], {
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  if (migrated.status !== 0) throw new Error(`migration failed: ${migrated.stderr}`);
  const database = fromPglite(await openPglite({ dataDir }));
  await migrateDatabase(database);
  let total = 0;
  for await (const line of readline.createInterface({ input: fs.createReadStream(file), crlfDelay: Infinity })) {
    if (line.trim()) total++;
  }
  let rssAtTenth = 0;
  let rssAtEnd = 0;
  // Set from the batch callback; an object, so TypeScript does not narrow it to its initial value.
  const marks: { tenth: { at: number; records: number } | null; last: { at: number; records: number } } = {
    tenth: null,
    last: { at: 0, records: 0 },
  };
  try {
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const { result, peak } = await withPeakRss((sample) =>
      importFile(database, file, {
        onBatch: ({ records }) => {
          const rss = sample();
          if (!marks.tenth && records >= total / 10) {
            rssAtTenth = rss;
            marks.tenth = { at: performance.now(), records };
          }
          rssAtEnd = rss;
          marks.last = { at: performance.now(), records };
        },
      }),
    );
    const ms = performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    if (result.status !== 'success') throw new Error(`import failed: ${result.error}`);
    return {
      records: result.inserted + result.rejected,
      inserted: result.inserted,
      ms,
      cpuMs: (cpu.user + cpu.system) / 1000,
      steadyRate:
        marks.tenth && marks.last.records > marks.tenth.records
          ? rate(marks.last.records - marks.tenth.records, marks.last.at - marks.tenth.at)
          : 0,
      peakRss: peak,
      rssAtTenth,
      rssAtEnd,
    };
  } finally {
    await database.close();
  }
}

const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'ec-bench-import-'));
try {
  console.log(`Node ${process.version}, ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  const generated = path.join(dir, `generated-${GENERATED_RECORDS}.jsonl`);
  await generateFile(generated, GENERATED_RECORDS);
  console.log(`generated ${GENERATED_RECORDS.toLocaleString('en')} records (${mb(fs.statSync(generated).size)}) in ${dir}\n`);

  // Warm-up, so the first baseline is not paying for JIT compilation and the classifier's rule tables.
  await baseline(REAL_FILE);
  const idle = process.memoryUsage().rss;
  console.log(`RSS before any database: ${mb(idle)}`);

  const rows: string[][] = [];
  const figures: Record<string, ImportFigures> = {};
  for (const [label, file] of [
    ['7,119 real records', REAL_FILE],
    [`${GENERATED_RECORDS.toLocaleString('en')} generated`, generated],
  ] as const) {
    const base = await baseline(file);
    const imported = await importIntoFreshPglite(file, dir);
    figures[label] = imported;
    const importRate = rate(imported.records, imported.ms);
    const baseRate = rate(base.records, base.ms);
    rows.push([
      label,
      `${baseRate.toLocaleString('en')}/s`,
      `${importRate.toLocaleString('en')}/s`,
      `${rate(imported.records, imported.cpuMs).toLocaleString('en')}/s`,
      `${imported.steadyRate.toLocaleString('en')}/s`,
      `${(importRate / baseRate).toFixed(3)}`,
      `${(imported.ms / 1000).toFixed(1)} s`,
      mb(imported.peakRss),
      `${mb(imported.rssAtTenth)} → ${mb(imported.rssAtEnd)}`,
      importRate >= TARGET_PER_SECOND ? 'yes' : 'NO',
    ]);
  }

  const header = ['file', 'baseline: read+map', 'import into PGlite', 'per CPU-second', 'after the first 10 %', 'ratio', 'import time', 'peak RSS', 'RSS at 10% → 100%', `≥ ${TARGET_PER_SECOND}/s`];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const print = (cells: string[]) => console.log(cells.map((c, i) => c.padEnd(widths[i]!)).join('  '));
  print(header);
  print(widths.map((w) => '-'.repeat(w)));
  rows.forEach(print);

  const [small, big] = Object.values(figures);
  if (small && big) {
    const growth = big.rssAtEnd - big.rssAtTenth;
    console.log(
      `\nmemory: peak RSS ${mb(small.peakRss)} for ${small.records.toLocaleString('en')} records vs ${mb(big.peakRss)} for ` +
        `${big.records.toLocaleString('en')} (${(big.records / small.records).toFixed(0)}× the records); ` +
        `RSS grew ${mb(growth)} between 10% and 100% of the large import.`,
    );
  }
  // A 2-core machine shared with other work gives noisy wall-clock figures: the CPU-time column is the import's
  // own cost, what it achieves on an otherwise idle core.
  console.log(`load average at the end: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
} finally {
  await fsp.rm(dir, { recursive: true, force: true });
}
