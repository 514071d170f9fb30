import type { Env } from '../config/env.ts';
import { connectDatabase, type Database } from '../db/client.ts';
import { DataDirBusyError, type DataDirOwner } from '../db/data-dir-lock.ts';
import { askServer, controlSocketPath, type ControlAnswer, type ControlRequest } from '../lib/control-socket.ts';

/** Exit code of a command-line tool that found the database in another process's hands. */
export const EXIT_DATA_DIR_BUSY = 3;

function refuse(message: string): never {
  console.error(message);
  process.exit(EXIT_DATA_DIR_BUSY);
}

/** The configured database, or why another process has it. */
async function connect(env: Env, owner: DataDirOwner): Promise<Database | DataDirBusyError> {
  try {
    return await connectDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, owner });
  } catch (err) {
    if (err instanceof DataDirBusyError) return err;
    throw err;
  }
}

/**
 * Opens the configured database for a command-line tool. When the server (or another tool) holds the PGlite
 * folder, the tool stops at once with the Spanish message, before asking anything or touching the folder.
 */
export async function openDatabaseForCli(env: Env, owner: DataDirOwner): Promise<Database> {
  const database = await connect(env, owner);
  return database instanceof DataDirBusyError ? refuse(database.message) : database;
}

/** Where a tool's work goes: the database itself, or the running server that holds it (its control socket). */
export type CliTarget =
  | { database: Database; server?: undefined }
  | { database?: undefined; server: (request: ControlRequest) => Promise<ControlAnswer> };

/**
 * Like openDatabaseForCli, but when the running server holds the PGlite folder and answers on its control socket
 * (lib/control-socket.ts), the tool sends its request there instead of refusing. Anything else still refuses.
 */
export async function openDatabaseOrServer(env: Env, owner: DataDirOwner): Promise<CliTarget> {
  const database = await connect(env, owner);
  if (!(database instanceof DataDirBusyError)) return { database };
  const socketPath = controlSocketPath(env.DATA_DIR);
  if (database.holder.owner !== 'server' || !(await askServer(socketPath, { command: 'ping' }))?.ok) refuse(database.message);
  return { server: async (request) => (await askServer(socketPath, request)) ?? refuse(database.message) };
}
