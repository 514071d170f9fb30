import { buildApp } from './app.ts';
import { loadEnv } from './config/env.ts';
import { connectDatabase } from './db/client.ts';
import { bootstrapDatabase } from './bootstrap.ts';
import { listenControlSocket } from './lib/control-socket.ts';

const startedAt = performance.now();
const env = loadEnv();
const database = await connectDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, owner: 'server' });
const bootstrap = await bootstrapDatabase(database.db);
const app = await buildApp({ database, env });

let closeControlSocket: (() => Promise<void>) | null = null;
let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const timer = setTimeout(() => {
    app.log.error('shutdown took too long; exiting');
    process.exit(1);
  }, 10_000);
  timer.unref();
  try {
    await closeControlSocket?.();
    await app.close();
    await database.close();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'error while shutting down');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ host: env.HOST, port: env.PORT });
await app.services.startJobs({ additivesChanged: bootstrap.additives.inserted + bootstrap.additives.updated > 0 });
// PGlite is this process's alone: the operator's CLIs reach it through the control socket (ADR 010).
if (database.kind === 'pglite') {
  closeControlSocket = await listenControlSocket({ dataDir: env.DATA_DIR, admin: app.services.admin, sync: app.services.sync, log: app.log });
}
app.log.info(
  {
    database: database.kind === 'pglite' ? `PGlite (${env.DATA_DIR})` : 'PostgreSQL',
    startupMs: Math.round(performance.now() - startedAt),
    rssMb: Math.round(process.memoryUsage().rss / 1_048_576),
    additives: bootstrap.additives,
    substituteFamilies: bootstrap.substituteFamilies,
  },
  `Etiqueta Clara escuchando en http://localhost:${env.PORT}`,
);
