import { describe, expect, it } from 'vitest';
import { ingredientsFromWords } from './ingredients-text.ts';
import { crossCheck, parseNumber } from './column-check.ts';
import { nutritionFromWords, type Reread } from './nutrition-table.ts';
import type { OcrWord } from './ocr-words.ts';

/** Words laid out as OCR would find them: one line of text per entry, each word at its x, the line at its y. */
function wordsOf(lines: { y: number; words: [text: string, x: number, conf?: number][] }[], line = (i: number) => `1.1.${i}`): OcrWord[] {
  return lines.flatMap(({ y, words }, i) =>
    words.map(([text, x, conf = 96]) => {
      const at: OcrWord['at'] = [x, y, Math.max(12, text.length * 14), 30];
      return { text, conf, at, box: at, line: line(i) };
    }),
  );
}

const cell = (value: number, decimals: number, conf = 96) => ({
  value,
  decimals,
  lessThan: false,
  word: { text: String(value), conf, at: [0, 0, 10, 10] as OcrWord['at'], box: [0, 0, 10, 10] as OcrWord['box'], line: '1.1.1' },
});

describe('a printed number', () => {
  it('takes a decimal comma or point, drops glued units, fixes letters OCR takes for digits', () => {
    expect(parseNumber('2,7', false)).toEqual({ value: 2.7, decimals: 1, lessThan: false });
    expect(parseNumber('12.5g', false)).toMatchObject({ value: 12.5, decimals: 1 });
    expect(parseNumber('O,5', false)).toMatchObject({ value: 0.5 });
    expect(parseNumber('l20mg', true)).toMatchObject({ value: 120, decimals: 0 });
    expect(parseNumber('<0,5', false)).toMatchObject({ value: 0.5, lessThan: true });
  });

  it('reads a point before three digits as thousands in kcal and mg, and refuses what no label prints', () => {
    expect(parseNumber('1.142', true)).toMatchObject({ value: 1142, decimals: 0 });
    expect(parseNumber('7.213', false)).toBeNull();
    expect(parseNumber('(g)', false)).toBeNull();
    expect(parseNumber('———', false)).toBeNull();
    expect(parseNumber('1,2,3', false)).toBeNull();
  });
});

describe('a value checked against its portion column', () => {
  it('is given unmarked when both columns agree through the portion (30 g)', () => {
    expect(crossCheck(cell(2.7, 1), cell(0.8, 1), 0.3)).toEqual({ value: 2.7, check: false });
    expect(crossCheck(cell(436, 0), cell(131, 0), 0.3)).toEqual({ value: 436, check: false });
  });

  it('repairs a lost decimal comma (27 for 2,7) that the portion column shows, and marks it', () => {
    expect(crossCheck(cell(27, 0), cell(0.8, 1), 0.3)).toEqual({ value: 2.7, check: true });
  });

  it('leaves a value the columns disagree on empty, marked; never guesses', () => {
    expect(crossCheck(cell(6, 0), cell(2.5, 1), 0.3)).toEqual({ value: null, check: true });
    expect(crossCheck(null, cell(2.5, 1), 0.3)).toEqual({ value: null, check: true });
  });

  it('marks a value it cannot cross-check, or one Tesseract was unsure of', () => {
    expect(crossCheck(cell(2.7, 1), null, 0.3)).toEqual({ value: 2.7, check: true });
    expect(crossCheck(cell(2.7, 1), cell(0.8, 1), null)).toEqual({ value: 2.7, check: true });
    expect(crossCheck(cell(2.7, 1, 40), cell(0.8, 1), 0.3)).toEqual({ value: 2.7, check: true });
  });
});

/** A Chilean table, its numbers `drift` px lower per 100 px to the right (a tilted, curved photo). */
function table(values: Record<string, [string, string]>, drift = 0) {
  const rows: { y: number; words: [string, number, number?][] }[] = [
    { y: 40, words: [['INFORMACIÓN', 20], ['NUTRICIONAL', 220]] },
    { y: 90, words: [['Porción:', 20], ['1', 140], ['taza', 170], ['(30', 240], ['g)', 300]] },
    { y: 140, words: [['Porciones', 20], ['por', 170], ['envase:', 230], ['8', 340]] },
    { y: 190, words: [['100', 560 + 0], ['g', 610], ['1', 750], ['porción', 770]] },
  ];
  let y = 240;
  for (const [label, [per100, portion]] of Object.entries(values)) {
    rows.push({ y, words: label.split(' ').map((w, i) => [w, 20 + i * 110] as [string, number]) });
    rows.push({ y: y + Math.round(5.8 * drift), words: [[per100, 580]] });
    rows.push({ y: y + Math.round(8 * drift), words: [[portion, 800]] });
    y += 50;
  }
  return wordsOf(rows, (i) => `${i}.1.1`);
}

const LABEL = {
  'Energía (kcal)': ['436', '131'],
  'Proteínas (g)': ['5,1', '1,5'],
  'Grasas totales (g)': ['16,0', '4,8'],
  'Grasas saturadas (g)': ['7,2', '2,2'],
  'Grasas trans (g)': ['0,1', '0,0'],
  'Hidratos de carbono disponibles (g)': ['68,0', '20,4'],
  'Azúcares totales (g)': ['44,0', '13,2'],
  'Fibra dietética total (g)': ['2,0', '0,6'],
  'Sodio (mg)': ['709', '213'],
} satisfies Record<string, [string, string]>;

