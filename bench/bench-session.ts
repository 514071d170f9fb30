import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { apiPaths } from '@etiqueta/contracts';
import { type Env, loadEnv } from '../apps/server/src/config/env.ts';
import type { Database } from '../apps/server/src/db/client.ts';
import { users } from '../apps/server/src/db/schema.ts';
import { hashPassword } from '../apps/server/src/modules/auth/passwords.ts';
import { loginCodeIn } from '../apps/server/test/local-smtp.ts';

const BENCH_PASSWORD = 'clave-del-benchmark';

/**
 * The environment a bench's server runs with: production and quiet, any free port, no rate limits and no sync,
 * sign-in codes mailed to `outboxDataDir/outbox` (for benchSession), no web build. `extra` adds or overrides.
 */
export function benchServerEnv(outboxDataDir: string, extra: Record<string, string> = {}): Env {
  return loadEnv({
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: outboxDataDir,
    RATE_LIMIT_PER_MINUTE: '0',
    SYNC_ENABLED: 'false',
    WEB_DIST: path.join(path.dirname(fileURLToPath(import.meta.url)), 'no-web-build'),
    COOKIE_SECRET: crypto.randomBytes(32).toString('hex'),
    ...extra,
  });
}

/**
 * Creates the bench's member (`role` admin signs in with a password too) and signs in as a shopper does, with the
 * code mailed to `outboxDataDir/outbox` (the app's DATA_DIR, no SMTP_URL). Returns the cookie and the member's id.
 */
export async function benchSession(
  app: FastifyInstance,
  database: Database,
  outboxDataDir: string,
  role: 'user' | 'admin' = 'user',
): Promise<{ cookie: string; userId: number }> {
  const email = 'bench@etiquetaclara.cl';
  await database.db.insert(users).values({
    email,
    role,
    accessStatus: 'beta',
    firstName: 'Bench',
    lastName: 'Load',
    passwordHash: role === 'admin' ? await hashPassword(BENCH_PASSWORD) : null,
  });
  await app.inject({ method: 'POST', url: apiPaths.auth.login, payload: { email } });
  const outbox = path.join(outboxDataDir, 'outbox');
  const mail = fs.readFileSync(path.join(outbox, fs.readdirSync(outbox)[0] ?? ''), 'utf8');
  const code = loginCodeIn(mail);
  const login = await app.inject({
    method: 'POST',
    url: apiPaths.auth.login,
    payload: { email, code, ...(role === 'admin' ? { password: BENCH_PASSWORD } : {}) },
  });
  const session = login.cookies.find((c) => c.name === 'ec_session');
  if (!session) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
  const [member] = await database.db.select({ id: users.id }).from(users).where(sql`${users.email} = ${email}`);
  return { cookie: `ec_session=${session.value}`, userId: member!.id };
}
