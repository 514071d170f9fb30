/**
 * Quick filters of the product listing (spec §4 "Filters", §5 sugar input, §9 sugar default and range).
 */
import type { RiskLevel, SuspectRisk } from '../types.ts';

/** The quick filters, in the order a listing shows them. */
export const QUICK_FILTERS = ['ancestral-natural', 'sin-aditivos-riesgosos', 'sin-aditivos'] as const;
export type QuickFilter = (typeof QUICK_FILTERS)[number];

export type FilterState = {
  active: ReadonlySet<QuickFilter>;
  sugarEnabled: boolean;
  /** Maximum sugars, g per 100 g, integer 0–99. */
  sugarMaxG: number;
};

/** Sugar filter default 5 g, range 0–99 (spec §9). */
export const SUGAR_FILTER_DEFAULT_G = 5;
export const SUGAR_FILTER_MIN_G = 0;
export const SUGAR_FILTER_MAX_G = 99;

export const INITIAL_FILTER_STATE: FilterState = {
  active: new Set(),
  sugarEnabled: false,
  sugarMaxG: SUGAR_FILTER_DEFAULT_G,
};

/** Filters that cannot be on together with each key (spec §4). */
const EXCLUSIVE_WITH: Record<QuickFilter, readonly QuickFilter[]> = {
  'ancestral-natural': ['sin-aditivos-riesgosos', 'sin-aditivos'],
  'sin-aditivos-riesgosos': ['ancestral-natural', 'sin-aditivos'],
  'sin-aditivos': ['ancestral-natural', 'sin-aditivos-riesgosos'],
};

/** Clicking a filter toggles it; turning it on turns off the filters it excludes. */
export function toggleQuickFilter(state: FilterState, filter: QuickFilter): FilterState {
  const active = new Set(state.active);
  if (active.has(filter)) {
    active.delete(filter);
  } else {
    for (const other of EXCLUSIVE_WITH[filter]) active.delete(other);
    active.add(filter);
  }
  return { ...state, active };
}

/** Clicking the sugar chip toggles it and keeps the value. */
export function toggleSugarFilter(state: FilterState): FilterState {
  return { ...state, sugarEnabled: !state.sugarEnabled };
}

/** Keys the sugar box refuses (spec §5): minus, plus and exponent. */
export function isBlockedSugarKey(key: string): boolean {
  return key === '-' || key === '+' || key === 'e' || key === 'E';
}

/**
 * Typing in the sugar box (spec §4–5): a whole number 0–99 enables the filter with that value; an empty box
 * disables it and sets the value to 0; anything else (out of range, decimals, junk) is ignored.
 */
export function applySugarInput(state: FilterState, raw: string): FilterState {
  const text = raw.trim();
  if (text === '') return { ...state, sugarEnabled: false, sugarMaxG: 0 };
  if (!/^\d+$/.test(text)) return state;
  const value = Number.parseInt(text, 10);
  if (value < SUGAR_FILTER_MIN_G || value > SUGAR_FILTER_MAX_G) return state;
  return { ...state, sugarEnabled: true, sugarMaxG: value };
}

export type FilterableProduct = {
  totalSugarsG100: number | null;
  detectedAdditives: readonly { riskLevel: RiskLevel }[];
  ultraprocessed: readonly { riskLevel: SuspectRisk }[];
};

/**
 * Whether a product passes the active filters:
 * - 'sin-aditivos': no additive detected;
 * - 'sin-aditivos-riesgosos': no additive rated 'Riesgoso';
 * - 'ancestral-natural': no additive and no ultra-processing suspect (food as it comes from the land; our reading);
 * - sugar: sugars per 100 g known and at most the chosen value.
 */
export function matchesFilters(product: FilterableProduct, state: FilterState): boolean {
  if (state.active.has('sin-aditivos') && product.detectedAdditives.length > 0) return false;
  if (
    state.active.has('sin-aditivos-riesgosos') &&
    product.detectedAdditives.some((a) => a.riskLevel === 'Riesgoso')
  )
    return false;
  if (
    state.active.has('ancestral-natural') &&
    (product.detectedAdditives.length > 0 || product.ultraprocessed.length > 0)
  )
    return false;
  if (state.sugarEnabled && (product.totalSugarsG100 === null || product.totalSugarsG100 > state.sugarMaxG))
    return false;
  return true;
}
