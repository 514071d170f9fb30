// Runs the server suite on PGlite, then again on a real PostgreSQL server:
// TEST_DATABASE_URL when set, otherwise a throw-away PostgreSQL 15 cluster started here on a
// loopback port (Debian's postgresql package), removed afterwards.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const extraArgs = process.argv.slice(2);

function vitest(label, env) {
  console.log(`\n=== server suite on ${label} ===\n`);
  const result = spawnSync('npx', ['vitest', 'run', '--project', 'server', ...extraArgs], { stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** Runs a command as the postgres user when we are root (initdb refuses root). */
function asPostgres(cmd, args) {
  if (process.getuid?.() === 0) {
    execFileSync('su', ['postgres', '-s', '/bin/bash', '-c', [cmd, ...args].map((a) => `'${a}'`).join(' ')], { stdio: 'pipe' });
  } else {
    execFileSync(cmd, args, { stdio: 'pipe' });
  }
}

function startThrowawayPostgres() {
  if (!fs.existsSync(path.join(PG_BIN, 'initdb'))) return null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ec-test-pg-'));
  fs.chmodSync(dir, 0o777);
  const port = String(55000 + Math.floor(Math.random() * 5000));
  const data = path.join(dir, 'data');
  asPostgres(path.join(PG_BIN, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  asPostgres(path.join(PG_BIN, 'pg_ctl'), [
    '-D', data, '-l', path.join(dir, 'log'), '-w',
    '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off`,
    'start',
  ]);
  const stop = () => {
    try {
      asPostgres(path.join(PG_BIN, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop']);
    } catch {
      /* already stopped */
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop };
}

const pgliteEnv = { ...process.env };
delete pgliteEnv.TEST_DATABASE_URL;
vitest('PGlite', pgliteEnv);

if (process.env.TEST_DATABASE_URL) {
  vitest('PostgreSQL (TEST_DATABASE_URL)', process.env);
} else {
  const pg = startThrowawayPostgres();
  if (!pg) {
    console.error(`\nPostgreSQL is not installed (${PG_BIN}); install Debian's postgresql package or set TEST_DATABASE_URL.`);
    process.exit(1);
  }
  try {
    vitest('PostgreSQL 15 (throw-away cluster)', { ...process.env, TEST_DATABASE_URL: pg.url });
  } finally {
    pg.stop();
  }
}
