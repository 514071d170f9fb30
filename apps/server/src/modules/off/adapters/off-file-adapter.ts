import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { pipeline, type Readable } from 'node:stream';
import { fromFlatRecord, type OffProduct } from '../off-product.ts';
import type { ConnectionResult, DataLakeAdapter, ReadOptions, ReadProgress, SourceRecord } from './data-lake-adapter.ts';
import { byteCounter, gunzip, scanJsonLines } from './json-lines.ts';

export type FileFormat = 'jsonl' | 'csv';

/** .jsonl / .ndjson / .json (JSON Lines) and .csv / .tsv / .txt (delimited), each optionally gzipped. */
export function fileFormat(file: string): { format: FileFormat; gzipped: boolean } {
  const gzipped = /\.gz$/i.test(file);
  const base = file.replace(/\.gz$/i, '');
  return { format: /\.(jsonl|ndjson|json)$/i.test(base) ? 'jsonl' : 'csv', gzipped };
}

/**
 * Reads an OFF export file as a stream, one record at a time, so memory stays flat however long the file is:
 * JSON Lines (one OFF product per line, as OFF stores it or flat; `.jsonl`, `.jsonl.gz`, `.json.gz` like OFF's
 * delta files) or the OFF CSV export (tab-separated, even when the file is called .csv) and ordinary
 * comma-separated CSV with quotes, gzipped or not.
 *
 * The cursor is the line (JSON Lines) or record (CSV) ordinal: records keep their order, so a killed run
 * resumes after the last committed one. Records without `last_modified_t` count as modified when the file was,
 * so an incremental run over an unchanged file reads nothing new.
 */
export function createOffFileAdapter(filePath: string): DataLakeAdapter {
  const absolute = path.resolve(filePath);
  const { format, gzipped } = fileFormat(absolute);

  return {
    source: `file:${absolute}`,

    async testConnection(): Promise<ConnectionResult> {
      try {
        const stat = await fs.promises.stat(absolute);
        if (!stat.isFile()) return { connected: false, message: `${absolute} no es un archivo` };
        return {
          connected: true,
          message: `Archivo ${path.basename(absolute)} disponible (${(stat.size / 1_048_576).toLocaleString('es-CL', { maximumFractionDigits: 1 })} MB, formato ${format.toUpperCase()}${gzipped ? ' comprimido' : ''})`,
        };
      } catch {
        return { connected: false, message: `No se encontró el archivo ${absolute}` };
      }
    },

    read(options: ReadOptions): AsyncIterable<SourceRecord> {
      return readFile(absolute, format, gzipped, options);
    },
  };
}

async function* readFile(file: string, format: FileFormat, gzipped: boolean, options: ReadOptions): AsyncGenerator<SourceRecord> {
  const stat = await fs.promises.stat(file);
  const fileModified = stat.mtime;
  const resumeAfter = options.cursor === null ? 0 : Number(options.cursor) || 0;
  const progress: ReadProgress = { bytesRead: 0, bytesTotal: stat.size, recordsRead: 0, recordsKept: 0, stage: path.basename(file) };
  // pipeline passes an error of any stage (a truncated .gz) on to the reader, which throws it.
  const input = fs.createReadStream(file, { highWaterMark: 256 * 1024 });
  const counter = byteCounter((n) => (progress.bytesRead += n));
  const bytes: Readable = gzipped ? pipeline(input, counter, gunzip(), () => undefined) : pipeline(input, counter, () => undefined);
  const records = format === 'jsonl' ? readJsonLines(bytes, resumeAfter) : readDelimited(bytes, resumeAfter);
  try {
    for await (const raw of records) {
      if (options.signal?.aborted) return;
      progress.recordsRead = raw.ordinal;
      const cursor = String(raw.ordinal);
      if ('error' in raw) {
        yield { cursor, product: null, error: raw.error };
        continue;
      }
      const product = raw.product;
      const modifiedAt = readModified(product) ?? fileModified;
      if (options.kind === 'incremental' && options.since && modifiedAt <= options.since) continue;
      progress.recordsKept++;
      if (progress.recordsKept % 1000 === 0) options.onProgress?.(progress);
      yield { cursor, product, modifiedAt };
    }
  } finally {
    bytes.destroy();
  }
  options.onProgress?.(progress);
}

type RawRecord = { ordinal: number } & ({ product: OffProduct } | { error: string });

async function* readJsonLines(bytes: Readable, skipLines: number): AsyncGenerator<RawRecord> {
  for await (const scanned of scanJsonLines(bytes, { skipLines })) {
    if (scanned.kind === 'object') yield { ordinal: scanned.line, product: fromFlatRecord(scanned.value) };
    else if (scanned.kind === 'error') yield { ordinal: scanned.line, error: scanned.error };
  }
}

/**
 * OFF's export is tab-separated and unquoted (its fields never hold tabs or newlines), so a tab file is split
 * plainly; stray quote characters in product names must not start a quoted field. Comma files follow RFC 4180.
 */
async function* readDelimited(bytes: Readable, skipRecords: number): AsyncGenerator<RawRecord> {
  const lines = readline.createInterface({ input: bytes.setEncoding('utf8'), crlfDelay: Infinity });
  let header: string[] | null = null;
  let delimiter = '\t';
  let pending = '';
  let lineNumber = 0;
  let ordinal = 0;
  for await (const line of lines) {
    lineNumber++;
    if (header === null) {
      const first = line.replace(/^\uFEFF/, '');
      delimiter = (first.match(/\t/g)?.length ?? 0) >= (first.match(/,/g)?.length ?? 0) ? '\t' : ',';
      header = delimiter === '\t' ? first.split('\t') : (splitQuoted(first, ',') ?? []);
      continue;
    }
    let fields: string[] | null;
    if (delimiter === '\t') {
      if (!line.trim()) continue;
      fields = line.split('\t');
    } else {
      pending = pending ? `${pending}\n${line}` : line;
      if (!pending.trim()) {
        pending = '';
        continue;
      }
      fields = splitQuoted(pending, ',');
      if (fields === null) continue; // a quoted field runs on into the next line
      pending = '';
    }
    ordinal++;
    if (ordinal <= skipRecords) continue;
    if (fields.length !== header.length) {
      yield { ordinal, error: `Línea ${lineNumber}: ${fields.length} columnas en vez de ${header.length}` };
      continue;
    }
    const row: Record<string, string> = {};
    for (let i = 0; i < header.length; i++) row[header[i] ?? `col${i}`] = fields[i] ?? '';
    yield { ordinal, product: fromFlatRecord(row) };
  }
  if (pending) yield { ordinal: ordinal + 1, error: `Línea ${lineNumber}: comillas sin cerrar al final del archivo` };
}

/** Splits one CSV record; null when a quoted field is still open (the record continues on the next line). */
export function splitQuoted(text: string, delimiter: string): string[] | null {
  const fields: string[] = [];
  let field = '';
  let inQuotes = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (inQuotes) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else inQuotes = false;
      } else field += ch;
    } else if (ch === '"' && field === '') inQuotes = true;
    else if (ch === delimiter) {
      fields.push(field);
      field = '';
    } else field += ch;
  }
  if (inQuotes) return null;
  fields.push(field);
  return fields;
}

function readModified(product: OffProduct): Date | null {
  const t = Number(product.last_modified_t);
  return Number.isFinite(t) && t > 0 ? new Date(t * 1000) : null;
}
