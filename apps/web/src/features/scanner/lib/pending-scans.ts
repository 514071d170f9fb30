import { apiPaths } from '@etiqueta/contracts';
import { ApiError, apiJson } from '@/lib/api-client';
import { isOfflineError } from '@/lib/error-message';
import { OFFLINE_CACHES, PENDING_SCANS_KEY } from '@/lib/offline-caches';
import { createStoredValue } from '@/lib/stored-value';

/*
 * Scanning in a dead zone (issue 16): a code whose product this phone already keeps opens it; any other code is
 * kept here (in localStorage, so closing the app loses nothing) and looked up when the connection returns, and the
 * shopper is told what was found and what was not.
 */

/** Where "Agregar este producto" leads: the contribution form for that code. */
export const contributeAddress = (code: string) => `/contribute/${encodeURIComponent(code)}`;

/** `name` is null when the product could not be read (the product answer needs a session). */
export type FoundScan = { code: string; id: number; name: string | null };
export type PendingScans = {
  /** Codes waiting for the network, oldest first. */
  pending: string[];
  /** Looked up after the connection returned: the products found… */
  found: FoundScan[];
  /** …and the codes nobody has. */
  missing: string[];
};

const EMPTY: PendingScans = { pending: [], found: [], missing: [] };
/** More codes than anyone scans in one dead zone; the oldest go first. */
const MAX_PENDING = 50;

const stored = createStoredValue<PendingScans>({
  key: PENDING_SCANS_KEY,
  parse: (value) => {
    const parsed = (value ?? {}) as Partial<PendingScans>;
    return {
      pending: Array.isArray(parsed.pending) ? parsed.pending.filter((c) => typeof c === 'string') : [],
      found: Array.isArray(parsed.found) ? parsed.found : [],
      missing: Array.isArray(parsed.missing) ? parsed.missing.filter((c) => typeof c === 'string') : [],
    };
  },
  empty: EMPTY,
  isEmpty: (scans) => scans.pending.length + scans.found.length + scans.missing.length === 0,
});
const getSnapshot = stored.get;
const write = stored.set;

/** The codes waiting and the last lookup's results, re-rendering on every change (this tab's and others'). */
export const usePendingScans = (): PendingScans => stored.use();

/** Keeps a code for later (once: a code scanned twice waits once). */
export const queueScan = (code: string) => {
  const current = getSnapshot();
  if (current.pending.includes(code)) return;
  write({ ...current, pending: [...current.pending, code].slice(-MAX_PENDING) });
};

/** The shopper has read what the lookup found. */
export const dismissScanResults = () => write({ ...getSnapshot(), found: [], missing: [] });

const sameCode = (a: string, b: string) => a.replace(/^0+/, '') === b.replace(/^0+/, '');

/**
 * The product this phone keeps (the service worker's product cache) whose barcode is `code`, if any: a code
 * scanned offline for a product opened from a listing or a search, never scanned before.
 */
export const findKeptProductId = async (code: string): Promise<number | null> => {
  if (typeof caches === 'undefined') return null;
  try {
    const cache = await caches.open(OFFLINE_CACHES.products);
    for (const request of await cache.keys()) {
      const response = await cache.match(request);
      const product = (await response?.json().catch(() => null)) as { id?: unknown; barcode?: unknown } | null;
      if (typeof product?.id === 'number' && typeof product.barcode === 'string' && sameCode(product.barcode, code)) {
        return product.id;
      }
    }
  } catch {
    // No Cache Storage here (an insecure origin): nothing is kept.
  }
  return null;
};

let lookingUp = false;

/**
 * Looks every waiting code up, one after another (the server may ask Open Food Facts for each): a product found
 * is fetched too, for its name, which also keeps it for offline use. A code the network failed for, or that the
 * server could not answer now (Open Food Facts down, too many requests), keeps waiting.
 */
export const lookUpPendingScans = async (): Promise<void> => {
  if (lookingUp) return;
  lookingUp = true;
  try {
    for (const code of getSnapshot().pending) {
      let outcome: { found: FoundScan } | { missing: true } | null = null;
      try {
        const { id } = await apiJson(apiPaths.search.barcode(code));
        const name = await apiJson(apiPaths.products.one(id)).then(
          (product) => product.name,
          () => null,
        );
        outcome = { found: { code, id, name } };
      } catch (error) {
        if (error instanceof ApiError && (error.status === 404 || error.status === 400)) outcome = { missing: true };
        else if (isOfflineError(error)) break;
      }
      if (outcome === null) continue;
      const current = getSnapshot();
      const pending = current.pending.filter((c) => c !== code);
      write(
        'found' in outcome
          ? { ...current, pending, found: [...current.found, outcome.found] }
          : { ...current, pending, missing: [...current.missing, code] },
      );
    }
  } finally {
    lookingUp = false;
  }
};
