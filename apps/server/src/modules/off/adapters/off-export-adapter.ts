import { pipeline } from 'node:stream';
import { CHILE_TIME_ZONE } from '@etiqueta/contracts';
import type { ConnectionResult, DataLakeAdapter, ReadOptions, ReadProgress, RunPlan, SourceRecord, SyncKind } from './data-lake-adapter.ts';
import { byteCounter, gunzip, scanJsonLines } from './json-lines.ts';
import { fetchOff, type OffFetchOptions, type OffResponse } from './off-http.ts';

/** The country whose products we keep: OFF's `countries_tags` value for Chile. */
export const CHILE_TAG = 'en:chile';

export type OffExportOptions = {
  exportUrl: string;
  deltaUrl: string;
  country?: string;
  /** Retries, backoff and the fetch to use (tests pass short delays). */
  http?: Omit<OffFetchOptions, 'signal' | 'method'>;
  /** A download that sends nothing for this long fails (the next run resumes it). */
  idleTimeoutMs?: number;
  /** A checkpoint every this many lines, so a run through millions of foreign products still saves its place. */
  checkpointLines?: number;
};

/** One delta file as OFF names it: `<prefix>_products_<from>_<to>.json.gz`, products modified in (from, to]. */
export type DeltaFile = { name: string; from: number; to: number };

const DELTA_NAME = /^[\w.-]+_products_(\d+)_(\d+)\.json\.gz$/;

