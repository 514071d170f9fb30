import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, login, seedOneProduct, signedInAs } from './fixtures.ts';
import { buildTestApp, sharedTestApp, testDatabaseKind } from './helpers.ts';

const person = (email: string) => ({ email, firstName: 'Camila', lastName: 'Rojas', instagramHandle: '', referralSource: '', ageBand: '16-o-mas' });
const contact = { firstName: 'Ana', lastName: 'Pérez', email: 'ana@example.cl', message: 'Hola, una consulta sobre un producto.' };

describe(`requests a tester crafts (${testDatabaseKind})`, () => {
  const t = sharedTestApp();
  let member: string;
  let admin: string;
  let productId: number;
  beforeAll(async () => {
    productId = await seedOneProduct(t.app, { barcode: '7801000000301', name: 'Leche' });
    member = await signedInAs(t.app, t.database.db, 'socia@example.cl');
    admin = await signedInAs(t.app, t.database.db, 'jefa@example.cl', 'admin');
  });

  it('an encoded path (/%61pi/…) from a foreign Origin is refused like the plain one', async () => {
    for (const url of ['/api/contact', '/%61pi/contact', '/%61%70%69/contact']) {
      const res = await t.app.inject({ method: 'POST', url, headers: { origin: 'https://evil.example', host: 'localhost:3000' }, payload: contact });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({ code: 'BAD_ORIGIN' });
    }
  });

  it('without Origin, a browser write from another site (Sec-Fetch-Site) is refused; one from our page is not', async () => {
    const cross = await t.app.inject({ method: 'POST', url: '/api/contact', headers: { 'sec-fetch-site': 'cross-site' }, payload: contact });
    expect(cross.statusCode).toBe(403);
    const same = await t.app.inject({ method: 'POST', url: '/api/contact', headers: { 'sec-fetch-site': 'same-origin' }, payload: contact });
    expect(same.statusCode).toBe(201);
  });

  it('X-Forwarded-Host counts for nothing without a trusted proxy', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { origin: 'https://evil.example', host: 'localhost:3000', 'x-forwarded-host': 'evil.example' },
      payload: contact,
    });
    expect(res.statusCode).toBe(403);
  });

  it('ids are digits only: 1e3, 0x10, " 12", 012 and too-large ids are a Spanish 400', async () => {
    expect((await t.app.inject({ url: `/api/products/${productId}`, headers: { cookie: member } })).statusCode).toBe(200);
    for (const id of ['1e3', '0x10', '%2012', '012', '1.0', '99999999999']) {
      const res = await t.app.inject({ url: `/api/products/${id}`, headers: { cookie: member } });
      expect(res.statusCode, id).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringMatching(/id/) });
    }
  });

  it('admin edits: a vanishing number is stored as 0, not a 500; a label no food can have is a Spanish 400', async () => {
    const patch = (payload: object) =>
      t.app.inject({ method: 'PATCH', url: `/api/products/${productId}`, headers: { cookie: admin }, payload });
    const tiny = await patch({ energyKcal100: 1e-46 });
    expect(tiny.statusCode).toBe(200);
    expect(tiny.json()).toMatchObject({ energyKcal100: 0 });
    const saturated = await patch({ totalFatG100: 1, saturatedFatG100: 50 });
    expect(saturated.statusCode).toBe(400);
    expect(saturated.json()).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'Grasas saturadas (50 g) mayores que las grasas totales (1 g): revisa los valores por 100 g',
    });
    expect((await patch({ energyKcal100: 5000 })).statusCode).toBe(400);
  });

  it('bad URL encodings and overlong path parameters get our Spanish shape, without the path', async () => {
    const bad = await t.app.inject({ url: '/api/products/%E0%A4%A' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ code: 'BAD_URL', message: 'La dirección de la solicitud no es válida' });
    const long = await t.app.inject({ url: `/api/products/${'1'.repeat(300)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ code: 'URL_TOO_LONG', message: 'La dirección de la solicitud es demasiado larga' });
    expect(long.body).not.toContain('111');
  });

  it('headers too large for the HTTP parser get a Spanish JSON 431', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    expect(address).toContain(String(port));
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port, path: '/api/health', headers: { 'x-big': 'a'.repeat(20_000) } }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
    });
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body)).toEqual({ code: 'HEADERS_TOO_LARGE', message: 'Las cabeceras de la solicitud son demasiado grandes' });
  });

  it('a missing build file is a 404, not the app page; images only over https or from us', async () => {
    const res = await t.app.inject('/assets/no-existe-abc123.js');
    expect(res.statusCode).toBe(404);
    const csp = (await t.app.inject('/api/health')).headers['content-security-policy'] as string;
    const img = csp.split(';').find((d) => d.startsWith('img-src'));
    expect(img).toBe("img-src 'self' data: blob: https:");
  });
});

describe(`a full disk (${testDatabaseKind})`, () => {
  it('writes answer a Spanish 503 and health says the database cannot write, until a write works again', async () => {
    const t = await buildTestApp();
    try {
      // The database's own error for a full disk (SQLSTATE 53100), raised where a write lands.
      await t.database.db.execute(sql`
        CREATE FUNCTION no_room() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'could not extend file: No space left on device' USING ERRCODE = 'disk_full'; END $$`);
      await t.database.db.execute(sql`CREATE TRIGGER no_room BEFORE INSERT ON contact_messages FOR EACH ROW EXECUTE FUNCTION no_room()`);
      expect((await t.app.inject('/api/health')).statusCode).toBe(200);
      const write = await t.app.inject({ method: 'POST', url: '/api/contact', payload: contact });
      expect(write.statusCode).toBe(503);
      expect(write.json()).toEqual({
        code: 'STORAGE_FULL',
        message: 'El servidor no tiene espacio para guardar cambios. Inténtalo de nuevo más tarde.',
      });
      const health = await t.app.inject('/api/health');
      expect(health.statusCode).toBe(503);
      expect(health.json()).toMatchObject({ status: 'error', database: { status: 'unwritable' } });

      await t.database.db.execute(sql`DROP TRIGGER no_room ON contact_messages`);
      expect((await t.app.inject({ method: 'POST', url: '/api/contact', payload: contact })).statusCode).toBe(201);
      expect((await t.app.inject('/api/health')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe(`rate limits behind a proxy (${testDatabaseKind})`, () => {
  const t = sharedTestApp({ RATE_LIMIT_PER_MINUTE: '2', TRUST_PROXY: '1' });
  beforeAll(async () => {
    await createUser(t.database.db, 'socia@example.cl', 'user');
  });

  /** The status of each request from each address, sent one after the other. */
  const statusesFrom = async (addresses: string[], url: string, payload: object) => {
    const statuses = [];
    for (const address of addresses) {
      statuses.push((await t.app.inject({ method: 'POST', url, headers: { 'x-forwarded-for': address }, payload })).statusCode);
    }
    return statuses;
  };

  it('the client address is the one our proxy saw: a made-up X-Forwarded-For does not buy more tries', async () => {
    const spoofed = ['1.1.1.1', '2.2.2.2', '3.3.3.3'].map((made) => `${made}, 203.0.113.7`);
    expect(await statusesFrom(spoofed, '/api/auth/login', { email: 'nadie@example.cl' })).toEqual([401, 401, 429]);
  });

  it('an IPv6 client is one /64: changing the last 64 bits of its address buys no more tries', async () => {
    const addresses = ['2001:db8:1:2::1', '2001:db8:1:2:aaaa::99', '2001:db8:1:2:ffff:ffff:ffff:ffff'];
    const message = { firstName: 'Ana', lastName: 'Pérez', email: 'ana@example.cl', message: 'Un mensaje de prueba.' };
    expect(await statusesFrom(addresses, '/api/contact', message)).toEqual([201, 201, 429]);
  });

  it('one address holds one unproven beta sign-up an hour; the waiting list stays open to it', async () => {
    const from = (address: string, kind: string, email: string) =>
      t.app.inject({ method: 'POST', url: `/api/signup/${kind}`, headers: { 'x-forwarded-for': address }, payload: person(email) });
    expect((await from('198.51.100.1', 'beta', 'uno@example.cl')).statusCode).toBe(201);
    const second = await from('198.51.100.1', 'beta', 'dos@example.cl');
    expect(second.statusCode).toBe(429);
    expect(second.json()).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/inscripción Beta sin confirmar desde esta conexión/) });
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(3_500);
    // A try that took no place (an email already signed up) leaves the address its place for the hour.
    expect((await from('198.51.100.3', 'beta', 'uno@example.cl')).statusCode).toBe(409);
    expect((await from('198.51.100.3', 'beta', 'cinco@example.cl')).statusCode).toBe(201);
    expect((await from('198.51.100.2', 'beta', 'tres@example.cl')).statusCode).toBe(201);
    expect((await from('198.51.100.1', 'waitlist', 'cuatro@example.cl')).statusCode).toBe(201);
    expect(await login(t.app, 'uno@example.cl')).toMatch(/^ec_session=/);
    // Once proven the connection is free for the next person behind it: signup.test.ts, "figure".
  });
});
