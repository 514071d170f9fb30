import type { OffProduct } from '../off-product.ts';

export type SyncKind = 'bulk' | 'incremental';

/** One record read from the data lake, with the position to resume after it. */
export type SourceRecord = {
  /** Opaque to the service: stored after each committed batch and handed back to resume a killed run. */
  cursor: string;
  /** null when the record could not even be read (broken JSON line); `error` says why. */
  product: OffProduct | null;
  error?: string;
  /** When the source last changed this record; the run's watermark is the newest of these. */
  modifiedAt?: Date | null;
};

export type ReadOptions = {
  kind: SyncKind;
  /** Incremental runs read only records modified after this instant. */
  since: Date | null;
  /** Resume after this cursor (from an interrupted run), or from the start when null. */
  cursor: string | null;
  signal?: AbortSignal;
};

export type ConnectionResult = { connected: boolean; message: string };

/**
 * A source of OFF-format products. The OFF API and OFF export files implement it today; another data lake
 * only has to yield OffProduct records in a stable order with resumable cursors.
 */
export type DataLakeAdapter = {
  /** 'off' or 'file:/path/to/export.jsonl': stored on every sync run. */
  readonly source: string;
  testConnection(): Promise<ConnectionResult>;
  read(options: ReadOptions): AsyncIterable<SourceRecord>;
};
