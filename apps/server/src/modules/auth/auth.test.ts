import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, sessionCookie, testDatabaseKind, type TestApp } from '../../../test/helpers.ts';
import { ADMIN_PASSWORD, createUser } from '../../../test/fixtures.ts';

describe(`sessions (${testDatabaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await createUser(t.database.db, 'beta@example.cl', 'user');
    await createUser(t.database.db, 'admin@example.cl', 'admin');
    await createUser(t.database.db, 'revocado@example.cl', 'user', 'revoked');
  });
  afterAll(() => t.close());

  const login = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object });

  it('an authorised beta email gets an httpOnly, SameSite=Lax session cookie, trimmed and lower-cased', async () => {
    const res = await login({ email: '  BETA@Example.cl ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ authenticated: true, user: { email: 'beta@example.cl', role: 'user' } });
    const cookie = res.cookies.find((c) => c.name === 'ec_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.secure).toBeFalsy();

    const status = await t.app.inject({ url: '/api/auth/status', headers: { cookie: sessionCookie(res) } });
    expect(status.json()).toMatchObject({ authenticated: true, user: { email: 'beta@example.cl', role: 'user' } });
  });

  it('the token is stored hashed, never as sent', async () => {
    const res = await login({ email: 'beta@example.cl' });
    const token = res.cookies.find((c) => c.name === 'ec_session')!.value;
    const { sessions } = await import('../../db/schema.ts');
    const rows = await t.database.db.select().from(sessions);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true);
  });

  it("an unknown email is a 401 whose body says 'Email no registrado'", async () => {
    const res = await login({ email: 'nadie@example.cl' });
    expect(res.statusCode).toBe(401);
    expect(res.body).toContain('Email no registrado');
  });

  it('a revoked member cannot sign in', async () => {
    const res = await login({ email: 'revocado@example.cl' });
    expect(res.statusCode).toBe(401);
  });

  it('an admin email alone asks for the password; a wrong one is refused; the right one signs in', async () => {
    const first = await login({ email: 'admin@example.cl' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ authenticated: false, passwordRequired: true });
    expect(first.cookies.find((c) => c.name === 'ec_session')).toBeUndefined();

    const wrong = await login({ email: 'admin@example.cl', password: 'no-es-la-clave' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json<{ message: string }>().message).toBe('Contraseña incorrecta');

    const ok = await login({ email: 'admin@example.cl', password: ADMIN_PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ authenticated: true, user: { role: 'admin' } });
  });

  it('logout ends the session on the server', async () => {
    const res = await login({ email: 'beta@example.cl' });
    const cookie = sessionCookie(res);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    const status = await t.app.inject({ url: '/api/auth/status', headers: { cookie } });
    expect(status.json()).toEqual({ authenticated: false, user: null });
  });

  it('an invented or garbage cookie is anonymous, not an error', async () => {
    for (const cookie of ['ec_session=abc', `ec_session=${'x'.repeat(5000)}`, 'ec_session=%00%ff']) {
      const res = await t.app.inject({ url: '/api/auth/status', headers: { cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ authenticated: false, user: null });
    }
  });

  it('a write from a foreign Origin is refused', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: 'https://evil.example', host: 'localhost:3000' },
      payload: { email: 'beta@example.cl' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'BAD_ORIGIN' });
    const same = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: 'http://localhost:3000', host: 'localhost:3000' },
      payload: { email: 'beta@example.cl' },
    });
    expect(same.statusCode).toBe(200);
  });

  it('login is rate-limited per IP with a Spanish 429', async () => {
    const limited = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const codes = [];
      for (let i = 0; i < 4; i++) {
        const res = await limited.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'x@example.cl' } });
        codes.push(res.statusCode);
        if (res.statusCode === 429) expect(res.json<{ message: string }>().message).toMatch(/Demasiados intentos/);
      }
      expect(codes).toEqual([401, 401, 401, 429]);
    } finally {
      await limited.close();
    }
  });
});
