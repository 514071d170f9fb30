import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';

/*
 * Going back from a product to the listing or search it was opened from finds the listing as it was left: the same
 * choices (chip, quick filters, sugar box, order, "Solo aptos para mí"), the same pages loaded and the same place on
 * the page (issue 30). The view is kept in this tab's session storage, never in the address, which the spec wants
 * tidy after load (§2); the chip itself is also the spec's session filter (listing-filter-storage.ts).
 *
 * A return is the browser's Back (or Forward, or a reload: a POP) or the product page's own back link, which
 * carries RETURN_TO_LISTING. Any other arrival (a category card, a link, a new search) starts afresh.
 */

/** What a product card's link carries on a listing or the search: the address of that listing. */
export type FromListing = { fromListing: string };
/** What the product page's back link carries: open the listing as it was left. */
export const RETURN_TO_LISTING = { returnToListing: true } as const;

/** The state a card's link carries on this screen: its address (path and query), so "Volver" comes back here. */
export const useFromListingState = (): FromListing => {
  const { pathname, search } = useLocation();
  return useMemo(() => ({ fromListing: pathname + search }), [pathname, search]);
};

/** The listing a product page was opened from (its navigation state), or null; only an address of this site. */
export const readFromListing = (state: unknown): string | null => {
  if (typeof state !== 'object' || state === null || !('fromListing' in state)) return null;
  const path = state.fromListing;
  return typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') ? path : null;
};

export type KeptView<C> = {
  /** What the shopper chose on the listing. */
  choice: C;
  /** Pages loaded ("Ver más productos"). */
  pages: number;
  /** Where the page was scrolled to, in CSS pixels from the top. */
  scrollY: number;
};

export const listingViewKey = (listing: string) => `ec:listing-view:${listing}`;

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** The view kept for `listing`, or null when none (or it is unreadable, or its choice fails `parseChoice`). */
export const readListingView = <C>(listing: string, parseChoice: (raw: unknown) => C | null): KeptView<C> | null => {
  try {
    const text = window.sessionStorage.getItem(listingViewKey(listing));
    if (text === null) return null;
    const raw = JSON.parse(text) as Partial<Record<keyof KeptView<C>, unknown>> | null;
    if (!raw || !isCount(raw.pages) || raw.pages < 1 || !isCount(raw.scrollY)) return null;
    const choice = parseChoice(raw.choice);
    return choice === null ? null : { choice, pages: raw.pages, scrollY: raw.scrollY };
  } catch {
    return null;
  }
};

export const writeListingView = <C>(listing: string, view: KeptView<C>): void => {
  try {
    window.sessionStorage.setItem(listingViewKey(listing), JSON.stringify(view));
  } catch {
    // Storage unavailable: the listing works, it just opens afresh on return.
  }
};

/** The view to bring back when this arrival is a return, else null; decided once, when the screen opens. */
export const useReturnedView = <C>(listing: string, parseChoice: (raw: unknown) => C | null): KeptView<C> | null => {
  const navigationType = useNavigationType();
  const state: unknown = useLocation().state;
  const [kept] = useState(() => {
    const isReturn =
      navigationType === NavigationType.Pop || (typeof state === 'object' && state !== null && 'returnToListing' in state);
    return isReturn ? readListingView(listing, parseChoice) : null;
  });
  return kept;
};

/** What the hook reads of the listing's infinite query (TanStack Query's `useInfiniteQuery` result). */
type PagedQuery = {
  data?: { pages: readonly unknown[] };
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
};

const SAVE_SCROLL_AFTER_MS = 150;

/**
 * Keeps the listing's view in session storage as it changes; on a return (`kept`), loads the pages that were loaded,
 * then scrolls where the shopper was. A new choice while that runs ends it: the shopper has moved on.
 */
export const useKeepListingView = <C>({
  listing,
  choice,
  kept,
  ready,
  query,
}: {
  listing: string;
  choice: C;
  kept: KeptView<C> | null;
  /** The first page (or its error) is here, not a previous choice's placeholder. */
  ready: boolean;
  query: PagedQuery;
}) => {
  const choiceText = JSON.stringify(choice);
  const pageCount = query.data?.pages.length ?? 0;
  const restoring = useRef(kept !== null);
  const latest = useRef<KeptView<C>>({ choice, pages: pageCount, scrollY: kept?.scrollY ?? 0 });

  // Every change of choice or pages is kept at once (a reload or a tap on a card may come next), except while a
  // return is being brought back.
  useEffect(() => {
    latest.current = { ...latest.current, choice, pages: pageCount };
    if (!restoring.current && pageCount > 0) writeListingView(listing, latest.current);
  }, [listing, choiceText, pageCount]); // eslint-disable-line react-hooks/exhaustive-deps

  // The scroll, a moment after it stops; and once more as the screen goes, before the next screen scrolls to its top
  // (a layout effect's cleanup runs before the router's scroll restoration, and keeps the last value seen).
  useLayoutEffect(() => {
    let timer: number | undefined;
    const save = () => {
      if (!restoring.current && latest.current.pages > 0) writeListingView(listing, latest.current);
    };
    const onScroll = () => {
      if (restoring.current) return;
      latest.current.scrollY = Math.round(window.scrollY);
      window.clearTimeout(timer);
      timer = window.setTimeout(save, SAVE_SCROLL_AFTER_MS);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.clearTimeout(timer);
      save();
    };
  }, [listing]);

  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  useEffect(() => {
    if (!restoring.current || !kept || !ready) return;
    if (JSON.stringify(kept.choice) !== choiceText) {
      // The shopper chose something else before the return was complete: their choice wins.
      restoring.current = false;
      return;
    }
    if (pageCount < kept.pages && hasNextPage && !isFetchNextPageError) {
      if (!isFetchingNextPage) void fetchNextPage();
      return;
    }
    // Every page is here: scroll once the cards are laid out.
    const frame = window.requestAnimationFrame(() => {
      window.scrollTo(0, kept.scrollY);
      latest.current = { ...latest.current, scrollY: kept.scrollY };
      restoring.current = false;
      writeListingView(listing, latest.current);
    });
    return () => window.cancelAnimationFrame(frame);
  }, [listing, kept, choiceText, ready, pageCount, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);
};
