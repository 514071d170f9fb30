/**
 * Catalogue entries (or rows of the additive table) compiled into what the matcher looks up: additives by code,
 * a sub-variant falling back to its parent ("E322i" → E322), and every name by its words and by word key, in
 * priority order, each with the class word it needs before it counts.
 */
import type { AdditiveMatcherEntry, RiskLevel } from '../types.ts';
import { normalizeToWords, wordKey } from '../text/normalize-text.ts';
import { WordTrie } from '../text/token-stream.ts';
import { baseCodeKey, baseNumberKey, codeKey, ROMAN } from './additive-codes.ts';
import {
  CATALOGUE_CLASS_WORD_ONLY,
  CLASS_WORD_KEYS,
  type ClassKind,
  COLOURS_WITH_OTHER_CLASSES,
  isColourCode,
  isGasCode,
  phraseContainsClassWord,
} from './class-word-scope.ts';

export type CompiledAdditive = {
  code: string;
  name: string;
  riskLevel: RiskLevel;
  /** Why this risk level, for the shopper (the catalogue's or the admin table's reason). */
  reason: string | undefined;
  /** "e322i" → "e322": one report per base additive. */
  baseKey: string;
};

export type NameHit = {
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

export type CompiledAdditives = {
  byCode: ReadonlyMap<string, CompiledAdditive>;
  names: WordTrie<NameHit>;
  /** The same names by word key, for a plural or a misspelling the exact names miss ("carrageenans"). */
  namesByKey: WordTrie<NameHit>;
  /** Every word of a name or class word, by key (what a misspelt word may be corrected to). */
  nameWords: ReadonlySet<string>;
  /** The additive of a code's number and suffix, else of its parent ("e322ii" → e322i → e322). */
  lookupCode: (num: string, suffix: string) => CompiledAdditive | undefined;
};

export function compileAdditives(additives: readonly AdditiveMatcherEntry[]): CompiledAdditives {
  const byCode = new Map<string, CompiledAdditive>();
  const names = new WordTrie<NameHit>();
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

  return { byCode, names, namesByKey, nameWords, lookupCode };
}
