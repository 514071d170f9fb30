import { apiPaths } from '@etiqueta/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { pwaOptions } from '../../pwa.config';

import { OFFLINE_CACHES, PENDING_SCANS_KEY, forgetPersonalOfflineData } from './offline-caches';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('signing out forgets what the phone kept about the person', () => {
  it('empties the session, history, products and codes caches and the codes scanned offline, not the catalogue', async () => {
    const deleted: string[] = [];
    vi.stubGlobal('caches', { delete: async (name: string) => deleted.push(name) > 0 });
    window.localStorage.setItem(PENDING_SCANS_KEY, JSON.stringify({ pending: ['7802800716340'], found: [], missing: [] }));
    const heard = vi.fn();
    window.addEventListener('storage', heard);
    await forgetPersonalOfflineData();
    window.removeEventListener('storage', heard);
    expect(deleted.sort()).toEqual(
      [
        OFFLINE_CACHES.session,
        OFFLINE_CACHES.history,
        OFFLINE_CACHES.products,
        OFFLINE_CACHES.alternatives,
        OFFLINE_CACHES.barcodes,
      ].sort(),
    );
    expect(deleted).not.toContain(OFFLINE_CACHES.catalogue);
    expect(window.localStorage.getItem(PENDING_SCANS_KEY)).toBeNull();
    // The scanner's notice, in this tab, hears of it.
    expect(heard).toHaveBeenCalledWith(expect.objectContaining({ key: PENDING_SCANS_KEY }));
  });
});

describe("the service worker's reads come from the endpoint table", () => {
  const ORIGIN = 'https://etiquetaclara.cl';
  /** The cache Workbox would answer a GET of this URL from: a RegExp route takes another origin's URL only when its match starts the URL. */
  const cacheFor = (href: string) => {
    const url = new URL(href);
    for (const route of pwaOptions.workbox?.runtimeCaching ?? []) {
      const pattern = route.urlPattern;
      if (!(pattern instanceof RegExp)) continue;
      const match = pattern.exec(url.href);
      if (!match || (url.origin !== ORIGIN && match.index !== 0)) continue;
      return route.options?.cacheName;
    }
    return undefined;
  };

  it('keeps products, alternatives, barcode lookups, the catalogue, the session and the history', () => {
    expect(cacheFor(`${ORIGIN}${apiPaths.products.one(12)}`)).toBe(OFFLINE_CACHES.products);
    expect(cacheFor(`${ORIGIN}${apiPaths.products.alternatives(12)}`)).toBe(OFFLINE_CACHES.alternatives);
    expect(cacheFor(`${ORIGIN}${apiPaths.search.barcode('7802800716340')}`)).toBe(OFFLINE_CACHES.barcodes);
    expect(cacheFor(`${ORIGIN}${apiPaths.categories.list}`)).toBe(OFFLINE_CACHES.catalogue);
    expect(cacheFor(`${ORIGIN}${apiPaths.subcategories.products('leches', { sort: 'name', page: 2 })}`)).toBe(
      OFFLINE_CACHES.catalogue,
    );
    expect(cacheFor(`${ORIGIN}${apiPaths.subcategories.sub2categories('leches')}`)).toBe(OFFLINE_CACHES.catalogue);
    expect(cacheFor(`${ORIGIN}${apiPaths.auth.status}`)).toBe(OFFLINE_CACHES.session);
    expect(cacheFor(`${ORIGIN}${apiPaths.history.all}`)).toBe(OFFLINE_CACHES.history);
    expect(cacheFor(`${ORIGIN}${apiPaths.history.page({ q: 'leche' })}`)).toBe(OFFLINE_CACHES.history);
  });

  it('keeps nothing else of the API, and nothing of another origin', () => {
    for (const address of [
      apiPaths.health,
      apiPaths.account.me,
      apiPaths.products.table,
      apiPaths.search.text('leche', 30),
      apiPaths.admin.users,
      apiPaths.history.recording,
      apiPaths.sync.firstLoad,
    ]) {
      expect(cacheFor(`${ORIGIN}${address}`), address).toBeUndefined();
    }
    expect(cacheFor(`https://otro.example${apiPaths.products.one(12)}`)).toBeUndefined();
    expect(cacheFor(`${ORIGIN}/x${apiPaths.products.one(12)}`)).toBeUndefined();
  });
});
