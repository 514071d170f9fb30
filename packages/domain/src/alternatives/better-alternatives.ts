/**
 * "Mejores opciones" (issue 16): which products of a shelf are clearly better than the one in the shopper's
 * hand, in what order, and the one reason each is better. Pure: the server picks the candidates from the
 * database and calls these (ADR 015).
 */
import { CHILE_SEAL_LIMITS } from '../seals/chile-seals.ts';
import { formatNumberEs } from '../text/format-es.ts';
import { normalizeToWords } from '../text/normalize-text.ts';
import { formatScore } from '../score/score-band.ts';

/**
 * A product is "clearly better" when its score, as shown (one decimal), is at least this much higher. Smaller
 * gaps are within what a label's rounding or one missing value moves, and a shopper would not call 6,1 a
 * better choice than 6,0.
 */
export const BETTER_SCORE_MARGIN = 0.5;

/** Scores are computed in tenths (health-score.ts); compared in tenths so float noise cannot decide. */
const tenths = (score: number) => Math.round(score * 10);

/** Whether `candidate` is clearly better than `than` (both scored, at least BETTER_SCORE_MARGIN higher as shown). */
export function isClearlyBetter(candidate: number | null, than: number | null): boolean {
  if (candidate === null || than === null || Number.isNaN(candidate) || Number.isNaN(than)) return false;
  return tenths(candidate) >= tenths(than) + tenths(BETTER_SCORE_MARGIN);
}

/** What the reason compares: the stored analysis of each product. */
export type ComparableProduct = {
  healthScore: number | null;
  /** Nutrients per 100 mL rather than 100 g: the limits compared against are the liquid ones. */
  isLiquid: boolean;
  totalSugarsG100: number | null;
  sodiumMg100: number | null;
  saturatedFatG100: number | null;
  energyKcal100: number | null;
  fiberG100: number | null;
  proteinG100: number | null;
  novaGroup: number | null;
  /** How many 'ALTO EN' seals the product carries. */
  sealCount: number;
  /** How many of its detected additives are 'Riesgoso'; null when its ingredient list is unknown. */
  riskyAdditiveCount: number | null;
};

/** Every kind of reason, strongest kinds first (the order that breaks a tie of strengths). */
export const BETTER_REASON_IDS = [
  'sin-aditivos-de-riesgo',
  'menos-aditivos-de-riesgo',
  'menos-azucar',
  'menos-sodio',
  'menos-grasas-saturadas',
  'menos-calorias',
  'sin-sellos',
  'menos-sellos',
  'menos-procesado',
  'mas-fibra',
  'mas-proteina',
  'mejor-puntaje',
] as const;
export type BetterReasonId = (typeof BETTER_REASON_IDS)[number];

export type BetterReason = {
  id: BetterReasonId;
  /** The reason in a few words: "Menos azúcar". */
  text: string;
  /** The two values it rests on, the alternative's first: "4 g frente a 22 g por 100 g". */
  detail: string;
};

type Candidate = BetterReason & { strength: number };

/** A nutrient the alternative has less of, in units of its Chilean seal limit (the scale a shopper is warned on). */
const LESS_OF = [
  { id: 'menos-azucar', text: 'Menos azúcar', field: 'totalSugarsG100', limit: 'sugarsG', unit: 'g' },
  { id: 'menos-sodio', text: 'Menos sodio', field: 'sodiumMg100', limit: 'sodiumMg', unit: 'mg' },
  { id: 'menos-grasas-saturadas', text: 'Menos grasas saturadas', field: 'saturatedFatG100', limit: 'saturatedFatG', unit: 'g' },
  { id: 'menos-calorias', text: 'Menos calorías', field: 'energyKcal100', limit: 'energyKcal', unit: 'kcal' },
] as const;
/** A difference smaller than this share of the limit, or than this share of the original value, is not a reason. */
const MIN_SHARE_OF_LIMIT = 0.2;
const MIN_RELATIVE_DROP = 0.2;

