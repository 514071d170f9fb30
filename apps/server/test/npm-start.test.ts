import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogueLoading, HealthResponse, SharedProduct } from '@etiqueta/contracts';
import { repoRoot } from '../src/config/env.ts';
import { chilean, CL, DAY, doc, EXPORT, foreign, startFakeOffFiles, STORED_1003, T0 } from './fake-off-files.ts';
import { ADMIN_PASSWORD } from './fixtures.ts';
import { createTestDatabase, testDatabaseKind } from './helpers.ts';
import { loginCodeIn } from './local-smtp.ts';
import { killAllStarted, npmStart, SERVER_BUILD, type StartedServer } from './npm-start-process.ts';

/**
 * `npm start` as an operator runs it, not as the other tests build the app: the real process entry, started by
 * npm in its own process, with its own data folder (or its own PostgreSQL database) and the default environment
 * except Open Food Facts' addresses — which point at a local stand-in serving OFF's export and delta formats —
 * and a one-minute delta period so a tick fits in a test. Nothing here takes a path the deployed server does not:
 * it is the built JavaScript (dist/, ADR 023), with the migrations and the OCR process's file found from there.
 */

/** The command lines of the processes in a server's group (npm, its shell, the server, the OCR processes). */
const processesOf = (server: StartedServer) =>
  execFileSync('ps', ['-o', 'args=', '-g', String(server.pid)], { encoding: 'utf8' }).split('\n').filter(Boolean);

/**
 * A staff session on a running server, the way an operator gets one: the account created by `npm run admin`
 * (through the server's control socket on PGlite), the sign-in code read from the outbox (DATA_DIR/outbox: no
 * SMTP_URL), then code and password sent back.
 */
