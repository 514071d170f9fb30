/**
 * Additive class words as the matcher reads them ("colorante", "espesantes", "packaging gas"): the kind each
 * announces (a colour, a gas, anything else), which catalogue names need one before they count ("cúrcuma" is a
 * food unless a colour class word announces it), and whether one follows a name ("turmeric color",
 * "caramelo (colorante)").
 */
import { normalizeToWords, wordKey } from '../text/normalize-text.ts';
import { isSoftGap, type TokenStream, WordTrie } from '../text/token-stream.ts';
import { ADDITIVE_CATALOGUE } from './additive-catalogue.ts';
import { codeKey } from './additive-codes.ts';
import { ADDITIVE_CLASS_WORDS } from './class-words.ts';

/** What a class word announces: colours ("colorante", "colors"; not "fijador de color"), gases, or anything else. */
export type ClassKind = 'colour' | 'gas' | 'other';
export type ClassWord = { kind: ClassKind };

/** Words that make a class word a colour class; "fijador de color" and "to retain color" keep colour, not add it. */
const COLOUR_WORDS = new Set([
  'colorante',
  'colorantes',
  'color',
  'colors',
  'colour',
  'colours',
  'coloring',
  'colouring',
  'colorant',
  'colorants',
]);
const NOT_A_COLOUR_CLASS = /^(?:fijador|estabilizador|to) /;
const GAS_WORDS = new Set(['gas', 'gases', 'gaz', 'propellant', 'atmosfera', 'atmosphere']);

function classKindOf(words: string): ClassKind {
  const parts = words.split(' ');
  if (parts.some((w) => COLOUR_WORDS.has(w)) && !NOT_A_COLOUR_CLASS.test(words)) return 'colour';
  if (parts.some((w) => GAS_WORDS.has(w))) return 'gas';
  return 'other';
}

/** Words of the class words, by key (what a misspelt word may be corrected to). */
export const CLASS_WORD_KEYS = new Set<string>();

export const CLASS_WORD_TRIE: WordTrie<ClassWord> = (() => {
  const trie = new WordTrie<ClassWord>();
  for (const phrase of ADDITIVE_CLASS_WORDS) {
    const words = normalizeToWords(phrase);
    const keys = words.split(' ').map(wordKey);
    for (const key of keys) CLASS_WORD_KEYS.add(key);
    trie.add(keys, { kind: classKindOf(words) });
  }
  return trie;
})();

/** Entries whose bare name needs a class word, from our catalogue (server rows do not carry the flag). */
export const CATALOGUE_CLASS_WORD_ONLY: ReadonlySet<string> = new Set(
  ADDITIVE_CATALOGUE.filter((a) => a.nameRequiresClassWord === true).map((a) => codeKey(a.code)),
);

/** Categories of our catalogue's additives (the server's rows do not carry them). */
const CATALOGUE_CATEGORIES: ReadonlyMap<string, string> = new Map(
  ADDITIVE_CATALOGUE.map((a) => [codeKey(a.code), a.category]),
);

/**
 * Class-word-only colours that are also other additives: calcium carbonate (E170) is an acidity regulator,
 * anti-caking, firming and glazing agent too (OFF's mandatory_additive_class for it lists them all), so any class
 * word announces it. Every other class-word-only colour ("cúrcuma", "caramel", "paprika", "beet red",
 * "beta carotene", "riboflavin") is a food or a vitamin unless a colour class word announces it.
 */
export const COLOURS_WITH_OTHER_CLASSES: ReadonlySet<string> = new Set(['e170']);

export function isColourCode(key: string): boolean {
  const category = CATALOGUE_CATEGORIES.get(key);
  return category !== undefined ? category === 'colorante' : /^e1\d\d(?:[a-z]|$)/.test(key);
}

/** Packaging and propellant gases (E938–E949, E290): catalogue category, else the E number range. */
export function isGasCode(key: string): boolean {
  const category = CATALOGUE_CATEGORIES.get(key);
  return category !== undefined ? category === 'gas' : /^e9(?:3[89]|4\d)(?:[a-z]|$)/.test(key);
}

/** "colorante caramelo", "caramel colour": the name itself says it is an additive, so no class word is needed. */
export function phraseContainsClassWord(words: readonly string[]): boolean {
  const stream: TokenStream = {
    source: '',
    words: words.map(wordKey),
    starts: [],
    ends: [],
    gaps: words.map(() => ' '),
  };
  for (let i = 0; i < words.length; i++) {
    if (CLASS_WORD_TRIE.longestMatch(stream, i)) return true;
  }
  return false;
}

/**
 * "turmeric color", "paprika colour": an ambiguous name directly followed by its class word (of the kind it
 * needs, if any). A colour may also carry it in brackets, "caramelo (colorante)", "beta carotene [color]", as US and
 * Chilean labels print colours; other classes in brackets stay unread ("calcium chloride (firming agent)").
 */
export function followedByClassWord(
  stream: TokenStream,
  last: number,
  requiredKind: ClassKind | undefined,
  isColour: boolean,
): boolean {
  const nextGap = stream.gaps[last + 1];
  if (nextGap === undefined) return false;
  if (isSoftGap(nextGap)) {
    const match = CLASS_WORD_TRIE.longestMatch(stream, last + 1);
    return match !== undefined && (requiredKind === undefined || match.value.kind === requiredKind);
  }
  if (!isColour || !/^\s*[([]\s*$/.test(nextGap)) return false;
  const match = CLASS_WORD_TRIE.longestMatch(stream, last + 1);
  if (match === undefined || match.value.kind !== 'colour') return false;
  const after = stream.gaps[match.last + 1] ?? stream.source.slice(stream.ends[match.last] ?? 0);
  return /^\s*[)\]]/.test(after);
}
