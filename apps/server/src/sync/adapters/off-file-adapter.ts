import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { fromFlatRecord, type OffProduct } from '../off-product.ts';
import type { ConnectionResult, DataLakeAdapter, ReadOptions, SourceRecord } from './data-lake-adapter.ts';

export type FileFormat = 'jsonl' | 'csv';

/**
 * Reads an OFF export file as a stream, one record at a time, so memory stays flat however long the file is:
 * JSONL (one OFF product per line, API-shaped or flat) or the OFF CSV export (tab-separated, even when the file
 * is called .csv) and ordinary comma-separated CSV with quotes.
 *
 * The cursor is the record's ordinal in the file: records keep their order, so a killed run resumes after the
 * last committed one. Records without `last_modified_t` count as modified when the file was, so an incremental
 * run over an unchanged file reads nothing new.
 */
export function createOffFileAdapter(filePath: string): DataLakeAdapter {
  const absolute = path.resolve(filePath);
  const format: FileFormat = /\.jsonl?$/i.test(absolute) || /\.ndjson$/i.test(absolute) ? 'jsonl' : 'csv';

  return {
    source: `file:${absolute}`,

    async testConnection(): Promise<ConnectionResult> {
      try {
        const stat = await fs.promises.stat(absolute);
        if (!stat.isFile()) return { connected: false, message: `${absolute} no es un archivo` };
        return {
          connected: true,
          message: `Archivo ${path.basename(absolute)} disponible (${(stat.size / 1_048_576).toFixed(1)} MB, formato ${format.toUpperCase()})`,
        };
      } catch {
        return { connected: false, message: `No se encontró el archivo ${absolute}` };
      }
    },

    read(options: ReadOptions): AsyncIterable<SourceRecord> {
      return readFile(absolute, format, options);
    },
  };
}

async function* readFile(file: string, format: FileFormat, options: ReadOptions): AsyncGenerator<SourceRecord> {
  const stat = await fs.promises.stat(file);
  const fileModified = stat.mtime;
  const resumeAfter = options.cursor === null ? -1 : Number(options.cursor);
  const records = format === 'jsonl' ? readJsonLines(file) : readDelimited(file);
  let ordinal = -1;
  for await (const raw of records) {
    ordinal++;
    if (options.signal?.aborted) return;
    if (ordinal <= resumeAfter) continue;
    const cursor = String(ordinal);
    if ('error' in raw) {
      yield { cursor, product: null, error: raw.error };
      continue;
    }
    const product = raw.product;
    const modifiedAt = readModified(product) ?? fileModified;
    if (options.kind === 'incremental' && options.since && modifiedAt <= options.since) continue;
    yield { cursor, product, modifiedAt };
  }
}

type RawRecord = { product: OffProduct } | { error: string };

async function* readJsonLines(file: string): AsyncGenerator<RawRecord> {
  const lines = readline.createInterface({ input: fs.createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
  let lineNumber = 0;
  for await (const line of lines) {
    lineNumber++;
    if (!line.trim()) continue;
    try {
      const parsed: unknown = JSON.parse(line);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
        yield { error: `Línea ${lineNumber}: no es un objeto JSON` };
      } else {
        yield { product: fromFlatRecord(parsed as Record<string, unknown>) };
      }
    } catch {
      yield { error: `Línea ${lineNumber}: JSON no válido` };
    }
  }
}

/**
 * OFF's export is tab-separated and unquoted (its fields never hold tabs or newlines), so a tab file is split
 * plainly; stray quote characters in product names must not start a quoted field. Comma files follow RFC 4180.
 */
async function* readDelimited(file: string): AsyncGenerator<RawRecord> {
  const lines = readline.createInterface({ input: fs.createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
  let header: string[] | null = null;
  let delimiter = '\t';
  let pending = '';
  let lineNumber = 0;
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
    if (fields.length !== header.length) {
      yield { error: `Línea ${lineNumber}: ${fields.length} columnas en vez de ${header.length}` };
      continue;
    }
    const row: Record<string, string> = {};
    for (let i = 0; i < header.length; i++) row[header[i] ?? `col${i}`] = fields[i] ?? '';
    yield { product: fromFlatRecord(row) };
  }
  if (pending) yield { error: `Línea ${lineNumber}: comillas sin cerrar al final del archivo` };
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