describe('a nutrition table read from its words', () => {
  it('gives every value per 100 g with the portion, unmarked when the label adds up', async () => {
    const reading = await nutritionFromWords(table(LABEL));
    expect(reading.per).toBe('100 g');
    expect(reading.portionG).toBe(30);
    expect(Object.fromEntries(Object.entries(reading.nutrients).map(([k, v]) => [k, [v.value, v.check]]))).toEqual({
      energyKcal100: [436, false],
      proteinG100: [5.1, false],
      totalFatG100: [16, false],
      saturatedFatG100: [7.2, false],
      carbohydratesG100: [68, false],
      totalSugarsG100: [44, false],
      fiberG100: [2, false],
      sodiumMg100: [709, false],
    });
    // Grasas trans is not one of ours, and its numbers went to no one else.
    expect(reading.rowsFound).toBe(8);
    expect(reading.nutrients.sodiumMg100.box).toEqual([580, 640, 42, 30]);
    // What was read on the row, for the admin's review: the label, then both columns.
    expect(reading.nutrients.saturatedFatG100.text).toBe('Grasas saturadas (g) 7,2 2,2');
  });

  it('pairs each label with its numbers when the photo tilts them a row-height away', async () => {
    const reading = await nutritionFromWords(table(LABEL, 6));
    expect(reading.nutrients.proteinG100).toMatchObject({ value: 5.1, check: false });
    expect(reading.nutrients.sodiumMg100).toMatchObject({ value: 709, check: false });
    expect(reading.nutrients.energyKcal100).toMatchObject({ value: 436, check: false });
  });

  it('marks the values an energy that does not match its macronutrients names', async () => {
    // Energy misread 436 → 486 in both columns: the columns agree, the energy does not.
    const reading = await nutritionFromWords(table({ ...LABEL, 'Energía (kcal)': ['636', '191'] }));
    expect(reading.nutrients.energyKcal100).toMatchObject({ value: 636, check: true });
    expect(reading.nutrients.proteinG100.check).toBe(true);
    expect(reading.nutrients.sodiumMg100).toMatchObject({ value: 709, check: false });
  });

  it('marks sugars above carbohydrates (the domain rule), and empties a row whose columns disagree', async () => {
    const reading = await nutritionFromWords(
      table({ ...LABEL, 'Azúcares totales (g)': ['74,0', '22,2'], 'Sodio (mg)': ['709', '99'] }),
    );
    expect(reading.nutrients.totalSugarsG100).toMatchObject({ value: 74, check: true });
    expect(reading.nutrients.carbohydratesG100.check).toBe(true);
    expect(reading.nutrients.sodiumMg100).toMatchObject({ value: null, check: true, text: 'Sodio (mg) 709 99' });
  });

  it('reads a missing number again where it should be, and gives it marked (it could be a neighbour row\'s)', async () => {
    const words = table(LABEL).filter((w) => w.text !== '5,1');
    const asked: OcrWord['at'][] = [];
    const reread: Reread = async (at) => {
      asked.push(at);
      return { text: at[0] < 700 ? '5,1' : '1,5', conf: 90, box: at };
    };
    const reading = await nutritionFromWords(words, reread);
    expect(asked).toHaveLength(1);
    // Its column, on the protein row's line.
    expect(asked[0]![0]).toBeLessThan(600);
    expect(asked[0]![1]).toBeLessThan(290);
    expect(asked[0]![1] + asked[0]![3]).toBeGreaterThan(290);
    expect(reading.nutrients.proteinG100).toMatchObject({ value: 5.1, check: true });
    expect(reading.nutrients.energyKcal100).toMatchObject({ value: 436, check: false });
  });

  it('finds no table in a photo of something else', async () => {
    const reading = await nutritionFromWords(wordsOf([{ y: 10, words: [['Galletas', 10], ['de', 150], ['avena', 200]] }]));
    expect(reading.rowsFound).toBe(0);
    expect(Object.values(reading.nutrients).every((n) => n.value === null && n.check)).toBe(true);
  });
});

describe('an ingredient list read from its words', () => {
  it('drops the heading, joins the lines and the words a hyphen split, and stops where the list ends', () => {
    const words = wordsOf([
      { y: 10, words: [['INGREDIENTES:', 10], ['Harina', 200], ['de', 300], ['trigo,', 340], ['azú-', 440]] },
      { y: 50, words: [['car,', 10], ['sal', 80], ['(0,5', 130], ['%)', 190], [',', 220], ['leudante', 240]] },
      { y: 90, words: [['(bicarbonato', 10], ['de', 200], ['sodio).', 240]] },
      { y: 150, words: [['Elaborado', 10], ['por:', 160], ['Alimentos', 230], ['del', 380], ['Sur', 430]] },
    ]);
    const list = ingredientsFromWords(words);
    expect(list?.text).toBe('Harina de trigo, azúcar, sal (0,5 %), leudante (bicarbonato de sodio).');
    // Where it was read: from the heading to the line that ends the list (which is cut, but its words counted).
    expect(list?.box[1]).toBe(words.find((w) => w.text === 'INGREDIENTES:')!.box[1]);
  });

  it('takes a photo of the list without its heading whole, and finds nothing in marks without letters', () => {
    expect(ingredientsFromWords(wordsOf([{ y: 10, words: [['Agua,', 10], ['azúcar', 100]] }]))?.text).toBe('Agua, azúcar');
    expect(ingredientsFromWords(wordsOf([{ y: 10, words: [['———', 10], ['|', 100]] }]))).toBeNull();
  });
});
