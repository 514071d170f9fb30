import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKind } from './helpers.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

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
async function startServer(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', WEB_DIST: '/nonexistent', SYNC_ENABLED: 'false', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.on('exit', () => running.delete(child));
  await new Promise<void>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 60_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('escuchando')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
  return { child, port };
}

const stop = (child: ChildProcess, signal: NodeJS.Signals) =>
  new Promise<void>((resolve) => {
    child.on('exit', () => resolve());
    child.kill(signal);
  });

const health = async (port: number) => (await fetch(`http://127.0.0.1:${port}/api/health`)).status;

describe(`one process per database (${testDatabaseKind})`, { timeout: 180_000 }, () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ec-lock-'));
  });
  afterAll(async () => {
    for (const child of running) child.kill('SIGKILL');
    await fs.rm(dir, { recursive: true, force: true });
  });

  if (testDatabaseKind === 'pglite') {
    it('the CLIs refuse a PGlite folder the server holds, at once and in Spanish; after a stop or a kill -9 they work', async () => {
      const dataDir = path.join(dir, 'db');
      const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
      const server = await startServer(env);
      const busy = `El servidor está usando ${dataDir}. Detenlo o usa el panel de administración.`;
      const admin = await run('src/cli/admin.ts', ['create', 'jefa@example.cl'], env, 'una-clave-muy-segura\n');
      expect(admin.code).toBe(3);
      expect(admin.stderr.trim()).toBe(busy);
      expect(admin.stdout).not.toContain('Contraseña');
      const sync = await run('src/cli/sync.ts', ['bulk', '--source', 'file:/nonexistent.jsonl'], env);
      expect(sync.code).toBe(3);
      expect(sync.stderr.trim()).toBe(busy);
      expect(await health(server.port)).toBe(200);

      await stop(server.child, 'SIGTERM');
      const created = await run('src/cli/admin.ts', ['create', 'jefa@example.cl'], env, 'una-clave-muy-segura\n');
      expect(created.stdout).toContain('Cuenta admin lista: jefa@example.cl');

      // A server killed outright leaves its lock behind; the next process sees its owner is gone.
      const again = await startServer(env);
      expect(await health(again.port)).toBe(200);
      await stop(again.child, 'SIGKILL');
      const afterKill = await run('src/cli/admin.ts', ['create', 'otra@example.cl'], env, 'una-clave-muy-segura\n');
      expect(afterKill.stdout).toContain('Cuenta admin lista: otra@example.cl');
      const restarted = await startServer(env);
      expect(await health(restarted.port)).toBe(200);
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
