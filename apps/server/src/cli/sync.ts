// npm run sync -- bulk|incremental [--source file:PATH | --source off] [--batch-size N]
// Runs one sync in the foreground against the configured database, printing progress every 5 s, then exits.
// While the server holds the PGlite folder, the server starts the run instead and this prints its id.
// A relative file: path is taken from the folder the command was typed in (npm's INIT_CWD).
import path from 'node:path';
import { loadEnv } from '../config/env.ts';
import { openDatabaseOrServer } from './open-database.ts';
import { createAdapter } from '../modules/off/create-adapter.ts';
import type { SyncRunProgress } from '../db/schema.ts';
import { createSyncService, SyncAlreadyRunningError } from '../modules/sync/sync.service.ts';
import { createSyncParts } from '../modules/sync/sync-parts.ts';

const usage = 'Uso: npm run sync -- bulk|incremental [--source file:RUTA | --source off] [--batch-size N]';

function parseArgs(argv: string[]) {
  const [kind, ...rest] = argv;
  if (kind !== 'bulk' && kind !== 'incremental') throw new Error(usage);
  let source: string | undefined;
  let batchSize: number | undefined;
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i];
    const value = arg?.includes('=') ? arg.slice(arg.indexOf('=') + 1) : rest[i + 1];
    if (arg === '--source' || arg?.startsWith('--source=')) source = value;
    else if (arg === '--batch-size' || arg?.startsWith('--batch-size=')) batchSize = Number(value);
    else continue;
    if (!arg.includes('=')) i++;
  }
  if (batchSize !== undefined && !(Number.isInteger(batchSize) && batchSize > 0)) throw new Error(usage);
  return { kind, source, batchSize } as const;
}

const number = (n: number) => n.toLocaleString('es-CL');
const megabytes = (bytes: number) => `${number(Math.round(bytes / 1_048_576))} MB`;

/** "progreso: 1.234 MB de 7.000 MB (18 %), 512.000 registros leídos, 3.100 de Chile, 3.000 guardados, faltan ~25 min" */
function describeProgress(p: SyncRunProgress): string {
  const bytes = p.bytesTotal
    ? `${megabytes(p.bytesRead)} de ${megabytes(p.bytesTotal)} (${Math.floor((100 * p.bytesRead) / p.bytesTotal)} %)`
    : megabytes(p.bytesRead);
  const eta = p.etaSeconds === null ? '' : `, faltan ~${p.etaSeconds < 90 ? `${p.etaSeconds} s` : `${Math.round(p.etaSeconds / 60)} min`}`;
  return (
    `progreso${p.stage ? ` (${p.stage})` : ''}: ${bytes}, ${number(p.recordsRead)} registros leídos, ` +
    `${number(p.recordsKept)} ${adapter.source === 'off' ? 'de Chile' : 'aceptados'}, ${number(p.recordsProcessed)} procesados${eta}`
  );
}

let args: ReturnType<typeof parseArgs>;
try {
  args = parseArgs(process.argv.slice(2));
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(2);
}

const env = loadEnv();
const adapter = createAdapter(args.source ?? env.DATA_LAKE_SOURCE, env);
const target = await openDatabaseOrServer(env, 'sync');
if (target.server) {
  // The server holds the PGlite folder: it runs the sync in the background (ADR 010); progress on /admin/data-lake.
  const source = args.source?.startsWith('file:')
    ? `file:${path.resolve(env.INIT_CWD ?? process.cwd(), args.source.slice('file:'.length))}`
    : args.source;
  const reply = await target.server({
    command: 'sync',
    kind: args.kind,
    ...(source ? { source } : {}),
    ...(args.batchSize ? { batchSize: args.batchSize } : {}),
  });
  if (!reply.ok) {
    console.error(reply.message);
    process.exit(1);
  }
  console.log(`${reply.message} en el servidor en ejecución (ejecución ${reply.runId ?? '?'}); el avance se ve en /admin/data-lake`);
  process.exit(0);
}
const { database } = target;
const service = createSyncService({
  parts: createSyncParts(database),
  adapter,
  ...(args.batchSize ? { batchSize: args.batchSize } : {}),
  onBatch: ({ batches, records }) => console.log(`lote ${batches}: ${records} registros procesados`),
  progressEveryMs: 5_000,
  onProgress: (p) => console.log(describeProgress(p)),
});

// Ctrl-C stops at the next record; the batches already written stay, and the next run resumes after them.
process.on('SIGINT', () => void service.stop());
process.on('SIGTERM', () => void service.stop());

console.log(`Sincronización ${args.kind === 'bulk' ? 'completa' : 'incremental'} desde ${adapter.source}`);
let exitCode: number;
try {
  const summary = await service.run(args.kind);
  console.log(
    `${summary.status === 'success' ? 'Terminada' : 'Fallida'}${summary.resumed ? ' (reanudada)' : ''} en ${(summary.durationMs / 1000).toFixed(1)} s: ` +
      `${summary.inserted} nuevos, ${summary.updated} actualizados, ${summary.unchanged} sin cambios, ${summary.rejected} rechazados` +
      (summary.removed > 0 ? `, ${summary.removed} quitados (ya no se venden en Chile según OFF)` : ''),
  );
  if (summary.error) console.error(summary.error);
  exitCode = summary.status === 'success' ? 0 : 1;
} catch (err) {
  console.error(err instanceof SyncAlreadyRunningError ? 'Ya hay una sincronización en curso' : err);
  exitCode = 1;
} finally {
  await database.close();
}
process.exit(exitCode);
