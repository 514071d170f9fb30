import { execFileSync } from 'node:child_process';
import http from 'node:http';
import fs from 'node:fs/promises';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminContribution } from '@etiqueta/contracts';
import { repoRoot } from '../src/config/env.ts';
import { products } from '../src/db/schema.ts';
import { EXPORT, chilean, startFakeOffFiles, type FakeOffFiles } from './fake-off-files.ts';
import { startFakeOff, type FakeOff } from './fake-off.ts';
import { ADMIN_PASSWORD, createUser, ean13, seedCatalogue } from './fixtures.ts';
import { buildTestApp, testDatabaseKind, testMailbox, type TestApp } from './helpers.ts';
import { killAllStarted, npmStart, SERVER_BUILD, type StartedServer } from './npm-start-process.ts';

/**
 * Past one machine (issue 32): three real API processes, each started the way `npm start` starts the server, on one
 * PostgreSQL database, behind a small round-robin proxy like a load balancer's, and driven only through that proxy.
 * Clients connect from distinct loopback addresses (127.0.0.x); the proxy passes the address it saw on in
 * X-Forwarded-For and the processes believe one proxy (TRUST_PROXY=1), as in production. The proxy names the process
 * that answered (`x-upstream`) so the test can say "through one, seen by the others".
 *
 * PostgreSQL only (PGlite belongs to one process): vitest.config.ts registers `*.pg.test.ts` only when
 * TEST_DATABASE_URL is set, which the PostgreSQL pass of `npm run test:server` always does.
 */

const PROCESSES = 3;
/** A load balancer in a few lines: each request to the next process in turn, X-Forwarded-For set to the client. */
async function startRoundRobinProxy(ports: number[]) {
  let next = 0;
  const server = http.createServer((req, res) => {
    const index = next++ % ports.length;
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: ports[index],
        method: req.method,
        path: req.url,
        headers: { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress ?? '' },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-upstream': String(index) });
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'x-upstream': String(index) });
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as net.AddressInfo).port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

type Answer = { status: number; upstream: number; headers: http.IncomingHttpHeaders; body: Buffer; json: <T = unknown>() => T; text: string };

let proxyPort = 0;
/** One request through the proxy, from the loopback address `from` (each simulated client has its own). */
function call(method: string, url: string, options: { cookie?: string; json?: unknown; body?: Buffer; contentType?: string; from?: string } = {}): Promise<Answer> {
  const payload = options.json !== undefined ? Buffer.from(JSON.stringify(options.json)) : options.body;
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = options.cookie;
  if (payload) {
    headers['content-type'] = options.json !== undefined ? 'application/json' : options.contentType!;
    headers['content-length'] = String(payload.length);
  }
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: proxyPort, method, path: url, headers, localAddress: options.from ?? '127.0.0.1', agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({
          status: res.statusCode ?? 0,
          upstream: Number(res.headers['x-upstream']),
          headers: res.headers,
          body,
          text: body.toString(),
          json: <T,>() => JSON.parse(body.toString()) as T,
        });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/** The same request once through each process (round-robin: PROCESSES calls in a row reach every one). */
async function onEach(method: string, url: string, options: Parameters<typeof call>[2] = {}): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (let i = 0; i < PROCESSES; i++) answers.push(await call(method, url, options));
  expect(answers.map((a) => a.upstream).sort()).toEqual([0, 1, 2]);
  return answers;
}

/** PROCESSES GETs in a row, without checking who answered (one process may be dead). */
async function onEachSlot(url: string, options: Parameters<typeof call>[2]): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (let i = 0; i < PROCESSES; i++) answers.push(await call('GET', url, options));
  return answers;
}

