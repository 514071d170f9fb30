/** What the OCR process hands back: the words Tesseract found, where, and how sure it was. */
import type { Box } from './preprocess.ts';

export type OcrWord = {
  text: string;
  /** Tesseract's confidence, 0–100. */
  conf: number;
  /** Where in the level image the word lies (rows of a table are horizontal here). */
  at: Box;
  /** Where in the photo as sent (upright), for the answer's `box`. */
  box: Box;
  /** Tesseract's own block, paragraph and line, as `block.par.line`. */
  line: string;
};

/**
 * Tesseract's TSV output (level, page, block, paragraph, line, word, left, top, width, height, conf, text),
 * words only (level 5), empty ones dropped.
 */
export function wordsFromTsv(tsv: string, toPhoto: (box: Box) => Box): OcrWord[] {
  const words: OcrWord[] = [];
  for (const row of tsv.split('\n')) {
    const cells = row.split('\t');
    if (cells[0] !== '5' || cells.length < 12) continue;
    const text = cells.slice(11).join('\t').trim();
    if (!text) continue;
    const at: Box = [Number(cells[6]), Number(cells[7]), Number(cells[8]), Number(cells[9])];
    words.push({ text, conf: Number(cells[10]), at, box: toPhoto(at), line: `${cells[2]}.${cells[3]}.${cells[4]}` });
  }
  return words;
}
