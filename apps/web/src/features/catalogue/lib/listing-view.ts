import type { ListingSort } from '@etiqueta/contracts';
import {
  type FilterState,
  QUICK_FILTERS,
  type QuickFilter,
  SUGAR_FILTER_MAX_G,
  SUGAR_FILTER_MIN_G,
} from '@etiqueta/domain';

/** What a shopper chose on a listing, as kept for their return from a product (lib/listing-return.ts). */
export type ListingView = {
  sub2category: string | null;
  filters: QuickFilter[];
  sugarEnabled: boolean;
  sugarMaxG: number;
  /** The sugar box's text as typed ('' after emptying it). */
  sugarText: string;
  sort: ListingSort;
  onlySuited: boolean;
};

const SORTS: readonly ListingSort[] = ['score', 'name'];

/** A kept view read back: only what the listing could have written; anything else is no view at all. */
export const parseListingView = (raw: unknown): ListingView | null => {
  if (typeof raw !== 'object' || raw === null) return null;
  const view = raw as Record<string, unknown>;
  const { sub2category, filters, sugarEnabled, sugarMaxG, sugarText, sort, onlySuited } = view;
  if (sub2category !== null && typeof sub2category !== 'string') return null;
  if (!Array.isArray(filters) || !filters.every((f) => (QUICK_FILTERS as readonly unknown[]).includes(f))) return null;
  if (typeof sugarEnabled !== 'boolean' || typeof onlySuited !== 'boolean') return null;
  if (
    typeof sugarMaxG !== 'number' ||
    !Number.isInteger(sugarMaxG) ||
    sugarMaxG < SUGAR_FILTER_MIN_G ||
    sugarMaxG > SUGAR_FILTER_MAX_G
  )
    return null;
  if (typeof sugarText !== 'string' || sugarText.length > 2) return null;
  if (!SORTS.includes(sort as ListingSort)) return null;
  return {
    sub2category,
    filters: filters as QuickFilter[],
    sugarEnabled,
    sugarMaxG,
    sugarText,
    sort: sort as ListingSort,
    onlySuited,
  };
};

/** The quick filters' state a kept view opens with. */
export const filterStateOf = (view: ListingView): FilterState => ({
  active: new Set(view.filters),
  sugarEnabled: view.sugarEnabled,
  sugarMaxG: view.sugarMaxG,
});
