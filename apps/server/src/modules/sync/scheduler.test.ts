import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSyncScheduler } from './scheduler.ts';

describe('the sync scheduler', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function setup(products: number) {
    const started: string[] = [];
    const service = {
      start: vi.fn(async (kind: 'bulk' | 'incremental') => {
        started.push(kind);
        return { started: true, running: true, message: '' };
      }),
      repository: { countProducts: vi.fn(async () => products) },
    };
    const log = { info: vi.fn(), error: vi.fn() };
    const scheduler = createSyncScheduler({
      service: service as unknown as Parameters<typeof createSyncScheduler>[0]['service'],
      incrementalMinutes: 3,
      fullHours: 24,
      log,
    });
    return { scheduler, started };
  }

  it('starts a bulk run at once when the catalogue is empty', async () => {
    const { scheduler, started } = setup(0);
    await scheduler.start();
    expect(started).toEqual(['bulk']);
    expect(scheduler.isActive()).toBe(true);
    scheduler.stop();
  });

  it('runs an incremental sync every 3 minutes and a full one every 24 hours, and stops', async () => {
    const { scheduler, started } = setup(100);
    await scheduler.start();
    expect(started).toEqual([]);
    await vi.advanceTimersByTimeAsync(3 * 60_000);
    expect(started).toEqual(['incremental']);
    await vi.advanceTimersByTimeAsync(24 * 3_600_000 - 3 * 60_000);
    expect(started.filter((k) => k === 'incremental')).toHaveLength(480);
    expect(started.filter((k) => k === 'bulk')).toHaveLength(1);
    scheduler.stop();
    expect(scheduler.isActive()).toBe(false);
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(started).toHaveLength(481);
  });
});
