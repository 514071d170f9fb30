// The catalogue's vocabulary, frozen when the index is built: every word in sorted order, its stem, how many
// products use it and how shoppers write it; looked up by prefix (a word still being typed) or by typo.
import { boundedEditDistance, trigramsOf, type SimilarWord } from './typos.ts';

const SIMILAR_CACHE_SIZE = 2_000;

export type Vocabulary = ReturnType<typeof freezeVocabulary>;

/**
 * `wordStem`: each word's stem; `wordDf`: how many documents use it; `displayCounts`: the forms it is written in
 * and how often (emptied here: only the most common form is kept).
 */
export function freezeVocabulary(
  wordStem: ReadonlyMap<string, string>,
  wordDf: ReadonlyMap<string, number>,
  displayCounts: Map<string, Map<string, number>>,
) {
  const vocabulary = [...wordStem.keys()].sort();
  const wordIndex = new Map(vocabulary.map((w, i) => [w, i]));
  const wordsOfStem = new Map<string, number[]>();
  vocabulary.forEach((w, i) => {
    const stem = wordStem.get(w) ?? w;
    const list = wordsOfStem.get(stem);
    if (list) list.push(i);
    else wordsOfStem.set(stem, [i]);
  });
  const display = new Map<string, string>();
  for (const [w, forms] of displayCounts) {
    let best = w;
    let bestCount = -1;
    for (const [form, n] of forms) {
      if (n > bestCount) {
        best = form;
        bestCount = n;
      }
    }
    display.set(w, best);
  }
  displayCounts.clear();

  // Trigram index over the vocabulary, for typo candidates.
  const trigramBuilding = new Map<string, number[]>();
  vocabulary.forEach((w, i) => {
    if (w.length < 3) return;
    for (const g of new Set(trigramsOf(w))) {
      let list = trigramBuilding.get(g);
      if (!list) trigramBuilding.set(g, (list = []));
      list.push(i);
    }
  });
  const trigrams = new Map<string, Int32Array>();
  for (const [g, list] of trigramBuilding) trigrams.set(g, Int32Array.from(list));
  trigramBuilding.clear();

  // Scratch reused by every typo look-up (search runs synchronously, one query at a time).
  const gramHits = new Uint16Array(vocabulary.length);

  /** Where the vocabulary words that start with `prefix` begin (they are contiguous: it is sorted). */
  function prefixStart(prefix: string): number {
    let lo = 0;
    let hi = vocabulary.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (vocabulary[mid]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  function prefixWords(prefix: string): string[] {
    const found: string[] = [];
    for (let i = prefixStart(prefix); i < vocabulary.length && vocabulary[i]!.startsWith(prefix); i++) {
      found.push(vocabulary[i]!);
    }
    return found;
  }

  /** Vocabulary words within `maxDistance` edits, closest and most frequent first. */
  // Typo look-ups repeat (shoppers retype, the home box and the results page ask alike): remember them
  // for the life of this index.
  const similarCache = new Map<string, SimilarWord[]>();
  function similarWords(word: string, maxDistance: number): SimilarWord[] {
    const key = `${maxDistance}:${word}`;
    let found = similarCache.get(key);
    if (!found) {
      if (similarCache.size >= SIMILAR_CACHE_SIZE) similarCache.delete(similarCache.keys().next().value!);
      similarCache.set(key, (found = findSimilarWords(word, maxDistance)));
    }
    return found;
  }

  function findSimilarWords(word: string, maxDistance: number): SimilarWord[] {
    if (maxDistance <= 0 || word.length < 3) return [];
    const grams = [...new Set(trigramsOf(word))];
    const touched: number[] = [];
    for (const g of grams) {
      const list = trigrams.get(g);
      if (!list) continue;
      for (const i of list) {
        if (gramHits[i] === 0) touched.push(i);
        gramHits[i]! += 1;
      }
    }
    // Each edit destroys at most 3 trigrams (4 for a transposition); fewer shared grams cannot be close.
    const needed = Math.max(1, grams.length - 4 * maxDistance);
    const found: SimilarWord[] = [];
    for (const i of touched) {
      const hits = gramHits[i]!;
      gramHits[i] = 0;
      if (hits < needed) continue;
      const candidate = vocabulary[i]!;
      if (candidate === word) continue;
      const distance = boundedEditDistance(word, candidate, maxDistance);
      if (distance <= maxDistance) found.push({ word: candidate, distance });
    }
    found.sort(
      (a, b) =>
        a.distance - b.distance ||
        (wordDf.get(b.word) ?? 0) - (wordDf.get(a.word) ?? 0) ||
        (a.word < b.word ? -1 : 1),
    );
    return found;
  }

  return { words: vocabulary, wordIndex, wordsOfStem, wordStem, wordDf, display, prefixStart, prefixWords, similarWords };
}