async function staffSession(server: StartedServer, env: Record<string, string>, email: string): Promise<string> {
  const admin = spawn('npm', ['run', 'admin', '-w', 'apps/server', '--', 'create', email, '--role', 'admin'], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.homedir(), ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let said = '';
  admin.stdout.on('data', (chunk: Buffer) => (said += chunk.toString()));
  admin.stderr.on('data', (chunk: Buffer) => (said += chunk.toString()));
  admin.stdin.end(`${ADMIN_PASSWORD}\n`);
  const code = await new Promise<number | null>((resolve) => admin.on('close', resolve));
  expect(code, said).toBe(0);
  const login = (body: Record<string, string>) =>
    fetch(`http://127.0.0.1:${server.port}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect((await login({ email })).status).toBe(200);
  const outbox = path.join(env.DATA_DIR!, 'outbox');
  const mails = await Promise.all((await fs.readdir(outbox)).map((name) => fs.readFile(path.join(outbox, name), 'utf8')));
  const signInCode = mails.filter((raw) => raw.includes(email)).map(loginCodeIn).find(Boolean);
  const signedIn = await login({ email, code: signInCode!, password: ADMIN_PASSWORD });
  expect(signedIn.status, await signedIn.clone().text()).toBe(200);
  const session = signedIn.headers.getSetCookie().find((c) => c.startsWith('ec_session='));
  return session!.split(';')[0]!;
}

const getJson = async <T,>(port: number, url: string): Promise<T> => (await fetch(`http://127.0.0.1:${port}${url}`)).json() as Promise<T>;

/** Polls until `check` holds, or fails with the last value seen and the server's log. */
async function waitFor<T>(what: string, read: () => Promise<T>, check: (value: T) => boolean, server: StartedServer, timeoutMs: number): Promise<T> {
  const until = Date.now() + timeoutMs;
  let value = await read();
  while (!check(value)) {
    if (Date.now() > until) throw new Error(`${what}: still ${JSON.stringify(value)} after ${timeoutMs / 1000} s\n${server.log()}`);
    await new Promise((r) => setTimeout(r, 1_000));
    value = await read();
  }
  return value;
}

const logLines = (log: string, message: RegExp) => log.split('\n').filter((line) => message.test(line)).length;

describe(`npm start, as deployed (${testDatabaseKind})`, { timeout: 600_000 }, () => {
  const cleanups: (() => Promise<void>)[] = [];
  beforeAll(() => {
    execFileSync('npm', SERVER_BUILD, { cwd: repoRoot, stdio: 'ignore' });
  }, 60_000);
  afterAll(async () => {
    killAllStarted();
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('fills an empty catalogue by itself once OFF can be reached, keeps it across a restart without reading the export again, runs built (a label read by an OCR process from dist/), and applies the next delta file on the next tick', async () => {
    const off = await startFakeOffFiles();
    cleanups.push(() => off.close());
    off.publishExport([...foreign, chilean.stored, chilean.v36, chilean.legacy]);
    off.publishDeltas([]);

    // Its own data folder (the PGlite database, or only the outbox and photos beside PostgreSQL).
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ec-npm-start-'));
    cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
    const database: Record<string, string> = { DATA_DIR: path.join(dir, 'db') };
    if (testDatabaseKind === 'postgres') {
      const db = await createTestDatabase();
      cleanups.push(() => db.close());
      database.DATABASE_URL = db.url!;
    }
    const env = { ...database, OFF_EXPORT_URL: off.exportUrl, OFF_DELTA_URL: off.deltaUrl, OFF_BASE_URL: off.base, SYNC_INCREMENTAL_MINUTES: '1' };
    const health = (s: StartedServer) => getJson<HealthResponse>(s.port, '/api/health');

    // 1. A first start with OFF out of reach: the first load fails, and the home page is told why and when next.
    await off.down();
    const first = await npmStart(env);
    // The schedule's first line: on, and what runs next (a moment after the server listens).
    await waitFor('the schedule line', async () => first.log(), (log) => log.includes('scheduled syncs on: empty catalogue, first load starting now'), first, 10_000);
    // Within seconds, not after a download has retried its way through minutes: the shopper is told at once.
    const failed = await waitFor('the failed first load', () => getJson<CatalogueLoading>(first.port, '/api/sync/first-load'), (l) => l.failure !== null, first, 10_000);
    expect(failed.failure).toEqual({ reason: 'no hay conexión con Open Food Facts', retryAt: expect.any(String) });
    const retryIn = Date.parse(failed.failure!.retryAt!) - Date.now();
    expect(retryIn).toBeGreaterThan(-5_000);
    expect(retryIn).toBeLessThanOrEqual(61_000);
    expect((await health(first)).catalogue).toEqual({ products: 0, lastSyncAt: null, lastSyncKind: null, ageHours: null });

    // 2. OFF comes back: the products arrive with no restart.
    await off.up();
    // The run is recorded as done just after its last products are committed: wait for both.
    const loaded = await waitFor('the first load', () => health(first), (h) => h.catalogue.products === 3 && h.catalogue.lastSyncKind !== null, first, 180_000);
    expect(loaded.catalogue).toMatchObject({ products: 3, lastSyncKind: 'bulk', ageHours: 0 });
    expect((await getJson<CatalogueLoading>(first.port, '/api/sync/first-load')).failure).toBeNull();
    // One line per failed run, however many times each run retried its download.
    const failedRuns = logLines(first.log(), /"msg":"sync failed"/);
    expect(failedRuns).toBeGreaterThanOrEqual(1);
    expect(logLines(first.log(), /trying again after a failed run/)).toBe(failedRuns);
    expect(off.served.filter((s) => s.method === 'GET' && s.path === EXPORT)).toHaveLength(1);
    await first.stop();
    expect(first.log()).toContain('shutting down');
    expect(first.log()).not.toMatch(/shutdown took too long|error while shutting down/);

    // 3. A restart keeps the catalogue and does not read the export again.
    const second = await npmStart(env);
    await waitFor('the schedule line', async () => second.log(), (log) => log.includes('scheduled syncs on: next incremental sync at'), second, 10_000);
    expect(second.log()).not.toContain('first load');
    expect((await health(second)).catalogue).toMatchObject({ products: 3, lastSyncKind: 'bulk' });
    // PUBLIC_URL unset: a shared link's addresses are this machine at PORT (set it in production).
    const { id } = await getJson<{ id: number }>(second.port, `/api/search/barcode/${chilean.stored.code as string}`);
    const shared = await getJson<SharedProduct>(second.port, `/api/share/products/${id}`);
    expect(shared.imageUrl).toMatch(new RegExp(`^http://localhost:${second.port}/api/share/products/${id}/card\\.png\\?v=`));
    const card = await fetch(`http://127.0.0.1:${second.port}${new URL(shared.imageUrl).pathname}${new URL(shared.imageUrl).search}`);
    expect(card.headers.get('content-type')).toBe('image/png');

    // The built server (not tsx) reads a label photo in an OCR process it starts from the built output.
    // With V8's heap sized for a server (ADR 030): the flags are in the command `npm start` runs, not defaults of Node's.
    expect(processesOf(second)).toContainEqual(expect.stringMatching(/^node --enable-source-maps --max-semi-space-size=16 --heap-growing-percent=20 --expose-gc dist\/main\.js$/));
    const cookie = await staffSession(second, env, 'lectora@example.cl');
    const form = new FormData();
    form.append('part', 'nutrition');
    const photo = await fs.readFile(path.join(repoRoot, 'bench/label-photos/set/nutrition-01.jpg'));
    form.append('photo', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'etiqueta.jpg');
    const reading = await fetch(`http://127.0.0.1:${second.port}/api/contributions/read-label`, { method: 'POST', headers: { cookie }, body: form });
    expect(reading.status, await reading.clone().text()).toBe(200);
    expect(await reading.json()).toMatchObject({ part: 'nutrition', per: '100 g' });
    expect(processesOf(second)).toContainEqual(expect.stringMatching(/--enable-source-maps .*dist\/ocr-process\.js$/));

    // 4. OFF publishes the day's delta file: the next tick (a minute) applies it.
    off.publishDeltas([{ from: T0 - DAY, to: T0 + DAY, docs: [doc(STORED_1003, '7801000000059', CL, { product_name: 'Nuevo en Chile' })] }]);
    const updated = await waitFor('the delta run', () => health(second), (h) => h.catalogue.products === 4, second, 150_000);
    expect(updated.catalogue).toMatchObject({ products: 4, lastSyncKind: 'incremental' });
    expect(off.served.filter((s) => s.method === 'GET' && s.path === EXPORT)).toHaveLength(1);
    await second.stop();
    expect(second.log()).not.toMatch(/shutdown took too long|error while shutting down/);
  });
});
