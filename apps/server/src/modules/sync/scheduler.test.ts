import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSyncScheduler } from './scheduler.ts';
import type { RunSummary } from './run-summary.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * The schedule against a stand-in sync service whose runs finish at once, on fake timers: which kind runs when,
 * counted from the last successful runs the service's repository reports (a restart keeps the schedule).
 */
describe('the sync scheduler', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 27, 12, 0, 0) });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  type Finished = { kind: 'bulk' | 'incremental'; finishedAt: Date };

  function setup({ products, history = [], fail = () => false }: { products: number; history?: Finished[]; fail?: (n: number) => boolean }) {
    const started: string[] = [];
    const finished = [...history];
    let count = products;
    const service = {
      run: vi.fn(async (kind: 'bulk' | 'incremental'): Promise<RunSummary> => {
        started.push(kind);
        const failed = fail(started.length);
        if (!failed) {
          finished.push({ kind, finishedAt: new Date() });
          count = Math.max(count, 10);
        }
        return { status: failed ? 'failed' : 'success', kind } as RunSummary;
      }),
      repository: {
        countProducts: vi.fn(async () => count),
        lastFinished: vi.fn(async (kind?: string) => {
          const of = finished.filter((f) => !kind || f.kind === kind);
          return of.length === 0 ? null : of.reduce((a, b) => (a.finishedAt > b.finishedAt ? a : b));
        }),
      },
    };
    const log = { info: vi.fn(), error: vi.fn() };
    const scheduler = createSyncScheduler({
      service: service as unknown as Parameters<typeof createSyncScheduler>[0]['service'],
      incrementalMinutes: 60,
      fullHours: 168,
      log,
    });
    return { scheduler, started, log };
  }

  it('loads an empty catalogue at once, then waits an hour for the first delta run, and says so in the log', async () => {
    const { scheduler, started, log } = setup({ products: 0 });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toEqual(['bulk']);
    expect(log.info).toHaveBeenCalledWith(expect.objectContaining({ kind: 'bulk', reason: 'first-load' }), 'scheduled syncs on: empty catalogue, first load starting now');
    expect(scheduler.next()).toMatchObject({ kind: 'incremental', at: new Date(Date.now() + HOUR) });
    await vi.advanceTimersByTimeAsync(HOUR - 1);
    expect(started).toEqual(['bulk']);
    await vi.advanceTimersByTimeAsync(1);
    expect(started).toEqual(['bulk', 'incremental']);
    scheduler.stop();
  });

  it('after a restart, counts from the last successful runs: no new full load, the delta run when it is due', async () => {
    const { scheduler, started, log } = setup({
      products: 500,
      history: [
        { kind: 'bulk', finishedAt: new Date(Date.now() - 2 * HOUR) },
        { kind: 'incremental', finishedAt: new Date(Date.now() - 20 * MINUTE) },
      ],
    });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toEqual([]);
    const due = new Date(Date.now() + 40 * MINUTE);
    expect(scheduler.next()).toEqual({ kind: 'incremental', at: due, reason: 'schedule' });
    expect(log.info).toHaveBeenCalledWith(expect.anything(), `scheduled syncs on: next incremental sync at ${due.toISOString()}`);
    await vi.advanceTimersByTimeAsync(40 * MINUTE);
    expect(started).toEqual(['incremental']);
    scheduler.stop();
  });

  it('runs the delta files hourly and the full export weekly', async () => {
    const { scheduler, started } = setup({ products: 500, history: [{ kind: 'bulk', finishedAt: new Date() }] });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(168 * HOUR);
    expect(started.filter((k) => k === 'incremental')).toHaveLength(167);
    expect(started.filter((k) => k === 'bulk')).toHaveLength(1);
    expect(started.at(-1)).toBe('bulk');
    scheduler.stop();
    expect(scheduler.isActive()).toBe(false);
    await vi.advanceTimersByTimeAsync(10 * HOUR);
    expect(started).toHaveLength(168);
  });

  it('a first load that fails is tried again after 1, 2, 4… minutes, until it works, with no restart', async () => {
    const { scheduler, started } = setup({ products: 0, fail: (n) => n <= 3 });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toEqual(['bulk']);
    expect(scheduler.next()).toMatchObject({ kind: 'bulk', reason: 'retry', at: new Date(Date.now() + MINUTE) });
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(started).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(2 * MINUTE - 1);
    expect(started).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(started).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(4 * MINUTE);
    expect(started).toEqual(['bulk', 'bulk', 'bulk', 'bulk']);
    // It worked: back to the hourly schedule.
    expect(scheduler.next()).toMatchObject({ kind: 'incremental', reason: 'schedule' });
    scheduler.stop();
  });

  it('never waits longer than the incremental period between tries', async () => {
    const { scheduler, started } = setup({ products: 0, fail: () => true });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(10 * HOUR);
    // 1+2+4+8+16+32 minutes, then every 60: 1 + 6 + 8 runs in 10 hours.
    expect(started).toHaveLength(15);
    scheduler.stop();
  });
});
