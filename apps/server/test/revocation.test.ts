import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { fromPostgres, type Database } from '../src/db/client.ts';
import { SESSION_CACHE_TTL_MS } from '../src/modules/auth/session.repository.ts';
import { login, signedInAs, createUser } from './fixtures.ts';
import { sharedTestApp, testDatabaseKind, testEnv, testMailbox } from './helpers.ts';

/**
 * Revoking or demoting someone holds for their very next request in the process that made the change, and —
 * with PostgreSQL, where several processes share the sessions — within the session cache's 1 s in another
 * process that was serving them.
 */
describe(`revocation and demotion take effect at commit (${testDatabaseKind})`, () => {
  const t = sharedTestApp();
  /** Another server process on the same database (PostgreSQL), or the same one (PGlite belongs to one process). */
  let other: { app: FastifyInstance; database?: Database };
  let admin: string;
  beforeAll(async () => {
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
  });

  const status = (cookie: string) => other.app.inject({ url: '/api/auth/status', headers: { cookie } });
  const patchUser = (id: number, payload: object) =>
    t.app.inject({ method: 'PATCH', url: `/api/admin/users/${id}`, headers: { cookie: admin }, payload });

  /**
   * Polls the other process until `refused` holds; returns how long that took after the commit. The process that
   * made the change forgets at once; another one within its session cache's lifetime (1 s on PostgreSQL).
   */
  const msUntil = async (refused: () => Promise<boolean>) => {
    const committed = performance.now();
    while (!(await refused())) {
      if (performance.now() - committed > 5_000) throw new Error('the change never took effect');
      await new Promise((r) => setTimeout(r, 25));
    }
    return performance.now() - committed;
  };

  it('a revoked member is signed out at once where it was revoked, and within 1 s in every other process', async () => {
    const member = await createUser(t.database.db, 'socia@example.cl', 'user');
    const cookie = await login(t.app, 'socia@example.cl');
    const here = () => t.app.inject({ url: '/api/auth/status', headers: { cookie } });
    // Both processes have served this member (and cached them).
    for (let i = 0; i < 3; i++) {
      expect((await status(cookie)).json()).toMatchObject({ authenticated: true });
      expect((await here()).json()).toMatchObject({ authenticated: true });
    }
    expect((await patchUser(member.id, { accessStatus: 'revoked' })).statusCode).toBe(200);
    expect((await here()).json()).toEqual({ authenticated: false, user: null });
    const ms = await msUntil(async () => (await status(cookie)).json<{ authenticated: boolean }>().authenticated === false);
    console.log(`revocation seen by the other process after ${Math.round(ms)} ms (${testDatabaseKind})`);
    expect(ms).toBeLessThanOrEqual(other.database ? SESSION_CACHE_TTL_MS.postgres + 300 : 50);
  });

  it('a demoted admin loses the admin routes at once where it was demoted, and within 1 s in every other process', async () => {
    const demoted = await createUser(t.database.db, 'ex-admin@example.cl', 'admin');
    const cookie = await login(t.app, 'ex-admin@example.cl', 'clave-admin-segura-123');
    const adminOnly = (app: FastifyInstance) => app.inject({ url: '/api/admin/users', headers: { cookie } });
    for (let i = 0; i < 3; i++) {
      expect((await adminOnly(other.app)).statusCode).toBe(200);
      expect((await adminOnly(t.app)).statusCode).toBe(200);
    }
    expect((await patchUser(demoted.id, { role: 'user' })).statusCode).toBe(200);
    expect((await adminOnly(t.app)).statusCode).toBe(403);
    const ms = await msUntil(async () => (await adminOnly(other.app)).statusCode === 403);
    console.log(`demotion seen by the other process after ${Math.round(ms)} ms (${testDatabaseKind})`);
    expect(ms).toBeLessThanOrEqual(other.database ? SESSION_CACHE_TTL_MS.postgres + 300 : 50);
  });
});
