/**
 * Spanish text normalisation shared by matching (ingredients → additives) and search.
 *
 * Why a hand-written fold instead of `normalize('NFD')`: the fold keeps one output character per
 * input UTF-16 unit, so offsets found in the folded text point straight back into the label text
 * and `matchedText` can quote the label exactly as printed.
 */

const FOLD_PAIRS: readonly (readonly [string, string])[] = [
  ['áàâäãåāą', 'a'],
  ['ÁÀÂÄÃÅĀĄ', 'a'],
  ['éèêëēęė', 'e'],
  ['ÉÈÊËĒĘĖ', 'e'],
  ['íìîïī', 'i'],
  ['ÍÌÎÏĪİ', 'i'],
  ['óòôöõøō', 'o'],
  ['ÓÒÔÖÕØŌ', 'o'],
  ['úùûüū', 'u'],
  ['ÚÙÛÜŪ', 'u'],
  ['ñÑ', 'n'],
  ['çÇ', 'c'],
  ['ýÿÝŸ', 'y'],
  ['œŒ', 'o'],
  ['æÆ', 'a'],
  ['ß', 's'],
  ['’‘´`', "'"],
  ['ºª°', ' '],
];

/** Folded lower-case ASCII for the Latin-1 and Latin Extended-A range; 0 means "keep as lower-case". */
const FOLD_TABLE: Uint16Array = (() => {
  const table = new Uint16Array(0x250);
  for (const [chars, target] of FOLD_PAIRS) {
    for (const ch of chars) {
      const code = ch.charCodeAt(0);
      if (code < table.length) table[code] = target.charCodeAt(0);
    }
  }
  return table;
})();

const UPPER_A = 65;
const UPPER_Z = 90;

/** Folds one UTF-16 unit to lower-case ASCII where it has an obvious base letter. */
export function foldCharCode(code: number): number {
  if (code >= UPPER_A && code <= UPPER_Z) return code + 32;
  if (code < 128) return code;
  if (code < FOLD_TABLE.length) {
    const folded = FOLD_TABLE[code] ?? 0;
    if (folded !== 0) return folded;
  }
  const lower = String.fromCharCode(code).toLowerCase();
  return lower.length === 1 ? lower.charCodeAt(0) : code;
}

/** Non-ASCII characters that fold to one ASCII character ("á" → "a"); built from FOLD_TABLE. */
const FOLD_MAP: Record<string, string> = (() => {
  const map: Record<string, string> = {};
  for (const [chars, target] of FOLD_PAIRS) for (const ch of chars) map[ch.toLowerCase()] = target;
  return map;
})();
const NON_ASCII = /[\u0080-\uffff]/;
const NON_ASCII_GLOBAL = /[\u0080-\uffff]/g;

/**
 * Lower-case, unaccented text with the same length as the input (one unit in, one unit out).
 * Punctuation is kept; use it when offsets into the original text matter.
 */
export function foldText(text: string): string {
  const lower = text.toLowerCase();
  // toLowerCase keeps the length except for a few letters ("İ" → "i̇"); those take the unit-by-unit path.
  if (lower.length !== text.length) return foldByUnit(text);
  if (!NON_ASCII.test(lower)) return lower;
  return lower.replace(NON_ASCII_GLOBAL, (ch) => FOLD_MAP[ch] ?? ch);
}

function foldByUnit(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) out += String.fromCharCode(foldCharCode(text.charCodeAt(i)));
  return out;
}

/**
 * Lower-case, unaccented, whitespace-collapsed, trimmed text: the key for matching names and for search.
 * "  Glutamato  MONOSÓDICO " → "glutamato monosodico".
 */
export function normalizeText(text: string): string {
  return foldText(text).replace(/\s+/g, ' ').trim();
}

/**
 * Normalised text reduced to words: every run of characters that is not a letter or a digit becomes one
 * space. "Mono- y diglicéridos (E-471)" → "mono y digliceridos e 471". Used to turn catalogue names into
 * token sequences and search queries into terms.
 */
export function normalizeToWords(text: string): string {
  return foldText(text)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * One key for a word's singular and plural ("azúcares" and "azúcar", "leches" and "leche", "colors" and
 * "color"): drop a final "s", then the "e" of "-es" after a consonant that takes it. Applied alike to a
 * vocabulary and to the label, so the two always meet; the key is never shown.
 */
export function wordKey(word: string): string {
  if (word.length <= 3 || !word.endsWith('s')) return word;
  const singular = word.slice(0, -1);
  return /[rlndzj]e$/.test(singular) && singular.length > 3 ? singular.slice(0, -1) : singular;
}

/** Optimal string alignment distance, stopping early: true when a and b differ by at most one edit (a letter
 * added, dropped, changed, or two neighbours swapped). */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > 1) return false;
  let i = 0;
  while (i < la && i < lb && a[i] === b[i]) i++;
  if (la === lb) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true; // one change
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2); // a swap
  }
  return la > lb ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}
