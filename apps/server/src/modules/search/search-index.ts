/**
 * In-memory product search: an inverted index over normalised, lightly stemmed Spanish words.
 *
 * Why in process (ADR 003): on the embedded PGlite database every SQL search queues behind the single
 * connection, and a full-text + trigram query measured ~98 req/s. Walking posting lists in memory costs
 * well under a millisecond for a 50,000-product catalogue, on either database.
 *
 * Pure: no I/O. The search service loads the documents, builds an index and swaps it in when the
 * catalogue changes.
 */
import { normalizeText } from '@etiqueta/domain';
import { REDUCED_WORDS, WITHOUT_WORDS, withoutBit, type DietaryFacts } from './dietary-claims.ts';

export type SearchDoc<T> = {
  id: number;
  barcode: string;
  name: string;
  brand: string;
  /** The broad category's name ('Lácteos'). */
  categoryNames: readonly string[];
  /** Subcategory and sub-subcategory names ('Leches', 'Sin lactosa'): more specific, so they weigh more. */
  subcategoryNames: readonly string[];
  healthScore: number | null;
  /** What it says of sugar, lactose, gluten and salt ('sin azúcar', 'zero' queries); unknown when absent. */
  dietary?: DietaryFacts;
  /** What a hit carries back (the product summary in the app; anything in tests). */
  payload: T;
};

/**
 * 0: the name is the query; 1: the name starts with the query's words; 2: the name starts with the query, its
 * last word still being typed ('azucar' → 'Azucarera …'); 3: matched elsewhere.
 */
export type MatchTier = 0 | 1 | 2 | 3;

/**
 * `group` ranks before the tier: 0 when the product is what a 'sin X' or 'light' query asks for, higher for each
 * such wish it is not known to meet.
 */
export type SearchHit<T> = { id: number; payload: T; group: number; tier: MatchTier; score: number };

/** One page of hits, how many products match in all, and the corrections offered. */
export type SearchOutcome<T> = { hits: SearchHit<T>[]; total: number; suggestions: string[] };

export type SearchOptions = {
  /** Hits to skip, best first (a later page). */
  offset?: number;
  /** Product ids left out of the answer and the count (their entries are stale: another index holds them). */
  exclude?: ReadonlySet<number>;
};

export type SearchIndex<T> = {
  size: number;
  vocabularySize: number;
  search: (query: string, limit: number, options?: SearchOptions) => SearchOutcome<T>;
  /** Exact barcode lookup, trying the other EAN/UPC forms of the same code. */
  findByBarcode: (code: string) => T | null;
};

/** Shorter trimmed queries give nothing (the client does not search them either). */
export const MIN_QUERY_LENGTH = 2;
export const MAX_SUGGESTIONS = 5;

/** A word in the name counts most, then the brand, then a subcategory name, then the broad category. */
const FIELD_NAME = 1;
const FIELD_BRAND = 2;
const FIELD_SUBCATEGORY = 4;
const FIELD_CATEGORY = 8;
const fieldWeight = (mask: number) =>
  mask & FIELD_NAME ? 3 : mask & FIELD_BRAND ? 2 : mask & FIELD_SUBCATEGORY ? 1.5 : 1;

/** How much a term counts when it matched a vocabulary word exactly, as a prefix, or with typos. */
const QUALITY_EXACT = 1;
/** Another region's word for it: as good as the word, but the word as typed ranks first ('frutilla' before 'fresa'). */
const QUALITY_REGIONAL = 0.95;
const QUALITY_PREFIX = 0.8;
const QUALITY_FUZZY_1 = 0.7;
const QUALITY_FUZZY_2 = 0.5;
/** Optional words ('sin', 'con', 'de'...) only nudge the ranking. */
const STOPWORD_BONUS = 0.3;
/** Prefix expansion of the last term keeps the most frequent words only ('l' would expand to thousands). */
const MAX_PREFIX_EXPANSIONS = 40;
const MAX_FUZZY_EXPANSIONS = 12;
const SIMILAR_CACHE_SIZE = 2_000;
/** Beyond this many hits (a deep page), every match is sorted once instead of kept in a short sorted list. */
const INSERTION_TOP_MAX = 256;
/** Each half of a word typed joined ('coca' + 'cola') is at least this long: 'de', 'la'... never split a word. */
const MIN_JOINED_PART = 3;

