import fs from 'node:fs/promises';
import v8 from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

import { type DataDirOwner, lockDataDir } from './data-dir-lock.ts';
import { keepDataDirPrivate } from './data-dir-modes.ts';
import { migrationsFolder } from '../paths.ts';

export type Schema = typeof schema;
/** The one database type the app codes against: Drizzle over PGlite or over node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DbKind = 'pglite' | 'postgres';

export type Database = {
  db: Db;
  kind: DbKind;
  /** Round-trips to the database; false when it does not answer. */
  ping: () => Promise<boolean>;
  close: () => Promise<void>;
};

export const pgliteExtensions = { pg_trgm, unaccent };

/**
 * PostgreSQL's own page cache inside PGlite's WebAssembly memory (PostgreSQL's default is 128 MB, touched as the
 * server reads): the catalogue's hot reads are answered from the process's memory above it (product pages, search
 * index, read caches) and the rest from the operating system's file cache, so a small one loses nothing measurable
 * and keeps ~110 MB out of the server's resident memory (ADR 028, bench/memory-breakdown.ts).
 */
export const PGLITE_SHARED_BUFFERS = '16MB';

/**
 * PGlite's WebAssembly is compiled by V8's baseline compiler (Liftoff) only. By default V8 recompiles its hot
 * functions with the optimising compiler in the background, and on PostgreSQL's largest functions (the parser,
 * the executor) that took ~450 MB of memory at once, a peak of 850 MB for a 2,000-product server; measured
 * through the API bench the baseline code serves as fast (ADR 028). Set before the module is compiled; the
 * flags are process-wide and only concern WebAssembly (the server runs no other).
 */
function baselineWasmOnly() {
  v8.setFlagsFromString('--no-wasm-tier-up');
  v8.setFlagsFromString('--no-wasm-dynamic-tiering');
}

/** Opens (or creates) the embedded database. `dataDir` undefined → in memory. */
export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob | File }): Promise<PGlite> {
  if (options.dataDir) await fs.mkdir(options.dataDir, { recursive: true });
  baselineWasmOnly();
  return PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: pgliteExtensions,
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
}

export function fromPglite(client: PGlite): Database {
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    ping: () => pingDb(db),
    close: () => client.close(),
  };
}

export function fromPostgres(connectionString: string, poolSize = 10): Database {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  // An idle client's error (server restart) must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    ping: () => pingDb(db),
    close: () => pool.end(),
  };
}

async function pingDb(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as Parameters<typeof migratePglite>[0], { migrationsFolder });
  } else {
    await migratePg(database.db as unknown as Parameters<typeof migratePg>[0], { migrationsFolder });
  }
}

/**
 * Opens the configured database and brings its schema up to date. A PGlite folder is first locked for this
 * process (`owner` says who it is, for the message another process gets); closing gives it back.
 */
export async function connectDatabase(config: {
  databaseUrl?: string | undefined;
  dataDir: string;
  owner: DataDirOwner;
}): Promise<Database> {
  if (config.databaseUrl) {
    const database = fromPostgres(config.databaseUrl);
    await migrateDatabase(database);
    return database;
  }
  const release = lockDataDir(config.dataDir, config.owner);
  try {
    // The owner's alone before PGlite opens it, and again after: PGlite writes its files 0666 (db/data-dir-modes.ts).
    keepDataDirPrivate(config.dataDir);
    const pglite = fromPglite(await openPglite({ dataDir: config.dataDir }));
    await migrateDatabase(pglite);
    keepDataDirPrivate(config.dataDir);
    return {
      ...pglite,
      close: async () => {
        try {
          await pglite.close();
        } finally {
          release();
        }
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

/** Raw SQL rows, the same on both drivers (both answer `{ rows }`). */
export async function queryRows<T>(db: Pick<Db, 'execute'>, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}
