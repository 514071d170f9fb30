import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import os from 'node:os';
import { repoRoot } from '../src/config/env.ts';

/** What `npm start` runs once the web app is built (root package.json): the server's build, then the built server (ADR 023). */
export const SERVER_BUILD = ['run', 'build', '-w', 'apps/server'];
const SERVER_START = ['run', 'start', '-w', 'apps/server'];

export const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/**
 * What a started server writes to stdout and stderr, and `listening`: resolved once it has said `ready`, rejected
 * after timeoutMs, or when `exited` (its exit code, where known) settles first, with all it said.
 */
export function serverOutput(
  child: ChildProcess,
  ready: string,
  timeoutMs: number,
  exited: Promise<number | null | undefined>,
): { output: () => string; listening: Promise<void> } {
  let out = '';
  const listening = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${out}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes(ready)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => reject(new Error(`the server exited${code === undefined ? '' : ` with ${String(code)}`}:\n${out}`)));
  });
  return { output: () => out, listening };
}

/** A server started as `npm start` starts it: npm in its own process group, the built server under it. */
export type StartedServer = {
  port: number;
  /** npm's pid, which is also the group's. */
  pid: number;
  log: () => string;
  /** Ctrl-C, or a service manager stopping it: SIGTERM to the group, resolved when every process has exited. */
  stop: () => Promise<void>;
  /** The machine dies: SIGKILL to the group, no shutdown of any kind. */
  kill: () => Promise<void>;
};

const running = new Set<ChildProcess>();

/** SIGKILL whatever a test left running (afterAll). */
export function killAllStarted(): void {
  for (const child of running) process.kill(-child.pid!, 'SIGKILL');
  running.clear();
}

/**
 * `npm run start -w apps/server` with only what a shell gives any command (PATH, HOME), a free PORT and this
 * deployment's settings: no test variable leaks in. Resolves once the server says it listens.
 */
export async function npmStart(env: Record<string, string>, startTimeoutMs = 90_000): Promise<StartedServer> {
  const port = await freePort();
  const child = spawn('npm', SERVER_START, {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.homedir(), PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  running.add(child);
  // 'close': npm and every process that shares its output (the server) have exited. npm itself ends by the
  // signal, with no exit code; the server's own log says whether it shut down cleanly.
  const exited = new Promise<undefined>((resolve) => child.on('close', () => resolve(undefined)));
  const { output, listening } = serverOutput(child, 'Etiqueta Clara escuchando', startTimeoutMs, exited);
  await listening;
  const end = (signal: NodeJS.Signals) => async () => {
    process.kill(-child.pid!, signal);
    await exited;
    running.delete(child);
  };
  return { port, pid: child.pid!, log: output, stop: end('SIGTERM'), kill: end('SIGKILL') };
}
