// A query read into terms: each typed word's stem and what it may also match (another region's word, a prefix
// while still typed, a likely typo), a word typed joined cut in two, and the corrections offered back.
import { MAX_SUGGESTIONS, type Postings } from './search-types.ts';
import type { Vocabulary } from './search-vocabulary.ts';
import { REGIONAL_STEMS, STOPWORDS, stemSpanish } from './search-words.ts';
import { maxTyposFor, typoTolerant, type SimilarWord } from './typos.ts';

/** How much a term counts when it matched a vocabulary word exactly, as a prefix, or with typos. */
const QUALITY_EXACT = 1;
/** Another region's word for it: as good as the word, but the word as typed ranks first ('frutilla' before 'fresa'). */
const QUALITY_REGIONAL = 0.95;
const QUALITY_PREFIX = 0.8;
const QUALITY_FUZZY_1 = 0.7;
const QUALITY_FUZZY_2 = 0.5;
/** Prefix expansion of the last term keeps the most frequent words only ('l' would expand to thousands). */
const MAX_PREFIX_EXPANSIONS = 40;
const MAX_FUZZY_EXPANSIONS = 12;
/** Each half of a word typed joined ('coca' + 'cola') is at least this long: 'de', 'la'... never split a word. */
const MIN_JOINED_PART = 3;

export type QueryTerm = {
  word: string;
  display: string;
  stem: string;
  stop: boolean;
  last: boolean;
  /** Stems of the words a typo was corrected to: they count as the word itself when ranking. */
  corrections: Set<string>;
};

export type Expansion = { stem: string; quality: number };

