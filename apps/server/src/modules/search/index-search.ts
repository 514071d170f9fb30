// A query answered over a frozen index: the barcode first, then every term's posting lists walked (rarest first),
// the wishes ('sin azúcar', 'light') grouped, and the best page kept in a short sorted list.
import { barcodeVariants } from './barcode-variants.ts';
import { REDUCED_WORDS, WITHOUT_WORDS, withoutBit } from './dietary-claims.ts';
import { createQueryReader, type QueryTerm } from './query-terms.ts';
import { createRanking, fieldWeight, type Candidate } from './search-ranking.ts';
import { MIN_QUERY_LENGTH, type MatchTier, type Postings, type SearchDoc, type SearchHit, type SearchOptions, type SearchOutcome } from './search-types.ts';
import type { Vocabulary } from './search-vocabulary.ts';
import { STOPWORDS, stemSpanish, tokenizeWords } from './search-words.ts';
import type { SimilarWord } from './typos.ts';

/** Optional words ('sin', 'con', 'de'...) only nudge the ranking. */
const STOPWORD_BONUS = 0.3;
/** Beyond this many hits (a deep page), every match is sorted once instead of kept in a short sorted list. */
const INSERTION_TOP_MAX = 256;

function sortedIndexOf(sorted: Int32Array, value: number): number {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const v = sorted[mid]!;
    if (v === value) return mid;
    if (v < value) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** What `build` freezes: the documents and, per document, the typed arrays the walk reads. */
export type FrozenIndex<T> = {
  docs: readonly SearchDoc<T>[];
  barcodes: ReadonlyMap<string, number>;
  postings: ReadonlyMap<string, Postings>;
  vocab: Vocabulary;
  nameWords: readonly (readonly string[])[];
  nameStems: readonly (readonly string[])[];
  healthScores: Float64Array;
  namesOf: Uint8Array;
  freeOf: Uint8Array;
  claimOf: Uint8Array;
  reducedOf: Uint8Array;
  /** The first significant word of each name, as a vocabulary index (-1 when none). */
  firstNameWord: Int32Array;
};

export function createIndexSearch<T>(index: FrozenIndex<T>) {
  const { docs, barcodes, postings, vocab, nameWords, nameStems, healthScores, namesOf, freeOf, claimOf, reducedOf, firstNameWord } = index;
  const count = docs.length;
  const { words: vocabulary, wordsOfStem, prefixStart } = vocab;
  const { expand, suggestionsFor, splitJoinedWord } = createQueryReader(postings, vocab);
  const { tierOf, compare } = createRanking(nameStems, nameWords, healthScores);

  // Scratch space reused by every query (search runs synchronously, one query at a time).
  const termBest = new Float32Array(count);
  const totalScore = new Float32Array(count);
  const matched = new Uint8Array(count);
  const termBuffer = new Int32Array(count);
  const touchedBuffer = new Int32Array(count);
  const firstWordOk = new Uint8Array(vocabulary.length);

  function findByBarcode(code: string): T | null {
    for (const v of barcodeVariants(code)) {
      const d = barcodes.get(v);
      if (d !== undefined) return docs[d]!.payload;
    }
    return null;
  }

  function search(query: string, limit: number, options: SearchOptions = {}): SearchOutcome<T> {
    const trimmed = query.trim();
    if (trimmed.length < MIN_QUERY_LENGTH || limit <= 0) return { hits: [], total: 0, suggestions: [] };
    const offset = Math.max(0, options.offset ?? 0);
    const exclude = options.exclude && options.exclude.size > 0 ? options.exclude : null;

    const hits: SearchHit<T>[] = [];
    const barcodeDoc = /^\d{8,14}$/.test(trimmed)
      ? barcodeVariants(trimmed)
          .map((v) => barcodes.get(v))
          .find((d) => d !== undefined)
      : undefined;
    if (barcodeDoc !== undefined && !exclude?.has(docs[barcodeDoc]!.id)) {
      const doc = docs[barcodeDoc]!;
      hits.push({ id: doc.id, payload: doc.payload, group: 0, tier: 0, score: Number.POSITIVE_INFINITY });
    }

    const tokens = tokenizeWords(trimmed).flatMap(splitJoinedWord);
    // 'sin azúcar', 'sin lactosa'…: a wish about the product, not a word its name must hold. Products that name
    // X as an ingredient are left out, those known free of it rank first. 'light', 'zero'…: reduced versions first.
    let without = 0;
    const wishWords = new Set<number>();
    tokens.forEach((t, i) => {
      const kind = i > 0 && tokens[i - 1]!.word === 'sin' ? WITHOUT_WORDS.get(t.word) : undefined;
      if (kind) {
        without |= withoutBit(kind);
        wishWords.add(i);
      }
    });
    const reducedAsked = tokens.some((t) => REDUCED_WORDS.has(t.word));
    tokens.forEach((t, i) => {
      if (REDUCED_WORDS.has(t.word)) wishWords.add(i);
    });
    const terms: QueryTerm[] = tokens.map((t, i) => ({
      word: t.word,
      display: t.display,
      stem: stemSpanish(t.word),
      stop: STOPWORDS.has(t.word) || wishWords.has(i),
      last: i === tokens.length - 1,
      corrections: new Set<string>(),
    }));
    let required = terms.filter((t) => !t.stop);
    if (required.length === 0) required = terms;
    const optional = terms.filter((t) => !required.includes(t));

    const correctedByTerm = new Map<QueryTerm, SimilarWord[]>();
    const plans = required.map((term) => {
      const { expansions, corrected } = expand(term);
      if (corrected.length > 0) correctedByTerm.set(term, corrected);
      let size = 0;
      for (const e of expansions) size += postings.get(e.stem)!.docs.length;
      // One weight per query word, whatever it expanded to: a rare spelling ('Galetes') must not outrank
      // the common word the shopper meant because it is rare.
      return { expansions, idf: Math.log(1 + count / Math.max(1, size)) };
    });
    // Short queries need every word (the usual case): walk the rarest word first, and let the later ones
    // only touch documents that are still in. A long query forgives one missing word, so it walks them all.
    const strict = required.length < 3;
    if (strict) plans.sort((a, b) => b.idf - a.idf);
    let touchedCount = 0;
    for (let t = 0; t < plans.length; t++) {
      let termCount = 0;
      for (const { stem, quality } of plans[t]!.expansions) {
        const p = postings.get(stem)!;
        const weight = quality * plans[t]!.idf;
        const pDocs = p.docs;
        const pFields = p.fields;
        for (let k = 0; k < pDocs.length; k++) {
          const d = pDocs[k]!;
          if (strict && matched[d] !== t) continue;
          const s = weight * fieldWeight(pFields[k]!);
          const prev = termBest[d]!;
          if (prev === 0) termBuffer[termCount++] = d;
          if (s > prev) termBest[d] = s;
        }
      }
      for (let i = 0; i < termCount; i++) {
        const d = termBuffer[i]!;
        if (matched[d] === 0) touchedBuffer[touchedCount++] = d;
        matched[d]! += 1;
        totalScore[d]! += termBest[d]!;
        termBest[d] = 0;
      }
      if (strict && termCount === 0) break;
    }
    for (const term of optional) {
      const p = postings.get(term.stem);
      if (!p) continue;
      if (p.docs.length <= touchedCount) {
        for (let k = 0; k < p.docs.length; k++) {
          const d = p.docs[k]!;
          if (matched[d]! > 0) totalScore[d]! += STOPWORD_BONUS * p.idf * fieldWeight(p.fields[k]!);
        }
      } else {
        // 'sin', 'de'… are in thousands of products: look the few candidates up instead (postings are sorted).
        for (let i = 0; i < touchedCount; i++) {
          const d = touchedBuffer[i]!;
          const k = sortedIndexOf(p.docs, d);
          if (k >= 0) totalScore[d]! += STOPWORD_BONUS * p.idf * fieldWeight(p.fields[k]!);
        }
      }
    }

    // Every significant word must match; in a long query (3+ words) one word the catalogue lacks is forgiven.
    let maxMatched = 0;
    for (let i = 0; i < touchedCount; i++) maxMatched = Math.max(maxMatched, matched[touchedBuffer[i]!]!);
    const needed = !strict && maxMatched === required.length - 1 ? maxMatched : required.length;

    // Names whose first word could put them in the exact or prefix tier.
    const marked: number[] = [];
    const first = required[0];
    if (first) {
      for (const stem of [first.stem, ...first.corrections]) {
        for (const i of wordsOfStem.get(stem) ?? []) marked.push(i);
      }
      if (first.last) {
        for (
          let i = prefixStart(first.word);
          i < vocabulary.length && vocabulary[i]!.startsWith(first.word);
          i++
        ) {
          marked.push(i);
        }
      }
      for (const i of marked) firstWordOk[i] = 1;
    }

    // The best `wanted` (this page and those before it) by insertion into a short sorted list, where most
    // candidates lose to the current last one at once; a deep page sorts every match once instead.
    const wanted = Math.max(0, offset + limit - hits.length);
    const sortAll = wanted > INSERTION_TOP_MAX;
    let total = hits.length;
    const top: Candidate[] = [];
    for (let i = 0; i < touchedCount; i++) {
      const d = touchedBuffer[i]!;
      const m = matched[d]!;
      const score = totalScore[d]!;
      matched[d] = 0;
      totalScore[d] = 0;
      if (m < needed || d === barcodeDoc) continue;
      if (exclude?.has(docs[d]!.id)) continue;
      if ((namesOf[d]! & without) !== 0) continue;
      total += 1;
      // Labelled 'sin X' first, then free of X by its list read well, then not known.
      const group =
        (without === 0 || (claimOf[d]! & without) === without ? 0 : (freeOf[d]! & without) === without ? 1 : 2) +
        (reducedAsked && reducedOf[d] === 0 ? 1 : 0);
      const fw = firstNameWord[d]!;
      const tier: MatchTier = fw >= 0 && firstWordOk[fw] === 1 ? tierOf(d, required) : 3;
      if (sortAll) {
        top.push({ doc: d, group, tier, score });
        continue;
      }
      if (wanted === 0) continue;
      const last = top[top.length - 1];
      if (top.length >= wanted && last && compare(group, tier, score, d, last) >= 0) continue;
      let lo = 0;
      let hi = top.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (compare(group, tier, score, d, top[mid]!) >= 0) lo = mid + 1;
        else hi = mid;
      }
      top.splice(lo, 0, { doc: d, group, tier, score });
      if (top.length > wanted) top.pop();
    }
    if (sortAll) top.sort((a, b) => compare(a.group, a.tier, a.score, a.doc, b));
    for (const i of marked) firstWordOk[i] = 0;
    for (const c of sortAll ? top.slice(0, wanted) : top) {
      const doc = docs[c.doc]!;
      hits.push({ id: doc.id, payload: doc.payload, group: c.group, tier: c.tier, score: c.score });
    }
    const suggestions = barcodeDoc !== undefined ? [] : suggestionsFor(terms, total > 0, correctedByTerm);
    return { hits: hits.slice(offset, offset + limit), total, suggestions };
  }

  return { search, findByBarcode };
}
