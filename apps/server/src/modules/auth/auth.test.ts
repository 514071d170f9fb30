import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, sessionCookie, testDatabaseKind, testMailbox, type TestApp } from '../../../test/helpers.ts';
import { ADMIN_PASSWORD, createUser, login as signIn } from '../../../test/fixtures.ts';
import { loginCodeIn } from '../../../test/local-smtp.ts';
import { loginCodes, sessions } from '../../db/schema.ts';

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
  /** Step 1: asks for a code and returns the one the real SMTP server received. */
  const askCode = async (email: string) => {
    const res = await login({ email });
    expect(res.statusCode, res.body).toBe(200);
    return (await testMailbox()).lastCode(email);
  };

  it('an email alone opens nothing: it sends a 6-digit code to that address and says so', async () => {
    const before = (await testMailbox()).messages.length;
    const res = await login({ email: 'beta@example.cl' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      authenticated: false,
      codeRequired: true,
      passwordRequired: false,
      user: null,
      message: 'Te enviamos un código a beta@example.cl',
    });
    expect(res.cookies.find((c) => c.name === 'ec_session')).toBeUndefined();
    const box = await testMailbox();
    expect(box.messages.length).toBe(before + 1);
    expect(box.messages.at(-1)!.to).toEqual(['beta@example.cl']);
    expect(box.lastCode('beta@example.cl')).toMatch(/^\d{6}$/);
  });

  it('the code is stored hashed, good once, and a new code replaces the last', async () => {
    const first = await askCode('beta@example.cl');
    const second = await askCode('beta@example.cl');
    const stored = await t.database.db.select().from(loginCodes);
    expect(stored.some((r) => r.codeHash.includes(second) || r.codeHash.includes(first))).toBe(false);
    if (first !== second) {
      expect((await login({ email: 'beta@example.cl', code: first })).statusCode).toBe(401);
    }
    expect((await login({ email: 'beta@example.cl', code: second })).statusCode).toBe(200);
    const again = await login({ email: 'beta@example.cl', code: second });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ code: 'CODE_EXPIRED', message: 'El código venció o ya no sirve. Pide un código nuevo.' });
  });

  it('a wrong code says how many tries are left; after 5 even the right code is refused', async () => {
    const code = await askCode('beta@example.cl');
    const wrong = code === '000000' ? '111111' : '000000';
    const messages = [];
    for (let i = 0; i < 5; i++) messages.push((await login({ email: 'beta@example.cl', code: wrong })).json<{ message: string }>().message);
    expect(messages).toEqual([
      'Código incorrecto. Te quedan 4 intentos.',
      'Código incorrecto. Te quedan 3 intentos.',
      'Código incorrecto. Te quedan 2 intentos.',
      'Código incorrecto. Te queda 1 intento.',
      'Código incorrecto. Pide un código nuevo.',
    ]);
    const right = await login({ email: 'beta@example.cl', code });
    expect(right.statusCode).toBe(401);
    expect(right.json()).toMatchObject({ code: 'CODE_EXPIRED' });
  });

  it('20 simultaneous guesses use at most 5 tries', async () => {
    const code = await askCode('beta@example.cl');
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = await Promise.all(Array.from({ length: 20 }, () => login({ email: 'beta@example.cl', code: wrong })));
    expect(answers.filter((a) => a.json<{ code: string }>().code === 'INVALID_CODE')).toHaveLength(5);
    expect(answers.filter((a) => a.json<{ code: string }>().code === 'CODE_EXPIRED')).toHaveLength(15);
  });

  it('a code older than 10 minutes is refused', async () => {
    const code = await askCode('beta@example.cl');
    await t.database.db.update(loginCodes).set({ expiresAt: new Date(Date.now() - 1000) });
    const res = await login({ email: 'beta@example.cl', code });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'CODE_EXPIRED' });
  });

  it('a malformed code is a Spanish 400 naming the field', async () => {
    const res = await login({ email: 'beta@example.cl', code: '12ab' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('El código tiene 6 dígitos');
  });

  it('an authorised beta email with its code gets an httpOnly, SameSite=Lax session cookie, trimmed and lower-cased', async () => {
    const code = await askCode('beta@example.cl');
    const res = await login({ email: '  BETA@Example.cl ', code });
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
    const token = (await signIn(t.app, 'beta@example.cl')).split('=')[1]!;
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

  it('an admin needs the code and the password: the password alone, or the code alone, opens nothing', async () => {
    const first = await login({ email: 'admin@example.cl', password: ADMIN_PASSWORD });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ authenticated: false, codeRequired: true, passwordRequired: true });
    expect(first.cookies.find((c) => c.name === 'ec_session')).toBeUndefined();
    const code = (await testMailbox()).lastCode('admin@example.cl');

    const codeOnly = await login({ email: 'admin@example.cl', code });
    expect(codeOnly.json()).toMatchObject({ authenticated: false, passwordRequired: true });
    expect(codeOnly.cookies.find((c) => c.name === 'ec_session')).toBeUndefined();

    const wrong = await login({ email: 'admin@example.cl', code, password: 'no-es-la-clave' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json<{ message: string }>().message).toBe('Contraseña incorrecta');

    const ok = await login({ email: 'admin@example.cl', code, password: ADMIN_PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ authenticated: true, user: { role: 'admin' } });
  });

  it('sessions opened before sign-in codes existed stay valid', async () => {
    const cookie = await signIn(t.app, 'beta@example.cl');
    await t.database.db.delete(loginCodes);
    const status = await t.app.inject({ url: '/api/auth/status', headers: { cookie } });
    expect(status.json()).toMatchObject({ authenticated: true });
  });

  it('logout ends the session on the server', async () => {
    const cookie = await signIn(t.app, 'beta@example.cl');
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

  it('without SMTP_URL the message is an .eml file in DATA_DIR/outbox and no session without its code', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ec-outbox-'));
    const local = await buildTestApp({ SMTP_URL: '', DATA_DIR: dataDir });
    try {
      await createUser(local.database.db, 'buzon@example.cl', 'user');
      const asked = await local.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'buzon@example.cl' } });
      expect(asked.json()).toMatchObject({ codeRequired: true });
      const files = await fs.readdir(path.join(dataDir, 'outbox'));
      expect(files).toHaveLength(1);
      const raw = await fs.readFile(path.join(dataDir, 'outbox', files[0]!), 'utf8');
      expect(raw).toMatch(/^To: buzon@example\.cl$/m);
      const code = loginCodeIn(raw)!;
      const ok = await local.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'buzon@example.cl', code } });
      expect(ok.statusCode).toBe(200);
    } finally {
      await local.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });

  it('login is rate-limited per IP with a Spanish 429', async () => {
    const limited = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const codes = [];
      for (let i = 0; i < 4; i++) {
        const res = await limited.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'x@example.cl' } });
        codes.push(res.statusCode);
        if (res.statusCode === 429) {
          expect(res.json<{ message: string }>().message).toMatch(/Demasiados intentos/);
          // The first try leaves the sliding minute in under 60 s: the client is told when to come back.
          expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(55);
          expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
        }
      }
      expect(codes).toEqual([401, 401, 401, 429]);
    } finally {
      await limited.close();
    }
  });
});
