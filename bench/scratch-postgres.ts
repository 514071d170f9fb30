import crypto from 'node:crypto';
import { fromPostgres, type Database } from '../apps/server/src/db/client.ts';
import { databaseUrl, dropDatabase, onServer } from '../apps/server/test/postgres-server.ts';

/** The PostgreSQL server benches use unless BENCH_DATABASE_URL names another. */
const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:54330/postgres';

/**
 * A database of this run's own on BENCH_DATABASE_URL's server (`<prefix>_<random>`), empty and not migrated;
 * `drop()` (after `database.close()`) drops it, even with connections left open.
 */
export async function scratchPostgres(
  prefix: string,
  poolSize?: number,
): Promise<{ database: Database; host: string; url: string; drop: () => Promise<void> }> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? DEFAULT_PG_URL;
  const name = `${prefix}_${crypto.randomBytes(4).toString('hex')}`;
  await onServer(serverUrl, `CREATE DATABASE ${name}`);
  const url = databaseUrl(serverUrl, name);
  return {
    database: fromPostgres(url, poolSize),
    host: new URL(url).host,
    url,
    drop: () => dropDatabase(serverUrl, name),
  };
}

/** Drops the scratch database `url` names (one `scratchPostgres` made, in this process or another). */
export async function dropScratchDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`not a scratch database: ${name}`);
  await dropDatabase(process.env.BENCH_DATABASE_URL ?? DEFAULT_PG_URL, name);
}
