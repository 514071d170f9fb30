import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../src/db/client.ts';
import { testDatabaseKind } from './helpers.ts';

/** Every entry under `dir` that anyone but its owner may read, write or enter, with its mode. */
async function openToOthers(dir: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (entry: string) => {
    const stat = await fs.lstat(entry);
    if (stat.mode & 0o077) found.push(`${path.relative(dir, entry) || '.'} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const child of await fs.readdir(entry)) await walk(path.join(entry, child));
  };
  await walk(dir);
  return found;
}

/** Files under `dir` that other users may write (the count). */
async function writableByOthers(dir: string): Promise<number> {
  let n = 0;
  const walk = async (entry: string) => {
    const stat = await fs.lstat(entry);
    if (stat.isFile() && stat.mode & 0o002) n += 1;
    if (stat.isDirectory()) for (const child of await fs.readdir(entry)) await walk(path.join(entry, child));
  };
  await walk(dir);
  return n;
}

// The PGlite folder is opened whichever database the rest of this run uses: it is what `npm start` creates.
describe(`the PGlite folder is its owner's alone (suite on ${testDatabaseKind})`, () => {
  const roots: string[] = [];
  afterAll(async () => {
    for (const root of roots) await fs.rm(root, { recursive: true, force: true });
  });
  const newRoot = async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'ec-modes-'));
    roots.push(root);
    return root;
  };

  it('a new folder: 0700 folders and 0600 files, none writable or readable by other users, lock file included', async () => {
    const dataDir = path.join(await newRoot(), 'db');
    const database = await connectDatabase({ dataDir, owner: 'server' });
    try {
      expect((await fs.stat(`${dataDir}.lock`)).mode & 0o777).toBe(0o600);
      await database.db.execute('create table scratch (x int)');
      expect(await openToOthers(dataDir)).toEqual([]);
    } finally {
      await database.close();
    }
    expect((await fs.stat(dataDir)).mode & 0o777).toBe(0o700);
    expect(await writableByOthers(dataDir)).toBe(0);
  }, 120_000);

  it('an existing folder left open to everyone (an older version, a restored copy) is narrowed at start', async () => {
    const dataDir = path.join(await newRoot(), 'db');
    await (await connectDatabase({ dataDir, owner: 'server' })).close();
    const openUp = async (entry: string) => {
      const stat = await fs.lstat(entry);
      await fs.chmod(entry, stat.isDirectory() ? 0o777 : 0o666);
      if (stat.isDirectory()) for (const child of await fs.readdir(entry)) await openUp(path.join(entry, child));
    };
    await openUp(dataDir);
    expect(await writableByOthers(dataDir)).toBeGreaterThan(900);

    const database = await connectDatabase({ dataDir, owner: 'server' });
    await database.close();
    expect(await openToOthers(dataDir)).toEqual([]);
    expect(await writableByOthers(dataDir)).toBe(0);
  }, 120_000);
});
