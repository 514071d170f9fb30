/**
 * An ingredient list's text cut into ingredients (read-ingredient-list.ts): what is not an ingredient blanked
 * (heading, precautionary and allergen statements, storage and maker lines), the rest split at top-level commas,
 * semicolons and sentence stops, each bracket read as a list of its own one level deeper; and whether the list
 * stops mid-way. Offsets are kept throughout, so what is printed can be quoted.
 */
import { foldText, normalizeToWords } from '../text/normalize-text.ts';
import { type TokenStream, WordTrie } from '../text/token-stream.ts';
import { NOT_INGREDIENT_SENTENCES } from './reading-words.ts';

const NOT_INGREDIENT_TRIE: WordTrie<true> = (() => {
  const trie = new WordTrie<true>();
  for (const p of NOT_INGREDIENT_SENTENCES) trie.add(normalizeToWords(p).split(' '), true);
  return trie;
})();

/** Folded words of a piece of text with their offsets (a TokenStream without statement dropping). */
export function words(text: string, folded: string = foldText(text)): TokenStream {
  const stream: TokenStream = { source: text, words: [], starts: [], ends: [], gaps: [] };
  const re = /[a-z0-9]+/g;
  let previousEnd = 0;
  for (let m = re.exec(folded); m !== null; m = re.exec(folded)) {
    stream.words.push(m[0]);
    stream.starts.push(m.index);
    stream.ends.push(m.index + m[0].length);
    stream.gaps.push(folded.slice(previousEnd, m.index));
    previousEnd = m.index + m[0].length;
  }
  return stream;
}

/**
 * One ingredient's text (its bracketed parts blanked out: they are ingredients of their own), the same folded
 * (foldText keeps one character per character), and its depth.
 */
export type Piece = { text: string; folded: string; depth: number };
/**
 * Blanks what is not an ingredient: the heading, precautionary and allergen statements, storage and maker
 * lines (each to the end of its sentence). Offsets are kept, so what is printed can be quoted.
 */
export function maskStatements(text: string): { text: string; folded: string } {
  const folded = foldText(text);
  const stream = words(text, folded);
  const ranges: [number, number][] = [];
  const blank = (from: number, to: number) => ranges.push([from, to]);
  const heading = /^\s*(?:lista\s+de\s+)?(?:ingredientes?|ingredients?|ingr\.)\s*[:.-]\s*/i.exec(text);
  if (heading) blank(0, heading[0].length);
  const { words: w, starts, gaps } = stream;
  let sentenceStart = true;
  for (let i = 0; i < w.length; i++) {
    if (i > 0 && /[.:](?:\s|$)/.test(gaps[i] ?? '')) sentenceStart = true;
    const match = NOT_INGREDIENT_TRIE.longestMatch(stream, i);
    // A statement starts a sentence ("Contiene leche."), except the precautionary ones, which may follow a comma.
    if (
      match &&
      (sentenceStart || /^(?:puede|pueden|podria|may|peut|trazas|elaborado|fabricado)$/.test(w[i] ?? ''))
    ) {
      // To the end of its sentence, or of the bracket it opened in ("(puede contener: maní), uva pasa").
      let j = match.last + 1;
      let depth = 0;
      for (; j < w.length; j++) {
        const gap = gaps[j] ?? '';
        if (/\.(?:\s|$)/.test(gap) && depth === 0) break;
        for (const c of gap) {
          if (c === '(' || c === '[' || c === '{') depth++;
          else if (c === ')' || c === ']' || c === '}') depth--;
        }
        if (depth < 0) break;
      }
      blank(starts[i] ?? 0, j < w.length ? (stream.ends[j - 1] ?? text.length) : text.length);
      i = j - 1;
      sentenceStart = false;
      continue;
    }
    sentenceStart = false;
  }
  if (ranges.length === 0) return { text, folded };
  const cut = (source: string) => {
    let out = '';
    let at = 0;
    for (const [from, to] of ranges) {
      out += source.slice(at, from) + ' '.repeat(to - from);
      at = to;
    }
    return out + source.slice(at);
  };
  return { text: cut(text), folded: cut(folded) };
}

/**
 * Splits text[start, end) at top-level commas, semicolons and sentence stops. Each part is one ingredient, its
 * brackets blanked; what the brackets hold is read as a list of its own, one level deeper, after it.
 */
export function splitList(
  text: string,
  folded: string,
  start: number,
  end: number,
  depth: number,
  out: Piece[],
): void {
  let level = 0;
  let innerStart = start;
  let head = '';
  let headFolded = '';
  let headFrom = start;
  let children: Piece[] = [];
  const flush = (partEnd: number) => {
    head += text.slice(headFrom, partEnd);
    headFolded += folded.slice(headFrom, partEnd);
    out.push({ text: head, folded: headFolded, depth }, ...children);
    head = '';
    headFolded = '';
    children = [];
    headFrom = partEnd + 1;
  };
  for (let i = start; i < end; i++) {
    const c = text[i];
    if (c === '(' || c === '[' || c === '{') {
      if (level === 0) {
        head += `${text.slice(headFrom, i)} `;
        headFolded += `${folded.slice(headFrom, i)} `;
        innerStart = i + 1;
      }
      level++;
    } else if ((c === ')' || c === ']' || c === '}') && level > 0) {
      level--;
      if (level === 0) {
        splitList(text, folded, innerStart, i, depth + 1, children);
        headFrom = i + 1;
      }
    } else if (level === 0 && (c === ',' || c === ';' || (c === '.' && /\s/.test(text[i + 1] ?? ' ')))) {
      flush(i);
    }
  }
  if (level > 0) {
    // An unclosed bracket: what follows it is read as parts of the last ingredient.
    splitList(text, folded, innerStart, end, depth + 1, children);
    headFrom = end;
  }
  flush(end);
}

/** A list that ends on a comma, colon or joining word, or with more brackets opened than closed. */
export function isCutShort(text: string): boolean {
  const trimmed = text.trim();
  if (/(?:[,:;([]|\s(?:y|e|o|de|con|and|or|of|with|et|ou|du|des|avec))$/i.test(trimmed)) return true;
  let depth = 0;
  for (const c of trimmed) {
    if (c === '(' || c === '[') depth++;
    else if ((c === ')' || c === ']') && depth > 0) depth--;
  }
  return depth > 0;
}
