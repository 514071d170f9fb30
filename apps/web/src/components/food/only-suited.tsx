import { Check, EyeOff } from 'lucide-react';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { formatCount } from '@/lib/format';
import { hasPreferences, usePreferences } from '@/lib/preferences';
import { type VerdictProduct, verdictFor } from '@/lib/verdict';

/*
 * "Solo aptos para mí" (issue 28, ADR 024): the listing and the search keep asking the server for the same pages as
 * anyone (the preferences are never sent), and the phone keeps only the products whose verdict is "Apto para ti",
 * loading more pages until a screen is full and saying how many it hid.
 */

/** A phone screen of cards (2 columns) and then some: what "a screen is full" means. */
export const SCREENFUL = 12;
/** Pages loaded by themselves in a row before the phone waits for "Ver más" (a shelf where almost nothing suits). */
export const MAX_AUTO_PAGES = 10;

export const hiddenText = (count: number) =>
  count === 1 ? '1 oculto por tus preferencias' : `${formatCount(count)} ocultos por tus preferencias`;

type Pages = {
  hasNextPage: boolean;
  isFetching: boolean;
  /** The last page could not be loaded: stop asking by itself. */
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
};

/**
 * The products to show and how many the filter hid. While the filter is on and fewer than a screenful suit, the next
 * page is loaded by itself (at most MAX_AUTO_PAGES in a row); `loadMore` asks for one more screenful.
 */
export const useOnlySuited = <T extends VerdictProduct>(products: readonly T[], on: boolean, pages: Pages) => {
  const preferences = usePreferences();
  const active = on && hasPreferences(preferences);
  const shown = useMemo(
    () => (active ? products.filter((p) => verdictFor(preferences, p)?.level === 'apto') : products),
    [active, preferences, products],
  );
  const [want, setWant] = useState(SCREENFUL);
  const autoPages = useRef(0);
  const { hasNextPage, isFetching, isFetchNextPageError, fetchNextPage } = pages;

  useEffect(() => {
    if (!active || shown.length >= want) {
      autoPages.current = 0;
      return;
    }
    if (!hasNextPage || isFetching || isFetchNextPageError || autoPages.current >= MAX_AUTO_PAGES) return;
    autoPages.current += 1;
    void fetchNextPage();
  }, [active, shown.length, want, hasNextPage, isFetching, isFetchNextPageError, fetchNextPage]);

  const loadMore = () => {
    if (!active) {
      void fetchNextPage();
      return;
    }
    autoPages.current = 0;
    setWant(shown.length + SCREENFUL);
    if (shown.length >= want && !isFetching) void fetchNextPage();
  };

  return { active, shown, hidden: products.length - shown.length, loadMore };
};

/**
 * The "Solo aptos para mí" toggle, beside a listing's filters; shown only to someone with preferences (without them
 * there is nothing to filter by).
 */
export const OnlySuitedToggle = ({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }) => {
  const preferences = usePreferences();
  if (!hasPreferences(preferences)) return null;
  return (
    <button
      type="button"
      aria-pressed={on}
      data-testid="only-suited"
      onClick={() => onChange(!on)}
      className={`inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-full px-4 text-sm font-medium whitespace-nowrap ring-1 transition-colors ${
        on ? 'bg-brand-700 text-white ring-brand-700' : 'bg-white text-stone-800 ring-stone-300 hover:bg-stone-50'
      }`}
    >
      {on ? <Check aria-hidden="true" className="size-4" /> : null}
      Solo aptos para mí
    </button>
  );
};

/** "12 ocultos por tus preferencias", while the filter hides any. */
export const HiddenNote = ({ hidden }: { hidden: number }) =>
  hidden > 0 ? (
    <p className="inline-flex items-center gap-1.5 text-sm text-stone-700" data-testid="hidden-by-preferences">
      <EyeOff aria-hidden="true" className="size-4" />
      {hiddenText(hidden)}
    </p>
  ) : null;

/** Under a filtered grid: "12 aptos de 120 productos revisados (de 1.234)". */
export const suitedProgressText = (shown: number, checked: number, total: number) =>
  `${formatCount(shown)} ${shown === 1 ? 'apto' : 'aptos'} de ${formatCount(checked)} productos revisados (de ${formatCount(total)})`;

/** The grid's "Ver más" button. */
export const MORE_PRODUCTS_LABEL = 'Ver más productos';

type MoreProductsProps = {
  /** Products shown, pages loaded so far (their products), and the listing's total. */
  shown: number;
  loaded: number;
  total: number;
  /** "Solo aptos para mí" is on: the count says how many suited of how many checked. */
  suitedActive: boolean;
  /** Why the last page could not be loaded, if it could not. */
  error: ReactNode;
  loading: boolean;
  onLoadMore: () => void;
};

/** Under a grid of products with more pages (a listing, the search results): how far it goes, and "Ver más productos". */
export const MoreProducts = ({ shown, loaded, total, suitedActive, error, loading, onLoadMore }: MoreProductsProps) => (
  <div className="mt-6 flex flex-col items-center gap-2 text-center">
    <p className="text-sm text-stone-600">
      {suitedActive
        ? suitedProgressText(shown, loaded, total)
        : `Mostrando ${formatCount(shown)} de ${formatCount(total)}`}
    </p>
    {error ? <Alert variant="inline">{error}</Alert> : null}
    <Button variant="secondary" disabled={loading} onClick={onLoadMore}>
      {loading ? 'Cargando…' : MORE_PRODUCTS_LABEL}
    </Button>
  </div>
);
