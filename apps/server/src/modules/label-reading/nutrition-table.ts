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
import { nutrientFieldNames, type LabelBox, type LabelNutrient, type NutrientField } from '@etiqueta/contracts';
import { crossCheck, crossCheckAgrees, MIN_CONFIDENCE, parseNumber, type Cell } from './column-check.ts';
import { fold, RULES, SKIP, WHOLE_NUMBER_FIELDS, type Row } from './nutrient-rows.ts';
import type { OcrWord } from './ocr-words.ts';
import { energyMatches, plausibilityOf, tableScore, type Values } from './table-arithmetic.ts';
import { findHeading, readPortion, type TableBasis } from './table-heading.ts';
import { assignAlong, centreX, centreY, columnShifts, median, padded, rowsOf, shiftAt, type Shift } from './table-geometry.ts';

export type NutritionReading = {
  per: TableBasis | null;
  portionG: number | null;
  nutrients: Record<NutrientField, LabelNutrient>;
  /** How many nutrient rows were found at all (0: not a nutrition table, or not readable). */
  rowsFound: number;
};

const samePairs = (a: { in100: Map<number, number>; inPortion: Map<number, number> }, b: typeof a) => {
  const same = (x: Map<number, number>, y: Map<number, number>) => x.size === y.size && [...x].every(([k, n]) => y.get(k) === n);
  return same(a.in100, b.in100) && same(a.inPortion, b.inPortion);
};

const emptyNutrients = (): Record<NutrientField, LabelNutrient> =>
  Object.fromEntries(nutrientFieldNames.map((f) => [f, { value: null, check: true, box: null, text: null }])) as Record<NutrientField, LabelNutrient>;

type Found = { field: NutrientField; row: Row; per100: Cell | null; perPortion: Cell | null };

/**
 * Reads one cell again, alone and as digits only (Tesseract's single-line mode, characters 0–9 , .): a second
 * look where the page reading found no number, or one it was unsure of, or two columns that disagree.
 */
export type Reread = (at: OcrWord['at']) => Promise<{ text: string; conf: number; box: OcrWord['box'] } | null>;

export async function nutritionFromWords(words: OcrWord[], reread?: Reread): Promise<NutritionReading> {
  const visualRows = rowsOf(words);
  const lineHeight0 = median(words.map((w) => w.at[3])) || 20;
  const heading = findHeading(words, lineHeight0);
  let per = heading.per;
  const { column100, columnPortion, headingWords } = heading;
  const { portionG, portionUnit } = readPortion(visualRows);
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