/** Spellings of one word that labels use side by side ('Yoghurt', 'Yogurt', 'Yogur'): one stem. */
const SPELLINGS: ReadonlyMap<string, string> = new Map([
  ['yoghurt', 'yogur'],
  ['yoghurts', 'yogur'],
  ['yogurt', 'yogur'],
  ['yogurts', 'yogur'],
  ['yoghourt', 'yogur'],
  ['yogourt', 'yogur'],
]);

/**
 * What Chilean shoppers call a food, and how Spanish, Mexican and Argentine labels name it ('papas fritas' are
 * 'Patatas fritas' in Spain, 'porotos' are 'Frijoles' in Mexico): each word on the left also matches the words
 * on its right, as if it were them (folded; both sides stemmed). One way only where the right side is more
 * general ('choclo' finds 'maíz', 'maíz' does not find every 'choclo').
 */
const REGIONAL_WORDS: readonly (readonly [string, readonly string[]])[] = [
  ['papa', ['patata']],
  ['patata', ['papa']],
  ['frutilla', ['fresa']],
  ['fresa', ['frutilla']],
  ['durazno', ['melocoton']],
  ['melocoton', ['durazno']],
  ['poroto', ['frijol', 'alubia']],
  ['frijol', ['poroto', 'alubia']],
  ['alubia', ['poroto', 'frijol']],
  ['choclo', ['elote', 'maiz']],
  ['elote', ['choclo']],
  ['mani', ['cacahuate', 'cacahuete']],
  ['cacahuate', ['mani', 'cacahuete']],
  ['cacahuete', ['mani', 'cacahuate']],
  ['cabritas', ['palomitas']],
  ['palomitas', ['cabritas']],
  ['vienesa', ['salchicha']],
  ['arveja', ['guisante', 'chicharo']],
  ['guisante', ['arveja', 'chicharo']],
  ['chicharo', ['arveja', 'guisante']],
  ['palta', ['aguacate']],
  ['aguacate', ['palta']],
  ['zapallo', ['calabaza', 'calabacin']],
  ['betarraga', ['remolacha']],
  ['damasco', ['albaricoque']],
  ['jugo', ['zumo']],
  ['zumo', ['jugo']],
  ['quinua', ['quinoa']],
  ['quinoa', ['quinua']],
  ['maravilla', ['girasol']],
  ['ketchup', ['catsup']],
  ['catsup', ['ketchup']],
  ['pomelo', ['toronja']],
  ['toronja', ['pomelo']],
  ['chorito', ['mejillon']],
  ['camaron', ['gamba', 'langostino']],
  ['descremada', ['desnatada']],
  ['descremado', ['desnatado']],
  ['semidescremada', ['semidesnatada']],
  ['desnatada', ['descremada']],
  ['mermelada', ['confitura']],
  ['bitter', ['amargo', 'negro']],
  ['crema', ['nata']],
  ['bebida', ['refresco']],
  ['galleta', ['galletita']],
];

/** Words too common to require: a query 'galletas de chocolate' must find 'Galletas Chocolate'. */
const STOPWORDS: ReadonlySet<string> = new Set([
  'a',
  'al',
  'con',
  'de',
  'del',
  'e',
  'el',
  'en',
  'la',
  'las',
  'lo',
  'los',
  'o',
  'para',
  'por',
  'sin',
  'u',
  'un',
  'una',
  'y',
]);

/**
 * Light Spanish stemmer: folds plural and gender so 'Galletas', 'galleta' and 'galleto' meet, and 'nueces' meets
 * 'nuez'. Deliberately lighter than Snowball: it never touches short words and only strips inflection, so
 * unrelated words rarely collide. Input is already lower-case ASCII.
 */
