// The table's heading and portion line: where the "100 g" (or "100 mL") and "1 porción" columns stand, and the
// portion's size from "Porción: 1 taza (30 g)".
import { parseNumber } from './column-check.ts';
import { fold } from './nutrient-rows.ts';
import type { OcrWord } from './ocr-words.ts';
import { centreY } from './table-geometry.ts';

/** What the table's values are given per. */
export type TableBasis = '100 g' | '100 mL';

/**
 * The heading row: "100 g" / "100 mL" (OCR splits "1 00", reads g as 9) and "1 porción" to its right.
 * Looked for among all the words, not a row: on a tilted photo the heading's words need not share a row.
 * `lineHeight0`: the words' median height.
 */
export function findHeading(words: OcrWord[], lineHeight0: number) {
  let per: TableBasis | null = null;
  let column100: number | null = null;
  let columnPortion: number | null = null;
  let headingWords = new Set<OcrWord>();
  const beside = (a: OcrWord, b: OcrWord, across: number) =>
    Math.abs(centreY(a) - centreY(b)) < 1.2 * lineHeight0 && b.at[0] > a.at[0] && b.at[0] - (a.at[0] + a.at[2]) < across * lineHeight0;
  // "1 porción" of the heading (no colon: "Porción:" starts the portion line).
  const portionHeadings = words.filter((w) => /^(1)?porci[oó0]n$/i.test(fold(w.text)));
  for (const word of words) {
    const text = fold(word.text);
    const glued = /^100(g|9|q|ml|mi|m1|cc)\.?$/.exec(text);
    if (!glued && text !== '100') continue;
    const unitWord = glued ? null : words.find((w) => beside(word, w, 1.5) && /^(g|9|q|ml|mi|m1|cc)\.?$/.test(fold(w.text)));
    const heading = portionHeadings.find((w) => beside(word, w, 12));
    if (!glued && !unitWord && !heading) continue;
    const unit = glued?.[1] ?? (unitWord ? fold(unitWord.text) : '');
    if (unit) per = /m|cc/.test(unit) ? '100 mL' : '100 g';
    const right = unitWord ? unitWord.at[0] + unitWord.at[2] : word.at[0] + word.at[2];
    column100 = (word.at[0] + right) / 2;
    if (heading) {
      const one = words.find((w) => w.text === '1' && beside(w, heading, 1));
      columnPortion = ((one ?? heading).at[0] + heading.at[0] + heading.at[2]) / 2;
    }
    headingWords = new Set([word, ...(unitWord ? [unitWord] : []), ...(heading ? [heading] : [])]);
    break;
  }
  return { per, column100, columnPortion, headingWords };
}

/** The portion: "Porción: 1 taza (30 g)" (never "Porciones por envase") */
export function readPortion(visualRows: OcrWord[][]): { portionG: number | null; portionUnit: 'g' | 'mL' | null } {
  let portionG: number | null = null;
  let portionUnit: 'g' | 'mL' | null = null;
  for (const row of visualRows) {
    const text = row.map((w) => w.text).join(' ');
    const folded = fold(text);
    if (!/^porci[o0]n\b/.test(folded) || /porciones/.test(folded)) continue;
    const inBrackets = /\(\s*([\dOol,.]+)\s*(g|ml|cc|9|q)\s*\)?/i.exec(text) ?? /([\dOol,.]+)\s*(g|ml|cc)\b/i.exec(text);
    const number = inBrackets ? parseNumber(inBrackets[1]!, false) : null;
    if (number && number.value > 0 && number.value <= 1000) {
      portionG = number.value;
      portionUnit = /ml|cc/i.test(inBrackets![2]!) ? 'mL' : 'g';
    }
    break;
  }
  return { portionG, portionUnit };
}
