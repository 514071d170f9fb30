/**
 * A Chilean nutrition table out of the words read on its photo, every value checked before the shopper sees it.
 *
 * Layout (RSA art. 115): "Porción: 1 taza (30 g)", "Porciones por envase: N", a heading row with the "100 g" (or
 * "100 mL") and "1 porción" columns, then one row per nutrient with its label on the left. Rows are rebuilt from
 * the words' positions on the level image (a table's columns are often separate blocks to Tesseract); a value's
 * column is the heading it stands under.
 *
 * A value is given without a mark only when both columns were read, agree through the portion (per 100 × portion
 * ÷ 100 = per portion, within the labels' rounding), Tesseract was sure of them, and the table as a whole passes
 * the domain's plausibility rules and the energy check. A lost decimal comma (2,7 read 27) shows as a factor of
 * 10 between the columns: the value whose shift makes them agree is given, marked. Anything else that does not add
 * up is left empty and marked: never guessed.
 */
import { nutrientIssues } from '@etiqueta/domain';
import { nutrientFieldNames, type LabelBox, type LabelNutrient, type NutrientField } from '@etiqueta/contracts';
import type { OcrWord } from './ocr-words.ts';

export type NutritionReading = {
  per: '100 g' | '100 mL' | null;
  portionG: number | null;
  nutrients: Record<NutrientField, LabelNutrient>;
  /** How many nutrient rows were found at all (0: not a nutrition table, or not readable). */
  rowsFound: number;
};

/** Below this Tesseract confidence a digit may be another digit: the value is marked. */
export const MIN_CONFIDENCE = 80;
/**
 * Declared energy against the label's own macronutrients (4 kcal/g protein and available carbohydrate, 9 fat,
 * 2 fibre): a label computes its energy this way, so a gap beyond this share (or 12 kcal) means a value was misread.
 * Polyols and alcohol move honest labels too: they are marked for a look, not emptied.
 */
export const ENERGY_TOLERANCE = 0.1;

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase();

/** `guessedPlace`: found only by reading where the number should be, not by the page reading itself. */
type Cell = { value: number; decimals: number; word: OcrWord; lessThan: boolean; guessedPlace?: boolean };
type Row = { words: OcrWord[]; label: string; labelWords: OcrWord[]; numbers: Cell[] };

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

type Rule = { field: NutrientField; match: (label: string) => boolean };
/** Each nutrient's row label (accents folded), tolerant of a letter misread; the rows to leave alone first. */
const SKIP = /\b(trans|mono|poli|colest|porcion|envase|kj)\b|monoinsat|poliinsat/;
const near = (label: string, word: string) => {
  // One letter wrong in a word of five or more still matches.
  for (const token of label.split(/[^a-z]+/)) {
    if (token.length < word.length - 1) continue;
    const head = token.slice(0, word.length);
    let misses = Math.abs(head.length - word.length);
    for (let i = 0; i < Math.min(head.length, word.length); i++) if (head[i] !== word[i]) misses += 1;
    if (misses === 0 || (word.length >= 5 && misses <= 1)) return true;
  }
  return false;
};
const RULES: Rule[] = [
  { field: 'energyKcal100', match: (l) => near(l, 'energia') || /\bkcal\b/.test(l) },
  { field: 'proteinG100', match: (l) => near(l, 'proteina') },
  { field: 'saturatedFatG100', match: (l) => near(l, 'saturada') },
  { field: 'totalFatG100', match: (l) => near(l, 'grasa') && !near(l, 'saturada') },
  { field: 'totalSugarsG100', match: (l) => near(l, 'azucar') },
  { field: 'carbohydratesG100', match: (l) => near(l, 'hidratos') || near(l, 'carbono') || /\bh\.? ?de ?c\b/.test(l) },
  { field: 'fiberG100', match: (l) => near(l, 'fibra') },
  { field: 'sodiumMg100', match: (l) => near(l, 'sodio') },
];
const WHOLE_NUMBER_FIELDS = new Set<NutrientField>(['energyKcal100', 'sodiumMg100']);

const centreY = (w: OcrWord) => w.at[1] + w.at[3] / 2;
const centreX = (w: OcrWord) => w.at[0] + w.at[2] / 2;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)]! : 0;
};

