import { Transform } from 'node:stream';
import zlib from 'node:zlib';

/**
 * One line the scanner stopped at: a JSON object, an unreadable line, a tick every `tickEvery` lines, and the
 * end (the number of lines in the stream).
 */
export type ScannedLine =
  | { line: number; kind: 'object'; value: Record<string, unknown> }
  | { line: number; kind: 'error'; error: string }
  | { line: number; kind: 'tick' }
  | { line: number; kind: 'end' };

export type ScanOptions = {
  /** Lines up to this ordinal (1-based) were handled by an earlier run: skipped without decoding. */
  skipLines?: number;
  /**
   * The cheap test before JSON.parse: a line whose bytes do not contain this text is skipped without being
   * decoded or parsed (the caller still checks the parsed value: the text may sit in another field).
   */
  needle?: string;
  /** A tick is yielded every this many lines, so a caller sees progress through long runs of skipped lines. */
  tickEvery?: number;
};

const NEWLINE = 0x0a;

/**
 * Splits a byte stream of JSON Lines (OFF's JSONL export, its delta files, any .jsonl) into parsed objects,
 * working on the raw Buffers: lines are found with Buffer.indexOf, and only lines that pass the needle test are
 * turned into strings and parsed; a line split between chunks is joined alone, chunks are never copied whole.
 * Memory holds one chunk and at most one partial line.
 */
export async function* scanJsonLines(input: AsyncIterable<Buffer>, options: ScanOptions = {}): AsyncGenerator<ScannedLine> {
  const skip = options.skipLines ?? 0;
  const tickEvery = options.tickEvery ?? 0;
  const needle = options.needle ? Buffer.from(options.needle, 'utf8') : null;
  let rest: Buffer | null = null;
  let line = 0;

  function parse(buffer: Buffer, start: number, end: number): ScannedLine | null {
    // Blank lines (and a lone \r of a CRLF file) are not records.
    if (end - start <= 1 && (end === start || buffer[start] === 0x0d)) return null;
    try {
      const value: unknown = JSON.parse(buffer.toString('utf8', start, end));
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        return { line, kind: 'error', error: `Línea ${line}: no es un objeto JSON` };
      }
      return { line, kind: 'object', value: value as Record<string, unknown> };
    } catch {
      return { line, kind: 'error', error: `Línea ${line}: JSON no válido` };
    }
  }

  /** Counts one line; parses it when it is past the skipped ones and a candidate. */
  function visit(buffer: Buffer, start: number, end: number, candidate: boolean): ScannedLine | null {
    line++;
    return line > skip && candidate ? parse(buffer, start, end) : null;
  }
  const tick = (): ScannedLine | null => (tickEvery > 0 && line > skip && line % tickEvery === 0 ? { line, kind: 'tick' } : null);

  for await (const chunk of input) {
    let start = 0;
    if (rest) {
      // The line begun in an earlier chunk: joined with its own end only, never with the whole chunk.
      const end = chunk.indexOf(NEWLINE);
      if (end === -1) {
        rest = Buffer.concat([rest, chunk]);
        continue;
      }
      const joined = Buffer.concat([rest, chunk.subarray(0, end)]);
      const scanned = visit(joined, 0, joined.length, !needle || joined.includes(needle));
      if (scanned) yield scanned;
      const ticked = tick();
      if (ticked) yield ticked;
      start = end + 1;
    }
    let hit = needle ? chunk.indexOf(needle, start) : 0;
    for (;;) {
      const end = chunk.indexOf(NEWLINE, start);
      if (end === -1) break;
      const candidate = !needle || (hit !== -1 && hit < end);
      const scanned = visit(chunk, start, end, candidate);
      if (scanned) yield scanned;
      const ticked = tick();
      if (ticked) yield ticked;
      if (needle && candidate) hit = chunk.indexOf(needle, end + 1);
      start = end + 1;
    }
    rest = start < chunk.length ? chunk.subarray(start) : null;
  }
  // The last line may lack its newline.
  if (rest && rest.length > 0) {
    line++;
    if (line > skip && (!needle || rest.includes(needle))) {
      const scanned = parse(rest, 0, rest.length);
      if (scanned) yield scanned;
    }
  }
  yield { line, kind: 'end' };
}

/**
 * Counts the bytes flowing through (compressed bytes, for progress against Content-Length or the file size).
 * With `idleMs`, destroys the stream when no byte has arrived for that long: a stalled download fails instead
 * of hanging a run (the next run resumes it).
 */
export function byteCounter(onBytes: (n: number) => void, idleMs = 0): Transform {
  let timer: NodeJS.Timeout | null = null;
  const arm = () => {
    if (idleMs <= 0) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => stream.destroy(new Error(`la descarga se detuvo: ${idleMs / 1000} s sin datos`)), idleMs);
    timer.unref();
  };
  const stream: Transform = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      onBytes(chunk.length);
      arm();
      callback(null, chunk);
    },
    flush(callback) {
      if (timer) clearTimeout(timer);
      callback();
    },
    destroy(err, callback) {
      if (timer) clearTimeout(timer);
      callback(err);
    },
  });
  arm();
  return stream;
}

/** Gunzip with large output chunks: fewer lines span two chunks, so fewer partial lines are copied. */
export function gunzip(): zlib.Gunzip {
  return zlib.createGunzip({ chunkSize: 256 * 1024 });
}
