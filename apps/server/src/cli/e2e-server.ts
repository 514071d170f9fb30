// The real server on a fresh, throw-away PGlite database, for the Playwright suite.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app.ts';
import { loadEnv } from '../config/env.ts';
import { connectDatabase } from '../db/client.ts';
import { bootstrapDatabase } from '../db/bootstrap.ts';

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ec-e2e-db-'));
const env = loadEnv({
  ...process.env,
  PORT: process.env.PORT ?? '3101',
  HOST: '127.0.0.1',
  DATA_DIR: path.join(dataDir, 'db'),
  SYNC_ENABLED: 'false',
  RATE_LIMIT_PER_MINUTE: process.env.RATE_LIMIT_PER_MINUTE ?? '0',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
});
const database = await connectDatabase({ dataDir: env.DATA_DIR });
await bootstrapDatabase(database.db);
const app = await buildApp({ database, env });

const stop = async () => {
  await app.close();
  await database.close();
  await fs.rm(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());

await app.listen({ host: env.HOST, port: env.PORT });
console.log(`e2e server on http://127.0.0.1:${env.PORT} (database ${dataDir})`);
