/**
 * Word tokens of a label text, with their offsets in the original text.
 *
 * Why tokens instead of one regular expression per name: a catalogue of ~600 additives has ~7,000 names;
 * walking a token trie costs one map lookup per word whatever the catalogue size, so a product is analysed in
 * microseconds and the matcher rebuilds in milliseconds when an admin edits an additive.
 */
import { foldText } from './normalize-text.ts';

export type TokenStream = {
  /** The label text as given. */
  source: string;
  /** Folded words (lower-case ASCII letters and digits). */
  words: string[];
  starts: number[];
  ends: number[];
  /** Folded characters between the previous word and this one (the "gap"). */
  gaps: string[];
};

const WORD = /[a-z0-9]+/g;

export function tokenize(source: string): TokenStream {
  const folded = foldText(source);
  const words: string[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  const gaps: string[] = [];
  let previousEnd = 0;
  let firstStatementWord = -1;
  WORD.lastIndex = 0;
  for (let m = WORD.exec(folded); m !== null; m = WORD.exec(folded)) {
    const start = m.index;
    const end = start + m[0].length;
    if (firstStatementWord < 0 && STATEMENT_FIRST_WORDS.has(m[0])) firstStatementWord = words.length;
    words.push(m[0]);
    starts.push(start);
    ends.push(end);
    gaps.push(folded.slice(previousEnd, start));
    previousEnd = end;
  }
  const stream: TokenStream = { source, words, starts, ends, gaps };
  return firstStatementWord < 0 ? stream : dropAllergenStatements(stream, firstStatementWord);
}

/**
 * Precautionary allergen statements are not ingredients: "Puede contener trazas de maní, anhídrido sulfuroso",
 * "Elaborado en líneas que también procesan…", "May contain…"; nor is a mineral water's analysis ("Análisis
 * químico (en mg/L): bicarbonatos 710"). Their words are dropped up to the next sentence stop, so nothing in them
 * counts as an additive, a suspect or a NOVA marker.
 */
const STATEMENT_STARTS: readonly (readonly string[])[] = [
  ['puede', 'contener'],
  ['pueden', 'contener'],
  ['podria', 'contener'],
  ['contiene', 'trazas'],
  ['trazas', 'de'],
  ['elaborado', 'en', 'lineas'],
  ['elaborado', 'en', 'equipos'],
  ['elaborado', 'en', 'equipo'],
  ['procesado', 'en', 'lineas'],
  ['elaborado', 'en', 'una'],
  ['producto', 'elaborado', 'en'],
  ['fabricado', 'en', 'una'],
  // A mineral water's analysis ("Análisis químico (en mg/L): … bicarbonatos 710"): its contents, not ingredients.
  ['analisis', 'quimico'],
  ['analisis', 'fisico'],
  ['composicion', 'quimica'],
  ['composicion', 'analitica'],
  ['residuo', 'seco'],
  ['may', 'contain'],
  ['peut', 'contenir'],
  ['traces', 'eventuelles'],
];

const STATEMENT_FIRST_WORDS: ReadonlySet<string> = new Set(STATEMENT_STARTS.map((phrase) => phrase[0] ?? ''));

function startsStatement(words: readonly string[], i: number): boolean {
  if (!STATEMENT_FIRST_WORDS.has(words[i] ?? '')) return false;
  return STATEMENT_STARTS.some((phrase) => phrase.every((w, k) => words[i + k] === w));
}

/** A full stop followed by a space or a line end, outside a decimal number. */
function endsSentence(gap: string): boolean {
  return /\.(?:\s|$)/.test(gap);
}

/** Bracket depth after walking one gap: "(", "[" and "{" open, their closing forms close (never below 0). */
function bracketDepthAfter(gap: string, depth: number): number {
  let d = depth;
  for (let g = 0; g < gap.length; g++) {
    const c = gap.charCodeAt(g);
    if (c === 40 || c === 91 || c === 123) d++;
    else if ((c === 41 || c === 93 || c === 125) && d > 0) d--;
  }
  return d;
}

function dropAllergenStatements(stream: TokenStream, from: number): TokenStream {
  const { words } = stream;
  let first = -1;
  for (let i = from; i < words.length; i++) {
    if (startsStatement(words, i)) {
      first = i;
      break;
    }
  }
  if (first < 0) return stream;
  const kept: TokenStream = { source: stream.source, words: [], starts: [], ends: [], gaps: [] };
  let skipping = false;
  let depth = 0;
  let statementDepth = 0;
  for (let i = 0; i < words.length; i++) {
    const gap = stream.gaps[i] ?? '';
    depth = bracketDepthAfter(gap, depth);
    // A statement that opened inside brackets ends with them: "vegetable oil [may contain one or more of the
    // following: corn, canola], sodium bicarbonate" goes on listing ingredients after the "]".
    if (skipping && (endsSentence(gap) || depth < statementDepth)) skipping = false;
    if (!skipping && i >= first && startsStatement(words, i)) {
      skipping = true;
      statementDepth = depth;
    }
    if (skipping) continue;
    kept.words.push(words[i] ?? '');
    kept.starts.push(stream.starts[i] ?? 0);
    kept.ends.push(stream.ends[i] ?? 0);
    kept.gaps.push(gap);
  }
  return kept;
}

/** A gap that can sit inside one name: spaces, hyphens, slashes, '&', apostrophes, abbreviation dots, '#'/'@' ("Yellow #5"). */
export function isSoftGap(gap: string): boolean {
  for (let i = 0; i < gap.length; i++) {
    const c = gap.charCodeAt(i);
    // space, tab, newline, - / & ' . # @ (in "no. 5", "fd&c", "d'acidité", "mono- y", "yellow #5")
    if (
      c !== 32 &&
      c !== 9 &&
      c !== 10 &&
      c !== 13 &&
      c !== 35 &&
      c !== 64 &&
      c !== 45 &&
      c !== 47 &&
      c !== 38 &&
      c !== 39 &&
      c !== 46 &&
      c !== 160
    ) {
      return false;
    }
  }
  return true;
}

type TrieNode<T> = { children: Map<string, TrieNode<T>> | undefined; value: T | undefined };

/** A trie over word sequences ("lecitina", "de", "soya"); the first value stored for a sequence wins. */
export class WordTrie<T> {
  private readonly root: TrieNode<T> = { children: undefined, value: undefined };
  size = 0;

  /** Adds a phrase already reduced to words (normalizeToWords). Returns false when it was empty or taken. */
  add(words: readonly string[], value: T): boolean {
    if (words.length === 0) return false;
    let node = this.root;
    for (const word of words) {
      node.children ??= new Map();
      let next = node.children.get(word);
      if (!next) {
        next = { children: undefined, value: undefined };
        node.children.set(word, next);
      }
      node = next;
    }
    if (node.value !== undefined) return false;
    node.value = value;
    this.size++;
    return true;
  }

  /**
   * Longest phrase starting at word `from` and ending before word `end` (the stream's end by default) whose inner
   * gaps are soft. Returns the value and the index of the last word, or undefined.
   */
  longestMatch(
    stream: TokenStream,
    from: number,
    end: number = stream.words.length,
  ): { value: T; last: number } | undefined {
    const { words, gaps } = stream;
    // Most words start no phrase: one map lookup and out.
    const first = this.root.children?.get(words[from] ?? '');
    if (!first || from >= end) return undefined;
    let node: TrieNode<T> = first;
    let bestValue = node.value;
    let bestLast = from;
    for (let i = from + 1; i < end; i++) {
      const children: Map<string, TrieNode<T>> | undefined = node.children;
      if (!children || !isSoftGap(gaps[i] ?? '')) break;
      const next: TrieNode<T> | undefined = children.get(words[i] ?? '');
      if (!next) break;
      node = next;
      if (node.value !== undefined) {
        bestValue = node.value;
        bestLast = i;
      }
    }
    return bestValue === undefined ? undefined : { value: bestValue, last: bestLast };
  }
}
