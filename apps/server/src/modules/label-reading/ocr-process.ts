/**
 * One OCR process of the label reader's pool (ocr-pool.ts, ADR 020): started by the server when a photo arrives
 * and none is free, ended by it when idle, so its memory (Tesseract's Spanish model and buffers, ~100 MB) goes back
 * to the system. It reads each photo (read-photo.ts) and answers what it says.
 * Messages: in `{ id, photo, part }`, out `{ id, reading, ocrMillis }` or `{ id, error }`.
 */
import path from 'node:path';
import { createRequire } from 'node:module';
import { createWorker } from 'tesseract.js';
import type { LabelPart } from '@etiqueta/contracts';
import { readPhoto, type PhotoReading } from './read-photo.ts';

export type OcrRequest = { id: number; photo: Uint8Array; part: LabelPart };
export type OcrResponse = { id: number; reading: PhotoReading; ocrMillis: number } | { id: number; error: string };

const require = createRequire(import.meta.url);
/** The Spanish model of the npm registry's @tesseract.js-data/spa: "best" LSTM weights, integer (2 MB gzipped). */
const langPath = path.join(path.dirname(require.resolve('@tesseract.js-data/spa/package.json')), '4.0.0_best_int');

const worker = await createWorker('spa', 1, { langPath, cacheMethod: 'none', gzip: true });
// Tesseract's notes ("Estimating resolution as …") are not the server's log.
await worker.setParameters({ debug_file: '/dev/null' });

process.on('message', (message: OcrRequest) => {
  void read(message).then((answer) => process.send?.(answer));
});
process.send?.({ ready: true });

async function read({ id, photo, part }: OcrRequest): Promise<OcrResponse> {
  try {
    const started = performance.now();
    const reading = await readPhoto(worker, Buffer.from(photo), part);
    return { id, reading, ocrMillis: Math.round(performance.now() - started) };
  } catch (error) {
    return { id, error: error instanceof Error ? error.message : String(error) };
  }
}
