import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, sessionCookie, sharedTestApp, testDatabaseKind, testMailbox } from '../../../test/helpers.ts';
import { ADMIN_PASSWORD, createUser, login as signIn } from '../../../test/fixtures.ts';
import { loginCodeIn } from '../../../test/local-smtp.ts';
import { loginCodes, sessions } from '../../db/schema.ts';
import { createCodeSeal } from './code-seal.ts';

describe(`sessions (${testDatabaseKind})`, () => {
  const t = sharedTestApp();
  beforeAll(async () => {
    await createUser(t.database.db, 'beta@example.cl', 'user');
    await createUser(t.database.db, 'admin@example.cl', 'admin');
    await createUser(t.database.db, 'revocado@example.cl', 'user', 'revoked');
  });

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

  it('the code is stored hashed (and sealed), good once; asking again while it is live sends the same code, so a stranger asking cancels nothing', async () => {
    const first = await askCode('beta@example.cl');
    const second = await askCode('beta@example.cl');
    expect(second).toBe(first);
    const stored = await t.database.db.select().from(loginCodes);
    expect(stored).toHaveLength(1);
    expect(stored.some((r) => r.codeHash.includes(first) || (r.codeSealed ?? '').includes(first))).toBe(false);
    expect((await login({ email: 'beta@example.cl', code: first })).statusCode).toBe(200);
    const again = await login({ email: 'beta@example.cl', code: first });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ code: 'CODE_EXPIRED', message: 'El código venció o ya no sirve. Pide un código nuevo.' });
    // Once used, the next request is a new code.
    await askCode('beta@example.cl');
    expect((await t.database.db.select().from(loginCodes)).filter((r) => r.consumedAt === null)).toHaveLength(1);
  });

  it('two first requests at once send the same code, and that code signs in (no request replaces the other)', async () => {
    for (const round of [1, 2, 3]) {
      const email = `a-la-vez-${round}@example.cl`;
      await createUser(t.database.db, email, 'user');
      const before = (await testMailbox()).messages.length;
      const answers = await Promise.all([login({ email }), login({ email }), login({ email })]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
      const box = await testMailbox();
      const sent = box.messages.slice(before).filter((m) => m.to.includes(email)).map((m) => loginCodeIn(m.raw));
      expect(sent).toHaveLength(3);
      expect(new Set(sent).size).toBe(1);
      expect((await login({ email, code: sent[0] })).statusCode).toBe(200);
    }
  });

  it('a live code this process cannot open (sealed under another key, as after a restart without COOKIE_SECRET) gives way to a new code that works', async () => {
    const { id: userId } = await createUser(t.database.db, 'otra-clave@example.cl', 'user');
    const first = await askCode('otra-clave@example.cl');
    const [row] = await t.database.db.select().from(loginCodes).where(eq(loginCodes.userId, userId));
    await t.database.db.update(loginCodes).set({ codeSealed: createCodeSeal('otra clave').seal(first) }).where(eq(loginCodes.id, row!.id));
    const second = await askCode('otra-clave@example.cl');
    expect((await t.database.db.select().from(loginCodes).where(eq(loginCodes.id, row!.id)))[0]?.codeHash).not.toBe(row!.codeHash);
    expect((await login({ email: 'otra-clave@example.cl', code: second })).statusCode).toBe(200);
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
    await createUser(t.database.db, 'simultaneo@example.cl', 'user');
    const code = await askCode('simultaneo@example.cl');
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = await Promise.all(Array.from({ length: 20 }, () => login({ email: 'simultaneo@example.cl', code: wrong })));
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
    const loginFrom = (origin: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { origin, host: 'localhost:3000' }, payload: { email: 'beta@example.cl' } });
    const res = await loginFrom('https://evil.example');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'BAD_ORIGIN' });
    expect((await loginFrom('http://localhost:3000')).statusCode).toBe(200);
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

