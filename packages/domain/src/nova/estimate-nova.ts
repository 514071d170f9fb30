/**
 * NOVA group estimate (1–4) from the ingredient list.
 *
 * Rule (Open Food Facts' reading of NOVA; Monteiro et al., World Nutrition 2016): start at 1; any processed
 * culinary ingredient or group-3 additive (salt, sugar, oils, butter, honey, starch, preservatives, nitrites)
 * gives 3; any ultra-processing marker (group-4 additive, flavouring, syrup, isolate, class word such as
 * "colorante" or "emulsionante") gives 4. No ingredient list → null (no estimate).
 * Categories are not used: products reach the domain without OFF categories, so group 2 (processed culinary
 * ingredients: oils, sugar, honey, salt, vinegar) is read from the list itself: a single ingredient that is a
 * group-3 culinary ingredient ("aceite de oliva extra virgen", "miel pura") is group 2.
 * A marker after "sin", "contiene", "to preserve", … is not an ingredient ("contiene gluten", "sulfur dioxide (to
 * preserve flavor)").
 */
import type { DetectedAdditive } from '../types.ts';
import { type TokenStream, WordTrie } from '../text/token-stream.ts';
import { baseCodeKey, codeKey } from '../additives/additive-matcher.ts';
import {
  NOVA_GROUP_3_ADDITIVES,
  NOVA_GROUP_3_PHRASES,
  NOVA_GROUP_4_ADDITIVES,
  NOVA_GROUP_4_PHRASES,
} from './nova-markers.ts';

export type NovaGroup = 1 | 2 | 3 | 4;

const PHRASES: WordTrie<3 | 4> = (() => {
  const trie = new WordTrie<3 | 4>();
  for (const phrase of NOVA_GROUP_4_PHRASES) trie.add(phrase.split(' '), 4);
  for (const phrase of NOVA_GROUP_3_PHRASES) trie.add(phrase.split(' '), 3);
  return trie;
})();

const ADDITIVES_3 = new Set(NOVA_GROUP_3_ADDITIVES);
const ADDITIVES_4 = new Set(NOVA_GROUP_4_ADDITIVES);

/** The group and the markers that set it (additive codes and label phrases), for explanations and debugging. */
export type NovaEstimate = { group: NovaGroup | null; markers: string[] };

/** Words after which a marker names an allergen, an absence or a purpose, not an ingredient. */
const NOT_AN_INGREDIENT_AFTER: ReadonlySet<string> = new Set([
  'sin',
  'no',
  'without',
  'sans',
  'free',
  'contiene',
  'contains',
  'contain',
  'contient',
  'preserve',
  'protect',
  'retain',
  'maintain',
  'promote',
  'enhance',
  'preservar',
  'proteger',
  'mantener',
  'realzar',
]);

export function estimateNovaInStream(
  stream: TokenStream,
  additives: readonly DetectedAdditive[],
  ingredientCount?: number,
): NovaEstimate {
  if (stream.words.length === 0) return { group: null, markers: [] };
  let group: NovaGroup = 1;
  const markers: string[] = [];
  for (const additive of additives) {
    const key = codeKey(additive.code);
    const base = baseCodeKey(key);
    const numberOnly = key.replace(/^(e\d+).*$/, '$1');
    if (ADDITIVES_4.has(key) || ADDITIVES_4.has(base) || ADDITIVES_4.has(numberOnly)) {
      markers.push(additive.code);
      group = 4;
    } else if (group < 3 && (ADDITIVES_3.has(key) || ADDITIVES_3.has(base) || ADDITIVES_3.has(numberOnly))) {
      markers.push(additive.code);
      group = 3;
    }
  }
  // Group 4 is the ceiling: once reached, the rest of the list cannot change the estimate.
  if (group === 4) return { group, markers };
  const { words } = stream;
  for (let i = 0; i < words.length && group < 4; i++) {
    const match = PHRASES.longestMatch(stream, i);
    if (!match) continue;
    if (NOT_AN_INGREDIENT_AFTER.has(words[i - 1] ?? '')) {
      i = match.last;
      continue;
    }
    if (match.value === 4 || group < 3) {
      // The label words as printed (offsets into the source), only when a marker is kept.
      markers.push(stream.source.slice(stream.starts[i] ?? 0, stream.ends[match.last] ?? 0));
      if (match.value > group) group = match.value;
    }
    i = match.last;
  }
  if (group === 3 && ingredientCount === 1 && additives.length === 0 && isPlainSingleIngredient(stream))
    group = 2;
  return { group, markers };
}

/** "Aceite de oliva extra virgen", "PURE MAPLE SYRUP": a few words, no sub-ingredients in brackets. */
function isPlainSingleIngredient(stream: TokenStream): boolean {
  return stream.words.length <= 6 && !stream.gaps.some((gap) => /[([{]/.test(gap));
}
