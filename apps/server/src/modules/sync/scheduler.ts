import type { SyncKind } from '../off/adapters/data-lake-adapter.ts';
import type { RunSummary } from './run-summary.ts';
import { SyncAlreadyRunningError, type SyncService } from './sync.service.ts';
import type { Logger } from '../../lib/logger.ts';

export type SchedulerOptions = {
  service: Pick<SyncService, 'run' | 'repository'>;
  incrementalMinutes: number;
  fullHours: number;
  log: Logger<'info' | 'error'>;
};

/** The next run the scheduler will start, and why. */
export type NextRun = { kind: SyncKind; at: Date; reason: 'first-load' | 'retry' | 'schedule' };

/** After a failed run, the next try waits 1, 2, 4… minutes, never longer than the incremental period. */
const FIRST_RETRY_MS = 60_000;
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Waits, or less when the scheduler stops; never keeps a process alive that is otherwise shutting down. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    timer.unref();
    signal.addEventListener('abort', done, { once: true });
  });
}
/** A run already going (an admin's, or another process's): look again this much later. */
const BUSY_RECHECK_MS = 60_000;

/**
 * Incremental runs every SYNC_INCREMENTAL_MINUTES (60: OFF publishes one delta file a day) and a full run every
 * SYNC_FULL_HOURS (168: the weekly read of the whole export, which also removes what left the list), both counted
 * from the last successful run recorded in `sync_runs` — so a restart neither reloads the export nor forgets a
 * run that is due — and a full run at once when the catalogue is empty (first start). A failed run is tried
 * again after 1, 2, 4… minutes (at most the incremental period): a server started without access to Open Food
 * Facts fills its catalogue once OFF can be reached, with no restart. Runs go through `service.run`, so a run
 * already going — here or in another process holding the advisory lock — is waited out, not doubled.
 */
export function createSyncScheduler(options: SchedulerOptions) {
  const { service, log } = options;
  const incrementalMs = options.incrementalMinutes * 60_000;
  const fullMs = options.fullHours * 3_600_000;
  let abort: AbortController | null = null;
  let next: NextRun | null = null;
  let failures = 0;
  let lastFailureAt = 0;
  let startedAt = Date.now();

  /** What is due next, from the last successful runs in the database (another process may have made them). */
  async function plan(): Promise<NextRun> {
    const now = Date.now();
    const retryAt = failures > 0 ? lastFailureAt + Math.min(FIRST_RETRY_MS * 2 ** (failures - 1), incrementalMs) : 0;
    if ((await service.repository.countProducts()) === 0) {
      return failures > 0 ? { kind: 'bulk', at: new Date(retryAt), reason: 'retry' } : { kind: 'bulk', at: new Date(now), reason: 'first-load' };
    }
    const [full, incremental] = await Promise.all([service.repository.lastFinished('bulk'), service.repository.lastFinished('incremental')]);
    const lastFull = full?.finishedAt?.getTime() ?? null;
    const lastAny = Math.max(lastFull ?? 0, incremental?.finishedAt?.getTime() ?? 0) || startedAt;
    const fullDue = (lastFull ?? startedAt) + fullMs;
    const incrementalDue = lastAny + incrementalMs;
    const kind: SyncKind = fullDue <= incrementalDue ? 'bulk' : 'incremental';
    const due = Math.min(fullDue, incrementalDue);
    if (failures > 0 && retryAt > due) return { kind, at: new Date(retryAt), reason: 'retry' };
    return { kind, at: new Date(Math.max(due, now)), reason: 'schedule' };
  }

  async function loop(signal: AbortSignal): Promise<void> {
    let first = true;
    while (!signal.aborted) {
      next = await plan();
      const { kind, at, reason } = next;
      // One line per run (the run itself then logs 'sync finished' or 'sync failed'), never one per HTTP retry.
      log.info(
        { kind, at: at.toISOString(), reason },
        `${first ? 'scheduled syncs on: ' : ''}${reason === 'first-load' ? 'empty catalogue, first load starting now' : `next ${kind} sync at ${at.toISOString()}${reason === 'retry' ? ' (trying again after a failed run)' : ''}`}`,
      );
      first = false;
      const wait = at.getTime() - Date.now();
      // Node's timers stop at ~24.8 days: a longer wait is taken in steps, planning again after each.
      if (wait > 0) await pause(Math.min(wait, MAX_TIMER_MS), signal);
      if (signal.aborted) return;
      if (wait > MAX_TIMER_MS) continue;
      next = null;
      let summary: RunSummary;
      try {
        summary = await service.run(kind);
      } catch (err) {
        if (!(err instanceof SyncAlreadyRunningError)) throw err;
        await pause(BUSY_RECHECK_MS, signal);
        continue;
      }
      if (summary.status === 'failed') {
        failures++;
        lastFailureAt = Date.now();
      } else failures = 0;
    }
  }

  return {
    start(): void {
      if (abort) return;
      const controller = new AbortController();
      abort = controller;
      startedAt = Date.now();
      loop(controller.signal).catch((err: unknown) => {
        if (controller.signal.aborted) return;
        log.error({ err }, 'sync scheduler stopped');
        abort = null;
        next = null;
      });
    },
    stop(): void {
      abort?.abort();
      abort = null;
      next = null;
    },
    isActive: () => abort !== null,
    /** The run waited for (null while one is going, or when stopped). */
    next: (): NextRun | null => next,
  };
}

export type SyncScheduler = ReturnType<typeof createSyncScheduler>;
