import type { Env } from '../config/env.ts';
import { connectDatabase, type Database } from '../db/client.ts';
import { DataDirBusyError, type DataDirOwner } from '../db/data-dir-lock.ts';

/** Exit code of a command-line tool that found the database in another process's hands. */
export const EXIT_DATA_DIR_BUSY = 3;

/**
 * Opens the configured database for a command-line tool. When the server (or another tool) holds the PGlite
 * folder, the tool stops at once with the Spanish message, before asking anything or touching the folder.
 */
export async function openDatabaseForCli(env: Env, owner: DataDirOwner): Promise<Database> {
  try {
    return await connectDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, owner });
  } catch (err) {
    if (!(err instanceof DataDirBusyError)) throw err;
    console.error(err.message);
    process.exit(EXIT_DATA_DIR_BUSY);
  }
}
