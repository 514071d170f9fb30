// How far a typed word may be from a catalogue word and still be meant as it: edit distance, typo allowance,
// and the trigrams typo candidates are found by.

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

/** Edits a word of this length may have and still count as the same word. */
export const maxTyposFor = (length: number) => (length >= 8 ? 2 : length >= 4 ? 1 : 0);

/** Numbers (sizes, percentages, codes) are never typo-corrected: '7801' is not a misspelt '7802'. */
export const typoTolerant = (word: string) => !/\d/.test(word);

export type SimilarWord = { word: string; distance: number };

export function trigramsOf(word: string): string[] {
  const padded = `$${word}$`;
  const grams: string[] = [];
  for (let i = 0; i + 3 <= padded.length; i++) grams.push(padded.slice(i, i + 3));
  return grams;
}
