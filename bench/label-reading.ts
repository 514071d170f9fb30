/**
 * "La etiqueta se lee sola" (issue 24, ADR 020): how well and how fast the server reads label photos.
 *
 *   npx tsx bench/label-reading.ts [--set bench/label-photos/set] [--rounds 2] [--in-flight 3]
 *
 * The set: Chilean labels rendered from real Open Food Facts products and degraded like phone photos
 * (bench/label-photos/generate.ts; each `<id>.jpg` has its truth in `<id>.json`).
 * - Ingredient text: characters right = 1 − edit distance ÷ length, on text folded to lower case with white space
 *   collapsed, summed over the set (target ≥ 97 %).
 * - Nutrition values: exact (a right value marked for checking counts as exact; a value the label lacks read as
 *   empty counts as exact) ≥ 90 %, and wrong values given without a mark: 0.
 * - Photo received → answer (the reader service as the route calls it: check and re-encode, OCR in the pool,
 *   parsing), with `--in-flight` photos in the pool at all times (3: each photo waits behind 2 others), 2 OCR
 *   processes as in production; p95 ≤ 5 s. The event loop's delay while reading (p99 ≤ 50 ms) is this process's:
 *   the reader's half of the server runs here.
 * - Baseline, same run: tesseract.js with its defaults on the photo as received (no preparation, automatic page
 *   layout), one reading at a time, parsed by the same code.
 * - Memory: the RSS of an OCR process while it reads, and this process's RSS before the first reading, while
 *   reading, and after the processes ended for want of work.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createWorker } from 'tesseract.js';
import { nutrientFieldNames, type LabelReading, type NutrientField } from '@etiqueta/contracts';
import { ingredientsFromWords } from '../apps/server/src/modules/label-reading/ingredients-text.ts';
import { createLabelReader } from '../apps/server/src/modules/label-reading/label-reader.service.ts';
import { nutritionFromWords } from '../apps/server/src/modules/label-reading/nutrition-table.ts';
import { wordsFromTsv } from '../apps/server/src/modules/label-reading/ocr-words.ts';
import { percentile } from './bench-stats.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const { values: args } = parseArgs({
  options: {
    set: { type: 'string', default: path.join(here, 'label-photos/set') },
    rounds: { type: 'string', default: '2' },
    'in-flight': { type: 'string', default: '3' },
    baseline: { type: 'boolean', default: true },
    /** Only photos of one part (`ingredients` or `nutrition`), to look at one parser. */
    part: { type: 'string' },
  },
  allowNegative: true,
});
const inFlight = Number(args['in-flight']);

type Truth =
  | { part: 'ingredients'; ingredients: string }
  | { part: 'nutrition'; per: '100 g' | '100 mL'; portionG: number; nutrients: Record<NutrientField, number | null> };
type Photo = { id: string; data: Buffer; truth: Truth };

const photos: Photo[] = fs
  .readdirSync(args.set)
  .filter((f) => f.endsWith('.jpg') && (!args.part || f.startsWith(args.part)))
  .sort()
  .map((f) => ({
    id: f.replace(/\.jpg$/, ''),
    data: fs.readFileSync(path.join(args.set, f)),
    truth: JSON.parse(fs.readFileSync(path.join(args.set, f.replace(/\.jpg$/, '.json')), 'utf8')) as Truth,
  }));
const ingredientPhotos = photos.filter((p) => p.truth.part === 'ingredients').length;
console.log(`set: ${path.relative(process.cwd(), args.set)} — ${photos.length} photos (${ingredientPhotos} ingredient lists, ${photos.length - ingredientPhotos} nutrition tables), ${(photos.reduce((s, p) => s + p.data.length, 0) / 1024 / 1024).toFixed(2)} MB`);
console.log(`machine: ${execFileSync('nproc', { encoding: 'utf8' }).trim()} cores, Node ${process.version}`);

// ---------------------------------------------------------------------------------------------------------------
// Scoring

const fold = (text: string) => text.toLocaleLowerCase('es').replace(/\s+/g, ' ').trim();

