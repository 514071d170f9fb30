// How hits rank: the field a word was found in, how closely the name matches the query (tier), then relevance,
// health score, the shorter name and the alphabet.
import type { MatchTier } from './search-types.ts';
import type { QueryTerm } from './query-terms.ts';

/** A word in the name counts most, then the brand, then a subcategory name, then the broad category. */
export const FIELD_NAME = 1;
export const FIELD_BRAND = 2;
export const FIELD_SUBCATEGORY = 4;
export const FIELD_CATEGORY = 8;
export const fieldWeight = (mask: number) =>
  mask & FIELD_NAME ? 3 : mask & FIELD_BRAND ? 2 : mask & FIELD_SUBCATEGORY ? 1.5 : 1;

export type Candidate = { doc: number; group: number; tier: MatchTier; score: number };

/** Rankers over one index's names (significant words and their stems, per document) and health scores. */
export function createRanking(
  nameStems: readonly (readonly string[])[],
  nameWords: readonly (readonly string[])[],
  healthScores: Float64Array,
) {
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

  return { tierOf, compare };
}
