import { count, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signups, users } from '../../db/schema.ts';
import { buildTestApp, testDatabaseKind, type TestApp } from '../../../test/helpers.ts';
import { login } from '../../../test/fixtures.ts';

const person = (email: string) => ({ email, firstName: 'Camila', lastName: 'Rojas', instagramHandle: '@cami', referralSource: 'amiga' });

describe(`beta sign-up and waitlist (${testDatabaseKind})`, () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp({ BETA_SPOTS: '20' });
  });
  afterEach(() => t.close());

  const post = (kind: 'beta' | 'waitlist', payload: unknown) =>
    t.app.inject({ method: 'POST', url: `/api/signup/${kind}`, payload: payload as object });

  it('status starts with 20 open places and a waitlist', async () => {
    const res = await t.app.inject('/api/signup/status');
    expect(res.json()).toEqual({ isOpen: true, remainingSpots: 20, isWaitlistEnabled: true });
  });

  it('a beta sign-up takes a place and authorises that email to sign in', async () => {
    const res = await post('beta', person('  Camila@Example.CL '));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ kind: 'beta' });
    expect((await t.app.inject('/api/signup/status')).json()).toMatchObject({ remainingSpots: 19 });
    const cookie = await login(t.app, 'camila@example.cl');
    const status = await t.app.inject({ url: '/api/auth/status', headers: { cookie } });
    expect(status.json()).toMatchObject({ authenticated: true, user: { email: 'camila@example.cl' } });
  });

  it('the same email twice is a clear 409, not a second row', async () => {
    await post('beta', person('dup@example.cl'));
    const again = await post('beta', person('DUP@example.cl'));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'EMAIL_ALREADY_REGISTERED', message: 'Este email ya está registrado' });
    const wait = await post('waitlist', person('dup@example.cl'));
    expect(wait.statusCode).toBe(409);
    const [row] = await t.database.db.select({ n: count() }).from(signups).where(eq(signups.email, 'dup@example.cl'));
    expect(row?.n).toBe(1);
  });

  it('missing or bad fields are a 400 naming the field, in Spanish', async () => {
    const res = await post('beta', { email: 'no-es-email', firstName: '', lastName: 'X' });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ message: string; details: { field: string }[] }>();
    expect(body.details.map((d) => d.field)).toEqual(expect.arrayContaining(['email', 'firstName']));
    expect(body.message).toMatch(/Datos inválidos/);
    const extra = await post('beta', { ...person('x@example.cl'), role: 'admin' });
    expect(extra.statusCode).toBe(400);
  });

  it('200 simultaneous beta sign-ups give exactly 20 places; the rest are told it is full', async () => {
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => post('beta', person(`persona${i}@example.cl`))));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(20);
    expect(codes.filter((c) => c === 409)).toHaveLength(180);
    expect(results.find((r) => r.statusCode === 409)?.json()).toMatchObject({ code: 'BETA_FULL' });
    const [betaRows] = await t.database.db.select({ n: count() }).from(signups).where(eq(signups.kind, 'beta'));
    const [userRows] = await t.database.db.select({ n: count() }).from(users);
    expect(betaRows?.n).toBe(20);
    expect(userRows?.n).toBe(20);
    expect((await t.app.inject('/api/signup/status')).json()).toEqual({ isOpen: false, remainingSpots: 0, isWaitlistEnabled: true });
  });

  it('when full, the waitlist takes the person, who cannot sign in yet', async () => {
    const small = await buildTestApp({ BETA_SPOTS: '1' });
    try {
      const p = (kind: string, email: string) => small.app.inject({ method: 'POST', url: `/api/signup/${kind}`, payload: person(email) });
      expect((await p('beta', 'a@example.cl')).statusCode).toBe(201);
      expect((await p('beta', 'b@example.cl')).statusCode).toBe(409);
      const w = await p('waitlist', 'b@example.cl');
      expect(w.statusCode).toBe(201);
      expect(w.json()).toMatchObject({ kind: 'waitlist' });
      const login = await small.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'b@example.cl' } });
      expect(login.statusCode).toBe(401);
    } finally {
      await small.close();
    }
  });
});