/** Levenshtein distance with the edit script (for "what it gets wrong most"). */
function editOps(a: string, b: string): { distance: number; ops: { read: string; truth: string; at: number }[] } {
  const n = a.length;
  const m = b.length;
  const d = Array.from({ length: n + 1 }, (_, i) => {
    const row = new Uint32Array(m + 1);
    row[0] = i;
    return row;
  });
  for (let j = 0; j <= m; j++) d[0]![j] = j;
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= m; j++) {
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
  }
  const ops: { read: string; truth: string; at: number }[] = [];
  let i = n;
  let j = m;
  while (i > 0 || j > 0) {
    if (i > 0 && j > 0 && d[i]![j] === d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)) {
      if (a[i - 1] !== b[j - 1]) ops.push({ read: a[i - 1]!, truth: b[j - 1]!, at: j - 1 });
      i -= 1;
      j -= 1;
    } else if (i > 0 && d[i]![j] === d[i - 1]![j]! + 1) {
      ops.push({ read: a[i - 1]!, truth: '', at: j });
      i -= 1;
    } else {
      ops.push({ read: '', truth: b[j - 1]!, at: j - 1 });
      j -= 1;
    }
  }
  return { distance: d[n]![m]!, ops: ops.reverse() };
}

type Score = {
  chars: number;
  distance: number;
  values: number;
  exact: number;
  wrongUnmarked: { id: string; field: string; truth: number | null; read: number | null }[];
  misses: { id: string; field: string; truth: number | null; read: number | null; check: boolean }[];
  marked: number;
  confusions: Map<string, { count: number; examples: string[] }>;
  failures: string[];
  portionsRight: number;
  tables: number;
};

function score(results: Map<string, LabelReading | Error>): Score {
  const s: Score = { chars: 0, distance: 0, values: 0, exact: 0, wrongUnmarked: [], misses: [], marked: 0, confusions: new Map(), failures: [], portionsRight: 0, tables: 0 };
  for (const photo of photos) {
    const result = results.get(photo.id)!;
    if (photo.truth.part === 'ingredients') {
      const truth = fold(photo.truth.ingredients);
      s.chars += truth.length;
      if (result instanceof Error || result.ingredients === null) {
        s.distance += truth.length;
        s.failures.push(`${photo.id}: ${result instanceof Error ? result.message : 'no text'}`);
        continue;
      }
      const { distance, ops } = editOps(fold(result.ingredients), truth);
      s.distance += distance;
      for (const op of ops) {
        const key = `${JSON.stringify(op.truth || '∅')} → ${JSON.stringify(op.read || '∅')}`;
        const entry = s.confusions.get(key) ?? { count: 0, examples: [] };
        entry.count += 1;
        if (entry.examples.length < 2) entry.examples.push(`${photo.id}: «…${truth.slice(Math.max(0, op.at - 12), op.at + 12)}…»`);
        s.confusions.set(key, entry);
      }
      continue;
    }
    s.tables += 1;
    for (const field of nutrientFieldNames) {
      s.values += 1;
      const truth = photo.truth.nutrients[field];
      if (result instanceof Error) {
        s.misses.push({ id: photo.id, field, truth, read: null, check: true });
        continue;
      }
      const read = result.nutrients[field];
      if (read.check) s.marked += 1;
      const right = read.value === null ? truth === null : truth !== null && Math.abs(read.value - truth) < 1e-6;
      if (right) s.exact += 1;
      else {
        s.misses.push({ id: photo.id, field, truth, read: read.value, check: read.check });
        if (read.value !== null && !read.check) s.wrongUnmarked.push({ id: photo.id, field, truth, read: read.value });
      }
    }
    if (result instanceof Error) s.failures.push(`${photo.id}: ${result.message}`);
    else if (result.portionG === photo.truth.portionG && result.per === photo.truth.per) s.portionsRight += 1;
  }
  return s;
}

