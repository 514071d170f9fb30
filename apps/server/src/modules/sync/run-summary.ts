// What a sync run reports when it ends (and what starting one answers), read from its row.
import type { SyncKind } from '../off/adapters/data-lake-adapter.ts';
import type { SyncRunRow } from './sync.repository.ts';

export type RunSummary = {
  runId: number;
  kind: SyncKind;
  source: string;
  status: 'success' | 'failed';
  inserted: number;
  updated: number;
  unchanged: number;
  rejected: number;
  /** Products removed because the source no longer lists them (complete listings only). */
  removed: number;
  /** True when this run continued one that a dead process left half-way. */
  resumed: boolean;
  durationMs: number;
  error: string | null;
};

/** `runId`: the run just started (null when none started, or it failed before its row existed). */
export type StartResult = { started: boolean; running: boolean; message: string; runId: number | null };

/** Drizzle wraps driver errors in "Failed query: <sql> params: <whole batch>"; the cause is what matters. */
export function describeError(err: unknown): string {
  const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
  const message = cause instanceof Error ? cause.message : String(cause);
  return message.length > 500 ? `${message.slice(0, 500)}…` : message;
}


export function toSummary(
  row: SyncRunRow,
  kind: SyncKind,
  status: 'success' | 'failed',
  resumed: boolean,
  started: number,
  error: string | null,
): RunSummary {
  return {
    runId: row.id,
    kind,
    source: row.source,
    status,
    inserted: row.inserted,
    updated: row.updated,
    unchanged: row.unchanged,
    rejected: row.rejected,
    removed: row.removed,
    resumed,
    durationMs: Math.round(performance.now() - started),
    error,
  };
}
