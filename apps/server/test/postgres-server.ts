// A PostgreSQL server's databases made and dropped, for the test runs (global-setup.ts, helpers.ts) and the benches
// (bench/scratch-postgres.ts).
import pg from 'pg';

/** Runs one statement on the server `serverUrl` names, outside any transaction (CREATE or DROP DATABASE). */
export async function onServer(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** Drops database `name`, even with connections left open. */
export const dropDatabase = (serverUrl: string, name: string) => onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);

/** The address of database `name` on the server `serverUrl` names. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