const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
function report(label: string, s: Score) {
  console.log(`\n${label}`);
  console.log(`  ingredient text: ${pct(1 - s.distance / s.chars)} characters right (${s.distance} edits over ${s.chars} characters)`);
  console.log(`  nutrition values: ${pct(s.exact / s.values)} exact (${s.exact}/${s.values}), ${s.wrongUnmarked.length} wrong without a mark, ${s.marked} marked for checking`);
  console.log(`  portion and per-column right: ${s.portionsRight}/${s.tables} tables`);
  if (s.failures.length > 0) console.log(`  unread: ${s.failures.join('; ')}`);
}

// ---------------------------------------------------------------------------------------------------------------
// Baseline: tesseract.js defaults on the photo as received, one at a time.

const baselineMillis: number[] = [];
if (args.baseline) {
  const require = createRequire(import.meta.url);
  const langPath = path.join(path.dirname(require.resolve('@tesseract.js-data/spa/package.json')), '4.0.0_best_int');
  const worker = await createWorker('spa', 1, { langPath, cacheMethod: 'none' });
  await worker.setParameters({ debug_file: '/dev/null' });
  const results = new Map<string, LabelReading | Error>();
  for (const photo of photos) {
    const started = performance.now();
    const { data } = await worker.recognize(photo.data, {}, { text: false, tsv: true });
    const words = wordsFromTsv(data.tsv ?? '', (b) => b);
    const blank = Object.fromEntries(nutrientFieldNames.map((f) => [f, { value: null, check: true, box: null, text: null }])) as LabelReading['nutrients'];
    const base = { part: photo.truth.part, ingredients: null, ingredientsBox: null, per: null, portionG: null, nutrients: blank, millis: 0 };
    if (photo.truth.part === 'ingredients') {
      results.set(photo.id, { ...base, ingredients: ingredientsFromWords(words)?.text ?? null });
    } else {
      const table = await nutritionFromWords(words);
      results.set(photo.id, { ...base, per: table.per, portionG: table.portionG, nutrients: table.nutrients });
    }
    baselineMillis.push(performance.now() - started);
  }
  await worker.terminate();
  report('BASELINE — tesseract.js defaults on the photo as received (automatic layout, no preparation), same parsing:', score(results));
  console.log(`  time per photo, one at a time: median ${percentile(baselineMillis, 50).toFixed(0)} ms, p95 ${percentile(baselineMillis, 95).toFixed(0)} ms`);
}

// ---------------------------------------------------------------------------------------------------------------
// The reader as the server runs it.

const rssMb = (pid: number | 'self') => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};
const IDLE_MS = 3000;
const reader = createLabelReader({ workers: 2, queue: 100, idleMs: IDLE_MS, timeoutMs: 60_000 });
const rssBefore = rssMb('self');

// Warm-up: start both processes (their start-up is measured on its own, not in the percentiles).
const warmStarted = performance.now();
await Promise.all(photos.slice(0, 2).map((p) => reader.read(p.data, p.truth.part, performance.now())));
const coldMillis = performance.now() - warmStarted;

const loop = monitorEventLoopDelay({ resolution: 5 });
const loadBefore = fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
const latencies: number[] = [];
const results = new Map<string, LabelReading | Error>();
let workerRss = 0;
let rssWhileReading = 0;
const rounds = Number(args.rounds);
loop.enable();
/** CPU seconds each OCR process has used (utime + stime in /proc/<pid>/stat), last seen. */
const cpuSeconds = new Map<number, number>();
const ticks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
const sampler = setInterval(() => {
  for (const pid of reader.pool.pids()) {
    try {
      workerRss = Math.max(workerRss, rssMb(pid));
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      cpuSeconds.set(pid, (Number(fields[11]) + Number(fields[12])) / ticks);
    } catch {
      // ended between listing and reading
    }
  }
  rssWhileReading = Math.max(rssWhileReading, rssMb('self'));
}, 200);
const queue = Array.from({ length: rounds }, (_, round) => photos.map((photo) => ({ photo, round }))).flat();
const run = async () => {
  for (let job = queue.shift(); job; job = queue.shift()) {
    const started = performance.now();
    try {
      const answer = await reader.read(job.photo.data, job.photo.truth.part, started);
      if (job.round === 0) results.set(job.photo.id, answer);
    } catch (error) {
      if (job.round === 0) results.set(job.photo.id, error as Error);
    }
    latencies.push(performance.now() - started);
  }
};
const wallStarted = performance.now();
await Promise.all(Array.from({ length: inFlight }, run));
const wall = performance.now() - wallStarted;
loop.disable();
clearInterval(sampler);
// The warm-up's two photos ran before the sampler: their CPU is counted (the processes started with them), so
// the share is over every reading the processes did.
const cpuTotal = [...cpuSeconds.values()].reduce((a, b) => a + b, 0);
const readingsDone = latencies.length + 2;
const loadAfter = fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0];

