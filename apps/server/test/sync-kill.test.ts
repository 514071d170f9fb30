import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { desc, sql } from 'drizzle-orm';
import { repoRoot } from '../src/config/env.ts';
import { fromPglite, openPglite, queryRows, type Database } from '../src/db/client.ts';
import { syncRuns } from '../src/db/schema.ts';
import { importFile } from '../src/modules/sync/import-file.ts';
import { createTestDatabase } from './helpers.ts';
import { catalogueSnapshot, countsAreTrue } from './sync-helpers.ts';

const FILE = path.join(repoRoot, '../shared/data/products/latam_es_lifyzer_off2019.jsonl');
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BATCH = 500;

/**
 * Runs `npm run sync -- bulk` as a real child process on a PGlite data directory and kills it with SIGKILL
 * (no chance to clean up) once a few batches are committed. The next run must resume and end with exactly the
 * catalogue an uninterrupted import gives.
 */
function runChildUntilBatch(dataDir: string, killAfterBatch: number): Promise<{ batchesSeen: number; killed: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/cli/sync.ts', 'bulk', '--source', `file:${FILE}`, '--batch-size', String(BATCH)],
      { cwd: serverDir, env: { ...process.env, DATA_DIR: dataDir }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let batchesSeen = 0;
    let stderr = '';
    let buffered = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        if (/^lote \d+:/.test(line)) batchesSeen++;
        if (batchesSeen === killAfterBatch) child.kill('SIGKILL');
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (signal === 'SIGKILL') resolve({ batchesSeen, killed: true });
      else reject(new Error(`child ended on its own (code ${code}) after ${batchesSeen} batches: ${stderr.slice(0, 2000)}`));
    });
  });
}

describe('a sync killed half-way', () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const fn of cleanup.reverse()) await fn();
  });

  it('leaves a consistent catalogue, and the next run completes it exactly as an uninterrupted run would', { timeout: 240_000 }, async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ec-sync-kill-'));
    cleanup.push(() => fs.rm(dir, { recursive: true, force: true }));
    const dataDir = path.join(dir, 'db');
    // Start from the migrated template (an initdb costs seconds); the child then opens the directory as the app would.
    const template = await openPglite({ dataDir, loadDataDir: new Blob([await fs.readFile(inject('pgliteTemplatePath'))]) });
    await template.close();

    const { batchesSeen, killed } = await runChildUntilBatch(dataDir, 3);
    expect(killed).toBe(true);
    expect(batchesSeen).toBeGreaterThanOrEqual(3);

    const database: Database = fromPglite(await openPglite({ dataDir }));
    cleanup.push(() => database.close());
    // What the dead process left: its run still says 'running', with the cursor of its last committed batch,
    // and exactly the products of the batches it committed.
    const [dead] = await database.db.select().from(syncRuns).orderBy(desc(syncRuns.id)).limit(1);
    expect(dead).toMatchObject({ status: 'running', kind: 'bulk' });
    // The cursor is the last committed line (1-based); the file has no blank lines.
    const committedRecords = Number(dead!.cursor);
    expect(committedRecords).toBeGreaterThanOrEqual(3 * BATCH);
    expect(committedRecords % BATCH).toBe(0);
    const [count] = await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM products`);
    expect(count!.n + dead!.rejected).toBe(committedRecords);
    expect(dead!.inserted).toBe(count!.n);
    expect(await countsAreTrue(database)).toEqual([]);

    const resumed = await importFile(database, FILE);
    expect(resumed).toMatchObject({ status: 'success', resumed: true, runId: dead!.id });
    expect(resumed.inserted + resumed.rejected).toBe(7119);

    const reference = await createTestDatabase();
    cleanup.push(() => reference.close());
    const uninterrupted = await importFile(reference, FILE);
    expect(uninterrupted.inserted).toBe(resumed.inserted);

    expect(await catalogueSnapshot(database)).toEqual(await catalogueSnapshot(reference));
    expect(await countsAreTrue(database)).toEqual([]);
  });
});
