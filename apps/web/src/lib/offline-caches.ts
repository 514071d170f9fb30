/**
 * The service worker's runtime caches (apps/web/pwa.config.ts, ADR 018), named once: the worker fills them,
 * and the page reads or empties them (the scanner finds a product by its barcode among the products kept;
 * signing out empties what was personal). Precached files (the app shell and every screen's code) live in
 * Workbox's own precache and are not listed here.
 */
export const OFFLINE_CACHES = {
  /** GET /api/products/{id}: the last 100 products opened. */
  products: 'ec-productos',
  /** GET /api/products/{id}/alternatives: their "Mejores opciones". */
  alternatives: 'ec-alternativas',
  /** GET /api/search/barcode/{code}: which product a scanned code is. */
  barcodes: 'ec-codigos',
  /** Home grid, category and listing reads, so browsing back works in a dead zone. */
  catalogue: 'ec-catalogo',
  /** GET /api/auth/status: members' pages open offline for the member who was signed in. */
  session: 'ec-sesion',
  /** GET /api/history: the signed-in shopper's history, readable offline. */
  history: 'ec-historial',
  /** The barcode reader's WebAssembly, kept once the scanner was first used with it. */
  scanner: 'ec-escaner',
} as const;

/** The last products opened that stay readable offline (issue 16). */
export const MAX_OFFLINE_PRODUCTS = 100;

/**
 * Caches that say something about one person (who is signed in, what they opened or scanned): emptied when they
 * sign out or erase their account, so the next person on the phone finds none of it.
 */
export const PERSONAL_CACHES = [
  OFFLINE_CACHES.session,
  OFFLINE_CACHES.history,
  OFFLINE_CACHES.products,
  OFFLINE_CACHES.alternatives,
  OFFLINE_CACHES.barcodes,
] as const;

/**
 * How long a read waits for the network before answering from the cache (when it has the answer): a weak
 * signal in the aisle should not leave the shopper staring at a skeleton.
 */
export const NETWORK_TIMEOUT_SECONDS = 3;

/** Where the scanner keeps the codes read offline and what their lookup found (features/scanner/lib/pending-scans.ts). */
export const PENDING_SCANS_KEY = 'etiqueta-clara:codigos-sin-conexion';

/**
 * Empties what this phone kept about the person who signs out (or erases their account): the personal caches
 * and the codes they scanned offline. Other tabs and the scanner's store learn it through a storage event.
 */
export const forgetPersonalOfflineData = async (): Promise<void> => {
  try {
    window.localStorage.removeItem(PENDING_SCANS_KEY);
    window.dispatchEvent(new StorageEvent('storage', { key: PENDING_SCANS_KEY }));
  } catch {
    // Storage unavailable (private mode): nothing was kept.
  }
  if (typeof caches === 'undefined') return;
  await Promise.all(PERSONAL_CACHES.map((name) => caches.delete(name).catch(() => false)));
};
