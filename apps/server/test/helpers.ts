import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildApp } from '../src/app.ts';
import { sql } from 'drizzle-orm';
import { loadEnv, uploadsDir, type Env } from '../src/config/env.ts';
import { fromPglite, fromPostgres, openPglite, queryRows, type Database } from '../src/db/client.ts';
import { startTestMailbox } from './local-smtp.ts';
import { databaseUrl, dropDatabase, onServer } from './postgres-server.ts';

/** Which database this run of the suite talks to: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const testDatabaseKind = inject('postgresTemplate') ? 'postgres' : 'pglite';

/** A test database; `url` when it is a PostgreSQL server's; `stop()` takes it away as an outage would. */
export type TestDatabase = Database & { url?: string; stop: () => Promise<void> };

/** A fresh, migrated database cloned from the run's template; `url` when it is a PostgreSQL server's. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = inject('postgresTemplate');
  if (!serverUrl) {
    const dump = await fs.readFile(inject('pgliteTemplatePath'));
    const client = await openPglite({ loadDataDir: new Blob([dump]) });
    const database = fromPglite(client);
    // Stopped: PGlite closed under the app, as when its process loses the folder; closing again is a no-op.
    const close = () => (client.closed ? Promise.resolve() : database.close());
    return { ...database, close, stop: close };
  }
  const name = `ec_test_${crypto.randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplateName')}`);
  const url = databaseUrl(serverUrl, name);
  const database = fromPostgres(url);
  const drop = () => dropDatabase(serverUrl, name);
  return {
    ...database,
    url,
    close: async () => {
      await database.close();
      await drop();
    },
    // Stopped: every connection cut by the server and the database gone, as in an outage.
    stop: drop,
  };
}

/**
 * Tests never touch the repository's own `var/db`: outbox mail and uploads (which the retention job sweeps) go to a
 * folder of this test process unless a test names its own.
 */
const TEST_DATA_DIR = path.join(os.tmpdir(), `ec-test-data-${process.pid}`);

export function testEnv(overrides: Record<string, string> = {}): Env {
  return loadEnv({
    DATA_DIR: TEST_DATA_DIR,
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent-web-dist',
    SYNC_ENABLED: 'false',
    OFF_LIVE_LOOKUP: 'false',
    COOKIE_SECRET: 'x'.repeat(40),
    RATE_LIMIT_PER_MINUTE: '0',
    ...overrides,
  });
}

export type TestApp = { app: FastifyInstance; database: TestDatabase; close: () => Promise<void> };

let mailbox: ReturnType<typeof startTestMailbox> | null = null;
/** The test file's SMTP server and inbox: every test app mails its sign-in codes there. */
export const testMailbox = () => (mailbox ??= startTestMailbox());

export async function buildTestApp(envOverrides: Record<string, string> = {}, options: FastifyServerOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const { url } = await testMailbox();
  const app = await buildApp({ database, env: testEnv({ SMTP_URL: url, ...envOverrides }) }, options);
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/**
 * The app the tests of a describe block share: built by a beforeAll registered here (so before the block's own
 * hooks, which may seed it) and closed by an afterAll (after the block's own). `app` and `database` are there from
 * the first hook on. A test that needs an app of its own builds it with {@link buildTestApp} and closes it.
 */
export function sharedTestApp(envOverrides: Record<string, string> = {}, options: FastifyServerOptions = {}): TestApp {
  let built: TestApp | undefined;
  beforeAll(async () => {
    built = await buildTestApp(envOverrides, options);
  });
  afterAll(() => built?.close());
  const current = () => {
    if (!built) throw new Error('the shared test app is built in beforeAll: use it in hooks and tests');
    return built;
  };
  return {
    get app() {
      return current().app;
    },
    get database() {
      return current().database;
    },
    close: () => current().close(),
  };
}

/** The contributed photos an app keeps, by name: `photo_blobs` rows on PostgreSQL, UPLOADS_DIR's files on PGlite. */
export async function storedPhotos(t: TestApp): Promise<string[]> {
  if (t.database.kind === 'postgres') {
    return (await queryRows<{ file: string }>(t.database.db, sql`select file from photo_blobs order by file`)).map((r) => r.file);
  }
  return (await fs.readdir(uploadsDir(t.app.deps.env)).catch(() => [] as string[])).sort();
}

/** The session cookie from a login answer, ready for the next request's `cookie` header. */
export function sessionCookie(res: { cookies: { name: string; value: string }[] }): string {
  const c = res.cookies.find((x) => x.name === 'ec_session');
  if (!c) throw new Error('no session cookie in response');
  return `ec_session=${c.value}`;
}