/** The query readers over one index's posting lists and vocabulary. */
export function createQueryReader(postings: ReadonlyMap<string, Postings>, vocab: Vocabulary) {
  const { words: vocabulary, wordStem, wordDf, display, wordsOfStem, prefixStart, prefixWords, similarWords } = vocab;

  function expand(term: QueryTerm): { expansions: Expansion[]; corrected: SimilarWord[] } {
    const best = new Map<string, number>();
    const add = (stem: string, quality: number) => {
      if (!postings.has(stem)) return;
      if ((best.get(stem) ?? 0) < quality) best.set(stem, quality);
    };
    add(term.stem, QUALITY_EXACT);
    const exact = best.size > 0;
    // Another region's word for the same food counts as the word itself ('papas' finds 'Patatas').
    for (const stem of REGIONAL_STEMS.get(term.stem) ?? []) {
      if (!postings.has(stem)) continue;
      add(stem, QUALITY_REGIONAL);
      term.corrections.add(stem);
    }
    const corrected: SimilarWord[] = [];
    if (exact && !wordStem.has(term.word) && typoTolerant(term.word)) {
      // The word as typed is in no product; only other forms of its stem are ('galetas' meets Catalan
      // 'Galetes'). A word one edit away that is more common than all of them is likelier what the shopper
      // meant ('Galletas'): it counts as the word itself, the shared stem as a typo.
      let stemDf = 0;
      for (const i of wordsOfStem.get(term.stem) ?? []) stemDf += wordDf.get(vocabulary[i]!) ?? 0;
      const likelier = similarWords(term.word, 1).filter((s) => (wordDf.get(s.word) ?? 0) > stemDf);
      if (likelier.length > 0) {
        best.set(term.stem, QUALITY_FUZZY_1);
        for (const s of likelier.slice(0, MAX_FUZZY_EXPANSIONS)) {
          const stem = wordStem.get(s.word) ?? s.word;
          add(stem, QUALITY_EXACT);
          term.corrections.add(stem);
          corrected.push(s);
        }
      }
    }
    if (term.last || (!exact && term.word.length >= 3)) {
      const words = prefixWords(term.word);
      if (words.length > MAX_PREFIX_EXPANSIONS)
        words.sort((a, b) => (wordDf.get(b) ?? 0) - (wordDf.get(a) ?? 0));
      for (const w of words.slice(0, MAX_PREFIX_EXPANSIONS)) add(wordStem.get(w) ?? w, QUALITY_PREFIX);
    }
    if (best.size === 0 && typoTolerant(term.word)) {
      for (const { word, distance } of similarWords(term.word, maxTyposFor(term.word.length)).slice(
        0,
        MAX_FUZZY_EXPANSIONS,
      )) {
        const stem = wordStem.get(word) ?? word;
        add(stem, distance === 1 ? QUALITY_FUZZY_1 : QUALITY_FUZZY_2);
        term.corrections.add(stem);
        corrected.push({ word, distance });
      }
    }
    return { expansions: [...best].map(([stem, quality]) => ({ stem, quality })), corrected };
  }

  function suggestionsFor(
    terms: readonly QueryTerm[],
    hadResults: boolean,
    correctedByTerm: Map<QueryTerm, SimilarWord[]>,
  ) {
    const replacements = new Map<QueryTerm, string[]>();
    for (const term of terms) {
      if (term.stop) continue;
      let similar = correctedByTerm.get(term) ?? [];
      if (similar.length === 0 && !hadResults && !postings.has(term.stem) && typoTolerant(term.word)) {
        // Nothing found at all: look a little further than the matcher does.
        similar = similarWords(term.word, maxTyposFor(term.word.length) + 1);
      }
      // Only the closest spellings ('chocolte' → 'chocolate', not 'cocotte'), and one per stem
      // ('chocolate' and 'chocolates' are the same suggestion).
      const closest = similar[0]?.distance ?? 0;
      const seenStems = new Set<string>();
      const words = similar
        .filter((s) => s.distance === closest)
        .map((s) => s.word)
        .filter((w) => {
          const stem = wordStem.get(w) ?? w;
          if (seenStems.has(stem)) return false;
          seenStems.add(stem);
          return true;
        });
      if (words.length > 0) replacements.set(term, words);
    }
    if (replacements.size === 0) return [];
    const base = terms.map((t) =>
      replacements.get(t)?.[0] ? display.get(replacements.get(t)![0]!)! : t.display,
    );
    const out = new Set<string>([base.join(' ')]);
    // Then alternatives for each corrected word, the others at their best guess.
    for (const [term, words] of replacements) {
      const at = terms.indexOf(term);
      for (const w of words.slice(1)) {
        if (out.size >= MAX_SUGGESTIONS) break;
        const variant = [...base];
        variant[at] = display.get(w) ?? w;
        out.add(variant.join(' '));
      }
    }
    return [...out].slice(0, MAX_SUGGESTIONS);
  }

  /**
   * A word the catalogue does not know, written as two words it does ('cocacola' for 'Coca-Cola'): searched
   * as those two words. Of several ways to cut it, the one whose rarer half is the most common.
   */
  function splitJoinedWord(token: { word: string; display: string }): { word: string; display: string }[] {
    const { word } = token;
    if (word.length < 2 * MIN_JOINED_PART || !typoTolerant(word) || wordStem.has(word)) return [token];
    if (postings.has(stemSpanish(word)) || vocabulary[prefixStart(word)]?.startsWith(word)) return [token];
    let bestCut = 0;
    let bestDf = 0;
    for (let cut = MIN_JOINED_PART; cut <= word.length - MIN_JOINED_PART; cut++) {
      const left = word.slice(0, cut);
      const right = word.slice(cut);
      if (STOPWORDS.has(left) || STOPWORDS.has(right)) continue;
      const df = Math.min(wordDf.get(left) ?? 0, wordDf.get(right) ?? 0);
      if (df > bestDf) {
        bestDf = df;
        bestCut = cut;
      }
    }
    if (bestCut === 0) return [token];
    const left = word.slice(0, bestCut);
    const right = word.slice(bestCut);
    return [
      { word: left, display: display.get(left) ?? left },
      { word: right, display: display.get(right) ?? right },
    ];
  }

  return { expand, suggestionsFor, splitJoinedWord };
}
