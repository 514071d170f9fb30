import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { AdminContribution } from '@etiqueta/contracts';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { bootstrapDatabase } from '../src/bootstrap.ts';
import { connectDatabase, type Database } from '../src/db/client.ts';
import { jpeg, login, multipart, seedCatalogue, signedInAs, ADMIN_PASSWORD } from './fixtures.ts';
import { createTestDatabase, testDatabaseKind, testEnv, testMailbox } from './helpers.ts';

/**
 * docs/operations.md's backup and restore, done as written there: a server with a product, an admin, a shopper
 * and a contribution with its photo is stopped (PGlite) or left as it is (PostgreSQL), backed up with the
 * documented command — `tar` of the data folder (photos inside, `DATA_DIR/uploads`), or `pg_dump -Fc` — and the
 * backup restored into a fresh place that a fresh server opens the way `npm start` does (connectDatabase, migrations,
 * bootstrap). That server has the product, lets the admin sign in with their password, lists the contribution and
 * serves its photo, byte for byte.
 */

const BARCODE = '7801234500017';
const CONTRIBUTED = '7802800716340';

type Running = { app: FastifyInstance; database: Database };

/** A server as main.ts opens it, on `DATABASE_URL` or on the folder `DATA_DIR`. */
async function startServer(place: { DATABASE_URL?: string; DATA_DIR: string }): Promise<Running> {
  const database = await connectDatabase({ databaseUrl: place.DATABASE_URL, dataDir: place.DATA_DIR, owner: 'server' });
  await bootstrapDatabase(database.db);
  const app = await buildApp({ database, env: testEnv({ SMTP_URL: (await testMailbox()).url, ...place }) });
  await app.ready();
  return { app, database };
}
const stop = async ({ app, database }: Running) => {
  await app.close();
  await database.close();
};

/** What the backup must carry: a product, an admin, and a shopper's contribution with its photo. */
async function fill({ app, database }: Running): Promise<Buffer> {
  await seedCatalogue(app, [{ barcode: BARCODE, name: 'Leche Respaldada' }]);
  await signedInAs(app, database.db, 'jefa@example.cl', 'admin');
  const ana = await signedInAs(app, database.db, 'ana@example.cl', 'user');
  const body = await multipart({ barcode: CONTRIBUTED }, [{ field: 'photoFront', data: await jpeg('#16a085', 40, 30), name: 'frente.jpg' }]);
  const sent = await app.inject({
    method: 'POST',
    url: '/api/contributions',
    headers: { cookie: ana, 'content-type': body.contentType },
    payload: body.payload,
  });
  expect(sent.statusCode, sent.body).toBe(201);
  return (await photoOf(app, await login(app, 'jefa@example.cl', ADMIN_PASSWORD))).body;
}

async function photoOf(app: FastifyInstance, admin: string) {
  const pending = (await app.inject({ url: '/api/admin/contributions?status=pending', headers: { cookie: admin } })).json<AdminContribution[]>();
  expect(pending.map((c) => c.barcode)).toEqual([CONTRIBUTED]);
  const photo = await app.inject({ url: pending[0]!.photos[0]!.url, headers: { cookie: admin } });
  expect(photo.statusCode).toBe(200);
  return { body: photo.rawPayload };
}

/** The restored server has it all. */
async function expectRestored({ app }: Running, photo: Buffer) {
  const admin = await login(app, 'jefa@example.cl', ADMIN_PASSWORD);
  const found = await app.inject({ url: `/api/search/barcode/${BARCODE}`, headers: { cookie: admin } });
  expect(found.statusCode).toBe(200);
  const page = await app.inject({ url: `/api/products/${found.json<{ id: number }>().id}`, headers: { cookie: admin } });
  expect(page.json()).toMatchObject({ barcode: BARCODE, name: 'Leche Respaldada' });
  expect((await photoOf(app, admin)).body.equals(photo)).toBe(true);
}

describe(`backup and restore as docs/operations.md says (${testDatabaseKind})`, { timeout: 240_000 }, () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('a backup restored into a fresh place serves the product, the accounts, the contribution and its photo', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ec-backup-'));
    cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));

    if (testDatabaseKind === 'pglite') {
      // The server's data folder, photos inside it (DATA_DIR/uploads).
      const live = { DATA_DIR: path.join(dir, 'live', 'db') };
      const server = await startServer(live);
      const photo = await fill(server);
      await stop(server);
      expect(await fs.readdir(path.join(live.DATA_DIR, 'uploads'))).toHaveLength(1);
      // Backup: the folder, with the server stopped. Restore: unpack it where the new server's DATA_DIR points.
      const backup = path.join(dir, 'etiqueta-backup.tar.gz');
      execFileSync('tar', ['-C', path.dirname(live.DATA_DIR), '-czf', backup, 'db']);
      await fs.rm(path.join(dir, 'live'), { recursive: true });
      const restoredDir = path.join(dir, 'restored');
      await fs.mkdir(restoredDir);
      execFileSync('tar', ['-C', restoredDir, '-xzf', backup]);
      const restored = await startServer({ DATA_DIR: path.join(restoredDir, 'db') });
      cleanups.push(() => stop(restored));
      await expectRestored(restored, photo);
    } else {
      const live = await createTestDatabase();
      cleanups.push(() => live.close());
      const server = await startServer({ DATABASE_URL: live.url!, DATA_DIR: path.join(dir, 'unused') });
      const photo = await fill(server);
      // Backup: pg_dump while the server runs (one consistent snapshot). Photos are rows of photo_blobs.
      const backup = path.join(dir, 'etiqueta.dump');
      execFileSync('pg_dump', ['--format=custom', `--file=${backup}`, live.url!]);
      await stop(server);
      // Restore into a new, empty database (not the test template): nothing there but what the dump brings.
      const fresh = new URL(live.url!);
      fresh.pathname = `/ec_restored_${path.basename(dir).replace(/\W/g, '').toLowerCase()}`;
      const admin = new pg.Client({ connectionString: new URL('/postgres', live.url).toString() });
      await admin.connect();
      const name = fresh.pathname.slice(1);
      await admin.query(`CREATE DATABASE ${name}`);
      cleanups.push(async () => {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      });
      execFileSync('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${fresh.toString()}`, backup]);
      const restored = await startServer({ DATABASE_URL: fresh.toString(), DATA_DIR: path.join(dir, 'unused') });
      cleanups.push(() => stop(restored));
      await expectRestored(restored, photo);
    }
  });
});
