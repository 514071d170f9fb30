/**
 * One OCR process of the label reader's pool (ocr-pool.ts, ADR 019): started by the server when a photo arrives
 * and none is free, ended by it when idle, so its memory (Tesseract's Spanish model and buffers, ~100 MB) goes back
 * to the system. It prepares each photo (preprocess.ts), reads it with tesseract.js and answers the words found.
 * Messages: in `{ id, photo, part }`, out `{ id, words, angle, ocrMillis }` or `{ id, error }`.
 */
import path from 'node:path';
import { createRequire } from 'node:module';
import { createWorker, PSM } from 'tesseract.js';
import { wordsFromTsv, type OcrWord } from './ocr-words.ts';
import { prepare } from './preprocess.ts';

export type OcrRequest = { id: number; photo: Uint8Array; part: 'ingredients' | 'nutrition' };
export type OcrResponse = { id: number; words: OcrWord[]; angle: number; ocrMillis: number } | { id: number; error: string };

const require = createRequire(import.meta.url);
/** The Spanish model of the npm registry's @tesseract.js-data/spa: "best" LSTM weights, integer (2 MB gzipped). */
const langPath = path.join(path.dirname(require.resolve('@tesseract.js-data/spa/package.json')), '4.0.0_best_int');

const worker = await createWorker('spa', 1, { langPath, cacheMethod: 'none', gzip: true });
// Tesseract's notes ("Estimating resolution as …") are not the server's log.
await worker.setParameters({ debug_file: '/dev/null' });
/** Page layout per part: a paragraph of text, or a table read row by row. */
const MODES = { ingredients: PSM.AUTO, nutrition: PSM.SPARSE_TEXT } as const;
let mode: PSM | null = null;

process.on('message', (message: OcrRequest) => {
  void read(message).then((answer) => process.send?.(answer));
});
process.send?.({ ready: true });

async function read({ id, photo, part }: OcrRequest): Promise<OcrResponse> {
  try {
    const started = performance.now();
    const prepared = await prepare(Buffer.from(photo));
    if (mode !== MODES[part]) {
      await worker.setParameters({ tessedit_pageseg_mode: MODES[part] });
      mode = MODES[part];
    }
    const { data } = await worker.recognize(prepared.pgm, {}, { text: false, tsv: true });
    return { id, words: wordsFromTsv(data.tsv ?? '', prepared.toPhoto), angle: prepared.angle, ocrMillis: Math.round(performance.now() - started) };
  } catch (error) {
    return { id, error: error instanceof Error ? error.message : String(error) };
  }
}