/** Words into visual rows, left to right: each word joins the row whose last word it continues. */
export function rowsOf(words: OcrWord[]): OcrWord[][] {
  const height = median(words.map((w) => w.at[3])) || 10;
  const rows: OcrWord[][] = [];
  for (const word of [...words].sort((a, b) => a.at[0] - b.at[0])) {
    let best: OcrWord[] | null = null;
    let bestGap = Infinity;
    for (const row of rows) {
      const last = row.at(-1)!;
      if (last.at[0] + last.at[2] > word.at[0] + word.at[2] / 2) continue;
      const gap = Math.abs(centreY(last) - centreY(word));
      if (gap < 0.6 * Math.max(height, Math.min(last.at[3], word.at[3])) && gap < bestGap) [best, bestGap] = [row, gap];
    }
    if (best) best.push(word);
    else rows.push([word]);
  }
  return rows.sort((a, b) => centreY(a[0]!) - centreY(b[0]!));
}

type Values = Partial<Record<NutrientField, number | null>>;
const plausibilityOf = (v: Values, isBeverage = false) =>
  nutrientIssues({
    energyKcal100: v.energyKcal100 ?? null,
    totalFatG100: v.totalFatG100 ?? null,
    saturatedFatG100: v.saturatedFatG100 ?? null,
    carbohydratesG100: v.carbohydratesG100 ?? null,
    totalSugarsG100: v.totalSugarsG100 ?? null,
    proteinG100: v.proteinG100 ?? null,
    sodiumMg100: v.sodiumMg100 ?? null,
    isBeverage,
    isWater: false,
  });

/** Declared energy against the label's macronutrients: null when a value is missing, else whether they match. */
function energyMatches(v: Values): boolean | null {
  const [kcal, fat, carbs, protein] = [v.energyKcal100, v.totalFatG100, v.carbohydratesG100, v.proteinG100];
  if (kcal == null || fat == null || carbs == null || protein == null) return null;
  const computed = 9 * fat + 4 * carbs + 4 * protein + 2 * (v.fiberG100 ?? 0);
  return Math.abs(kcal - computed) <= Math.max(12, ENERGY_TOLERANCE * Math.max(kcal, computed));
}

/** How well a table adds up: values found, energy matching its macronutrients, no impossibility. */
function tableScore(values: Map<NutrientField, number>): number {
  const v = Object.fromEntries(values) as Values;
  const energy = energyMatches(v);
  return 0.5 * values.size + (energy === true ? 3 : energy === false ? -1 : 0) - 2 * plausibilityOf(v).length;
}

const samePairs = (a: { in100: Map<number, number>; inPortion: Map<number, number> }, b: typeof a) => {
  const same = (x: Map<number, number>, y: Map<number, number>) => x.size === y.size && [...x].every(([k, n]) => y.get(k) === n);
  return same(a.in100, b.in100) && same(a.inPortion, b.inPortion);
};

/** A word's box grown by half a line each way, so a second look sees the whole number. */
const padded = ([x, y, w, h]: OcrWord['at'], line: number): OcrWord['at'] => [
  Math.round(x - line / 2),
  Math.round(y - line / 2),
  Math.round(w + line),
  Math.round(h + line),
];

const emptyNutrients = (): Record<NutrientField, LabelNutrient> =>
  Object.fromEntries(nutrientFieldNames.map((f) => [f, { value: null, check: true, box: null, text: null }])) as Record<NutrientField, LabelNutrient>;

type Found = { field: NutrientField; row: Row; per100: Cell | null; perPortion: Cell | null };

type Anchor = { y: number; height: number };
/** A column's shift from a label's line to its number's: d(y) = a + b·(y − y0). */
type Shift = { a: number; b: number; y0: number; votes: number };
const shiftAt = (s: Shift, y: number) => s.a + s.b * (y - s.y0);

/**
 * The likely shifts between label rows and the numbers of one column. On a photo the numbers of a row are rarely
 * level with its label: a curved pack bows the rows, perspective tilts them differently at the top and the
 * bottom. Within one column the shift changes slowly and steadily down the table, so it is a line in y: every
 * line through two label–number pairs is tried and counts the pairs it fits. Several lines may fit as many
 * pairs (the same line one row up or down); the table's own arithmetic decides between them later.
 */