describe(`sign-in codes cannot be guessed without end, nor a person locked out or flooded (${testDatabaseKind})`, () => {
  const t = sharedTestApp({ RATE_LIMIT_PER_MINUTE: '10' });
  beforeAll(async () => {
    // The abuse limits on, as in production; each request below comes from its own address, as from a botnet.
    await createUser(t.database.db, 'objetivo@example.cl', 'user');
    await createUser(t.database.db, 'buzon@example.cl', 'user');
  });

  let address = 0;
  const login = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload, remoteAddress: `198.51.100.${(address++ % 250) + 1}` });
  const mailsTo = async (email: string) => (await testMailbox()).messages.filter((m) => m.to.includes(email));
  const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');

  it('wrong codes count per email across codes: 10 a day at full speed, then each try waits longer; one warning mail; the owner still gets in', async () => {
    const email = 'objetivo@example.cl';
    const answers: { statusCode: number; code: string; retryAfter: number }[] = [];
    for (let round = 0; round < 5; round++) {
      const asked = await login({ email });
      expect(asked.statusCode, asked.body).toBe(200);
      const code = (await testMailbox()).lastCode(email);
      for (let i = 0; i < 5; i++) {
        const res = await login({ email, code: wrongFor(code) });
        answers.push({ statusCode: res.statusCode, code: res.json<{ code: string }>().code, retryAfter: Number(res.headers['retry-after'] ?? 0) });
      }
    }
    // 25 guesses at full speed from 25 addresses: 10 were checked, the rest told to wait.
    expect(answers.filter((a) => a.code === 'INVALID_CODE')).toHaveLength(10);
    const waits = answers.filter((a) => a.code === 'CODE_TRIES_WAIT');
    expect(waits).toHaveLength(15);
    expect(waits.every((a) => a.statusCode === 429 && a.retryAfter >= 1 && a.retryAfter <= 5)).toBe(true);
    const warnings = (await mailsTo(email)).filter((m) => loginCodeIn(m.raw) === null);
    expect(warnings).toHaveLength(1);

    // After the wait, one more wrong code: the next wait is longer (seconds, then minutes).
    await new Promise((r) => setTimeout(r, 5_100));
    const code = (await testMailbox()).lastCode(email);
    expect((await login({ email, code: wrongFor(code) })).json<{ code: string }>().code).toBe('INVALID_CODE');
    const next = await login({ email, code });
    expect(next.statusCode).toBe(429);
    expect(next.json()).toEqual({ code: 'CODE_TRIES_WAIT', message: expect.stringMatching(/^Hubo muchos intentos .* Espera \d+ segundos/) });
    const longer = Number(next.headers['retry-after']);
    expect(longer).toBeGreaterThan(5);
    expect(longer).toBeLessThanOrEqual(10);

    // Delayed, never locked: the owner, waiting, gets in with the code in their inbox (resent, not replaced).
    await new Promise((r) => setTimeout(r, longer * 1000 + 100));
    const owner = await login({ email, code });
    expect(owner.statusCode, owner.body).toBe(200);
    expect(owner.json()).toMatchObject({ authenticated: true });
  }, 40_000);

  it('20 requests for one email from 20 addresses: 5 mails an hour, each with the same live code, which works', async () => {
    const email = 'buzon@example.cl';
    const before = (await mailsTo(email)).length;
    const statuses = [];
    for (let i = 0; i < 20; i++) statuses.push(await login({ email }));
    expect(statuses.filter((r) => r.statusCode === 200)).toHaveLength(5);
    const refused = statuses.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(15);
    expect(refused[0]!.json()).toEqual({ code: 'TOO_MANY_CODES', message: expect.stringMatching(/^Ya te enviamos 5 códigos en la última hora/) });
    expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThan(3000);
    const mails = (await mailsTo(email)).slice(before);
    expect(mails).toHaveLength(5);
    const codes = new Set(mails.map((m) => loginCodeIn(m.raw)));
    expect(codes.size).toBe(1);
    const res = await login({ email, code: [...codes][0] });
    expect(res.statusCode, res.body).toBe(200);
  });
});
