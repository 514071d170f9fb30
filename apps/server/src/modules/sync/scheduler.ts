import type { SyncService } from './sync.service.ts';

type Logger = { info: (obj: object, msg?: string) => void; error: (obj: object, msg?: string) => void };

export type SchedulerOptions = {
  service: Pick<SyncService, 'start' | 'repository'>;
  incrementalMinutes: number;
  fullHours: number;
  log: Logger;
};

/**
 * Incremental runs every SYNC_INCREMENTAL_MINUTES (60: OFF publishes one delta file a day), a full run every
 * SYNC_FULL_HOURS (168: the weekly read of the whole export, which also removes what left the list), and a bulk run
 * at once when the catalogue is empty (first start). Every tick goes through `service.start`, so a tick that
 * finds a run going — here or in another process holding the advisory lock — just skips.
 * Only the process entry (main.ts) starts it: tests, the e2e server and SYNC_ENABLED=false never do.
 */
export function createSyncScheduler(options: SchedulerOptions) {
  const { service, log } = options;
  const timers: NodeJS.Timeout[] = [];

  const tick = (kind: 'bulk' | 'incremental') => {
    service.start(kind).then(
      (result) => {
        if (result.started) log.info({ kind }, 'scheduled sync started');
      },
      (err: unknown) => log.error({ err, kind }, 'scheduled sync could not start'),
    );
  };

  return {
    async start(): Promise<void> {
      if (timers.length > 0) return;
      const incremental = setInterval(() => tick('incremental'), options.incrementalMinutes * 60_000);
      const full = setInterval(() => tick('bulk'), options.fullHours * 3_600_000);
      // Timers must not keep a process alive that is otherwise shutting down.
      incremental.unref();
      full.unref();
      timers.push(incremental, full);
      if ((await service.repository.countProducts()) === 0) {
        log.info({}, 'empty catalogue: starting a bulk sync in the background');
        tick('bulk');
      }
    },
    stop(): void {
      for (const t of timers.splice(0)) clearInterval(t);
    },
    isActive: () => timers.length > 0,
  };
}

export type SyncScheduler = ReturnType<typeof createSyncScheduler>;