/** OFF's delta/index.txt: one file name per line, newest first. Returns the files oldest first. */
export function parseDeltaIndex(text: string): DeltaFile[] {
  const files: DeltaFile[] = [];
  for (const raw of text.split('\n')) {
    const name = raw.trim().replace(/^.*\//, '');
    const match = DELTA_NAME.exec(name);
    if (match) files.push({ name, from: Number(match[1]), to: Number(match[2]) });
  }
  return files.sort((a, b) => a.from - b.from || a.to - b.to);
}

/**
 * Open Food Facts as it asks to be used beyond a few hundred products (docs/data-lake.md): a full run streams
 * the daily JSONL export, an incremental run applies the delta files published since the last one. Both are
 * gzip JSON Lines of OFF's stored documents (schema 1003/1004, older documents still in the legacy shape),
 * read as they download, gunzipped on the way; only lines mentioning the country are parsed, and only products
 * whose `countries_tags` has it are kept.
 *
 * Cursors: `export:<version>:<line>` (version is the file's ETag or Last-Modified: a new daily file restarts
 * the run from its first line, the old one resumes by skipping the lines already committed) and
 * `delta:<file>:<line>` (or `:end` once a file is done). The watermark is the export's date, then the end of
 * the last delta file applied: the next incremental run takes the files that end after it.
 */
export function createOffExportAdapter(options: OffExportOptions): DataLakeAdapter {
  const exportUrl = options.exportUrl;
  const deltaUrl = options.deltaUrl.endsWith('/') ? options.deltaUrl : `${options.deltaUrl}/`;
  const country = options.country ?? CHILE_TAG;
  const idleMs = options.idleTimeoutMs ?? 120_000;
  const checkpointLines = options.checkpointLines ?? 20_000;
  const http = options.http ?? {};

  async function fetchIndex(signal?: AbortSignal): Promise<DeltaFile[]> {
    const response = await fetchOff(new URL('index.txt', deltaUrl).href, { ...http, signal });
    return parseDeltaIndex(await response.text());
  }

  /** Streams one gzip JSONL response, keeping the country's products. */
  async function* scan(
    response: OffResponse,
    opts: ReadOptions,
    at: { stage: string; skipLines: number; cursor: (line: number) => string; modifiedAt: Date; progress: ReadProgress },
  ): AsyncGenerator<SourceRecord> {
    const { progress } = at;
    progress.stage = at.stage;
    // At once, so the ETA's clock starts with the download (on a resume, skipping lines takes time too).
    opts.onProgress?.(progress);
    let failed: Error | null = null;
    const done = (err: Error | null) => {
      if (err) failed = err;
    };
    const counter = byteCounter((n) => (progress.bytesRead += n), idleMs);
    // OFF's files are .gz; a .jsonl address is plain unless the server compressed it on the way.
    const gzipped = /gzip/i.test(response.header('content-encoding') ?? '') || !/\.(jsonl|ndjson|json)$/i.test(new URL(response.url).pathname);
    const stream = gzipped ? pipeline(response.body, counter, gunzip(), done) : pipeline(response.body, counter, done);
    let lastLine = at.skipLines;
    try {
      // The tag as JSON writes it, quotes included: a longer needle is found faster, and `en:chile-…` never matches.
      for await (const scanned of scanJsonLines(stream, { needle: JSON.stringify(country), skipLines: at.skipLines, tickEvery: checkpointLines })) {
        if (opts.signal?.aborted) return;
        progress.recordsRead += scanned.line - lastLine;
        lastLine = scanned.line;
        const cursor = at.cursor(scanned.line);
        if (scanned.kind === 'tick' || scanned.kind === 'end') {
          opts.onProgress?.(progress);
          yield { cursor, product: null, checkpoint: true, modifiedAt: at.modifiedAt };
        } else if (scanned.kind === 'error') {
          yield { cursor, product: null, error: `${at.stage}: ${scanned.error}` };
        } else {
          const tags = scanned.value.countries_tags;
          if (!Array.isArray(tags) || !tags.includes(country)) continue;
          progress.recordsKept++;
          opts.onProgress?.(progress);
          yield { cursor, product: scanned.value, modifiedAt: at.modifiedAt };
        }
      }
    } finally {
      stream.destroy();
    }
    if (failed) throw failed;
    opts.onProgress?.(progress);
  }

  async function* readExport(opts: ReadOptions): AsyncGenerator<SourceRecord> {
    const response = await fetchOff(exportUrl, { ...http, signal: opts.signal });
    const lastModified = response.header('last-modified');
    const version = (response.header('etag') ?? lastModified ?? '').replace(/:/g, '');
    const resume = /^export:(.*):(\d+)$/.exec(opts.cursor ?? '');
    const skipLines = resume && resume[1] === version ? Number(resume[2]) : 0;
    // The export holds every change up to its date. Without a date, two days back is safe: a delta applied
    // twice changes nothing.
    const dated = lastModified ? new Date(lastModified) : null;
    const modifiedAt = dated && Number.isFinite(dated.getTime()) ? dated : new Date(Date.now() - 2 * 86_400_000);
    const total = Number(response.header('content-length'));
    const progress: ReadProgress = {
      bytesRead: 0,
      bytesTotal: Number.isFinite(total) && total > 0 ? total : null,
      recordsRead: 0,
      recordsKept: 0,
      stage: fileName(exportUrl),
    };
    // Its last checkpoint carries the export's date even when the last stretch held no Chilean product.
    yield* scan(response, opts, { stage: progress.stage, skipLines, cursor: (line) => `export:${version}:${line}`, modifiedAt, progress });
  }

  async function* readDeltas(opts: ReadOptions): AsyncGenerator<SourceRecord> {
    const since = opts.since ? Math.floor(opts.since.getTime() / 1000) : 0;
    let files = (await fetchIndex(opts.signal)).filter((f) => f.to > since);
    const resume = /^delta:(.+):(\d+|end)$/.exec(opts.cursor ?? '');
    let skipInFirst = 0;
    if (resume) {
      const at = files.findIndex((f) => f.name === resume[1]);
      if (at !== -1) {
        files = files.slice(resume[2] === 'end' ? at + 1 : at);
        if (resume[2] !== 'end') skipInFirst = Number(resume[2]);
      }
    }
    const progress: ReadProgress = { bytesRead: 0, bytesTotal: null, recordsRead: 0, recordsKept: 0, stage: '' };
    for (let i = 0; i < files.length; i++) {
      const file = files[i]!;
      if (opts.signal?.aborted) return;
      const response = await fetchOff(new URL(file.name, deltaUrl).href, { ...http, signal: opts.signal });
      const modifiedAt = new Date(file.to * 1000);
      yield* scan(response, opts, {
        stage: `delta ${i + 1} de ${files.length} (${file.name})`,
        skipLines: i === 0 ? skipInFirst : 0,
        cursor: (line) => `delta:${file.name}:${line}`,
        modifiedAt,
        progress,
      });
      if (opts.signal?.aborted) return;
      yield { cursor: `delta:${file.name}:end`, product: null, checkpoint: true, modifiedAt };
    }
  }

  return {
    source: 'off',
    listsEverything: true,

    async plan(kind: SyncKind, since: Date | null, signal?: AbortSignal): Promise<RunPlan> {
      if (kind === 'bulk') return { kind };
      if (!since) return { kind: 'bulk', reason: 'Sin una carga completa previa: se lee la exportación completa de Open Food Facts' };
      const files = await fetchIndex(signal);
      const sinceSeconds = Math.floor(since.getTime() / 1000);
      const pending = files.filter((f) => f.to > sinceSeconds);
      const oldest = files[0];
      // OFF keeps about 14 days of delta files: changes older than the oldest file are in none of them.
      if (oldest && oldest.from > sinceSeconds) {
        return { kind: 'bulk', reason: 'Los archivos delta de Open Food Facts ya no cubren desde la última sincronización: se lee la exportación completa' };
      }
      for (let i = 1; i < pending.length; i++) {
        if (pending[i]!.from > pending[i - 1]!.to) {
          return { kind: 'bulk', reason: `Falta un archivo delta antes de ${pending[i]!.name}: se lee la exportación completa` };
        }
      }
      return { kind };
    },

    async testConnection(): Promise<ConnectionResult> {
      const quick = { ...http, retries: 0, headersTimeoutMs: 10_000 };
      try {
        const head = await fetchOff(exportUrl, { ...quick, method: 'HEAD' });
        head.body.resume();
        const size = Number(head.header('content-length'));
        const date = head.header('last-modified');
        const index = parseDeltaIndex(await (await fetchOff(new URL('index.txt', deltaUrl).href, quick)).text());
        const details = [
          size > 0 ? `${(size / 1_073_741_824).toLocaleString('es-CL', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} GB` : null,
          date ? `del ${new Date(date).toLocaleDateString('es-CL', { timeZone: CHILE_TIME_ZONE })}` : null,
        ].filter(Boolean);
        return {
          connected: true,
          message:
            `Exportación de Open Food Facts disponible${details.length > 0 ? ` (${details.join(', ')})` : ''}; ` +
            `${index.length} ${index.length === 1 ? 'archivo delta' : 'archivos delta'}`,
        };
      } catch (err) {
        return { connected: false, message: `No se pudo conectar con Open Food Facts (${err instanceof Error ? err.message : String(err)})` };
      }
    },

    read(opts: ReadOptions): AsyncIterable<SourceRecord> {
      return opts.kind === 'bulk' ? readExport(opts) : readDeltas(opts);
    },
  };
}

function fileName(url: string): string {
  try {
    return decodeURIComponent(new URL(url).pathname.split('/').pop() ?? url) || url;
  } catch {
    return url;
  }
}
