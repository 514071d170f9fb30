// Which row of a nutrition table is which nutrient: its label read (accents folded, a letter misread forgiven).
import type { NutrientField } from '@etiqueta/contracts';
import type { Cell } from './column-check.ts';
import type { OcrWord } from './ocr-words.ts';

export const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase();

export type Row = { words: OcrWord[]; label: string; labelWords: OcrWord[]; numbers: Cell[] };

type Rule = { field: NutrientField; match: (label: string) => boolean };
/** Each nutrient's row label (accents folded), tolerant of a letter misread; the rows to leave alone first. */
export const SKIP = /\b(trans|mono|poli|colest|porcion|envase|kj)\b|monoinsat|poliinsat/;
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
export const RULES: Rule[] = [
  { field: 'energyKcal100', match: (l) => near(l, 'energia') || /\bkcal\b/.test(l) },
  { field: 'proteinG100', match: (l) => near(l, 'proteina') },
  { field: 'saturatedFatG100', match: (l) => near(l, 'saturada') },
  { field: 'totalFatG100', match: (l) => near(l, 'grasa') && !near(l, 'saturada') },
  { field: 'totalSugarsG100', match: (l) => near(l, 'azucar') },
  { field: 'carbohydratesG100', match: (l) => near(l, 'hidratos') || near(l, 'carbono') || /\bh\.? ?de ?c\b/.test(l) },
  { field: 'fiberG100', match: (l) => near(l, 'fibra') },
  { field: 'sodiumMg100', match: (l) => near(l, 'sodio') },
];
export const WHOLE_NUMBER_FIELDS = new Set<NutrientField>(['energyKcal100', 'sodiumMg100']);
