/**
 * The shared limiter (modules/limits, ADR 021): what one `take` costs, against a baseline measured in the same run
 * on the same connections — `select 1`, the cheapest round trip the database can answer.
 *
 *   npx tsx bench/shared-limiter.ts [--db pglite|postgres|both] [--ops 3000] [--logged]
 *
 * Rows, each `--ops` operations:
 * - select 1: the first baseline, one at a time, then 10 at once.
 * - insert one row: the second baseline, the cheapest write (a take is a write: it commits like any other).
 * - take, new key: the INSERT path (a sign-in from an address not seen this minute).
 * - take, warm key: the ON CONFLICT UPDATE path, granted: each key taken 50 times in a row under a limit of 60
 *   (Historial's rule), so the row's log grows to 50 grant times.
 * - take, full key: one key at its limit (every take refused): what a flood costs us.
 * - take, 10 at once on one key: ten callers contending for one row lock (the OFF budget in a burst), each key
 *   taken 50 times under a limit of 60.
 * - take, 10 at once on distinct keys: ten callers, no contention.
 * On PostgreSQL each concurrent row uses a pool of 10 connections (one API process's pool), on a throw-away
 * database created on BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:54330/postgres) and dropped after.
 * The table is UNLOGGED (no WAL, migration 0009); with `--logged` it is switched to a logged table first, to weigh
 * that choice again.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { fromPglite, migrateDatabase, openPglite, type Database } from '../apps/server/src/db/client.ts';
import { timeConcurrently } from './concurrent-ops.ts';
import { scratchPostgres } from './scratch-postgres.ts';
import { createLimitsRepository } from '../apps/server/src/modules/limits/limits.repository.ts';
import { createSharedLimiter } from '../apps/server/src/modules/limits/limits.service.ts';
import { arg, flag, numberArg } from './bench-args.ts';

const OPS = numberArg('ops', 3000);
const which = arg('db', 'both');
const logged = flag('logged');

type Row = { name: string; perOp: number; opsPerS: number; p99: number };

/** Runs `op` OPS times with `parallel` callers; per-operation latency and throughput. */
async function measure(name: string, parallel: number, op: (i: number) => Promise<unknown>): Promise<Row> {
  for (let i = 0; i < 50; i++) await op(-1 - i); // warm-up
  const { perOpMs, opsPerS, p99Ms } = await timeConcurrently(OPS, parallel, op);
  return { name, perOp: perOpMs, opsPerS, p99: p99Ms };
}

async function bench(label: string, database: Database) {
  if (logged) await database.db.execute(sql`alter table rate_limits set logged`);
  const limiter = createSharedLimiter(createLimitsRepository(database.db));
  const run = crypto.randomBytes(4).toString('hex');
  const minute = { windowMs: 60_000 };
  await limiter.take(`${run}:full`, { limit: 10, ...minute });
  for (let i = 0; i < 10; i++) await limiter.take(`${run}:full`, { limit: 10, ...minute });

  await database.db.execute(sql`create table bench_writes (id serial primary key, at bigint not null)`);
  const insertRow = () => database.db.execute(sql`insert into bench_writes (at) values (${Date.now()})`);
  const warm = { limit: 60, ...minute };

  const one = [
    await measure('select 1 (baseline)', 1, () => database.db.execute(sql`select 1`)),
    await measure('insert one row (baseline)', 1, insertRow),
    await measure('take, new key', 1, (i) => limiter.take(`${run}:new:${i}`, { limit: 10, ...minute })),
    await measure('take, warm key (granted)', 1, (i) => limiter.take(`${run}:warm:${Math.floor(i / 50)}`, warm)),
    await measure('take, full key (refused)', 1, () => limiter.take(`${run}:full`, { limit: 10, ...minute })),
  ];
  const ten = [
    await measure('select 1, 10 at once (baseline)', 10, () => database.db.execute(sql`select 1`)),
    await measure('insert one row, 10 at once (baseline)', 10, insertRow),
    await measure('take, 10 at once on one key', 10, (i) => limiter.take(`${run}:contended:${Math.floor(i / 50)}`, warm)),
    await measure('take, 10 at once on distinct keys', 10, (i) => limiter.take(`${run}:spread:${i}`, { limit: 10, ...minute })),
  ];
  console.log(`\n${label}${logged ? ' (rate_limits switched to LOGGED)' : ''}: ${OPS} operations per row`);
  console.log('row                                      ms/op    ops/s   p99 ms   × select 1   × insert');
  for (const rows of [one, ten]) {
    const [select, insert] = [rows[0]!.perOp, rows[1]!.perOp];
    for (const r of rows) {
      console.log(
        `${r.name.padEnd(39)} ${r.perOp.toFixed(3).padStart(7)} ${Math.round(r.opsPerS).toString().padStart(8)} ${r.p99.toFixed(2).padStart(8)} ${(r.perOp / select).toFixed(2).padStart(11)}× ${(r.perOp / insert).toFixed(2).padStart(9)}×`,
      );
    }
  }
}

if (which === 'pglite' || which === 'both') {
  const database = fromPglite(await openPglite({}));
  await migrateDatabase(database);
  await bench('PGlite (in memory, one connection)', database);
  await database.close();
}

if (which === 'postgres' || which === 'both') {
  const { database, host, drop } = await scratchPostgres('ec_bench_limiter', 10);
  try {
    await migrateDatabase(database);
    await bench(`PostgreSQL (${host}, pool of 10)`, database);
  } finally {
    await database.close();
    await drop();
  }
}
