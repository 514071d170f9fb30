import { afterEach, describe, expect, it, vi } from 'vitest';

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