export function stemSpanish(word: string): string {
  if (word.length < 4 || !/^[a-z]+$/.test(word)) return word;
  let w = SPELLINGS.get(word) ?? word;
  if (w.endsWith('ces') && w.length > 4) w = `${w.slice(0, -3)}z`;
  else if (w.endsWith('s')) w = w.slice(0, -1);
  const last = w.charCodeAt(w.length - 1);
  // a, e, o: gender and the plural 'es' ('limones' → 'limone' → 'limon', 'leches' → 'leche' → 'lech').
  if (w.length >= 4 && (last === 97 || last === 101 || last === 111)) w = w.slice(0, -1);
  return w;
}

/** REGIONAL_WORDS by stem: the stems a query word also matches as itself. */
const REGIONAL_STEMS: ReadonlyMap<string, readonly string[]> = new Map(
  REGIONAL_WORDS.map(([word, others]) => [stemSpanish(word), others.map(stemSpanish)]),
);

/** Normalised words with their display form ('Azúcar' → { word: 'azucar', display: 'azúcar' }). */
export function tokenizeWords(text: string): { word: string; display: string }[] {
  const out: { word: string; display: string }[] = [];
  for (const raw of text.split(/[^\p{L}\p{N}]+/u)) {
    if (!raw) continue;
    const folded = normalizeText(raw);
    const parts = folded.split(/[^a-z0-9]+/);
    if (parts.length === 1 && parts[0]) out.push({ word: parts[0], display: raw.toLowerCase() });
    else for (const p of parts) if (p) out.push({ word: p, display: p });
  }
  return out;
}

/** The EAN/UPC forms of one code: UPC-A ↔ EAN-13 with a leading zero, GTIN-14 with leading zeros. */
export function barcodeVariants(code: string): string[] {
  const variants = [code];
  if (code.length === 12) variants.push(`0${code}`);
  if (code.length === 13 && code.startsWith('0')) variants.push(code.slice(1));
  if (code.length === 14 && code.startsWith('0')) {
    variants.push(code.slice(1));
    if (code.startsWith('00')) variants.push(code.slice(2));
  }
  return variants;
}

/**
 * Optimal string alignment distance (Levenshtein plus adjacent transpositions), giving up as soon as it
 * must exceed `max`; returns max + 1 then.
 */
let editRows = new Int32Array(3 * 65);

