import { useCallback, useEffect, useState } from 'react';

/** Spec §4: the banner's states. `hidden` is the first 10 seconds of a visit. */
export type BannerState = 'hidden' | 'shown' | 'minimized' | 'permanently_hidden';

export const BANNER_STORAGE_KEY = 'community-banner-state';
/** Spec §4, §9: the banner waits 10 s before it shows. */
export const BANNER_DELAY_MS = 10_000;

const readStored = (): BannerState | null => {
  try {
    const value = window.localStorage.getItem(BANNER_STORAGE_KEY);
    return value === 'minimized' || value === 'permanently_hidden' || value === 'shown' ? value : null;
  } catch {
    // Storage can be blocked (private modes, strict settings): the banner then lives for the visit only.
    return null;
  }
};

const store = (state: BannerState) => {
  try {
    window.localStorage.setItem(BANNER_STORAGE_KEY, state);
  } catch {
    // See readStored.
  }
};

/**
 * Closed for good stays closed; minimised comes back minimised; otherwise the banner shows after
 * the delay. Every change is kept in local storage.
 */
export const useBannerState = () => {
  const [state, setState] = useState<BannerState>(() => {
    const stored = readStored();
    return stored === 'minimized' || stored === 'permanently_hidden' ? stored : 'hidden';
  });

  useEffect(() => {
    if (state !== 'hidden') return;
    const timer = window.setTimeout(() => setState('shown'), BANNER_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [state]);

  const change = useCallback((next: BannerState) => {
    store(next);
    setState(next);
  }, []);

  return {
    state,
    minimize: useCallback(() => change('minimized'), [change]),
    restore: useCallback(() => change('shown'), [change]),
    close: useCallback(() => change('permanently_hidden'), [change]),
  };
};