const s = score(results);
report(`READER — prepared photo (evened light, levelled), table/paragraph layout, ${inFlight} photos in flight on 2 OCR processes:`, s);
const p50 = percentile(latencies, 50);
const p95 = percentile(latencies, 95);
console.log(`  photo received → answer (${latencies.length} readings, ${inFlight} in flight): median ${p50.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, max ${Math.max(...latencies).toFixed(0)} ms (target p95 ≤ 5000 ms)`);
if (baselineMillis.length > 0) {
  console.log(`  ratio to the baseline's one-at-a-time p95 (${percentile(baselineMillis, 95).toFixed(0)} ms): ${(p95 / percentile(baselineMillis, 95)).toFixed(2)}×`);
}
console.log(`  throughput: ${((latencies.length / wall) * 1000 * 60).toFixed(0)} photos a minute; first two photos with cold processes: ${coldMillis.toFixed(0)} ms`);
console.log(`  OCR CPU per photo: ${((cpuTotal / readingsDone) * 1000).toFixed(0)} ms (process start included); machine load average ${loadBefore} before, ${loadAfter} after (2 cores: above 2, other work shares them)`);
console.log(`  event loop delay while reading: p50 ${(loop.percentile(50) / 1e6).toFixed(1)} ms, p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms, max ${(loop.max / 1e6).toFixed(1)} ms (target p99 ≤ 50 ms)`);

console.log('\nMEMORY');
console.log(`  one OCR process while reading: ${workerRss.toFixed(0)} MB RSS (its own process: none of it is the server's)`);
console.log(`  this process: ${rssBefore.toFixed(0)} MB before the first photo, ${rssWhileReading.toFixed(0)} MB at most while reading`);
await new Promise((resolve) => setTimeout(resolve, IDLE_MS + 1500));
console.log(`  after ${IDLE_MS / 1000} s without photos: ${reader.pool.stats().processes} OCR processes alive, this process ${rssMb('self').toFixed(0)} MB`);
await reader.close();

// ---------------------------------------------------------------------------------------------------------------
// What it gets wrong most

console.log('\nWHAT THE READER GETS WRONG MOST');
const confusions = [...s.confusions.entries()].sort((a, b) => b[1].count - a[1].count).slice(0, 12);
console.log('  ingredient text, character edits (truth → read), most frequent first:');
for (const [key, { count, examples }] of confusions) console.log(`    ${String(count).padStart(3)} × ${key}   e.g. ${examples.join(' | ')}`);
const byField = new Map<string, number>();
for (const m of s.misses) byField.set(m.field, (byField.get(m.field) ?? 0) + 1);
console.log(`  nutrition values not exact, by field: ${[...byField.entries()].sort((a, b) => b[1] - a[1]).map(([f, n]) => `${f} ${n}`).join(', ') || 'none'}`);
for (const m of s.misses.slice(0, Number(process.env.BENCH_MISSES ?? 15))) {
  console.log(`    ${m.id} ${m.field}: label ${m.truth ?? '—'}, read ${m.read ?? 'empty'}${m.check ? ' (marked)' : ' (NOT MARKED)'}`);
}
if (s.wrongUnmarked.length > 0) console.log(`  WRONG WITHOUT A MARK: ${s.wrongUnmarked.map((w) => `${w.id} ${w.field} ${w.truth}→${w.read}`).join('; ')}`);
