import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { connectDatabase } from '../src/db/client.ts';
import { testEnv, testMailbox } from './helpers.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function runCli(args: string[], input: string, dataDir: string) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = execFile('npx', ['tsx', 'src/cli/admin.ts', ...args], { cwd: serverDir, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } }, (err, stdout, stderr) =>
      resolve({ code: err ? (err.code as number) : 0, stdout, stderr }),
    );
    child.stdin?.end(input);
  });
}

describe('npm run admin -- create EMAIL', () => {
  let dir: string;
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));

  it('creates an admin who must sign in with that password', { timeout: 120_000 }, async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ec-admin-cli-'));
    const dataDir = path.join(dir, 'db');
    const weak = await runCli(['create', 'jefa@example.cl'], 'corta\n', dataDir);
    expect(weak.code).toBe(2);
    expect(weak.stderr).toContain('al menos 10 caracteres');

    const ok = await runCli(['create', 'Jefa@Example.cl'], 'una-clave-muy-segura\n', dataDir);
    expect(ok.stdout).toContain('Cuenta admin lista: jefa@example.cl');

    const database = await connectDatabase({ dataDir, owner: 'server' });
    const app = await buildApp({ database, env: testEnv({ DATA_DIR: dataDir, SMTP_URL: (await testMailbox()).url }) });
    try {
      const login = (payload: object) => app.inject({ method: 'POST', url: '/api/auth/login', payload });
      expect((await login({ email: 'jefa@example.cl' })).json()).toMatchObject({ passwordRequired: true });
      const code = (await testMailbox()).lastCode('jefa@example.cl');
      expect((await login({ email: 'jefa@example.cl', code, password: 'otra-clave-cualquiera' })).statusCode).toBe(401);
      const res = await login({ email: 'jefa@example.cl', code, password: 'una-clave-muy-segura' });
      expect(res.json()).toMatchObject({ authenticated: true, user: { role: 'admin' } });
    } finally {
      await app.close();
      await database.close();
    }
  });
});
