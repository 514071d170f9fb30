// A run's live progress: what the source reports it has read, what was written, and an ETA from this process's
// byte rate; reported (and saved on the run's row for other processes) at most every `everyMs`.
import type { SyncRunProgress } from '../../db/schema.ts';
import type { ReadProgress } from '../off/adapters/data-lake-adapter.ts';

export function createRunProgress(options: {
  everyMs: number;
  /** Records written so far. */
  recordsProcessed: () => number;
  onReport: (progress: SyncRunProgress) => void;
  save: (progress: SyncRunProgress) => Promise<void>;
}) {
  let read: ReadProgress | null = null;
  let readStartedAt: number | null = null;
  let reportedAt = 0;
  const snapshot = (): SyncRunProgress => {
    const elapsed = readStartedAt === null ? 0 : (performance.now() - readStartedAt) / 1000;
    const rate = read && elapsed > 1 ? read.bytesRead / elapsed : 0;
    const left = read?.bytesTotal ? Math.max(0, read.bytesTotal - read.bytesRead) : null;
    return {
      stage: read?.stage ?? '',
      bytesRead: read?.bytesRead ?? 0,
      bytesTotal: read?.bytesTotal ?? null,
      recordsRead: read?.recordsRead ?? 0,
      recordsKept: read?.recordsKept ?? 0,
      recordsProcessed: options.recordsProcessed(),
      etaSeconds: left !== null && rate > 0 ? Math.round(left / rate) : null,
      updatedAt: new Date().toISOString(),
    };
  };
  const report = async (force: boolean) => {
    const now = performance.now();
    if (!force && now - reportedAt < options.everyMs) return;
    reportedAt = now;
    const progress = snapshot();
    options.onReport(progress);
    await options.save(progress);
  };
  /** What the source reports as it reads. */
  const onProgress = (progress: ReadProgress) => {
    read = progress;
    readStartedAt ??= performance.now();
  };
  return { snapshot, report, onProgress };
}
