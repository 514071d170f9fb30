import fs from 'node:fs';
import path from 'node:path';

const PRIVATE_DIR = 0o700;
/** Group and others' bits: none may stay on anything in the folder. */
const SHARED_BITS = 0o077;

/**
 * A PGlite folder holds the whole database (accounts, sessions, history, `pg_hba.conf`): only the OS user who
 * runs the server may read or write it. PGlite creates its files 0666 whatever the umask, and a folder made by an
 * older version, or copied from a backup, may be open too. At every open: the process's umask becomes 077 (files
 * it creates from then on, uploads and outbox mail included, are the owner's alone), and every folder and file in
 * `dataDir` loses its group and others' bits (0700 folders, 0600 files). Returns how many entries were narrowed.
 */
export function keepDataDirPrivate(dataDir: string): number {
  process.umask(0o077);
  fs.mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR });
  return narrow(dataDir, true);
}

function narrow(entry: string, isDir: boolean): number {
  let changed = 0;
  const mode = fs.lstatSync(entry).mode & 0o777;
  if (mode & SHARED_BITS) {
    fs.chmodSync(entry, mode & ~SHARED_BITS);
    changed += 1;
  }
  if (!isDir) return changed;
  for (const child of fs.readdirSync(entry, { withFileTypes: true })) {
    // Sockets and links are left as they are (the control socket lives beside the folder, not in it).
    if (child.isDirectory() || child.isFile()) changed += narrow(path.join(entry, child.name), child.isDirectory());
  }
  return changed;
}
