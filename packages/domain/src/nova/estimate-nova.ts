/**
 * NOVA group estimate (1–4) from the ingredient list.
 *
 * Rule (Open Food Facts' reading of NOVA; Monteiro et al., World Nutrition 2016): start at 1; any processed
 * culinary ingredient or group-3 additive (salt, sugar, oils, butter, honey, starch, preservatives, nitrites)
 * gives 3; any ultra-processing marker (group-4 additive, flavouring, syrup, isolate, class word such as
 * "colorante" or "emulsionante") gives 4. No ingredient list → null (no estimate).
 * Categories, when the record carries OFF's (its categories_tags, every ancestor included), are read as OFF
 * reads them: a group-2 category (fats, salts, sugars, honeys, vinegars, starches) gives 2 and is never moved to
 * 3; a group-3 one (cheeses, wines, prepared meats, meals, and the NOVA paper's ultra-processed examples such
 * as sodas) gives at least 3; without a list only plain water (1) and group-2 categories get a group. Without
 * categories, group 2 is read from the list itself: a single ingredient that is a group-3 culinary ingredient
 * ("aceite de oliva extra virgen", "miel pura") is group 2.
 * Unknown is not clean (issue 26): an undeclared industrial preparation ("concentrados Coca-Cola", a flavouring)
 * is a group-4 marker, and a group below 4 is given only for a list read well (readIngredientList); otherwise
 * there is no estimate. OFF gives one with up to half the ingredients unknown; we do not claim "processed only
 * a little" from a list we could not read.
 * A marker after "sin", "contiene", "to preserve", … is not an ingredient ("contiene gluten", "sulfur dioxide (to
 * preserve flavor)").
 */
import type { DetectedAdditive } from '../types.ts';
import { type TokenStream, WordTrie } from '../text/token-stream.ts';
import { baseCodeKey, codeKey } from '../additives/additive-codes.ts';
import {
  NOVA_CATEGORY_MARKERS,
  NOVA_GROUP_3_ADDITIVES,
  NOVA_GROUP_3_PHRASES,
  NOVA_GROUP_4_ADDITIVES,
  NOVA_GROUP_4_PHRASES,
} from './nova-markers.ts';

/** The four NOVA groups, least processed first. */
export const NOVA_GROUPS = [1, 2, 3, 4] as const;
export type NovaGroup = (typeof NOVA_GROUPS)[number];

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

/** What else decides the group: OFF's category tags, and how the list was read (readIngredientList). */
export type NovaContext = {
  categories?: readonly string[];
  reading?: { readWell: boolean; undeclared: readonly string[] };
};

const UNFLAVOURED_WATER = (categories: readonly string[]) =>
  categories.includes('en:waters') &&
  !categories.includes('en:flavored-waters') &&
  !categories.includes('en:flavoured-waters');

export function estimateNovaInStream(
  stream: TokenStream,
  additives: readonly DetectedAdditive[],
  ingredientCount?: number,
  context: NovaContext = {},
): NovaEstimate {
  const categories = context.categories ?? [];
  const categoryGroups = categories.map((c) => NOVA_CATEGORY_MARKERS[c]).filter((g) => g !== undefined);
  const group2Category = categoryGroups.includes(2);
  if (stream.words.length === 0) {
    if (UNFLAVOURED_WATER(categories)) return { group: 1, markers: ['en:waters'] };
    return group2Category
      ? { group: 2, markers: categories.filter((c) => NOVA_CATEGORY_MARKERS[c] === 2) }
      : { group: null, markers: [] };
  }
  const estimate = estimateFromList(stream, additives, ingredientCount, context.reading?.undeclared ?? []);
  if (estimate.group === 4) return estimate;
  let group: NovaGroup = estimate.group ?? 1;
  const markers = [...estimate.markers];
  if (group2Category) {
    // A group-2 category stays 2 whatever group-3 ingredient it holds (sugar is made of sugar).
    group = 2;
  } else if (categoryGroups.some((g) => g >= 3) && group < 3) {
    group = 3;
    markers.push(...categories.filter((c) => (NOVA_CATEGORY_MARKERS[c] ?? 0) >= 3));
  }
  // Below 4 is a claim that the list holds nothing ultra-processed: only from a list read well.
  if (context.reading !== undefined && !context.reading.readWell) return { group: null, markers };
  return { group, markers };
}

function estimateFromList(
  stream: TokenStream,
  additives: readonly DetectedAdditive[],
  ingredientCount: number | undefined,
  undeclared: readonly string[],
): NovaEstimate {
  if (undeclared.length > 0) return { group: 4, markers: [...undeclared] };
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
