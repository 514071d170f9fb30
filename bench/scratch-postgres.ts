import crypto from 'node:crypto';
import pg from 'pg';
import { fromPostgres, type Database } from '../apps/server/src/db/client.ts';

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
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = fromPostgres(url.toString(), poolSize);
  return {
    database,
    host: url.host,
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/** Drops the scratch database `url` names (one `scratchPostgres` made, in this process or another). */
export async function dropScratchDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`not a scratch database: ${name}`);
  const cleanup = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL ?? DEFAULT_PG_URL });
  await cleanup.connect();
  await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await cleanup.end();
}