function columnShifts(labels: Anchor[], numbers: { y: number }[]): Shift[] {
  const h = median(labels.map((l) => l.height)) || 10;
  const pairs: { y: number; d: number; label: number; number: number }[] = [];
  for (const [li, label] of labels.entries()) {
    for (const [ni, number] of numbers.entries()) {
      const d = number.y - label.y;
      if (Math.abs(d) < 3 * label.height) pairs.push({ y: label.y, d, label: li, number: ni });
    }
  }
  if (pairs.length === 0) return [];
  const lines: Shift[] = [];
  const consider = (a: number, b: number, y0: number) => {
    if (Math.abs(b) > 0.12) return;
    const fit = pairs.filter((p) => Math.abs(p.d - (a + b * (p.y - y0))) < 0.3 * h);
    // One number per label and one label per number: count distinct ones.
    const votes = Math.min(new Set(fit.map((p) => p.label)).size, new Set(fit.map((p) => p.number)).size);
    // Refit through what it fits (least squares), so the line sits in the middle of its pairs.
    const my = fit.reduce((t, p) => t + p.y, 0) / fit.length;
    const md = fit.reduce((t, p) => t + p.d, 0) / fit.length;
    const vy = fit.reduce((t, p) => t + (p.y - my) ** 2, 0);
    const slope = fit.length >= 3 && vy > (2 * h) ** 2 ? fit.reduce((t, p) => t + (p.y - my) * (p.d - md), 0) / vy : 0;
    lines.push({ a: md, b: Math.abs(slope) <= 0.12 ? slope : 0, y0: my, votes });
  };
  for (const p of pairs) consider(p.d, 0, p.y);
  for (let i = 0; i < pairs.length; i++) {
    for (let j = i + 1; j < pairs.length; j++) {
      const [p, q] = [pairs[i]!, pairs[j]!];
      if (p.label === q.label || p.number === q.number || Math.abs(q.y - p.y) < 2 * h) continue;
      consider(p.d, (q.d - p.d) / (q.y - p.y), p.y);
    }
  }
  // The best few, each a different row pairing (not the same line found twice).
  lines.sort((x, y) => y.votes - x.votes);
  const distinct: Shift[] = [];
  const meanY = labels.reduce((t, l) => t + l.y, 0) / labels.length;
  for (const line of lines) {
    if (line.votes < lines[0]!.votes - 1) break;
    if (distinct.some((d) => Math.abs(shiftAt(d, meanY) - shiftAt(line, meanY)) < 0.5 * h)) continue;
    distinct.push(line);
    if (distinct.length === 4) break;
  }
  return distinct;
}

/** Each label its number along a shift line (the nearest within half a line), each number used once. */
function assignAlong(labels: Anchor[], numbers: { y: number }[], shift: Shift | undefined): Map<number, number> {
  const assigned = new Map<number, number>();
  if (!shift) return assigned;
  const h = median(labels.map((l) => l.height)) || 10;
  const fits: { label: number; number: number; residual: number }[] = [];
  for (const [li, label] of labels.entries()) {
    for (const [ni, number] of numbers.entries()) {
      const residual = Math.abs(number.y - label.y - shiftAt(shift, label.y));
      if (residual < 0.45 * h) fits.push({ label: li, number: ni, residual });
    }
  }
  const used = new Set<number>();
  for (const f of fits.sort((x, y) => x.residual - y.residual)) {
    if (assigned.has(f.label) || used.has(f.number)) continue;
    assigned.set(f.label, f.number);
    used.add(f.number);
  }
  return assigned;
}

/**
 * Reads one cell again, alone and as digits only (Tesseract's single-line mode, characters 0–9 , .): a second
 * look where the page reading found no number, or one it was unsure of, or two columns that disagree.
 */
export type Reread = (at: OcrWord['at']) => Promise<{ text: string; conf: number; box: OcrWord['box'] } | null>;

