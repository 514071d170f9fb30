/**
 * Additive detection in free label text, by code and by name.
 *
 * Rules (each from how labels are printed in Chile and in Open Food Facts' matching notes):
 * - Codes in every written form: "E330", "E-330", "E 330", "INS 330", "INS330", "INS N° 330", sub-variants
 *   "E150d", "E322i", "E160a(ii)". In Chile the INS number equals the E number (Codex CAC/GL 36).
 * - A bare number ("330", "412, 415") counts only inside the scope of a class word ("acidulante (330)",
 *   "estabilizantes: 412, 415"), because a bare number elsewhere is a percentage, a weight or a lot number.
 * - Names and alternative names match whole words, accent- and case-insensitive, longest name first.
 *   Names that are also nutrients or plain foods (OFF's "mandatory additive class") match only in a class scope
 *   or when directly followed by a class word ("turmeric color"), as Open Food Facts reads them.
 * - Each additive is reported once (the first time it appears), with the text as printed and its risk.
 */
import type { AdditiveMatcherEntry, DetectedAdditive, RiskLevel } from '../types.ts';
import { normalizeToWords, withinOneEdit, wordKey } from '../text/normalize-text.ts';
import { type TokenStream, WordTrie, tokenize, isSoftGap } from '../text/token-stream.ts';
import { ADDITIVE_CLASS_WORDS } from './class-words.ts';
import { ADDITIVE_CATALOGUE } from './additive-catalogue.ts';
import { isKnownIngredientWord } from '../ingredients/ingredient-coverage.ts';

type CompiledAdditive = {
  code: string;
  name: string;
  riskLevel: RiskLevel;
  /** Why this risk level, for the shopper (the catalogue's or the admin table's reason). */
  reason: string | undefined;
  /** "e322i" → "e322": one report per base additive. */
  baseKey: string;
};

type NameHit = {
  additive: CompiledAdditive;
  requiresClassWord: boolean;
  /**
   * The kind of class word the name needs, when any will not do: a colour that is also a food ("cúrcuma",
   * "caramel") needs a colour class word, hydrogen a packaging-gas one.
   */
  requiredKind: ClassKind | undefined;
  /** A colour additive: a colour class word in brackets right after its name also counts ("caramelo (colorante)"). */
  isColour: boolean;
};

/** What a class word announces: colours ("colorante", "colors"; not "fijador de color"), gases, or anything else. */
type ClassKind = 'colour' | 'gas' | 'other';
type ClassWord = { kind: ClassKind };

export type AdditiveMatcher = {
  /** Number of additives and of name phrases compiled, for logs. */
  readonly additiveCount: number;
  readonly phraseCount: number;
  detect(text: string | null | undefined): DetectedAdditive[];
  /** Same as detect, on a stream already tokenised by the caller (analyseProduct shares one stream). */
  detectInStream(stream: TokenStream): DetectedAdditive[];
};

const ROMAN = /(?:viii|vii|vi|iv|v|iii|ii|i)$/;
const CODE_WORD = /^(?:e|ins)(\d{3,4})([a-z]{0,5})$/;
const NUMBER_WORD = /^(\d{3,4})([a-z]{0,5})$/;
const SUFFIX_WORD = /^(?:[a-f]|i|ii|iii|iv|v|vi|vii|viii)$/;
/** First words of a code prefix: "E 330", "INS 330", "SIN 330" and "S.I.N. 330" (Chilean labels), "I.N.S. 330". */
const CODE_PREFIX_START = new Set(['e', 'ins', 'sin', 's', 'i']);

/**
 * Index of the last word of the code prefix starting at `i`, or i − 1 when there is none. "S.I.N." and "I.N.S."
 * are read letter by letter, with nothing but dots or spaces between the letters.
 */
