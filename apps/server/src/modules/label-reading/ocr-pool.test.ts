import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { repoRoot } from '../../config/env.ts';
import { createOcrPool, OcrBusyError, type OcrPool } from './ocr-pool.ts';

const photo = fs.readFileSync(path.join(repoRoot, 'bench/label-photos/set/ingredients-01.jpg'));
const { ingredients: truth } = JSON.parse(fs.readFileSync(path.join(repoRoot, 'bench/label-photos/set/ingredients-01.json'), 'utf8')) as { ingredients: string };
const firstWords = (text: string) => text.toLowerCase().split(/\s+/).slice(0, 3).join(' ');
const processAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('the OCR pool', () => {
  let pool: OcrPool | null = null;
  afterEach(async () => {
    await pool?.close();
    pool = null;
  });

  it('starts no process until a photo arrives, and ends it once idle (its memory goes with it)', { timeout: 60_000 }, async () => {
    pool = createOcrPool({ workers: 2, queue: 2, idleMs: 500, timeoutMs: 30_000 });
    expect(pool.stats()).toMatchObject({ processes: 0, started: 0 });
    const { reading } = await pool.read(photo, 'ingredients');
    expect(firstWords(reading.ingredients!)).toBe(firstWords(truth));
    // One photo, one process; it is still there right after, ready for the next photo.
    expect(pool.stats()).toMatchObject({ processes: 1, reading: 0, started: 1 });
    const [pid] = pool.pids();
    expect(processAlive(pid!)).toBe(true);
    await expect.poll(() => pool!.stats().processes, { timeout: 5_000 }).toBe(0);
    await expect.poll(() => processAlive(pid!), { timeout: 5_000 }).toBe(false);
  });

  it('answers "busy" at once when every process is reading and the queue is full; the others are read', { timeout: 90_000 }, async () => {
    pool = createOcrPool({ workers: 1, queue: 1, idleMs: 10_000, timeoutMs: 60_000 });
    const first = pool.read(photo, 'ingredients');
    const second = pool.read(photo, 'ingredients');
    const started = performance.now();
    await expect(pool.read(photo, 'ingredients')).rejects.toBeInstanceOf(OcrBusyError);
    expect(performance.now() - started).toBeLessThan(50);
    expect(pool.stats()).toMatchObject({ processes: 1, reading: 1, waiting: 1 });
    const [a, b] = await Promise.all([first, second]);
    expect(a.reading.ingredients).toBe(b.reading.ingredients);
    // One process read both, one after the other.
    expect(pool.stats().started).toBe(1);
  });

  it('ends a reading that takes too long with its process, and starts a fresh one for the next photo', { timeout: 90_000 }, async () => {
    pool = createOcrPool({ workers: 1, queue: 1, idleMs: 10_000, timeoutMs: 5 });
    await expect(pool.read(photo, 'ingredients')).rejects.toThrow(/tardó demasiado|terminó/);
    expect(pool.stats().processes).toBe(0);
    await expect(pool.read(photo, 'ingredients')).rejects.toThrow();
    expect(pool.stats().started).toBe(2);
  });
});
