import { createStoredValue } from './stored-value';

/*
 * The products a shopper picked to compare (issue 16, "Comparar"): 2 or 3, kept in this browser's
 * localStorage under 'ec:compare' so the pick survives moving between pages, reloads and tabs. Each pick keeps
 * the product's name too, so the tray and the comparison can name it before (or without) loading it. Storage
 * can be unavailable (private modes, quotas): then the pick lives in memory for this page only and nothing
 * breaks. The comparison screen's address (/comparar?ids=1,2,3) is its own state: a shared link never depends
 * on this store.
 */

export type ComparePick = { id: number; name: string };

/** More than three columns do not fit a phone (360 px) side by side. */
export const MAX_COMPARE = 3;
export const COMPARE_STORAGE_KEY = 'ec:compare';
export const COMPARE_FULL_TITLE = 'Puedes comparar hasta 3 productos';
export const COMPARE_FULL_TEXT = 'Quita uno de la comparación para agregar otro.';

const EMPTY: readonly ComparePick[] = [];

const isPick = (value: unknown): value is ComparePick =>
  typeof value === 'object' &&
  value !== null &&
  'id' in value &&
  Number.isSafeInteger(value.id) &&
  (value.id as number) > 0 &&
  'name' in value &&
  typeof value.name === 'string';

const stored = createStoredValue<readonly ComparePick[]>({
  key: COMPARE_STORAGE_KEY,
  // Kept only if well formed: at most three picks, each id once.
  parse: (value) => {
    if (!Array.isArray(value)) return EMPTY;
    const picks: ComparePick[] = [];
    for (const item of value) {
      if (isPick(item) && !picks.some((pick) => pick.id === item.id)) picks.push({ id: item.id, name: item.name });
    }
    return picks.slice(0, MAX_COMPARE);
  },
  empty: EMPTY,
  isEmpty: (picks) => picks.length === 0,
});

/** The current picks; the same array while nothing changed. */
export const readComparePicks = stored.get;
const writePicks = stored.set;

export type ToggleResult = 'added' | 'removed' | 'full';

/** Adds the product, or removes it when already picked; a fourth pick changes nothing and answers 'full'. */
export const toggleComparePick = (product: ComparePick): ToggleResult => {
  const picks = readComparePicks();
  if (picks.some((pick) => pick.id === product.id)) {
    writePicks(picks.filter((pick) => pick.id !== product.id));
    return 'removed';
  }
  if (picks.length >= MAX_COMPARE) return 'full';
  writePicks([...picks, { id: product.id, name: product.name }]);
  return 'added';
};

export const removeComparePick = (id: number) => {
  const picks = readComparePicks();
  if (picks.some((pick) => pick.id === id)) writePicks(picks.filter((pick) => pick.id !== id));
};

export const clearComparePicks = () => writePicks(EMPTY);

/** The picks, re-rendering on every change (this tab's and, through the storage event, other tabs'). */
export const useComparePicks = stored.use;

/** The comparison's address: the address is the state, so it can be shared as it is. */
export const compareHref = (ids: readonly number[]) => `/comparar?ids=${ids.join(',')}`;

export type ParsedCompareIds = {
  /** Distinct product ids in the order given, at most three. */
  ids: number[];
  /** Parts of the address that cannot be a product id ("abc", "0", "-4"). */
  invalid: string[];
  /** Ids beyond the third, left out. */
  dropped: number[];
};

/** Reads `?ids=12,7,31`: positive integers, each once, the first three kept. */
export const parseCompareIds = (value: string | null): ParsedCompareIds => {
  const ids: number[] = [];
  const invalid: string[] = [];
  const dropped: number[] = [];
  for (const part of (value ?? '').split(',')) {
    const text = part.trim();
    if (text === '') continue;
    const id = /^\d{1,15}$/.test(text) ? Number(text) : NaN;
    if (!Number.isSafeInteger(id) || id <= 0) invalid.push(text);
    else if (ids.includes(id) || dropped.includes(id)) continue;
    else if (ids.length < MAX_COMPARE) ids.push(id);
    else dropped.push(id);
  }
  return { ids, invalid, dropped };
};