export function boundedEditDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a === b) return 0;
  const n = b.length;
  // Three rows of scratch, reused: this runs for every typo candidate of every query.
  if (editRows.length < 3 * (n + 1)) editRows = new Int32Array(6 * (n + 1));
  let prev2 = editRows.subarray(0, n + 1);
  let prev = editRows.subarray(n + 1, 2 * (n + 1));
  let curr = editRows.subarray(2 * (n + 1), 3 * (n + 1));
  for (let j = 0; j <= n; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    curr[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= n; j++) {
      const cb = b.charCodeAt(j - 1);
      const cost = ca === cb ? 0 : 1;
      let v = Math.min(prev[j]! + 1, curr[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb) {
        v = Math.min(v, prev2[j - 2]! + 1);
      }
      curr[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    [prev2, prev, curr] = [prev, curr, prev2];
  }
  const d = prev[n]!;
  return d > max ? max + 1 : d;
}

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

/** Edits a word of this length may have and still count as the same word. */
export const maxTyposFor = (length: number) => (length >= 8 ? 2 : length >= 4 ? 1 : 0);

/** Numbers (sizes, percentages, codes) are never typo-corrected: '7801' is not a misspelt '7802'. */
const typoTolerant = (word: string) => !/\d/.test(word);

type Postings = { docs: Int32Array; fields: Uint8Array; idf: number };

type QueryTerm = {
  word: string;
  display: string;
  stem: string;
  stop: boolean;
  last: boolean;
  /** Stems of the words a typo was corrected to: they count as the word itself when ranking. */
  corrections: Set<string>;
};

type Expansion = { stem: string; quality: number };

type Candidate = { doc: number; group: number; tier: MatchTier; score: number };

type SimilarWord = { word: string; distance: number };

function trigramsOf(word: string): string[] {
  const padded = `$${word}$`;
  const grams: string[] = [];
  for (let i = 0; i + 3 <= padded.length; i++) grams.push(padded.slice(i, i + 3));
  return grams;
}

export type SearchIndexBuilder<T> = {
  add: (doc: SearchDoc<T>) => void;
  /** Freezes what was added into an index; the builder is not used afterwards. */
  build: () => SearchIndex<T>;
};

/**
 * Builds an index document by document, so a caller can add a page at a time and let other work run in
 * between (a 50,000-product rebuild then never blocks the event loop for long).
 */
export function createSearchIndexBuilder<T>(): SearchIndexBuilder<T> {
  const docs: SearchDoc<T>[] = [];
  const interned = new Map<string, string>();
  const intern = (s: string) => {
    const known = interned.get(s);
    if (known !== undefined) return known;
    interned.set(s, s);
    return s;
  };
  // Category names repeat on thousands of products: tokenise each once.
  const tokenCache = new Map<string, { word: string; display: string }[]>();
  const cachedTokens = (text: string) => {
    let tokens = tokenCache.get(text);
    if (!tokens) tokenCache.set(text, (tokens = tokenizeWords(text)));
    return tokens;
  };

  // Per stem: the documents it occurs in and in which fields (bit mask).
  const building = new Map<string, { docs: number[]; fields: number[] }>();
  // Per surface word: its stem, how many documents use it, and how people write it (with accents).
  const wordStem = new Map<string, string>();
  const wordDf = new Map<string, number>();
  const displayCounts = new Map<string, Map<string, number>>();
  const nameWords: (readonly string[])[] = [];
  const nameStems: (readonly string[])[] = [];
  const barcodes = new Map<string, number>();
  const scores: number[] = [];
  const namesBits: number[] = [];
  const freeBits: number[] = [];
  const claimBits: number[] = [];
  const reducedFlags: number[] = [];

  function add(doc: SearchDoc<T>) {
    const d = docs.length;
    docs.push(doc);
    scores.push(doc.healthScore ?? Number.NEGATIVE_INFINITY);
    namesBits.push(doc.dietary?.names ?? 0);
    freeBits.push(doc.dietary?.free ?? 0);
    claimBits.push(doc.dietary?.claims ?? 0);
    reducedFlags.push(doc.dietary?.reduced ? 1 : 0);
    barcodes.set(doc.barcode, d);
    const seenInDoc = new Map<string, number>();
    const seenWords = new Set<string>();
    const addTokens = (tokens: readonly { word: string; display: string }[], field: number) => {
      for (const { word, display } of tokens) {
        const w = intern(word);
        let stem = wordStem.get(w);
        if (stem === undefined) {
          stem = intern(stemSpanish(w));
          wordStem.set(w, stem);
        }
        seenInDoc.set(stem, (seenInDoc.get(stem) ?? 0) | field);
        if (!seenWords.has(w)) {
          seenWords.add(w);
          wordDf.set(w, (wordDf.get(w) ?? 0) + 1);
        }
        let forms = displayCounts.get(w);
        if (!forms) displayCounts.set(w, (forms = new Map<string, number>()));
        forms.set(display, (forms.get(display) ?? 0) + 1);
      }
    };
    const nameTokens = tokenizeWords(doc.name);
    addTokens(nameTokens, FIELD_NAME);
    addTokens(cachedTokens(doc.brand), FIELD_BRAND);
    for (const c of doc.subcategoryNames) addTokens(cachedTokens(c), FIELD_SUBCATEGORY);
    for (const c of doc.categoryNames) addTokens(cachedTokens(c), FIELD_CATEGORY);
    for (const [stem, fields] of seenInDoc) {
      let p = building.get(stem);
      if (!p) building.set(stem, (p = { docs: [], fields: [] }));
      p.docs.push(d);
      p.fields.push(fields);
    }
    const significant = nameTokens.map((t) => intern(t.word)).filter((w) => !STOPWORDS.has(w));
    nameWords.push(significant);
    nameStems.push(significant.map((w) => wordStem.get(w) ?? w));
  }

  function build(): SearchIndex<T> {
    const count = docs.length;
    const healthScores = Float64Array.from(scores);
    const namesOf = Uint8Array.from(namesBits);
    const freeOf = Uint8Array.from(freeBits);
    const claimOf = Uint8Array.from(claimBits);
    const reducedOf = Uint8Array.from(reducedFlags);
    tokenCache.clear();
    interned.clear();
    const postings = new Map<string, Postings>();
    for (const [stem, p] of building) {
      postings.set(stem, {
        docs: Int32Array.from(p.docs),
        fields: Uint8Array.from(p.fields),
        idf: Math.log(1 + count / p.docs.length),
      });
    }
    building.clear();

    const vocabulary = [...wordStem.keys()].sort();
    const wordIndex = new Map(vocabulary.map((w, i) => [w, i]));
    const wordsOfStem = new Map<string, number[]>();
    vocabulary.forEach((w, i) => {
      const stem = wordStem.get(w) ?? w;
      const list = wordsOfStem.get(stem);
      if (list) list.push(i);
      else wordsOfStem.set(stem, [i]);
    });
    // The first significant word of each name, as a vocabulary index: most candidates are ruled out of the
    // exact/prefix tiers by one typed-array read instead of walking their name.
    const firstNameWord = new Int32Array(count).fill(-1);
    for (let d = 0; d < count; d++) {
      const first = nameWords[d]![0];
      if (first !== undefined) firstNameWord[d] = wordIndex.get(first) ?? -1;
    }
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

    // Scratch space reused by every query (search runs synchronously, one query at a time).
    const termBest = new Float32Array(count);
    const totalScore = new Float32Array(count);
    const matched = new Uint8Array(count);
    const termBuffer = new Int32Array(count);
    const touchedBuffer = new Int32Array(count);
    const gramHits = new Uint16Array(vocabulary.length);
    const firstWordOk = new Uint8Array(vocabulary.length);

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

    function tierOf(doc: number, required: readonly QueryTerm[]): MatchTier {
      const stems = nameStems[doc]!;
      const words = nameWords[doc]!;
      if (required.length === 0 || required.length > stems.length) return 3;
      let typing = false;
      for (let i = 0; i < required.length; i++) {
        const term = required[i]!;
        if (stems[i] === term.stem || term.corrections.has(stems[i]!)) continue;
        if (term.last && words[i]!.startsWith(term.word)) {
          typing = true;
          continue;
        }
        return 3;
      }
      if (typing) return 2;
      return required.length === stems.length ? 0 : 1;
    }

    /**
     * Negative when (tier, score, doc) ranks before `b`: tier, then relevance, then health score, then the
     * shorter name (fewer words the shopper did not ask for), then alphabetical.
     */
    function compare(group: number, tier: MatchTier, score: number, doc: number, b: Candidate): number {
      if (group !== b.group) return group - b.group;
      if (tier !== b.tier) return tier - b.tier;
      if (Math.abs(score - b.score) > 1e-4) return b.score - score;
      const ha = healthScores[doc]!;
      const hb = healthScores[b.doc]!;
      if (ha !== hb) return hb - ha;
      const wa = nameWords[doc]!;
      const wb = nameWords[b.doc]!;
      if (wa.length !== wb.length) return wa.length - wb.length;
      const ka = wa.join(' ');
      const kb = wb.join(' ');
      return ka < kb ? -1 : ka > kb ? 1 : doc - b.doc;
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

    return { size: count, vocabularySize: vocabulary.length, search, findByBarcode };
  }

  return { add, build };
}

export function buildSearchIndex<T>(docs: readonly SearchDoc<T>[]): SearchIndex<T> {
  const builder = createSearchIndexBuilder<T>();
  for (const doc of docs) builder.add(doc);
  return builder.build();
}
