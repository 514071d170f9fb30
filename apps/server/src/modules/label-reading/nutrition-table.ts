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

type Cell = { value: number; decimals: number; word: OcrWord; lessThan: boolean };
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
  { field: 'energyKcal100', match: (l) => near(l, 'energia') },
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
function rowsOf(words: OcrWord[]): OcrWord[][] {
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

const emptyNutrients = (): Record<NutrientField, LabelNutrient> =>
  Object.fromEntries(nutrientFieldNames.map((f) => [f, { value: null, check: true, box: null }])) as Record<NutrientField, LabelNutrient>;

type Found = { field: NutrientField; row: Row; per100: Cell | null; perPortion: Cell | null };

export function nutritionFromWords(words: OcrWord[]): NutritionReading {
  const rows: Row[] = rowsOf(words).map((rowWords) => {
    const firstNumber = rowWords.findIndex((w, i) => i > 0 && parseNumber(w.text, false) !== null && !/^\(/.test(w.text));
    const labelWords = firstNumber < 0 ? rowWords : rowWords.slice(0, firstNumber);
    return { words: rowWords, labelWords, label: fold(labelWords.map((w) => w.text).join(' ')), numbers: [] };
  });

  // The heading row: "100 g"/"100 mL" and "porción" to the right of where labels stand.
  let per: NutritionReading['per'] = null;
  let column100: number | null = null;
  let columnPortion: number | null = null;
  for (const row of rows) {
    const texts = row.words.map((w) => fold(w.text));
    const at100 = texts.findIndex((t, i) => /^100(g|ml|cc)?$/.test(t) && (/(g|ml|cc)$/.test(t) || /^(g|ml|mi|cc|9)\b/.test(texts[i + 1] ?? '')));
    const atPortion = texts.findIndex((t, i) => /porci/.test(t) && i > 0);
    if (at100 >= 0 && at100 < texts.length) {
      const unit = /ml|mi|cc/.test(texts[at100]!) || /^(ml|mi|cc)/.test(texts[at100 + 1] ?? '') ? '100 mL' : '100 g';
      per = unit;
      const unitWord = /(g|ml|cc)$/.test(texts[at100]!) ? row.words[at100]! : row.words[at100 + 1]!;
      column100 = (row.words[at100]!.at[0] + unitWord.at[0] + unitWord.at[2]) / 2;
      if (atPortion > at100) columnPortion = (row.words[atPortion - 1]!.at[0] + row.words[atPortion]!.at[0] + row.words[atPortion]!.at[2]) / 2;
      break;
    }
  }

  // The portion: "Porción: 1 taza (30 g)" (never "Porciones por envase").
  let portionG: number | null = null;
  let portionUnit: 'g' | 'mL' | null = null;
  for (const row of rows) {
    const text = row.words.map((w) => w.text).join(' ');
    const folded = fold(text);
    if (!/^porci[o0]n\b/.test(folded) || /porciones/.test(folded)) continue;
    const inBrackets = /\(\s*([\dOol,.]+)\s*(g|ml|cc|9)\s*\)?/i.exec(text) ?? /([\dOol,.]+)\s*(g|ml|cc)\b/i.exec(text);
    const number = inBrackets ? parseNumber(inBrackets[1]!, false) : null;
    if (number && number.value > 0 && number.value <= 1000) {
      portionG = number.value;
      portionUnit = /ml|cc/i.test(inBrackets![2]!) ? 'mL' : 'g';
    }
    break;
  }
  if (!per && portionUnit) per = portionUnit === 'mL' ? '100 mL' : '100 g';

  // Each nutrient's row and its two numbers.
  const found = new Map<NutrientField, Found>();
  for (const row of rows) {
    if (SKIP.test(row.label)) continue;
    const rule = RULES.find((r) => r.match(row.label));
    if (!rule || found.has(rule.field)) continue;
    const whole = WHOLE_NUMBER_FIELDS.has(rule.field);
    const cells = row.words
      .slice(row.labelWords.length)
      .map((word) => ({ word, parsed: parseNumber(word.text, whole) }))
      .filter((c): c is { word: OcrWord; parsed: NonNullable<ReturnType<typeof parseNumber>> } => c.parsed !== null)
      .map(({ word, parsed }) => ({ ...parsed, word }));
    let per100: Cell | null = null;
    let perPortion: Cell | null = null;
    if (column100 !== null && columnPortion !== null) {
      const width = Math.abs(columnPortion - column100);
      for (const cell of cells) {
        const x = centreX(cell.word);
        const to100 = Math.abs(x - column100);
        const toPortion = Math.abs(x - columnPortion);
        if (Math.min(to100, toPortion) > width * 0.75) continue;
        if (to100 < toPortion) per100 ??= cell;
        else perPortion ??= cell;
      }
    } else {
      [per100 = null, perPortion = null] = cells;
    }
    found.set(rule.field, { field: rule.field, row, per100, perPortion });
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

  for (const f of found.values()) {
    const result = crossCheck(f.per100, f.perPortion, ratio);
    nutrients[f.field] = { ...result, box: boxOf(f) };
  }

  // The table as a whole: the domain's rules (parts within wholes, macros within 100 g, energy against Atwater),
  // then the label's own energy sum. The values a failed rule names are marked for the shopper.
  const value = (field: NutrientField) => nutrients[field].value;
  const issues = nutrientIssues({
    energyKcal100: value('energyKcal100'),
    totalFatG100: value('totalFatG100'),
    saturatedFatG100: value('saturatedFatG100'),
    carbohydratesG100: value('carbohydratesG100'),
    totalSugarsG100: value('totalSugarsG100'),
    proteinG100: value('proteinG100'),
    sodiumMg100: value('sodiumMg100'),
    isBeverage: per === '100 mL',
    isWater: false,
  });
  for (const issue of issues) for (const field of issue.fields) nutrients[field].check = true;
  const [kcal, fat, carbs, protein] = [value('energyKcal100'), value('totalFatG100'), value('carbohydratesG100'), value('proteinG100')];
  if (kcal !== null && fat !== null && carbs !== null && protein !== null) {
    const computed = 9 * fat + 4 * carbs + 4 * protein + 2 * (value('fiberG100') ?? 0);
    if (Math.abs(kcal - computed) > Math.max(12, ENERGY_TOLERANCE * Math.max(kcal, computed))) {
      for (const field of ['energyKcal100', 'totalFatG100', 'carbohydratesG100', 'proteinG100', 'fiberG100'] as const) nutrients[field].check = true;
    }
  }
  return { per, portionG, nutrients, rowsFound: found.size };
}

/**
 * One nutrient's value from its two columns. Agreement: per 100 × ratio equals per portion within half a unit of
 * each printed precision. A factor of 10 or 100 that makes them agree is a lost decimal comma: that reading is
 * given, marked. No agreement, or one column missing, or an unsure read: marked, and emptied unless only the
 * confidence is in doubt.
 */
export function crossCheck(per100: Cell | null, perPortion: Cell | null, ratio: number | null): Omit<LabelNutrient, 'box'> {
  if (!per100) return { value: null, check: true };
  const unsure = per100.lessThan || per100.word.conf < MIN_CONFIDENCE || (perPortion !== null && perPortion.word.conf < MIN_CONFIDENCE);
  if (!perPortion || ratio === null) return { value: per100.value, check: true };
  const agrees = (a: number, aDecimals: number, b: number, bDecimals: number) =>
    Math.abs(a * ratio - b) <= 0.5 * 10 ** -bDecimals + 0.5 * 10 ** -aDecimals * ratio + 1e-9;
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
