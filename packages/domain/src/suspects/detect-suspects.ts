import type { DetectedSuspect } from '../types.ts';
import { normalizeToWords } from '../text/normalize-text.ts';
import { type TokenStream, WordTrie, tokenize } from '../text/token-stream.ts';
import { SUSPECT_CATALOGUE, type SuspectDef } from './suspect-catalogue.ts';

const SUSPECT_TRIE: WordTrie<SuspectDef> = (() => {
  const trie = new WordTrie<SuspectDef>();
  for (const suspect of SUSPECT_CATALOGUE) {
    for (const phrase of suspect.phrases) trie.add(normalizeToWords(phrase).split(' '), suspect);
  }
  return trie;
})();

/**
 * 'Otros sospechosos' in a label text: whole-word phrases, longest first, each suspect once with the text
 * as printed. "Sin azúcar añadida"-style negations are not suspects, so a phrase right after "sin"/"no"/"free"
 * is skipped.
 */
export function detectSuspectsInStream(stream: TokenStream): DetectedSuspect[] {
  const found: DetectedSuspect[] = [];
  const seen = new Set<string>();
  const { words, starts, ends, source } = stream;
  for (let i = 0; i < words.length; i++) {
    const match = SUSPECT_TRIE.longestMatch(stream, i);
    if (!match) continue;
    const previous = words[i - 1];
    const negated = previous === 'sin' || previous === 'no' || previous === 'without' || previous === 'sans';
    const suspect = match.value;
    if (!negated && !seen.has(suspect.id)) {
      seen.add(suspect.id);
      found.push({
        id: suspect.id,
        name: suspect.name,
        riskLevel: suspect.riskLevel,
        matchedText: source.slice(starts[i] ?? 0, ends[match.last] ?? 0),
      });
    }
    i = match.last;
  }
  return found;
}

export function detectSuspects(text: string | null | undefined): DetectedSuspect[] {
  return text ? detectSuspectsInStream(tokenize(text)) : [];
}