/** Nutrients the alternative has more of: weaker reasons (they rarely make a product the better choice alone). */
const MORE_OF = [
  { id: 'mas-fibra', text: 'Más fibra', field: 'fiberG100', minGain: 1.5, scale: 3 },
  { id: 'mas-proteina', text: 'Más proteína', field: 'proteinG100', minGain: 3, scale: 8 },
] as const;
const MORE_OF_WEIGHT = 0.5;

const RISKY_ADDITIVE_WEIGHT = 1.2;
const SEAL_WEIGHT = 1;
/** Reaching none (no risky additive, no seal) is worth more than one fewer. */
const NONE_LEFT_BONUS = 0.6;
const NOVA_STEP_WEIGHT = 0.7;

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The one reason `alternative` is better than `original`: the strongest real difference between them. Every
 * candidate reason is true by construction (the alternative has strictly less of a limit nutrient, fewer risky
 * additives or seals, a lower NOVA group, more fibre or protein, each by a margin a shopper would notice);
 * their strengths are put on one scale (a seal limit's worth of a nutrient ≈ one seal ≈ one risky additive)
 * and the strongest wins, ties going to the earlier kind in the list below. When no single fact differs by
 * enough, the reason is the score itself, which is true because only clearly better products are offered.
 */
export function betterReason(original: ComparableProduct, alternative: ComparableProduct): BetterReason {
  const limits = original.isLiquid ? CHILE_SEAL_LIMITS.liquid : CHILE_SEAL_LIMITS.solid;
  const basis = original.isLiquid ? 'por 100 mL' : 'por 100 g';
  const candidates: Candidate[] = [];

  const riskyBefore = original.riskyAdditiveCount;
  const riskyAfter = alternative.riskyAdditiveCount;
  if (riskyBefore !== null && riskyAfter !== null && riskyAfter < riskyBefore) {
    const none = riskyAfter === 0;
    candidates.push({
      id: none ? 'sin-aditivos-de-riesgo' : 'menos-aditivos-de-riesgo',
      text: none ? 'Sin aditivos de riesgo' : 'Menos aditivos de riesgo',
      detail: `${riskyAfter} frente a ${count(riskyBefore, 'aditivo de riesgo', 'aditivos de riesgo')}`,
      strength: RISKY_ADDITIVE_WEIGHT * (riskyBefore - riskyAfter) + (none ? NONE_LEFT_BONUS : 0),
    });
  }

  for (const nutrient of LESS_OF) {
    const before = original[nutrient.field];
    const after = alternative[nutrient.field];
    if (before === null || after === null || after >= before) continue;
    const share = (before - after) / limits[nutrient.limit];
    if (share < MIN_SHARE_OF_LIMIT || after > before * (1 - MIN_RELATIVE_DROP)) continue;
    const decimals = nutrient.unit === 'g' ? 1 : 0;
    candidates.push({
      id: nutrient.id,
      text: nutrient.text,
      detail: `${formatNumberEs(after, decimals)} ${nutrient.unit} frente a ${formatNumberEs(before, decimals)} ${nutrient.unit} ${basis}`,
      strength: share,
    });
  }

  if (alternative.sealCount < original.sealCount) {
    const none = alternative.sealCount === 0;
    candidates.push({
      id: none ? 'sin-sellos' : 'menos-sellos',
      text: none ? 'Sin sellos ALTO EN' : 'Menos sellos ALTO EN',
      detail: `${alternative.sealCount} frente a ${count(original.sealCount, 'sello', 'sellos')}`,
      strength: SEAL_WEIGHT * (original.sealCount - alternative.sealCount) + (none ? NONE_LEFT_BONUS : 0),
    });
  }

  if (original.novaGroup !== null && alternative.novaGroup !== null && alternative.novaGroup < original.novaGroup) {
    candidates.push({
      id: 'menos-procesado',
      text: `Menos procesado (NOVA ${alternative.novaGroup})`,
      detail: `NOVA ${alternative.novaGroup} frente a NOVA ${original.novaGroup}`,
      strength: NOVA_STEP_WEIGHT * (original.novaGroup - alternative.novaGroup),
    });
  }

  for (const nutrient of MORE_OF) {
    const before = original[nutrient.field];
    const after = alternative[nutrient.field];
    if (before === null || after === null || after - before < nutrient.minGain) continue;
    candidates.push({
      id: nutrient.id,
      text: nutrient.text,
      detail: `${formatNumberEs(after)} g frente a ${formatNumberEs(before)} g ${basis}`,
      strength: (MORE_OF_WEIGHT * (after - before)) / nutrient.scale,
    });
  }

  // Strongest first; equal strengths keep the order above (sort is stable).
  const best = candidates.toSorted((a, b) => b.strength - a.strength)[0];
  if (best) return { id: best.id, text: best.text, detail: best.detail };
  return {
    id: 'mejor-puntaje',
    text: 'Mejor puntaje general',
    detail: `${formatScore(alternative.healthScore)} frente a ${formatScore(original.healthScore)}`,
  };
}

/** Words too common in product names to say two products are of one kind. */
const NAME_STOP_WORDS = new Set(['con', 'sin', 'del', 'las', 'los', 'para', 'por', 'una', 'uno', 'tipo', 'sabor']);

/** The words of a product name that say what it is: folded, three letters or more, not a number or a stop word. */
export function nameWords(name: string): Set<string> {
  return new Set(
    normalizeToWords(name)
      .split(' ')
      .filter((w) => w.length >= 3 && !/^\d+$/.test(w) && !NAME_STOP_WORDS.has(w)),
  );
}

/**
 * `substituteFamily`: what a shopper could buy instead (issue 26: water, soft-drink, milk, cookie-biscuit, bread…);
 * only products of one family are alternatives to each other.
 */
export type RankableProduct = { id: number; name: string; brand: string; healthScore: number | null; substituteFamily: string };

/** How close `candidate` is in kind to `original`: shared name words, then the same brand. */
function closeness(original: { words: Set<string>; brand: string }, candidate: RankableProduct) {
  let shared = 0;
  for (const word of nameWords(candidate.name)) if (original.words.has(word)) shared += 1;
  const brand = normalizeToWords(candidate.brand);
  return { shared, sameBrand: brand !== '' && brand === original.brand ? 1 : 0 };
}

/**
 * The clearly better candidates in the order they are offered, at most `limit`: higher score as shown (one
 * decimal) first; among equal scores the closer in kind (more shared name words, then the same brand); then by
 * id, so the order is the same on every call. Candidates of another substitute family, not clearly better, or
 * the product itself are left out: name words only order products of one family, never bring in another.
 * Closeness is computed only for the score groups that reach the first `limit`.
 */
export function rankAlternatives<T extends RankableProduct>(
  original: RankableProduct,
  candidates: readonly T[],
  limit = Number.POSITIVE_INFINITY,
): T[] {
  const better = candidates
    .filter(
      (c) =>
        c.id !== original.id &&
        c.substituteFamily === original.substituteFamily &&
        isClearlyBetter(c.healthScore, original.healthScore),
    )
    .map((c) => ({ c, score: tenths(c.healthScore!) }))
    .sort((a, b) => b.score - a.score);
  // Every candidate up to the last one scored like the limit-th: the order beyond that cannot reach the list.
  const last = better[Math.min(limit, better.length) - 1];
  const reach = last === undefined ? [] : better.filter((x) => x.score >= last.score);
  const reference = { words: nameWords(original.name), brand: normalizeToWords(original.brand) };
  return reach
    .map((x) => ({ ...x, ...closeness(reference, x.c) }))
    .sort((a, b) => b.score - a.score || b.shared - a.shared || b.sameBrand - a.sameBrand || a.c.id - b.c.id)
    .slice(0, limit)
    .map((x) => x.c);
}
