import type { OffProduct } from '../off-product.ts';

export type SyncKind = 'bulk' | 'incremental';

/** One record read from the data lake, with the position to resume after it. */
export type SourceRecord = {
  /** Opaque to the service: stored after each committed batch and handed back to resume a killed run. */
  cursor: string;
  /** null when the record could not even be read (broken JSON line, `error` says why) or for a checkpoint. */
  product: OffProduct | null;
  error?: string;
  /**
   * A position, not a record: the source read this far (a stretch of lines it skipped, the end of a delta
   * file). It moves the cursor and the watermark and is neither written nor rejected.
   */
  checkpoint?: boolean;
  /**
   * How recent the source's view of this record is; the run's watermark is the newest of these. The file
   * source gives the record's own `last_modified_t`; OFF's export gives the export's date, a delta file its end.
   */
  modifiedAt?: Date | null;
};

/** How far a read has got, for the CLI and the data-lake page. */
export type ReadProgress = {
  /** Bytes read of the source (compressed bytes for a .gz), and the total when known (Content-Length, file size). */
  bytesRead: number;
  bytesTotal: number | null;
  /** Lines or rows read, and those kept (for OFF, the products sold in Chile). */
  recordsRead: number;
  recordsKept: number;
  /** What is being read, e.g. "openfoodfacts-products.jsonl.gz" or "delta 3 de 5". */
  stage: string;
};

export type ReadOptions = {
  kind: SyncKind;
  /** Incremental runs read only records modified after this instant. */
  since: Date | null;
  /** Resume after this cursor (from an interrupted run), or from the start when null. */
  cursor: string | null;
  signal?: AbortSignal;
  onProgress?: (progress: ReadProgress) => void;
};

export type ConnectionResult = { connected: boolean; message: string };

/** What a requested run becomes: an incremental run the source cannot serve turns into a full one. */
export type RunPlan = { kind: SyncKind; reason?: string };

/**
 * A source of OFF-format products: OFF's daily export and delta files, or a local export file. Another data
 * lake only has to yield OffProduct records in a stable order with resumable cursors.
 */
export type DataLakeAdapter = {
  /** 'off' or 'file:/path/to/export.jsonl': stored on every sync run. */
  readonly source: string;
  /**
   * True when a complete bulk read lists every product the source offers (OFF's export: every product sold
   * in Chile), so products a complete bulk run did not see have left the source and are removed.
   */
  readonly listsEverything?: boolean;
  testConnection(): Promise<ConnectionResult>;
  /** Before a run: whether the source can serve this kind since the watermark (absent: always). */
  plan?(kind: SyncKind, since: Date | null, signal?: AbortSignal): Promise<RunPlan>;
  read(options: ReadOptions): AsyncIterable<SourceRecord>;
};
