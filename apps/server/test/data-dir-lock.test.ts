import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKind, testMailbox } from './helpers.ts';
import { freePort, serverOutput } from './npm-start-process.ts';

const execFileAsync = promisify(execFile);
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

type Run = { code: number | null; stdout: string; stderr: string };
function run(script: string, args: string[], env: NodeJS.ProcessEnv, input = ''): Promise<Run> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, ['--import', 'tsx', script, ...args], { cwd: serverDir, env: { ...process.env, ...env } }, (err, stdout, stderr) =>
      resolve({ code: err ? (err.code as number) : 0, stdout, stderr }),
    );
    child.stdin?.end(input);
  });
}

/** Servers this file started: a failed assertion must not leave one running. */
const running = new Set<ChildProcess>();

/** The real server in its own process, resolved once it listens. */
async function startServer(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; port: number; output: () => string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', WEB_DIST: '/nonexistent', SYNC_ENABLED: 'false', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.on('exit', () => running.delete(child));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const { output, listening } = serverOutput(child, 'escuchando', 60_000, exited);
  await listening;
  return { child, port, output };
}

const stop = (child: ChildProcess, signal: NodeJS.Signals) =>
  new Promise<void>((resolve) => {
    child.on('exit', () => resolve());
    child.kill(signal);
  });

const health = async (port: number) => (await fetch(`http://127.0.0.1:${port}/api/health`)).status;

describe(`one process per database (${testDatabaseKind})`, { timeout: 300_000 }, () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ec-lock-'));
  });
  afterAll(async () => {
    for (const child of running) child.kill('SIGKILL');
    await fs.rm(dir, { recursive: true, force: true });
  });

  if (testDatabaseKind === 'pglite') {
    it('while the server holds a PGlite folder the operator creates an admin and starts a sync through its control socket; other tools refuse; after a stop or a kill -9 the CLIs work', async () => {
      const mailbox = await testMailbox();
      const dataDir = path.join(dir, 'db');
      const env = { DATA_DIR: dataDir, DATABASE_URL: '', SMTP_URL: mailbox.url };
      const server = await startServer(env);
      const base = `http://127.0.0.1:${server.port}`;

      // Only the OS user who runs the server can reach its control socket: a socket file, mode 0600, no TCP port.
      const socketPath = `${dataDir}.sock`;
      expect((await execFileAsync('stat', ['-c', '%a %F', socketPath])).stdout.trim()).toBe('600 socket');

      const password = 'una-clave-muy-segura';
      const weak = await run('src/cli/admin.ts', ['create', 'jefa@example.cl'], env, 'corta\n');
      expect(weak.code).toBe(2);
      expect(weak.stderr).toContain('al menos 10 caracteres');
      const admin = await run('src/cli/admin.ts', ['create', 'Jefa@Example.cl'], env, `${password}\n`);
      expect(admin.stderr).toBe('');
      expect(admin.code).toBe(0);
      expect(admin.stdout).toContain('Cuenta admin lista: jefa@example.cl (a través del servidor en ejecución)');

      // The new admin signs in through the running server: the emailed code, then the password.
      const login = (body: object) =>
        fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify(body) });
      expect(await (await login({ email: 'jefa@example.cl' })).json()).toMatchObject({ passwordRequired: true });
      const code = mailbox.lastCode('jefa@example.cl');
      const signedIn = await login({ email: 'jefa@example.cl', code, password });
      expect(await signedIn.json()).toMatchObject({ authenticated: true, user: { role: 'admin' } });
      const cookie = signedIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');

      // A sync from a file the operator names, run by the server in the background; the CLI prints its run id.
      const file = path.join(dir, 'catalogo.jsonl');
      const nutriments = { fat_100g: 3, 'saturated-fat_100g': 2, carbohydrates_100g: 5, sugars_100g: 5, proteins_100g: 3, salt_100g: 0.1 };
      const barcodes = ['7801000000201', '7801000000202', '7801000000203'];
      await fs.writeFile(file, barcodes.map((code, i) => JSON.stringify({ code, product_name: `Yogur ${i + 1}`, brands: 'Marca', nutriments })).join('\n'));
      const sync = await run('src/cli/sync.ts', ['bulk', '--source', `file:${file}`], env);
      expect(sync.stderr).toBe('');
      expect(sync.code).toBe(0);
      const runId = Number(/ejecución (\d+)/.exec(sync.stdout)?.[1]);
      expect(runId).toBeGreaterThan(0);
      type SyncRun = { id: number; status: string; inserted: number; source: string };
      let syncRun: SyncRun | undefined;
      for (let tries = 0; tries < 100 && syncRun?.status !== 'success'; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        const { runs } = (await (await fetch(`${base}/api/sync/runs?limit=5`, { headers: { cookie } })).json()) as { runs: SyncRun[] };
        syncRun = runs.find((r) => r.id === runId);
      }
      expect(syncRun).toMatchObject({ status: 'success', inserted: 3, source: `file:${file}` });
      const found = (await (await fetch(`${base}/api/search/barcode/${barcodes[1]}`)).json()) as { id: number };
      expect(await (await fetch(`${base}/api/products/${found.id}`, { headers: { cookie } })).json()).toMatchObject({ name: 'Yogur 2' });

      // What the socket does not do still refuses; the password never reached the server's log.
      const busy = `El servidor está usando ${dataDir}. Detenlo o usa el panel de administración.`;
      const migrate = await run('src/db/migrate-cli.ts', [], env);
      expect(migrate.code).toBe(3);
      expect(migrate.stderr.trim()).toBe(busy);
      expect(await health(server.port)).toBe(200);
      expect(server.output()).not.toContain(password);

      await stop(server.child, 'SIGTERM');
      await expect(fs.access(socketPath)).rejects.toThrow();
      const created = await run('src/cli/admin.ts', ['create', 'jefa@example.cl'], env, `${password}\n`);
      expect(created.stdout).toContain('Cuenta admin lista: jefa@example.cl');
      expect(created.stdout).not.toContain('servidor en ejecución');

      // A server killed outright leaves its lock and socket behind; the next process sees their owner is gone.
      const again = await startServer(env);
      expect(await health(again.port)).toBe(200);
      await stop(again.child, 'SIGKILL');
      const afterKill = await run('src/cli/admin.ts', ['create', 'otra@example.cl'], env, `${password}\n`);
      expect(afterKill.stdout).toContain('Cuenta admin lista: otra@example.cl');
      const restarted = await startServer(env);
      expect(await health(restarted.port)).toBe(200);
      const viaRestarted = await run('src/cli/admin.ts', ['create', 'tercera@example.cl', '--role', 'influencer'], env, `${password}\n`);
      expect(viaRestarted.stdout).toContain('Cuenta influencer lista: tercera@example.cl (a través del servidor en ejecución)');
      await stop(restarted.child, 'SIGTERM');
    });
  } else {
    it('on PostgreSQL the CLIs work alongside the running server', async () => {
      const database = await createTestDatabase();
      try {
        const env = { DATABASE_URL: database.url!, DATA_DIR: path.join(dir, 'unused') };
        const server = await startServer(env);
        const admin = await run('src/cli/admin.ts', ['create', 'jefa@example.cl'], env, 'una-clave-muy-segura\n');
        expect(admin.stdout).toContain('Cuenta admin lista: jefa@example.cl');
        expect(await health(server.port)).toBe(200);
        await stop(server.child, 'SIGTERM');
      } finally {
        await database.close();
      }
    });
  }
});
