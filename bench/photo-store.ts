/**
 * Contributed photos kept by PostgreSQL (ADR 022) against the folder they were kept in before (ADR 013): what
 * reading one stored photo costs, with the folder read as the baseline measured in the same run on the same
 * machine, and what saving one costs.
 *
 *   npx tsx bench/photo-store.ts [--db pglite|postgres|both] [--reads 400] [--photos 60]
 *
 * `--photos` stored photos (each a phone photo re-encoded the way a contribution's is: ≤ 2000 px, JPEG q82,
 * ~0.5 MB) are saved in each store, then read `--reads` times in a shuffled order, one at a time and then 10 at once
 * (the PostgreSQL pool of one API process is 10). The folder is a temporary directory on the machine's disk (the
 * OS page cache serves it after the first read, as it would in production); PostgreSQL is a throw-away database
 * created on BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:54330/postgres) and dropped after. PGlite
 * (in memory) is shown for completeness: the app keeps the folder with PGlite.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { fromPglite, migrateDatabase, openPglite, type Database } from '../apps/server/src/db/client.ts';
import { timeConcurrently } from './concurrent-ops.ts';
import { scratchPostgres } from './scratch-postgres.ts';
import {
  createDatabasePhotoStore,
  createFolderPhotoStore,
  reencodePhoto,
  type PhotoStore,
} from '../apps/server/src/modules/contributions/photo-store.ts';
import { arg, numberArg } from './bench-args.ts';

const READS = numberArg('reads', 400);
const PHOTOS = numberArg('photos', 60);
const which = arg('db', 'both');

type Row = { name: string; perOp: number; opsPerS: number; p99: number; mbPerS: number };

async function measure(name: string, ops: number, parallel: number, bytesPerOp: number, op: (i: number) => Promise<unknown>): Promise<Row> {
  for (let i = 0; i < 10; i++) await op(i); // warm-up
  const { elapsedMs, opsPerS, perOpMs, p99Ms } = await timeConcurrently(ops, parallel, op);
  return { name, perOp: perOpMs, opsPerS, p99: p99Ms, mbPerS: (ops * bytesPerOp) / 1024 / 1024 / (elapsedMs / 1000) };
}

// Distinct photos (a different seed of texture each), re-encoded as a contribution's are.
const photos: Buffer[] = [];
for (let i = 0; i < Math.min(PHOTOS, 8); i++) {
  const input = await sharp({
    create: { width: 4000, height: 3000, channels: 3, background: `#${(0x804020 + i * 0x0a0a0a).toString(16)}`, noise: { type: 'gaussian', mean: 128, sigma: 14 } },
  })
    .jpeg({ quality: 88 })
    .toBuffer();
  photos.push((await reencodePhoto(input)).data);
}
const averageBytes = photos.reduce((sum, p) => sum + p.length, 0) / photos.length;
console.log(`${PHOTOS} stored photos of ${(averageBytes / 1024).toFixed(0)} KB on average (2000×1500 JPEG), ${READS} reads per row`);

async function fill(store: PhotoStore): Promise<string[]> {
  const names: string[] = [];
  for (let i = 0; i < PHOTOS; i++) names.push((await store.save(photos[i % photos.length]!, { width: 2000, height: 1500 })).file);
  return names;
}

/** Read rows for one store: one at a time, 10 at once; a shuffled order of the stored names. */
async function readRows(label: string, store: PhotoStore, names: string[]): Promise<Row[]> {
  const order = Array.from({ length: READS + 10 }, () => names[crypto.randomInt(names.length)]!);
  return [
    await measure(`${label}: read`, READS, 1, averageBytes, (i) => store.read(order[i]!)),
    await measure(`${label}: read, 10 at once`, READS, 10, averageBytes, (i) => store.read(order[i]!)),
    await measure(`${label}: save`, 40, 1, averageBytes, (i) => store.save(photos[i % photos.length]!, { width: 2000, height: 1500 })),
  ];
}

const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'ec-bench-photos-'));
const rows: Row[] = [];
try {
  const folderStore = createFolderPhotoStore(folder);
  rows.push(...(await readRows('folder (baseline)', folderStore, await fill(folderStore))));

  const inDatabase = async (label: string, database: Database) => {
    await migrateDatabase(database);
    const store = createDatabasePhotoStore(database.db);
    rows.push(...(await readRows(label, store, await fill(store))));
  };
  if (which === 'pglite' || which === 'both') {
    const database = fromPglite(await openPglite({}));
    await inDatabase('PGlite (in memory)', database);
    await database.close();
  }
  if (which === 'postgres' || which === 'both') {
    const { database, host, drop } = await scratchPostgres('ec_bench_photos', 10);
    try {
      await inDatabase(`PostgreSQL (${host}, pool 10)`, database);
    } finally {
      await database.close();
      await drop();
    }
  }
} finally {
  await fs.rm(folder, { recursive: true, force: true });
}

const baseline = (suffix: string) => rows.find((r) => r.name === `folder (baseline): ${suffix}`)!.perOp;
console.log('\nrow                                            ms/op    ops/s   p99 ms     MB/s   × folder');
for (const r of rows) {
  const suffix = r.name.slice(r.name.indexOf(': ') + 2);
  console.log(
    `${r.name.padEnd(45)} ${r.perOp.toFixed(3).padStart(7)} ${Math.round(r.opsPerS).toString().padStart(8)} ${r.p99.toFixed(2).padStart(8)} ${r.mbPerS.toFixed(0).padStart(8)} ${(r.perOp / baseline(suffix)).toFixed(2).padStart(9)}×`,
  );
}
