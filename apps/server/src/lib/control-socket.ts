import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { emailField } from '@etiqueta/contracts';
import { z } from 'zod';
import { AppError } from './errors.ts';
import type { Logger } from './logger.ts';

/**
 * The operator's way into a server that holds its PGlite folder (docs/decisions/010-control-socket.md): a Unix
 * domain socket beside the folder, `<DATA_DIR>.sock`, mode 0600, so only the OS user who runs the server can
 * connect; never a TCP port. `npm run admin -- create` and `npm run sync` send it one JSON line and print the
 * one-line answer. Nothing a request carries is logged.
 */
export const controlSocketPath = (dataDir: string) => `${path.resolve(dataDir)}.sock`;

const controlRequest = z.discriminatedUnion('command', [
  z.object({ command: z.literal('ping') }),
  z.object({
    command: z.literal('set-staff'),
    email: emailField,
    role: z.enum(['admin', 'influencer']),
    password: z.string().max(1024),
  }),
  z.object({
    command: z.literal('sync'),
    kind: z.enum(['bulk', 'incremental']),
    source: z.string().min(1).max(4096).optional(),
    batchSize: z.number().int().min(1).max(100_000).optional(),
  }),
]);

export type ControlRequest = z.input<typeof controlRequest>;
export type ControlAnswer = { ok: boolean; message: string; runId?: number | null };

/** A request is one line; anything longer is not ours. */
const MAX_REQUEST_BYTES = 16 * 1024;
const IDLE_TIMEOUT_MS = 30_000;

/**
 * What the socket's commands call, as it calls them: the admin and sync services (services.ts) fit these shapes, and
 * this shared file names no module (lib never imports one).
 */
type StaffAccounts = {
  setStaffAccount(
    account: { email: string; role: 'admin' | 'influencer'; password: string },
    via: 'control-socket',
  ): Promise<{ id: number; role: string; email: string }>;
};
type SyncTrigger = {
  trigger(kind: 'bulk' | 'incremental', operator?: { source?: string; batchSize?: number }): Promise<{ message: string; runId: number | null }>;
};
type Deps = { dataDir: string; admin: StaffAccounts; sync: SyncTrigger; log: Logger<'info' | 'warn'> };

async function answer(request: z.output<typeof controlRequest>, { admin, sync, log }: Deps): Promise<ControlAnswer> {
  switch (request.command) {
    case 'ping':
      return { ok: true, message: 'ok' };
    case 'set-staff': {
      const user = await admin.setStaffAccount(request, 'control-socket');
      log.info({ userId: user.id, role: user.role }, 'staff account set through the control socket');
      return { ok: true, message: `Cuenta ${user.role} lista: ${user.email}` };
    }
    case 'sync': {
      const { source, batchSize } = request;
      const started = await sync.trigger(request.kind, source || batchSize ? { source, batchSize } : undefined);
      log.info({ kind: request.kind, runId: started.runId }, 'sync started through the control socket');
      return { ok: true, message: started.message, runId: started.runId };
    }
  }
}

/**
 * Listens on the control socket. The caller holds the PGlite folder's lock, so a socket file left by a killed
 * server is stale and replaced. Resolves to the close function, or null (logged) when the socket cannot be made:
 * the CLIs then refuse as before.
 */
export async function listenControlSocket(deps: Deps): Promise<(() => Promise<void>) | null> {
  const socketPath = controlSocketPath(deps.dataDir);
  const server = net.createServer((socket) => {
    socket.setTimeout(IDLE_TIMEOUT_MS, () => socket.destroy());
    socket.on('error', () => undefined);
    let received = '';
    const onData = (chunk: Buffer) => {
      received += chunk.toString('utf8');
      const end = received.indexOf('\n');
      if (end < 0 && received.length <= MAX_REQUEST_BYTES) return;
      socket.off('data', onData);
      void handle(end < 0 ? null : received.slice(0, end)).then((reply) => socket.end(`${JSON.stringify(reply)}\n`));
    };
    socket.on('data', onData);
  });
  const handle = async (line: string | null): Promise<ControlAnswer> => {
    let json: unknown;
    try {
      json = line === null ? null : JSON.parse(line);
    } catch {
      json = null;
    }
    const request = controlRequest.safeParse(json);
    // The CLIs send only valid requests; anything else gets a fixed answer that echoes nothing back.
    if (!request.success) return { ok: false, message: 'Solicitud no válida' };
    try {
      return await answer(request.data, deps);
    } catch (err) {
      if (err instanceof AppError) return { ok: false, message: err.message };
      deps.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'control socket request failed');
      return { ok: false, message: 'El servidor no pudo completar la solicitud; revisa su registro.' };
    }
  };

  fs.rmSync(socketPath, { force: true });
  // Created 0600 from the start (umask), not opened to others for the moment before a chmod.
  const umask = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, () => {
        server.off('error', reject);
        resolve();
      });
    });
    fs.chmodSync(socketPath, 0o600);
  } catch (err) {
    deps.log.warn({ socketPath, err: err instanceof Error ? err.message : String(err) }, 'control socket unavailable');
    server.close();
    return null;
  } finally {
    process.umask(umask);
  }
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      fs.rmSync(socketPath, { force: true });
    });
}

/**
 * Sends one request to the server listening on `socketPath`. null when nobody answers there (no socket, a server
 * too old to have one, or one still starting).
 */
export function askServer(socketPath: string, request: ControlRequest): Promise<ControlAnswer | null> {
  return new Promise((resolve) => {
    let received = '';
    let settled = false;
    const done = (reply: ControlAnswer | null) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve(reply);
    };
    const socket = net.connect(socketPath, () => socket.write(`${JSON.stringify(request)}\n`));
    socket.on('data', (chunk) => {
      received += chunk.toString('utf8');
    });
    socket.on('end', () => {
      try {
        done(JSON.parse(received) as ControlAnswer);
      } catch {
        done(null);
      }
    });
    socket.on('error', () => done(null));
    socket.on('close', () => done(null));
  });
}
