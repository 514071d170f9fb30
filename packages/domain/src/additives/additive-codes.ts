/**
 * Additive codes as labels print them: "E330", "E-330", "E 330", "INS 330", "S.I.N. 330", sub-variants "E150d",
 * "E322i", "E160a(ii)"; a number that is a quantity ("500 g", "100g"), never a code; and the keys codes are
 * compared by ("e322i", its base "e322", its number "e322" → "e322").
 */
import { normalizeToWords } from '../text/normalize-text.ts';
import type { TokenStream } from '../text/token-stream.ts';

export const ROMAN = /(?:viii|vii|vi|iv|v|iii|ii|i)$/;
export const CODE_WORD = /^(?:e|ins)(\d{3,4})([a-z]{0,5})$/;
export const NUMBER_WORD = /^(\d{3,4})([a-z]{0,5})$/;
export const SUFFIX_WORD = /^(?:[a-f]|i|ii|iii|iv|v|vi|vii|viii)$/;
/** First words of a code prefix: "E 330", "INS 330", "SIN 330" and "S.I.N. 330" (Chilean labels), "I.N.S. 330". */
export const CODE_PREFIX_START = new Set(['e', 'ins', 'sin', 's', 'i']);

/**
 * Index of the last word of the code prefix starting at `i`, or i − 1 when there is none. "S.I.N." and "I.N.S."
 * are read letter by letter, with nothing but dots or spaces between the letters.
 */
export function codePrefixEnd(stream: TokenStream, i: number): number {
  const { words, gaps } = stream;
  const word = words[i];
  if (word === 'e' || word === 'ins' || word === 'sin') return i;
  const spelled = word === 's' ? ['s', 'i', 'n'] : word === 'i' ? ['i', 'n', 's'] : null;
  if (!spelled) return i - 1;
  for (let k = 1; k < 3; k++) {
    if (words[i + k] !== spelled[k] || !/^[\s.]*$/.test(gaps[i + k] ?? '')) return i - 1;
  }
  return i + 2;
}

const UNITS = new Set([
  'g',
  'mg',
  'kg',
  'mcg',
  'ug',
  'ml',
  'cl',
  'dl',
  'l',
  'kcal',
  'kj',
  'cal',
  'gr',
  'grs',
  'ppm',
  'oz',
  'lb',
  'lbs',
]);

/** "500 g", "330 mg", "100 %": a quantity, not a code ("sin 500 g de azúcar"). */
export function followedByUnit(stream: TokenStream, index: number): boolean {
  const next = stream.words[index + 1];
  const gap = stream.gaps[index + 1] ?? '';
  if (/^\s*%/.test(gap)) return true;
  return next !== undefined && UNITS.has(next) && /^\s*$/.test(gap);
}

/** "100g", "330mg", "500kcal": a number written together with its unit is a quantity, never a code. */
export function isUnitSuffix(suffix: string): boolean {
  return suffix !== '' && UNITS.has(suffix);
}

const CODE_KEY_CACHE = new Map<string, string>();

/** "E-322(i)", "e322i", "INS 330" → "e322i" / "e330". */
export function codeKey(code: string): string {
  let key = CODE_KEY_CACHE.get(code);
  if (key === undefined) {
    key = normalizeToWords(code)
      .replace(/^ins\s*/, 'e')
      .replace(/\s+/g, '');
    // Codes are a small closed set (the catalogue and the admin table), so the cache stays small.
    if (CODE_KEY_CACHE.size < 10_000) CODE_KEY_CACHE.set(code, key);
  }
  return key;
}

/** Base additive key: roman sub-variant dropped ("e322i" → "e322", "e160aii" → "e160a"). */
export function baseCodeKey(key: string): string {
  const m = /^e(\d+)([a-z]*)$/.exec(key);
  if (!m) return key;
  const num = m[1] ?? '';
  let suffix = m[2] ?? '';
  suffix = suffix.replace(ROMAN, '');
  return `e${num}${suffix}`;
}

/** Base number only ("e150d" → "e150"), the granularity of the evaluation against OFF. */
export function baseNumberKey(key: string): string {
  const m = /^e(\d+)/.exec(key);
  return m ? `e${m[1]}` : key;
}