function codePrefixEnd(stream: TokenStream, i: number): number {
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

const NEGATIONS = new Set(['sin', 'without', 'sans', 'free']);

/** "sin X", "no contiene X", "libre de X", "without X", "free from X", "sans X". */
function isNegated(words: readonly string[], i: number): boolean {
  const one = words[i - 1];
  const two = words[i - 2];
  if (one === undefined) return false;
  if (NEGATIONS.has(one)) return true;
  if (one === 'de' && two === 'libre') return true;
  if (one === 'from' && two === 'free') return true;
  return (
    (one === 'contiene' || one === 'contains' || one === 'contient') &&
    (two === 'no' || two === 'not' || two === 'ne')
  );
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
function followedByUnit(stream: TokenStream, index: number): boolean {
  const next = stream.words[index + 1];
  const gap = stream.gaps[index + 1] ?? '';
  if (/^\s*%/.test(gap)) return true;
  return next !== undefined && UNITS.has(next) && /^\s*$/.test(gap);
}

/** "100g", "330mg", "500kcal": a number written together with its unit is a quantity, never a code. */
function isUnitSuffix(suffix: string): boolean {
  return suffix !== '' && UNITS.has(suffix);
}

/** "INS 150" and "INS 150d" on one label: the specific class says more, so the generic entry is dropped. */
function dropGenericWhenSpecific(found: DetectedAdditive[]): DetectedAdditive[] {
  if (found.length < 2) return found;
  const keys = found.map((a) => codeKey(a.code));
  return found.filter((_a, index) => {
    const key = keys[index] ?? '';
    if (!/^e\d+$/.test(key)) return true;
    return !keys.some(
      (other) => other !== key && other.startsWith(key) && /^[a-z]/.test(other.slice(key.length)),
    );
  });
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
const CLASS_WORD_KEYS = new Set<string>();

const CLASS_WORD_TRIE: WordTrie<ClassWord> = (() => {
  const trie = new WordTrie<ClassWord>();
  for (const phrase of ADDITIVE_CLASS_WORDS) {
    const words = normalizeToWords(phrase);
    const keys = words.split(' ').map(wordKey);
    for (const key of keys) CLASS_WORD_KEYS.add(key);
    trie.add(keys, { kind: classKindOf(words) });
  }
  return trie;
})();

/** Misspellings are corrected only in words this long: shorter words are too close to one another. */
const SPELLING_MIN_LENGTH = 7;

/** Every form of a word with one letter dropped. */
function deletions(word: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < word.length; i++) out.push(word.slice(0, i) + word.slice(i + 1));
  return out;
}

/**
 * A speller for the words of additive names and class words: a word the label misspells by one letter
 * ("antoxidante", "phoshphate", "carnuba", "lacithin") reads as the one name word it is one edit from, when
 * exactly one is, and the word is neither a name word nor any other word the ingredient reader knows (a food
 * is never turned into an additive). Long words only (SPELLING_MIN_LENGTH), and never by changing the last
 * letter: "isomalto" (of isomalto-oligosaccharide) is not "isomalt".
 */
function buildSpeller(nameWords: ReadonlySet<string>): (key: string) => string {
  // Built on the first word that needs it, so compiling a matcher (at every admin edit) stays a few ms.
  let byDeletion: Map<string, Set<string>> | undefined;
  const indexOf = (): Map<string, Set<string>> => {
    if (byDeletion) return byDeletion;
    const built = new Map<string, Set<string>>();
    const index = (key: string, word: string) => {
      let set = built.get(key);
      if (!set) built.set(key, (set = new Set()));
      set.add(word);
    };
    for (const word of nameWords) {
      if (word.length < SPELLING_MIN_LENGTH || /\d/.test(word)) continue;
      index(word, word);
      for (const d of deletions(word)) index(d, word);
    }
    byDeletion = built;
    return built;
  };
  const cache = new Map<string, string>();
  return (key) => {
    if (key.length < SPELLING_MIN_LENGTH || nameWords.has(key) || /\d/.test(key)) return key;
    let fixed = cache.get(key);
    if (fixed !== undefined) return fixed;
    fixed = key;
    if (!isKnownIngredientWord(key)) {
      const candidates = new Set<string>();
      const index = indexOf();
      for (const probe of [key, ...deletions(key)])
        for (const word of index.get(probe) ?? [])
          if (word.at(-1) === key.at(-1) && withinOneEdit(key, word)) candidates.add(word);
      if (candidates.size === 1) fixed = [...candidates][0] ?? key;
    }
    if (cache.size < 20_000) cache.set(key, fixed);
    return fixed;
  };
}

/** Entries whose bare name needs a class word, from our catalogue (server rows do not carry the flag). */
const CATALOGUE_CLASS_WORD_ONLY: ReadonlySet<string> = new Set(
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
const COLOURS_WITH_OTHER_CLASSES: ReadonlySet<string> = new Set(['e170']);

function isColourCode(key: string): boolean {
  const category = CATALOGUE_CATEGORIES.get(key);
  return category !== undefined ? category === 'colorante' : /^e1\d\d(?:[a-z]|$)/.test(key);
}

/** Packaging and propellant gases (E938–E949, E290): catalogue category, else the E number range. */
function isGasCode(key: string): boolean {
  const category = CATALOGUE_CATEGORIES.get(key);
  return category !== undefined ? category === 'gas' : /^e9(?:3[89]|4\d)(?:[a-z]|$)/.test(key);
}

/** "colorante caramelo", "caramel colour": the name itself says it is an additive, so no class word is needed. */
function phraseContainsClassWord(words: readonly string[]): boolean {
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
 * Compiles a matcher from catalogue entries or rows of the additive table. Cheap (a few ms for 600 entries),
 * so the server rebuilds it whenever an admin edits an additive.
 */
export function buildAdditiveMatcher(additives: readonly AdditiveMatcherEntry[]): AdditiveMatcher {
  const byCode = new Map<string, CompiledAdditive>();
  const names = new WordTrie<NameHit>();
  /** The same names by word key, for a plural or a misspelling the exact names miss ("carrageenans"). */
  const namesByKey = new WordTrie<NameHit>();
  const nameWords = new Set<string>(CLASS_WORD_KEYS);
  const compiled: { additive: CompiledAdditive; entry: AdditiveMatcherEntry }[] = [];

  for (const entry of additives) {
    const key = codeKey(entry.code);
    const hasCode = /^e\d{3,4}[a-z]*$/.test(key);
    if (hasCode ? byCode.has(key) : normalizeToWords(entry.name).length < 3) continue;
    const additive: CompiledAdditive = {
      code: hasCode ? entry.code : '',
      name: entry.name,
      riskLevel: entry.riskLevel,
      reason: entry.reason || undefined,
      // An admin may add an additive before its E number is known: it is then found by its names only.
      baseKey: hasCode ? baseCodeKey(key) : `name:${normalizeToWords(entry.name)}`,
    };
    if (hasCode) byCode.set(key, additive);
    compiled.push({ additive, entry });
  }

  // Names in priority order: every primary name first, then Spanish alternatives, then English, then French,
  // so a name shared by a parent and its sub-variant ("lecitina" in E322 and E322i) goes to the first listed.
  const passes: ((e: AdditiveMatcherEntry) => readonly string[])[] = [
    (e) => [e.name],
    (e) => e.alternativeNames,
    (e) => e.englishNames ?? [],
    (e) => e.frenchNames ?? [],
  ];
  for (const pass of passes) {
    for (const { additive, entry } of compiled) {
      const key = codeKey(entry.code);
      const requires = entry.nameRequiresClassWord ?? CATALOGUE_CLASS_WORD_ONLY.has(key);
      const isColour = isColourCode(key);
      const requiredKind: ClassKind | undefined = !requires
        ? undefined
        : isColour && !COLOURS_WITH_OTHER_CLASSES.has(baseNumberKey(key))
          ? 'colour'
          : isGasCode(key)
            ? 'gas'
            : undefined;
      for (const name of pass(entry)) {
        const words = normalizeToWords(name);
        if (words.length < 3 && words !== 'cmc') continue;
        const parts = words.split(' ');
        const needsClassWord = requires && !phraseContainsClassWord(parts);
        const keys = parts.map(wordKey);
        for (const key of keys) nameWords.add(key);
        const hit: NameHit = {
          additive,
          requiresClassWord: needsClassWord,
          requiredKind: needsClassWord ? requiredKind : undefined,
          isColour,
        };
        names.add(parts, hit);
        namesByKey.add(keys, hit);
      }
    }
  }

  function lookupCode(num: string, suffix: string): CompiledAdditive | undefined {
    const n = Number.parseInt(num, 10);
    if (n < 100 || n > 1599) return undefined;
    let s = suffix;
    for (;;) {
      const hit = byCode.get(`e${num}${s}`);
      if (hit) return hit;
      if (s.length === 0) return undefined;
      const withoutRoman = s.replace(ROMAN, '');
      s = withoutRoman !== s ? withoutRoman : s.slice(0, -1);
    }
  }

  const spell = buildSpeller(nameWords);

  function detectInStream(stream: TokenStream): DetectedAdditive[] {
    const { words, gaps, starts, ends, source } = stream;
    // Names and class words are looked up by key (plural as singular) and with one-letter misspellings mended.
    const keyed: TokenStream = { ...stream, words: words.map((w) => spell(wordKey(w))) };
    const differs = (i: number) => keyed.words[i] !== words[i];
    const nameAt = (i: number) =>
      names.longestMatch(stream, i) ??
      // By key only where a word here or just after reads differently (most words are their own key).
      (differs(i) || differs(i + 1) || differs(i + 2) || differs(i + 3)
        ? namesByKey.longestMatch(keyed, i)
        : undefined);
    const found: DetectedAdditive[] = [];
    const seen = new Set<string>();
    const report = (additive: CompiledAdditive, first: number, last: number): void => {
      if (seen.has(additive.baseKey)) return;
      seen.add(additive.baseKey);
      found.push({
        code: additive.code,
        name: additive.name,
        riskLevel: additive.riskLevel,
        matchedText: source.slice(starts[first] ?? 0, ends[last] ?? 0),
        ...(additive.reason ? { reason: additive.reason } : {}),
      });
    };

    let depth = 0;
    let classScope = false;
    let scopeKind: ClassKind = 'other';
    let classDepth = 0;
    let scopeMayEnd = false;

    /** After a prefixed code, bare numbers that follow in the same list are codes too (never names). */
    const openCodeList = () => {
      classScope = true;
      scopeKind = 'other';
      classDepth = depth;
      codeListOnly = true;
    };
    let codeListOnly = false;

    for (let i = 0; i < words.length; i++) {
      // Walk the gap before this word: brackets and list separators open and close class scopes.
      const gap = gaps[i] ?? '';
      for (let g = 0; g < gap.length; g++) {
        const c = gap.charCodeAt(g);
        if (c === 40 || c === 91 || c === 123) depth++;
        else if (c === 41 || c === 93 || c === 125) {
          depth = depth > 0 ? depth - 1 : 0;
          if (classScope && depth < classDepth) classScope = false;
        } else if ((c === 44 || c === 59 || c === 46) && classScope && depth <= classDepth)
          scopeMayEnd = true;
      }
      const word = words[i] ?? '';
      // Codes start with a digit, "e", "ins", "sin" or "s"/"i" (S.I.N., I.N.S.): test the first letter before any regex.
      const first = word.charCodeAt(0);
      const mayBeCode = (first >= 48 && first <= 57) || first === 101 || first === 105 || first === 115;
      const isNumeric =
        mayBeCode && (NUMBER_WORD.test(word) || CODE_WORD.test(word) || CODE_PREFIX_START.has(word));
      if (scopeMayEnd) {
        // "estabilizantes: 412, 415" and "antioxidantes: TBHQ, tocoferoles" keep the scope across the comma
        // while the list goes on with codes or additive names; any other ingredient closes it.
        if (!isNumeric && (codeListOnly || nameAt(i) === undefined)) classScope = false;
        scopeMayEnd = false;
      }

      // 1. Codes.
      let codeNum: string | undefined;
      let codeSuffix = '';
      let last = i;
      const codeWord = mayBeCode ? CODE_WORD.exec(word) : null;
      if (codeWord) {
        codeNum = codeWord[1];
        codeSuffix = codeWord[2] ?? '';
      } else if (mayBeCode && CODE_PREFIX_START.has(word) && i + 1 < words.length) {
        let j = codePrefixEnd(stream, i) + 1;
        if (/^(?:n|no|nro)$/.test(words[j] ?? '') && (j > i + 1 || word === 'ins') && j + 1 < words.length)
          j++;
        const numberWord =
          j > i && !(word === 'sin' && followedByUnit(stream, j)) ? NUMBER_WORD.exec(words[j] ?? '') : null;
        if (
          numberWord &&
          /^[\s\-.:°º#]*$/.test(gaps[j] ?? '') &&
          !(word === 'sin' && isUnitSuffix(numberWord[2] ?? ''))
        ) {
          codeNum = numberWord[1];
          codeSuffix = numberWord[2] ?? '';
          last = j;
        }
      } else if (mayBeCode && classScope && !followedByUnit(stream, i)) {
        const numberWord = NUMBER_WORD.exec(word);
        if (numberWord && !isUnitSuffix(numberWord[2] ?? '')) {
          codeNum = numberWord[1];
          codeSuffix = numberWord[2] ?? '';
        }
      }
      if (codeNum !== undefined) {
        // A code written with its prefix starts a list of codes: "E471, 472e, 475" reads the bare numbers too.
        const prefixed = !classScope;
        // A sub-variant written apart: "E160a (ii)", "E 322 i", "E150-d".
        const next = words[last + 1];
        if (next !== undefined && SUFFIX_WORD.test(next) && /^[\s(-]*$/.test(gaps[last + 1] ?? '')) {
          const extended = lookupCode(codeNum, codeSuffix + next);
          const plain = lookupCode(codeNum, codeSuffix);
          if (extended && extended !== plain) {
            report(extended, i, last + 1);
            i = last + 1;
            if (prefixed) openCodeList();
            continue;
          }
        }
        const additive = lookupCode(codeNum, codeSuffix);
        if (additive) {
          report(additive, i, last);
          i = last;
          if (prefixed) openCodeList();
          continue;
        }
      }

      // 2. Names, longest first.
      const nameMatch = nameAt(i);
      if (nameMatch) {
        if (isNegated(words, i)) {
          // "sin glutamato monosódico añadido", "no contiene TBHQ": the label says it is absent.
          i = nameMatch.last;
          continue;
        }
        const { additive, requiresClassWord, requiredKind, isColour } = nameMatch.value;
        const announced =
          !requiresClassWord ||
          (classScope && !codeListOnly && (requiredKind === undefined || scopeKind === requiredKind)) ||
          followedByClassWord(keyed, nameMatch.last, requiredKind, isColour);
        if (announced) {
          const last = fattyAcidTailEnd(stream, nameMatch.last);
          report(additive, i, last);
          i = last;
          continue;
        }
      }

      // 3. Class words open a scope for bare numbers and ambiguous names.
      const classMatch = CLASS_WORD_TRIE.longestMatch(keyed, i);
      if (classMatch) {
        classScope = true;
        codeListOnly = false;
        scopeKind = classMatch.value.kind;
        classDepth = depth;
        i = classMatch.last;
      }
    }
    return dropGenericWhenSpecific(found);
  }

  return {
    additiveCount: byCode.size,
    phraseCount: names.size,
    detect: (text) => (text ? detectInStream(tokenize(text)) : []),
    detectInStream,
  };
}

const FATTY_ACID_TAILS: readonly (readonly string[])[] = [
  ['de', 'acidos', 'grasos'],
  ['de', 'los', 'acidos', 'grasos'],
  ['of', 'fatty', 'acids'],
  ['d', 'acides', 'gras'],
  ['des', 'acides', 'gras'],
];

/**
 * "ésteres de poliglicerol de ácidos grasos", "mono-diglicéridos de ácidos grasos": "of fatty acids" after an
 * additive name belongs to that name, so its words are not read again as E570 (fatty acids, "ácidos grasos").
 * Returns the index of the tail's last word, or `last` when no tail follows.
 */
function fattyAcidTailEnd(stream: TokenStream, last: number): number {
  const { words, gaps } = stream;
  for (const tail of FATTY_ACID_TAILS) {
    let k = 0;
    while (k < tail.length && words[last + 1 + k] === tail[k] && isSoftGap(gaps[last + 1 + k] ?? '')) k++;
    if (k === tail.length) return last + tail.length;
  }
  return last;
}

/**
 * "turmeric color", "paprika colour": an ambiguous name directly followed by its class word (of the kind it
 * needs, if any). A colour may also carry it in brackets, "caramelo (colorante)", "beta carotene [color]", as US and
 * Chilean labels print colours; other classes in brackets stay unread ("calcium chloride (firming agent)").
 */
function followedByClassWord(
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
