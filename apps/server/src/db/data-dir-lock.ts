import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../config/env.ts';

/** Who holds a PGlite folder: the server, or one of the command-line tools. */
export type DataDirOwner = 'server' | 'sync' | 'admin' | 'migrate' | 'e2e';

type Holder = { pid: number; owner: DataDirOwner };

/** The folder as an operator typed it: relative to the repository when inside it. */
const shown = (dataDir: string) => {
  const relative = path.relative(repoRoot, dataDir);
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : dataDir;
};

/** Another live process holds the folder; the message says who and what to do. */
export class DataDirBusyError extends Error {
  constructor(
    dataDir: string,
    readonly holder: Holder,
  ) {
    super(
      holder.owner === 'server'
        ? `El servidor está usando ${shown(dataDir)}. Detenlo o usa el panel de administración.`
        : `Otro proceso (npm run ${holder.owner}, pid ${holder.pid}) está usando ${shown(dataDir)}. Espera a que termine.`,
    );
    this.name = 'DataDirBusyError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(file: string): Holder | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Holder>;
    return typeof parsed.pid === 'number' ? { pid: parsed.pid, owner: parsed.owner ?? 'server' } : null;
  } catch {
    return null;
  }
}

/**
 * PGlite is one process's database: a second process writing the same folder corrupts it for good. The
 * owner takes `<dataDir>.lock` (created exclusively, holding its pid) before opening the folder and gives it
 * back on close or exit. A lock whose process is gone (kill -9, power cut) is stale and taken over.
 * Returns the release function; throws DataDirBusyError when a live process holds the folder.
 */
export function lockDataDir(dataDir: string, owner: DataDirOwner): () => void {
  const file = `${path.resolve(dataDir)}.lock`;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const mine = JSON.stringify({ pid: process.pid, owner } satisfies Holder);
  for (let attempt = 0; ; attempt++) {
    try {
      fs.writeFileSync(file, mine, { flag: 'wx', mode: 0o600 });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = readHolder(file);
      if (holder && holder.pid !== process.pid && isAlive(holder.pid)) throw new DataDirBusyError(dataDir, holder);
      // Stale, or half-written by a process that died while taking it: take it over (once; a second race loses).
      if (attempt > 0) throw new DataDirBusyError(dataDir, holder ?? { pid: 0, owner: 'server' });
      fs.rmSync(file, { force: true });
    }
  }
  const release = () => {
    process.off('exit', release);
    if (readHolder(file)?.pid === process.pid) fs.rmSync(file, { force: true });
  };
  process.on('exit', release);
  return release;
}