/** Signs in through the proxy with the mailed code (and the password of an admin); the session cookie. */
async function signIn(email: string, from: string, password?: string): Promise<string> {
  const asked = await call('POST', '/api/auth/login', { json: { email }, from });
  if (asked.status !== 200) throw new Error(`login: ${asked.status} ${asked.text}`);
  const code = (await testMailbox()).lastCode(email);
  const res = await call('POST', '/api/auth/login', { json: { email, code, ...(password ? { password } : {}) }, from });
  if (res.status !== 200) throw new Error(`login: ${res.status} ${res.text}`);
  const setCookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('ec_session='));
  return setCookie!.split(';')[0]!;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe(`three API processes on one database behind a round-robin proxy (${testDatabaseKind})`, { timeout: 300_000 }, () => {
  let seeder: TestApp;
  let off: FakeOff;
  let offFiles: FakeOffFiles;
  let servers: StartedServer[] = [];
  let proxy: Awaited<ReturnType<typeof startRoundRobinProxy>>;
  let productIds: number[] = [];
  let admin = '';
  /** A shopper who stays signed in: product pages are for signed-in users. */
  let luis = '';
  let releaseExport: () => void = () => undefined;
  const cleanups: (() => Promise<unknown>)[] = [];

  beforeAll(async () => {
    execFileSync('npm', SERVER_BUILD, { cwd: repoRoot, stdio: 'ignore' });
    // The database, seeded by an in-test app that is then left alone: the processes never see it.
    seeder = await buildTestApp();
    const seeded = await seedCatalogue(
      seeder.app,
      Array.from({ length: 31 }, (_, i) => ({ barcode: ean13(`780555000${String(i).padStart(3, '0')}`), name: `Leche número ${i}`, sub2: i === 0 ? 'Cereales' : 'Leche' })),
    );
    productIds = seeded.products.map((p) => p.id);
    await createUser(seeder.database.db, 'jefa@example.cl', 'admin');
    await createUser(seeder.database.db, 'ana@example.cl', 'user');
    await createUser(seeder.database.db, 'luis@example.cl', 'user');

    off = await startFakeOff();
    offFiles = await startFakeOffFiles();
    offFiles.publishExport([chilean.stored]);
    // The export is sent slowly: a sync started in the test stays in its download until the end.
    const gate = new Promise<void>((resolve) => (releaseExport = resolve));
    offFiles.routes.get(EXPORT)!.gate = { at: 10, open: gate };

    const env = {
      DATABASE_URL: seeder.database.url!,
      COOKIE_SECRET: 'c'.repeat(40),
      SMTP_URL: (await testMailbox()).url,
      TRUST_PROXY: '1',
      SYNC_ENABLED: 'false',
      OFF_LIVE_LOOKUP: 'true',
      OFF_BASE_URL: off.url,
      OFF_EXPORT_URL: offFiles.exportUrl,
      OFF_DELTA_URL: offFiles.deltaUrl,
      OFF_LOOKUP_PER_MINUTE: '15',
      RATE_LIMIT_PER_MINUTE: '10',
    };
    // Each process its own data folder, as on its own machine: nothing but the database is shared.
    const machines = await Promise.all(Array.from({ length: PROCESSES }, () => fs.mkdtemp(path.join(os.tmpdir(), 'ec-machine-'))));
    cleanups.push(() => Promise.all(machines.map((dir) => fs.rm(dir, { recursive: true, force: true }))));
    servers = await Promise.all(machines.map((dir) => npmStart({ ...env, DATA_DIR: dir }, 150_000)));
    proxy = await startRoundRobinProxy(servers.map((s) => s.port));
    proxyPort = proxy.port;
    admin = await signIn('jefa@example.cl', '127.0.0.2', ADMIN_PASSWORD);
    luis = await signIn('luis@example.cl', '127.0.0.5');
  }, 300_000);

  afterAll(async () => {
    releaseExport();
    killAllStarted();
    await proxy?.close();
    await off?.close();
    await offFiles?.close();
    await seeder?.close();
    for (const cleanup of cleanups) await cleanup();
  });

  it('a sign-in through one process is valid in all; signing out stops it everywhere within 1 s', async () => {
    const ana = await signIn('ana@example.cl', '127.0.0.3');
    for (const status of await onEach('GET', '/api/auth/status', { cookie: ana, from: '127.0.0.3' })) {
      expect(status.json()).toMatchObject({ authenticated: true, user: { email: 'ana@example.cl' } });
    }
    const out = await call('POST', '/api/auth/logout', { cookie: ana, from: '127.0.0.3' });
    expect(out.status).toBe(200);
    await sleep(1_000);
    for (const status of await onEach('GET', '/api/auth/status', { cookie: ana, from: '127.0.0.3' })) {
      expect(status.json()).toMatchObject({ authenticated: false });
    }
  });

  it("an admin's edit through one process shows on the others' product page, listing and search within 10 s", async () => {
    const id = productIds[0]!;
    const edited = await call('PATCH', `/api/products/${id}`, { cookie: admin, json: { name: 'Leche Cordillera Sin Lactosa' }, from: '127.0.0.2' });
    expect(edited.status, edited.text).toBe(200);
    const started = Date.now();
    const shows = async () => {
      const shopper = { cookie: luis, from: '127.0.0.5' };
      const pages = await onEach('GET', `/api/products/${id}`, shopper);
      const listings = await onEach('GET', '/api/subcategories/leches/products?sub2categories=cereales', shopper);
      const searches = await onEach('GET', `/api/v1/search?q=${encodeURIComponent('cordillera sin lactosa')}`, shopper);
      return [...pages, ...listings, ...searches].every((a) => a.status === 200 && a.text.includes('Leche Cordillera Sin Lactosa'));
    };
    while (!(await shows())) {
      expect(Date.now() - started, 'the edit is not on every process after 10 s').toBeLessThan(10_000);
      await sleep(250);
    }
    expect(Date.now() - started).toBeLessThan(10_500);
  });

  it('a burst of unknown barcodes across the three sends OFF at most 15 product reads in the minute', async () => {
    const codes = Array.from({ length: 45 }, (_, i) => ean13(`780999${String(i).padStart(6, '0')}`));
    const answers = await Promise.all(codes.map((code, i) => call('GET', `/api/search/barcode/${code}`, { from: `127.0.1.${i + 1}` })));
    expect(new Set(answers.map((a) => a.upstream))).toEqual(new Set([0, 1, 2]));
    // Each shopper has an answer: not found, or "try again in a moment" once the budget is spent; never a 500.
    for (const a of answers) expect([404, 429, 503]).toContain(a.status);
    expect(off.requests.length).toBeGreaterThan(0);
    expect(off.requests.length).toBeLessThanOrEqual(15);
  });

  it('an abuse limit holds across the processes: 10 sign-in requests a minute from one address, in total', async () => {
    const answers: Answer[] = [];
    for (let i = 0; i < 15; i++) answers.push(await call('POST', '/api/auth/login', { json: { email: `nadie${i}@example.cl` }, from: '127.0.0.9' }));
    expect(new Set(answers.map((a) => a.upstream))).toEqual(new Set([0, 1, 2]));
    expect(answers.filter((a) => a.status === 429)).toHaveLength(5);
    expect(answers.slice(0, 10).every((a) => a.status !== 429)).toBe(true);
    expect(answers[14]!.headers['retry-after']).toBeDefined();
  });

  it('a photo uploaded through one process is served by every process', async () => {
    const shopper = await signIn('ana@example.cl', '127.0.0.4');
    const form = new FormData();
    form.append('barcode', ean13('780777000001'));
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2e86c1' } }).jpeg().toBuffer();
    form.append('photoFront', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'frente.jpg');
    const body = new Response(form);
    const sent = await call('POST', '/api/contributions', {
      cookie: shopper,
      body: Buffer.from(await body.arrayBuffer()),
      contentType: body.headers.get('content-type')!,
      from: '127.0.0.4',
    });
    expect(sent.status, sent.text).toBe(201);
    const [pending] = (await call('GET', '/api/admin/contributions?status=pending', { cookie: admin, from: '127.0.0.2' })).json<AdminContribution[]>();
    const photos = await onEach('GET', pending!.photos[0]!.url, { cookie: admin, from: '127.0.0.2' });
    for (const photo of photos) {
      expect(photo.status).toBe(200);
      expect(photo.headers['content-type']).toBe('image/jpeg');
      expect(photo.body.equals(photos[0]!.body)).toBe(true);
    }
    expect((await sharp(photos[0]!.body).metadata()).width).toBe(64);
  });

  it('one sync at a time: the same start sent to the three at once starts one run', async () => {
    const answers = await Promise.all(Array.from({ length: PROCESSES }, () => call('POST', '/api/sync/bulk', { cookie: admin, from: '127.0.0.2' })));
    expect(new Set(answers.map((a) => a.upstream))).toEqual(new Set([0, 1, 2]));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    for (const refused of answers.filter((a) => a.status === 409)) expect(refused.json()).toMatchObject({ code: 'SYNC_ALREADY_RUNNING' });
    // And a start sent afterwards to any of them is refused while the run is going.
    for (const again of await onEach('POST', '/api/sync/incremental', { cookie: admin, from: '127.0.0.2' })) expect(again.status).toBe(409);
  });

  it('a process killed in the middle of a burst of writes loses none it had answered 2xx for', async () => {
    const ids = productIds.slice(1);
    const answered: { id: number; name: string; status: number; upstream: number }[] = [];
    let killed: Promise<void> = Promise.resolve();
    // Six editors, each renaming its products one after another; the second process dies after the tenth answer.
    await Promise.all(
      Array.from({ length: 6 }, async (_, lane) => {
        for (let k = lane; k < ids.length; k += 6) {
          const name = `Leche renombrada ${k}`;
          const res = await call('PATCH', `/api/products/${ids[k]}`, { cookie: admin, json: { name }, from: '127.0.0.2' });
          answered.push({ id: ids[k]!, name, status: res.status, upstream: res.upstream });
          if (answered.length === 10) killed = servers[1]!.kill();
        }
      }),
    );
    await killed;
    const ok = answered.filter((a) => a.status === 200);
    const failed = answered.filter((a) => a.status !== 200);
    expect(ok.length).toBeGreaterThan(10);
    // The dead process was still being sent requests, which failed (502 from the proxy), never a 2xx.
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((a) => a.upstream === 1 && a.status === 502)).toBe(true);
    const rows = await seeder.database.db
      .select({ id: products.id, name: products.name })
      .from(products)
      .where(inArray(products.id, ok.map((a) => a.id)));
    const stored = new Map(rows.map((r) => [r.id, r.name]));
    for (const a of ok) expect(stored.get(a.id), `product ${a.id} answered 200 through process ${a.upstream}`).toBe(a.name);
    // The survivors still answer, and read what every process wrote.
    const [first] = await seeder.database.db.select({ name: products.name }).from(products).where(eq(products.id, ok[0]!.id));
    const survivors = (await onEachSlot(`/api/products/${ok[0]!.id}`, { cookie: luis, from: '127.0.0.5' })).filter((a) => a.upstream !== 1);
    expect(survivors.map((a) => [a.status, a.text.includes(first!.name)])).toEqual([[200, true], [200, true]]);
  });
});
