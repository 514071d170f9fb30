/**
 * One photo read, inside an OCR process (ocr-process.ts): prepared (preprocess.ts), read by Tesseract with the
 * layout that suits the part (a paragraph, or sparse text for a table whose columns Tesseract would take for
 * separate blocks), then parsed; a table's doubtful cells are read again one by one as digits only.
 * Boxes are in the pixels of the photo as the process received it.
 */
import sharp from 'sharp';
import { PSM, type Worker } from 'tesseract.js';
import type { LabelNutrient, LabelPart, NutrientField } from '@etiqueta/contracts';
import { ingredientsFromWords } from './ingredients-text.ts';
import { nutritionFromWords, type Reread } from './nutrition-table.ts';
import { wordsFromTsv } from './ocr-words.ts';
import { prepare, toPgm, type Box } from './preprocess.ts';

export type PhotoReading = {
  ingredients: string | null;
  /** Where the list was read (photo pixels); null for a table. */
  ingredientsBox: Box | null;
  per: '100 g' | '100 mL' | null;
  portionG: number | null;
  nutrients: Record<NutrientField, LabelNutrient> | null;
  /** Nutrient rows found (a table), or 0. */
  rowsFound: number;
};

const LAYOUT: Record<LabelPart, PSM> = { ingredients: PSM.AUTO, nutrition: PSM.SPARSE_TEXT };
/** A cell is read again at least this tall: Tesseract reads digits best about 30–40 px high. */
const MIN_CELL_HEIGHT = 64;

// tesseract.js passes any other key of the options to Tesseract for that one call.
type Parameters = Record<string, string>;

export async function readPhoto(worker: Worker, photo: Buffer, part: LabelPart): Promise<PhotoReading> {
  const prepared = await prepare(photo);
  const options: Parameters = { tessedit_pageseg_mode: LAYOUT[part] };
  const { data } = await worker.recognize(prepared.pgm, options, { text: false, tsv: true });
  const words = wordsFromTsv(data.tsv ?? '', prepared.toPhoto);
  if (part === 'ingredients') {
    const list = ingredientsFromWords(words);
    return { ingredients: list?.text ?? null, ingredientsBox: list?.box ?? null, per: null, portionG: null, nutrients: null, rowsFound: 0 };
  }

  const reread: Reread = async ([x, y, w, h]) => {
    const left = Math.max(0, x);
    const top = Math.max(0, y);
    const width = Math.min(prepared.width - left, w - (left - x));
    const height = Math.min(prepared.height - top, h - (top - y));
    if (width < 8 || height < 8) return null;
    const scale = Math.max(1, MIN_CELL_HEIGHT / height);
    const { data: cell, info } = await sharp(prepared.grey, { raw: { width: prepared.width, height: prepared.height, channels: 1 } })
      .extract({ left, top, width, height })
      .resize(Math.round(width * scale), Math.round(height * scale), { kernel: 'cubic' })
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    // A block, not a single line: the table's rules above and below a cell throw Tesseract's line finder off.
    const digits: Parameters = { tessedit_pageseg_mode: PSM.SINGLE_BLOCK, tessedit_char_whitelist: '0123456789,.' };
    const { data: read } = await worker.recognize(toPgm(cell, info.width, info.height), digits, { text: false, tsv: true });
    const found = wordsFromTsv(read.tsv ?? '', ([bx, by, bw, bh]) => [bx / scale + left, by / scale + top, bw / scale, bh / scale]);
    if (found.length === 0) return null;
    // The number nearest the cell's middle (a neighbour column's digits may show at its edge).
    const middle = x + w / 2;
    const nearest = found.reduce((a, b) => (Math.abs(a.at[0] + a.at[2] / 2 - middle) <= Math.abs(b.at[0] + b.at[2] / 2 - middle) ? a : b));
    return { text: nearest.text, conf: nearest.conf, box: prepared.toPhoto(nearest.at.map(Math.round) as [number, number, number, number]) };
  };
  const table = await nutritionFromWords(words, reread);
  return { ingredients: null, ingredientsBox: null, per: table.per, portionG: table.portionG, nutrients: table.nutrients, rowsFound: table.rowsFound };
}
