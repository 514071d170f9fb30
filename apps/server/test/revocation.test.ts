import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { fromPostgres, type Database } from '../src/db/client.ts';
import { login, signedInAs, createUser } from './fixtures.ts';
import { buildTestApp, testDatabaseKind, testEnv, testMailbox, type TestApp } from './helpers.ts';

/**
 * Revoking or demoting someone holds for their very next request, in the process that made the change and —
 * with PostgreSQL, where several processes share the sessions — in another process that was serving them.
 */
describe(`revocation and demotion take effect at commit (${testDatabaseKind})`, () => {
  let t: TestApp;
  /** Another server process on the same database (PostgreSQL), or the same one (PGlite belongs to one process). */
  let other: { app: FastifyInstance; database?: Database };
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp();
    if (t.database.url) {
      const database = fromPostgres(t.database.url, 2);
      const app = await buildApp({ database, env: testEnv({ SMTP_URL: (await testMailbox()).url }) });
      await app.ready();
      other = { app, database };
    } else {
      other = { app: t.app };
    }
    admin = await signedInAs(t.app, t.database.db, 'jefa@example.cl', 'admin');
  });
  afterAll(async () => {
    if (other.database) {
      await other.app.close();
      await other.database.close();
    }
    await t.close();
  });

  const status = (cookie: string) => other.app.inject({ url: '/api/auth/status', headers: { cookie } });
  const patchUser = (id: number, payload: object) =>
    t.app.inject({ method: 'PATCH', url: `/api/admin/users/${id}`, headers: { cookie: admin }, payload });

  it('a revoked member is signed out for the very next request everywhere', async () => {
    const member = await createUser(t.database.db, 'socia@example.cl', 'user');
    const cookie = await login(t.app, 'socia@example.cl');
    // The other process has served this member (and would have cached them).
    for (let i = 0; i < 3; i++) expect((await status(cookie)).json()).toMatchObject({ authenticated: true });
    expect((await patchUser(member.id, { accessStatus: 'revoked' })).statusCode).toBe(200);
    expect((await status(cookie)).json()).toEqual({ authenticated: false, user: null });
  });

  it('a demoted admin loses the admin routes for the very next request everywhere', async () => {
    const demoted = await createUser(t.database.db, 'ex-admin@example.cl', 'admin');
    const cookie = await login(t.app, 'ex-admin@example.cl', 'clave-admin-segura-123');
    const adminOnly = () => other.app.inject({ url: '/api/admin/users', headers: { cookie } });
    for (let i = 0; i < 3; i++) expect((await adminOnly()).statusCode).toBe(200);
    expect((await patchUser(demoted.id, { role: 'user' })).statusCode).toBe(200);
    expect((await adminOnly()).statusCode).toBe(403);
  });
});
