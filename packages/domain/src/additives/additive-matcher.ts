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
import type { AdditiveMatcherEntry, DetectedAdditive } from '../types.ts';
import { wordKey } from '../text/normalize-text.ts';
import { type TokenStream, tokenize, isSoftGap } from '../text/token-stream.ts';
import {
  CODE_PREFIX_START,
  CODE_WORD,
  codeKey,
  codePrefixEnd,
  followedByUnit,
  isUnitSuffix,
  NUMBER_WORD,
  SUFFIX_WORD,
} from './additive-codes.ts';
import { CLASS_WORD_TRIE, type ClassKind, followedByClassWord } from './class-word-scope.ts';
import { type CompiledAdditive, compileAdditives } from './compile-additives.ts';
import { buildSpeller } from './name-speller.ts';

export type AdditiveMatcher = {
  /** Number of additives and of name phrases compiled, for logs. */
  readonly additiveCount: number;
  readonly phraseCount: number;
  detect(text: string | null | undefined): DetectedAdditive[];
  /** Same as detect, on a stream already tokenised by the caller (analyseProduct shares one stream). */
  detectInStream(stream: TokenStream): DetectedAdditive[];
};

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

/**
 * Compiles a matcher from catalogue entries or rows of the additive table. Cheap (a few ms for 600 entries),
 * so the server rebuilds it whenever an admin edits an additive.
 */
export function buildAdditiveMatcher(additives: readonly AdditiveMatcherEntry[]): AdditiveMatcher {
  const { byCode, names, namesByKey, nameWords, lookupCode } = compileAdditives(additives);
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