export async function nutritionFromWords(words: OcrWord[], reread?: Reread): Promise<NutritionReading> {
  const visualRows = rowsOf(words);

  // The heading row: "100 g" / "100 mL" (OCR splits "1 00", reads g as 9) and "1 porción" to its right.
  let per: NutritionReading['per'] = null;
  let column100: number | null = null;
  let columnPortion: number | null = null;
  let headingWords = new Set<OcrWord>();
  // Looked for among all the words, not a row: on a tilted photo the heading's words need not share a row.
  const lineHeight0 = median(words.map((w) => w.at[3])) || 20;
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

  // The portion: "Porción: 1 taza (30 g)" (never "Porciones por envase").
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
  if (!per && portionUnit) per = portionUnit === 'mL' ? '100 mL' : '100 g';

  // Where the labels end and the numbers begin: half a column left of the "100 g" heading; without a heading,
  // right of the longest nutrient label.
  const isNumber = (w: OcrWord) => !/^\(/.test(w.text) && parseNumber(w.text, false) !== null;
  const gap = column100 !== null && columnPortion !== null ? Math.abs(columnPortion - column100) : null;
  let valuesFrom: number;
  if (column100 !== null) valuesFrom = column100 - 0.6 * (gap ?? 4 * median(words.map((w) => w.at[3])));
  else {
    const ends = visualRows
      .map((row) => row.filter((w) => !isNumber(w)))
      .filter((ws) => ws.length > 0 && RULES.some((r) => r.match(fold(ws.map((w) => w.text).join(' ')))))
      .map((ws) => Math.max(...ws.map((w) => w.at[0] + w.at[2])));
    valuesFrom = ends.length ? Math.max(...ends) : Infinity;
  }
  const rows: Row[] = [];
  for (const row of visualRows) {
    const labelWords = row.filter((w) => centreX(w) < valuesFrom && !isNumber(w));
    const label = fold(labelWords.map((w) => w.text).join(' '));
    if (/\p{L}{2}/u.test(label)) rows.push({ words: row, labelWords, label, numbers: [] });
  }
  const numbers = words.filter((w) => !headingWords.has(w) && centreX(w) >= valuesFrom && isNumber(w));

  // Each number to its column: the nearer heading, or, without headings, left and right of the widest gap.
  const columns: [OcrWord[], OcrWord[]] = [[], []];
  if (column100 !== null && columnPortion !== null) {
    for (const w of numbers) {
      const x = centreX(w);
      if (Math.min(Math.abs(x - column100), Math.abs(x - columnPortion)) > 0.8 * gap!) continue;
      columns[Math.abs(x - column100) <= Math.abs(x - columnPortion) ? 0 : 1].push(w);
    }
  } else {
    const xs = numbers.map(centreX).sort((a, b) => a - b);
    let split = Infinity;
    let widest = 0;
    for (let i = 1; i < xs.length; i++) {
      if (xs[i]! - xs[i - 1]! > widest) [widest, split] = [xs[i]! - xs[i - 1]!, (xs[i]! + xs[i - 1]!) / 2];
    }
    const h = median(words.map((w) => w.at[3]));
    for (const w of numbers) columns[widest > 2 * h && centreX(w) > split ? 1 : 0].push(w);
  }

  const anchors = rows.map((r) => ({ y: median(r.labelWords.map(centreY)), height: median(r.labelWords.map((w) => w.at[3])) }));
  const ys = columns.map((column) => column.map((w) => ({ y: centreY(w) })));
  const shifts = ys.map((column) => columnShifts(anchors, column));
  const labelX = median(rows.flatMap((r) => r.labelWords.map(centreX)));
  const x100 = median(columns[0].map(centreX));
  const xPortion = median(columns[1].map(centreX));

  // The nutrient rows, whatever the pairing.
  const nutrientRows: { index: number; field: NutrientField }[] = [];
  for (const [index, row] of rows.entries()) {
    if (SKIP.test(row.label)) continue;
    const rule = RULES.find((r) => r.match(row.label));
    if (rule && !nutrientRows.some((n) => n.field === rule.field)) nutrientRows.push({ index, field: rule.field });
  }
  const cellOf = (field: NutrientField, word: OcrWord | undefined): Cell | null => {
    const parsed = word ? parseNumber(word.text, WHOLE_NUMBER_FIELDS.has(field)) : null;
    return parsed && word ? { ...parsed, word } : null;
  };
  const ratioNow = portionG !== null ? portionG / 100 : null;

  // Every likely pairing of both columns, judged by the table's own arithmetic: rows whose columns agree through
  // the portion, energy that matches its macronutrients, none of the domain's impossibilities.
  type Pairing = { in100: Map<number, number>; inPortion: Map<number, number>; s100?: Shift; sPortion?: Shift; score: number };
  const pairings: Pairing[] = [];
  for (const s100 of shifts[0]!.length ? shifts[0]! : [undefined]) {
    for (const sPortion of shifts[1]!.length ? shifts[1]! : [undefined]) {
      const in100 = assignAlong(anchors, ys[0]!, s100);
      const inPortion = assignAlong(anchors, ys[1]!, sPortion);
      const values = new Map<NutrientField, number>();
      let score = 0;
      for (const { index, field } of nutrientRows) {
        const a = in100.get(index);
        const b = inPortion.get(index);
        const per100 = cellOf(field, a === undefined ? undefined : columns[0][a]);
        const perPortion = cellOf(field, b === undefined ? undefined : columns[1][b]);
        const grams = !WHOLE_NUMBER_FIELDS.has(field);
        // Columns that agree (or would, with a lost decimal comma put back) through the portion; the table's
        // arithmetic below judges the values as they would be given.
        const checked = crossCheck(per100, perPortion, ratioNow, grams);
        const value = checked.value ?? per100?.value;
        if (value !== undefined) values.set(field, value);
        if (crossCheckAgrees(per100, perPortion, ratioNow, grams)) score += 2;
        else if (checked.value !== null && perPortion && ratioNow !== null) score += 1.5;
      }
      score += tableScore(values);
      // The portion column's shift grows with its distance from the labels, like the per-100 column's.
      if (s100 && sPortion && x100 > labelX) {
        const expected = (s100.a * (xPortion - labelX)) / (x100 - labelX);
        score -= Math.min(1, Math.abs(shiftAt(sPortion, s100.y0) - expected) / (3 * (median(anchors.map((x) => x.height)) || 10)));
      }
      // A photo seldom moves a number a whole row away from its label: the nearer pairing is preferred.
      const rowGap = lineHeight0 * 1.7;
      const meanLabelY = anchors.reduce((t, x) => t + x.y, 0) / Math.max(1, anchors.length);
      if (s100) score -= (0.75 * Math.abs(shiftAt(s100, meanLabelY))) / rowGap;
      pairings.push({ in100, inPortion, s100, sPortion, score });
    }
  }
  pairings.sort((x, y) => y.score - x.score);
  const best = pairings[0]!;
  // Two pairings the arithmetic cannot tell apart give different values: every value is marked.
  const ambiguous = pairings.length > 1 && pairings[1]!.score >= best.score - 0.5 && !samePairs(pairings[1]!, best);
  const { in100, inPortion } = best;
  const first = { predicted: (y: number) => (best.s100 ? shiftAt(best.s100, y) : 0) };
  const second = { predicted: (y: number) => (best.sPortion ? shiftAt(best.sPortion, y) : 0) };
  // Each nutrient's row and its two numbers, read again where in doubt.
  const found = new Map<NutrientField, Found>();
  const lineHeight = median(anchors.map((a) => a.height)) || 20;
  const columnX = [column100 ?? (columns[0].length ? x100 : null), columnPortion ?? (columns[1].length ? xPortion : null)];
  const columnWidth = gap ?? 5 * lineHeight;
  for (const { index: i, field } of nutrientRows) {
    const row = rows[i]!;
    const at100 = in100.get(i);
    const atPortion = inPortion.get(i);
    const entry: Found = {
      field,
      row,
      per100: cellOf(field, at100 === undefined ? undefined : columns[0][at100]),
      perPortion: cellOf(field, atPortion === undefined ? undefined : columns[1][atPortion]),
    };
    if (reread) {
      // Where a missing number should be: its column, on its label's line moved by the column's shift.
      const y = anchors[i]!.y;
      const around = (c: number): OcrWord['at'] | null => {
        const x = columnX[c];
        if (x === null || x === undefined) return null;
        const centre = y + (c === 0 ? first.predicted(y) : second.predicted(y));
        const w = 0.9 * columnWidth;
        return [Math.round(x - w / 2), Math.round(centre - lineHeight), Math.round(w), Math.round(2 * lineHeight)];
      };
      const again = async (current: Cell | null, c: number): Promise<Cell | null> => {
        const at = current ? padded(current.word.at, lineHeight) : around(c);
        if (!at) return current;
        const read = await reread(at);
        const parsed = read ? parseNumber(read.text, WHOLE_NUMBER_FIELDS.has(field)) : null;
        // A second look that sees no number there ("44," with its decimal gone) leaves the first one in doubt.
        if (!parsed || !read) return current && { ...current, word: { ...current.word, conf: Math.min(current.word.conf, MIN_CONFIDENCE - 1) } };
        const word: OcrWord = { text: read.text, conf: read.conf, at, box: current?.word.box ?? read.box, line: row.words[0]!.line };
        if (!current) return { ...parsed, word, guessedPlace: true };
        // Two readings that agree make one sure reading; that disagree, an unsure one (the clearer of the two).
        if (parsed.value === current.value) return { ...current, word: { ...current.word, conf: Math.max(current.word.conf, read.conf) } };
        const pick = read.conf > current.word.conf ? { ...parsed, word } : current;
        return { ...pick, word: { ...pick.word, conf: Math.min(pick.word.conf, MIN_CONFIDENCE - 1) } };
      };
      // Also a whole number of grams: "44" may be "44,3" with its decimals lost, which the portion column can miss.
      const grams = !WHOLE_NUMBER_FIELDS.has(field);
      const doubtful = (c: Cell | null) => c === null || c.word.conf < MIN_CONFIDENCE || (grams && c.decimals === 0 && c.value >= 1);
      // Missing or unsure cells first; then, if the columns still disagree, the cells not yet read twice.
      const [first100, firstPortion] = [doubtful(entry.per100), doubtful(entry.perPortion)];
      if (first100) entry.per100 = await again(entry.per100, 0);
      if (firstPortion) entry.perPortion = await again(entry.perPortion, 1);
      if (!crossCheckAgrees(entry.per100, entry.perPortion, ratioNow, !WHOLE_NUMBER_FIELDS.has(field))) {
        if (!first100) entry.per100 = await again(entry.per100, 0);
        if (!firstPortion) entry.perPortion = await again(entry.perPortion, 1);
      }
    }
    found.set(field, entry);
  }

  const nutrients = emptyNutrients();
  // The portion as a share of 100: printed, or, when unreadable, what the table's own rows agree on.
  let ratio = portionG !== null ? portionG / 100 : null;
  if (ratio === null) {
    const ratios = [...found.values()]
      .filter((f) => f.per100 && f.perPortion && f.per100.value >= 1)
      .map((f) => f.perPortion!.value / f.per100!.value);
    const m = median(ratios);
    if (ratios.filter((r) => Math.abs(r - m) <= 0.05 * m).length >= 3) ratio = m;
  }

  const boxOf = (f: Found): LabelBox => {
    const ws = f.per100 ? [f.per100.word] : f.row.words;
    const left = Math.min(...ws.map((w) => w.box[0]));
    const top = Math.min(...ws.map((w) => w.box[1]));
    const right = Math.max(...ws.map((w) => w.box[0] + w.box[2]));
    const bottom = Math.max(...ws.map((w) => w.box[1] + w.box[3]));
    return [left, top, right - left, bottom - top];
  };

  // What was read on the row, as read: its label, then the number of each column that was paired with it.
  const textOf = (f: Found): string =>
    [...f.row.labelWords, ...(f.per100 ? [f.per100.word] : []), ...(f.perPortion ? [f.perPortion.word] : [])].map((w) => w.text).join(' ');

  // A label that prints "24,0" prints every gram value with its decimal: a whole number of grams there lost its
  // comma, in both columns if they still agree (31 and 19 for 3,1 and 1,9).
  const printsDecimals = [...found.values()].some(
    (f) => !WHOLE_NUMBER_FIELDS.has(f.field) && f.per100 !== null && f.per100.decimals > 0 && /0$/.test(f.per100.word.text.replace(/\D+$/, '')),
  );
  for (const f of found.values()) {
    const grams = !WHOLE_NUMBER_FIELDS.has(f.field);
    const result = crossCheck(f.per100, f.perPortion, ratio, grams);
    const lostComma = grams && printsDecimals && (f.per100?.decimals === 0 || f.perPortion?.decimals === 0);
    nutrients[f.field] = { ...result, check: result.check || lostComma, box: boxOf(f), text: textOf(f) };
  }

  // The table as a whole: the domain's rules (parts within wholes, macros within 100 g, energy against Atwater),
  // then the label's own energy sum. The values a failed rule names are marked for the shopper.
  const values = Object.fromEntries(nutrientFieldNames.map((f) => [f, nutrients[f].value])) as Values;
  for (const issue of plausibilityOf(values, per === '100 mL')) {
    for (const field of issue.fields) nutrients[field].check = true;
  }
  // Energy is the table's checksum: without it (unread, or a macronutrient missing) a table read one row off
  // cannot be told from the right one, so the values it would have checked are marked too.
  if (energyMatches(values) !== true) {
    for (const field of ['energyKcal100', 'totalFatG100', 'carbohydratesG100', 'proteinG100', 'fiberG100'] as const) nutrients[field].check = true;
  }
  if (ambiguous) for (const field of nutrientFieldNames) nutrients[field].check = true;
  return { per, portionG, nutrients, rowsFound: found.size };
}

/** Whether both columns were read and agree through the portion. */
function crossCheckAgrees(per100: Cell | null, perPortion: Cell | null, ratio: number | null, grams = false): boolean {
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
