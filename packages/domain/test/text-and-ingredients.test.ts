import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  foldText,
  formatNumberEs,
  formatPointsSum,
  formatSignedPoints,
  normalizeText,
  normalizeToWords,
  splitIngredients,
} from '../src/index.ts';

describe('normalizeText (matching and search key)', () => {
  it.each([
    ['lower-cases and drops accents', 'Glutamato MONOSÓDICO', 'glutamato monosodico'],
    ['collapses and trims spaces', '  azúcar   rubia \n', 'azucar rubia'],
    ['ñ becomes n', 'Piña en almíbar', 'pina en almibar'],
    ['ü becomes u', 'Pingüino', 'pinguino'],
    ['keeps punctuation', 'Leche (entera)', 'leche (entera)'],
    ['empty stays empty', '', ''],
  ])('%s', (_name, input, expected) => {
    expect(normalizeText(input)).toBe(expected);
  });

  it('foldText keeps one character per input character, so offsets point into the label', () => {
    const label = 'Ácido Cítrico, GLUTAMATO monosódico';
    expect(foldText(label)).toHaveLength(label.length);
    expect(foldText(label)).toBe('acido citrico, glutamato monosodico');
  });

  it('normalizeToWords keeps only letters and digits', () => {
    expect(normalizeToWords('Mono- y diglicéridos (E-471)')).toBe('mono y digliceridos e 471');
  });
});

describe('splitIngredients', () => {
  it.each([
    ['commas split', 'azúcar, sal, agua', ['azúcar', 'sal', 'agua']],
    [
      'commas inside brackets do not split',
      'chocolate (azúcar, cacao), sal',
      ['chocolate (azúcar, cacao)', 'sal'],
    ],
    ['square brackets too', 'relleno [manjar, coco], harina', ['relleno [manjar, coco]', 'harina']],
    ['semicolons split', 'agua; sal', ['agua', 'sal']],
    ['a sentence stop splits', 'harina, sal. Contiene gluten', ['harina', 'sal', 'Contiene gluten']],
    ['a decimal point does not split', 'sal 0.5%, agua', ['sal 0.5%', 'agua']],
    ['the label prefix is dropped', 'Ingredientes: leche, azúcar.', ['leche', 'azúcar']],
    ['a leading "y" is dropped', 'harina, agua, y sal', ['harina', 'agua', 'sal']],
    ['empty pieces are dropped', 'agua,, ,sal', ['agua', 'sal']],
    ['null gives no ingredients', null, []],
    ['unbalanced closing bracket does not break', 'agua), sal', ['agua)', 'sal']],
  ])('%s', (_name, input, expected) => {
    expect(splitIngredients(input)).toEqual(expected);
  });
});

describe('Spanish number formatting', () => {
  it.each([
    [22, 1, '22'],
    [1.25, 2, '1,25'],
    [1.26, 1, '1,3'],
    [-1.4, 1, '\u22121,4'],
  ])('%s with %s decimals → %s', (value, decimals, expected) => {
    expect(formatNumberEs(value, decimals)).toBe(expected);
  });

  it.each([
    [1.4, '+1,4'],
    [-1.4, '\u22121,4'],
    [0, '0,0'],
  ])('signed points %s → %s', (value, expected) => {
    expect(formatSignedPoints(value)).toBe(expected);
  });

  it.each([
    // The sum issue 26 found printed as "(0,20,0 − 0,5 + 0,3)".
    [[0.2, 0, -0.5, 0.3], '0,2 + 0,0 \u2212 0,5 + 0,3'],
    [[0, 0], '0,0 + 0,0'],
    [[-0.5, 1], '\u22120,5 + 1,0'],
    [[6, 3, -1, 1], '6,0 + 3,0 \u2212 1,0 + 1,0'],
  ])('a sum of points %j → %s', (points, expected) => {
    expect(formatPointsSum(points)).toBe(expected);
  });

  it('any sum reads back term by term: one decimal each, a sign between each two, the same total', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -60, max: 60 }), { minLength: 1, maxLength: 6 }), (tenths) => {
        const text = formatPointsSum(tenths.map((t) => t / 10));
        expect(text).toMatch(/^\u2212?\d+,\d(?: [+\u2212] \d+,\d)*$/);
        const read = text
          .replace(/ ([+\u2212]) /g, '|$1')
          .split('|')
          .map((term) =>
            Math.round(
              Number.parseFloat(term.replace('\u2212', '-').replace('+', '').replace(',', '.')) * 10,
            ),
          );
        expect(read).toEqual(tenths.map((t) => (Object.is(t, -0) ? 0 : t)));
      }),
    );
  });
});
