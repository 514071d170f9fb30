// One nutrient's printed numbers: read (with Tesseract's digit misreadings put right), then its per-100 and
// per-portion columns checked against each other through the portion, a lost decimal comma found.
import type { LabelNutrient } from '@etiqueta/contracts';
import type { OcrWord } from './ocr-words.ts';

/** Below this Tesseract confidence a digit may be another digit: the value is marked. */
export const MIN_CONFIDENCE = 80;

/** `guessedPlace`: found only by reading where the number should be, not by the page reading itself. */
export type Cell = { value: number; decimals: number; word: OcrWord; lessThan: boolean; guessedPlace?: boolean };

/** Tesseract's common misreadings inside a number: letter O for zero, l/I/| for one, S for five, B for eight. */
const DIGIT_LOOKALIKES: Record<string, string> = { O: '0', o: '0', D: '0', Q: '0', l: '1', I: '1', '|': '1', i: '1', '!': '1', S: '5', s: '5', B: '8', Z: '2', z: '2' };

/**
 * A printed number: decimal comma or point; a point before exactly three digits in a whole-number field (kcal, mg)
 * is a thousands separator ("1.142 mg"). Units glued to it ("4,5g", "120mg", "kcal") are dropped.
 */
export function parseNumber(raw: string, wholeNumberField: boolean): { value: number; decimals: number; lessThan: boolean } | null {
  let text = raw.trim().replace(/^[([]+|[)\]]+$/g, '');
  const lessThan = /^[<≤]/.test(text);
  text = text.replace(/^[<≤]\s*/, '').replace(/(kcal|kj|mg|ml|g)\.?$/i, '');
  if (!/\d/.test(text)) return null;
  text = [...text].map((c) => DIGIT_LOOKALIKES[c] ?? c).join('');
  if (!/^\d+([.,]\d+)?$/.test(text)) return null;
  if (wholeNumberField && /^\d{1,3}\.\d{3}$/.test(text)) text = text.replace('.', '');
  const [whole, fraction = ''] = text.split(/[.,]/);
  // Labels print at most two decimals: more is a misread (a rule or a neighbour's digits run in).
  if (fraction.length > 2) return null;
  const value = Number(`${whole}.${fraction || '0'}`);
  return Number.isFinite(value) ? { value, decimals: fraction.length, lessThan } : null;
}

/** Whether both columns were read and agree through the portion. */
export function crossCheckAgrees(per100: Cell | null, perPortion: Cell | null, ratio: number | null, grams = false): boolean {
  if (!per100 || !perPortion || ratio === null) return false;
  return agreeThroughPortion(per100.value, per100.decimals, perPortion.value, perPortion.decimals, ratio, grams);
}

/**
 * per 100 × ratio = per portion, within half a unit of the portion's printed precision and of the per-100 value's
 * (a whole number of grams is taken as exact: labels print grams with a decimal, or "16" for 16,0; a "44" that
 * was 44,3 with its decimals lost shows in the portion column).
 */
function agreeThroughPortion(a: number, aDecimals: number, b: number, bDecimals: number, ratio: number, grams: boolean): boolean {
  const aRounding = grams && aDecimals === 0 ? 0 : 0.5 * 10 ** -aDecimals * ratio;
  return Math.abs(a * ratio - b) <= 0.5 * 10 ** -bDecimals + aRounding + 1e-9;
}

/**
 * One nutrient's value from its two columns. Agreement: per 100 × ratio equals per portion within half a unit of
 * each printed precision. A factor of 10 or 100 that makes them agree is a lost decimal comma: that reading is
 * given, marked. No agreement, or one column missing, or an unsure read: marked, and emptied unless only the
 * confidence is in doubt.
 */
export function crossCheck(
  per100: Cell | null,
  perPortion: Cell | null,
  ratio: number | null,
  grams = false,
): Pick<LabelNutrient, 'value' | 'check'> {
  if (!per100) return { value: null, check: true };
  // A number found only where it should have been (the page reading missed it) may be a neighbour's: marked.
  const unsure =
    per100.lessThan ||
    !!per100.guessedPlace ||
    !!perPortion?.guessedPlace ||
    per100.word.conf < MIN_CONFIDENCE ||
    (perPortion !== null && perPortion.word.conf < MIN_CONFIDENCE);
  if (!perPortion || ratio === null) return { value: per100.value, check: true };
  const agrees = (a: number, aDecimals: number, b: number, bDecimals: number) => agreeThroughPortion(a, aDecimals, b, bDecimals, ratio, grams);
  if (agrees(per100.value, per100.decimals, perPortion.value, perPortion.decimals)) {
    return { value: per100.value, check: unsure };
  }
  // A lost decimal comma in the per-100 column: 27 for 2,7 (or 270 for 2,70).
  for (const shift of [1, 2]) {
    if (per100.decimals > 0) break;
    const shifted = per100.value / 10 ** shift;
    if (agrees(shifted, shift, perPortion.value, perPortion.decimals)) return { value: Number(shifted.toFixed(shift)), check: true };
  }
  // Lost in the per-portion column instead: the per-100 value stands, marked.
  for (const shift of [1, 2]) {
    if (perPortion.decimals > 0) break;
    if (agrees(per100.value, per100.decimals, perPortion.value / 10 ** shift, shift)) return { value: per100.value, check: true };
  }
  return { value: null, check: true };
}
