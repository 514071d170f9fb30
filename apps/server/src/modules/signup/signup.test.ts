import { count, eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signups, users } from '../../db/schema.ts';
import { buildTestApp, sessionCookie, testDatabaseKind, testMailbox, type TestApp } from '../../../test/helpers.ts';
import { login } from '../../../test/fixtures.ts';
import { BETA_FULL_AT_PROOF_MESSAGE } from './signup.service.ts';

const person = (email: string) => ({
  email,
  firstName: 'Camila',
  lastName: 'Rojas',
  instagramHandle: '@cami',
  referralSource: 'amiga',
  ageBand: '16-o-mas',
});

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

  it('a beta sign-up takes no place until the email is proven; the sign-in code proves it and takes the place', async () => {
    const res = await post('beta', person('  Camila@Example.CL '));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      kind: 'pending',
      message:
        'Para confirmar tu cupo, inicia sesión con camila@example.cl y escribe el código que te enviaremos. Tienes 24 horas; el cupo es tuyo cuando confirmas, si aún quedan.',
    });
    expect((await t.app.inject('/api/signup/status')).json()).toMatchObject({ remainingSpots: 20 });
    const [row] = await t.database.db.select().from(signups).where(eq(signups.email, 'camila@example.cl'));
    expect(row).toMatchObject({ kind: 'pending', ageBand: '16-o-mas' });
    const cookie = await login(t.app, 'camila@example.cl');
    expect((await t.app.inject('/api/signup/status')).json()).toMatchObject({ remainingSpots: 19 });
    expect((await t.database.db.select().from(signups).where(eq(signups.email, 'camila@example.cl')))[0]).toMatchObject({
      kind: 'beta',
      pendingAddress: null,
    });
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

  it('200 simultaneous beta sign-ups take no place: all are pending until proven', async () => {
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => post('beta', person(`persona${i}@example.cl`))));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(200);
    expect((await t.app.inject('/api/signup/status')).json()).toEqual({ isOpen: true, remainingSpots: 20, isWaitlistEnabled: true });
    const kinds = await t.database.db.select({ kind: signups.kind, n: count() }).from(signups).groupBy(signups.kind);
    expect(Object.fromEntries(kinds.map((k) => [k.kind, k.n]))).toEqual({ pending: 200 });
  });

  it('8 people proving their email at once for 3 places: exactly 3 get one, the other 5 go to the waiting list told why', async () => {
    const three = await buildTestApp({ BETA_SPOTS: '3' });
    try {
      const emails = Array.from({ length: 8 }, (_, i) => `prueba${i}@example.cl`);
      for (const email of emails) {
        expect((await three.app.inject({ method: 'POST', url: '/api/signup/beta', payload: person(email) })).statusCode).toBe(201);
        expect((await three.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email } })).statusCode).toBe(200);
      }
      const box = await testMailbox();
      const proofs = await Promise.all(
        emails.map((email) => three.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, code: box.lastCode(email) } })),
      );
      expect(proofs.filter((r) => r.statusCode === 200)).toHaveLength(3);
      const refused = proofs.filter((r) => r.statusCode !== 200);
      expect(refused).toHaveLength(5);
      for (const r of refused) {
        expect(r.statusCode).toBe(409);
        expect(r.json()).toEqual({ code: 'BETA_FULL', message: BETA_FULL_AT_PROOF_MESSAGE });
        expect(r.cookies.find((c) => c.name === 'ec_session')).toBeUndefined();
      }
      const kinds = await three.database.db.select({ kind: signups.kind, n: count() }).from(signups).groupBy(signups.kind);
      expect(Object.fromEntries(kinds.map((k) => [k.kind, k.n]))).toEqual({ beta: 3, waitlist: 5 });
      const [members] = await three.database.db.select({ n: count() }).from(users).where(eq(users.accessStatus, 'beta'));
      expect(members?.n).toBe(3);
      expect((await three.app.inject('/api/signup/status')).json()).toEqual({ isOpen: false, remainingSpots: 0, isWaitlistEnabled: true });
    } finally {
      await three.close();
    }
  });

  it('two proofs racing for the last place: exactly one gets it, the other is told in Spanish and put on the waiting list', async () => {
    const one = await buildTestApp({ BETA_SPOTS: '1' });
    try {
      const ask = (payload: object) => one.app.inject({ method: 'POST', url: '/api/auth/login', payload });
      for (const email of ['rapida@example.cl', 'veloz@example.cl']) {
        expect((await one.app.inject({ method: 'POST', url: '/api/signup/beta', payload: person(email) })).statusCode).toBe(201);
        expect((await ask({ email })).statusCode).toBe(200);
      }
      const box = await testMailbox();
      const [a, b] = await Promise.all(['rapida@example.cl', 'veloz@example.cl'].map((email) => ask({ email, code: box.lastCode(email) })));
      expect([a!.statusCode, b!.statusCode].sort()).toEqual([200, 409]);
      const loser = a!.statusCode === 409 ? a! : b!;
      const winner = a!.statusCode === 200 ? a! : b!;
      expect(loser.json()).toEqual({ code: 'BETA_FULL', message: BETA_FULL_AT_PROOF_MESSAGE });
      const status = await one.app.inject({ url: '/api/auth/status', headers: { cookie: sessionCookie(winner) } });
      expect(status.json()).toMatchObject({ authenticated: true });
      const rows = await one.database.db.select({ kind: signups.kind }).from(signups).orderBy(signups.kind);
      expect(rows.map((r) => r.kind)).toEqual(['beta', 'waitlist']);
      const [accounts] = await one.database.db.select({ n: count() }).from(users);
      expect(accounts?.n).toBe(1);
    } finally {
      await one.close();
    }
  });

  it('an unproven sign-up expires after 24 hours: it cannot ask for a code, never counts, is swept, and the email can sign up again', async () => {
    expect((await post('beta', person('tarde@example.cl'))).statusCode).toBe(201);
    const dayAgo = sql`now() - interval '24 hours 1 minute'`;
    await t.database.db.update(signups).set({ createdAt: dayAgo }).where(eq(signups.email, 'tarde@example.cl'));
    await t.database.db.update(users).set({ createdAt: dayAgo }).where(eq(users.email, 'tarde@example.cl'));
    const asked = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'tarde@example.cl' } });
    expect(asked.statusCode).toBe(401);
    expect(asked.json()).toMatchObject({ code: 'EMAIL_NOT_REGISTERED' });
    expect((await t.app.inject('/api/signup/status')).json()).toMatchObject({ remainingSpots: 20 });
    const report = await t.app.services.retention.runOnce();
    expect(report.pendingSignups).toBe(1);
    expect(await t.database.db.select().from(signups).where(eq(signups.email, 'tarde@example.cl'))).toEqual([]);
    expect(await t.database.db.select().from(users).where(eq(users.email, 'tarde@example.cl'))).toEqual([]);
    expect((await post('beta', person('tarde@example.cl'))).statusCode).toBe(201);
    expect(await login(t.app, 'tarde@example.cl')).toMatch(/^ec_session=/);
  });

  it('a sign-up without the age band, or with another, is a Spanish 400 naming it; the band is kept with the sign-up', async () => {
    const { ageBand: _band, ...noBand } = person('sin-edad@example.cl');
    for (const payload of [noBand, { ...noBand, ageBand: '12' }]) {
      const res = await post('beta', payload);
      expect(res.statusCode).toBe(400);
      const body = res.json<{ message: string; details: { field: string; message: string }[] }>();
      expect(body.details).toContainEqual({
        field: 'ageBand',
        message: 'Indica si tienes 16 años o más, o si tienes la autorización de tu madre, padre o representante legal.',
      });
      expect(res.body).not.toContain('Invalid');
    }
    expect((await post('waitlist', noBand)).statusCode).toBe(400);
    expect((await post('waitlist', { ...noBand, ageBand: 'menor-16-con-autorizacion' })).statusCode).toBe(201);
    const [row] = await t.database.db.select().from(signups).where(eq(signups.email, 'sin-edad@example.cl'));
    expect(row).toMatchObject({ kind: 'waitlist', ageBand: 'menor-16-con-autorizacion' });
  });

  it('figure: 12 unproven sign-ups from 12 addresses take 0 places (12 before issue 33); two people behind one connection both join once each proves the email', async () => {
    const limited = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '60', TRUST_PROXY: '1' });
    try {
      const from = (address: string, email: string) =>
        limited.app.inject({ method: 'POST', url: '/api/signup/beta', headers: { 'x-forwarded-for': address }, payload: person(email) });
      const started = performance.now();
      const sent = await Promise.all(Array.from({ length: 12 }, (_, i) => from(`203.0.113.${i + 1}`, `ajeno${i}@example.cl`)));
      const ms = performance.now() - started;
      expect(sent.map((r) => r.statusCode)).toEqual(Array(12).fill(201));
      const { remainingSpots } = (await limited.app.inject('/api/signup/status')).json<{ remainingSpots: number }>();
      console.log(`places taken by 12 unproven sign-ups from 12 addresses (${ms.toFixed(0)} ms): ${20 - remainingSpots} of 20`);
      expect(20 - remainingSpots).toBe(0);

      // A shared home (CGNAT): the second person waits only until the first proves their email.
      expect((await from('198.51.100.7', 'hermana@example.cl')).statusCode).toBe(201);
      const second = await from('198.51.100.7', 'hermano@example.cl');
      expect(second.statusCode).toBe(429);
      expect(second.json()).toMatchObject({
        code: 'RATE_LIMITED',
        message:
          'Ya hay una inscripción Beta sin confirmar desde esta conexión. Cuando esa persona confirme su email con el código, podrás inscribirte; si no, inténtalo más tarde.',
      });
      expect(Number(second.headers['retry-after'])).toBeGreaterThan(3_500);
      await login(limited.app, 'hermana@example.cl');
      expect((await from('198.51.100.7', 'hermano@example.cl')).statusCode).toBe(201);
      await login(limited.app, 'hermano@example.cl');
      const joined = await limited.database.db.select({ email: signups.email }).from(signups).where(eq(signups.kind, 'beta'));
      expect(joined.map((r) => r.email).sort()).toEqual(['hermana@example.cl', 'hermano@example.cl']);
      // No address kept once proven.
      expect((await limited.database.db.select().from(signups).where(eq(signups.kind, 'beta'))).every((r) => r.pendingAddress === null)).toBe(true);
    } finally {
      await limited.close();
    }
  });

  it('when full, the waitlist takes the person, who cannot sign in yet', async () => {
    const small = await buildTestApp({ BETA_SPOTS: '1' });
    try {
      const p = (kind: string, email: string) => small.app.inject({ method: 'POST', url: `/api/signup/${kind}`, payload: person(email) });
      expect((await p('beta', 'a@example.cl')).statusCode).toBe(201);
      await login(small.app, 'a@example.cl');
      const full = await p('beta', 'b@example.cl');
      expect(full.statusCode).toBe(409);
      expect(full.json()).toMatchObject({ code: 'BETA_FULL' });
      const w = await p('waitlist', 'b@example.cl');
      expect(w.statusCode).toBe(201);
      expect(w.json()).toMatchObject({ kind: 'waitlist' });
      const login2 = await small.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'b@example.cl' } });
      expect(login2.statusCode).toBe(401);
    } finally {
      await small.close();
    }
  });
});
