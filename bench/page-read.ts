/**
 * How the product page store (apps/server/src/modules/products/product-page-store.ts, ADR 029) should read a page
 * from its file: one synchronous positioned read on the main thread, against the baseline of the same read handed to
 * libuv's thread pool (`FileHandle.read`, 10 in flight as under the API bench's 10 connections), in the same run.
 *
 *   npx tsx bench/page-read.ts [--pages 50000] [--reads 200000]
 *
 * The file holds `--pages` pages of 3–7 KB (~5 KB each, as the product pages at 50,000 products: ~250 MB), written
 * once and read back whole first, so the kernel's file cache serves it as it does a running server's. Each row reads
 * `--reads` pages at random offsets; the CPU time is the whole process's (main thread and thread pool) per page.
 */
import { readSync } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { numberArg } from './bench-args.ts';
import { timeConcurrently } from './concurrent-ops.ts';
import { seededRandom } from './seeded-random.ts';

const PAGES = numberArg('pages', 50_000);
const READS = numberArg('reads', 200_000);

const folder = await mkdtemp(path.join(os.tmpdir(), 'page-read-'));
const handle = await open(path.join(folder, 'pages'), 'w+', 0o600);
try {
  const random = seededRandom(31);
  const places: { at: number; length: number }[] = [];
  let size = 0;
  for (let i = 0; i < PAGES; i += 1_000) {
    const lengths = Array.from({ length: Math.min(1_000, PAGES - i) }, () => 3_000 + Math.floor(random() * 4_000));
    const block = Buffer.alloc(lengths.reduce((sum, n) => sum + n, 0), 'x');
    let at = size;
    for (const length of lengths) {
      places.push({ at, length });
      at += length;
    }
    await handle.write(block, 0, block.length, size);
    size += block.length;
  }
  for (const { at, length } of places) readSync(handle.fd, Buffer.allocUnsafe(length), 0, length, at);
  console.log(`${PAGES} pages, ${(size / 1_048_576).toFixed(0)} MB in the file cache; ${READS} random reads per row`);

  const order = Array.from({ length: READS }, () => places[Math.floor(random() * places.length)]!);
  const rows: { name: string; opsPerS: number; cpuUs: number }[] = [];
  async function row(name: string, parallel: number, read: (place: { at: number; length: number }) => unknown) {
    const cpu = process.cpuUsage();
    const { opsPerS } = await timeConcurrently(READS, parallel, async (i) => read(order[i]!));
    const used = process.cpuUsage(cpu);
    rows.push({ name, opsPerS, cpuUs: (used.user + used.system) / READS });
  }
  // Two rounds; the first warms both paths up and only the second is printed.
  for (let round = 0; round < 2; round++) {
    rows.length = 0;
    await row('FileHandle.read, 10 in flight (baseline)', 10, ({ at, length }) =>
      handle.read(Buffer.allocUnsafe(length), 0, length, at),
    );
    await row('readSync on the main thread', 10, ({ at, length }) => readSync(handle.fd, Buffer.allocUnsafe(length), 0, length, at));
  }
  const baseline = rows[0]!.opsPerS;
  console.log('| read | pages/s | × baseline | CPU µs a page (all threads) |');
  console.log('|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.name} | ${Math.round(r.opsPerS)} | ${(r.opsPerS / baseline).toFixed(2)} | ${r.cpuUs.toFixed(1)} |`);
} finally {
  await handle.close();
  await rm(folder, { recursive: true, force: true });
}
