import { beforeAll, describe, expect, it } from 'vitest';
import { API_CACHE } from '../src/plugins/cache-headers.ts';
import { sharedTestApp, testDatabaseKind } from './helpers.ts';
import { seedOneProduct, signedInAs } from './fixtures.ts';

type Who = 'anonymous' | 'user' | 'admin';
type Case = { method?: 'GET' | 'POST' | 'PATCH'; url: string; as: Who; body?: object; status: number; cache: string };

/**
 * Issue 16: the API's cache rules, which the service worker's NetworkFirst reads and the browser's own cache
 * obey. Nothing may be reused without asking the server (no stale score after an admin edit); what needs a
 * session is never kept by a shared cache; what is about one person is never stored at all; writes and errors
 * never.
 */
const cases = (productId: number, barcode: string): Case[] => [
  { url: '/api/health', as: 'anonymous', status: 200, cache: API_CACHE.public },
  { url: '/api/categories', as: 'anonymous', status: 200, cache: API_CACHE.public },
  { url: '/api/signup/status', as: 'anonymous', status: 200, cache: API_CACHE.public },
  { url: `/api/search/barcode/${barcode}`, as: 'anonymous', status: 200, cache: API_CACHE.public },
  { url: '/api/v1/search?q=leche', as: 'user', status: 200, cache: API_CACHE.public },
  { url: '/api/v1/search/suggestions?q=le', as: 'anonymous', status: 200, cache: API_CACHE.public },
  { url: `/api/products/${productId}`, as: 'user', status: 200, cache: API_CACHE.members },
  { url: `/api/products/${productId}`, as: 'admin', status: 200, cache: API_CACHE.members },
  { url: '/api/categories/desayuno/products', as: 'user', status: 200, cache: API_CACHE.members },
  { url: '/api/subcategories/leches', as: 'user', status: 200, cache: API_CACHE.members },
  { url: '/api/auth/status', as: 'anonymous', status: 200, cache: API_CACHE.personal },
  { url: '/api/auth/status', as: 'user', status: 200, cache: API_CACHE.personal },
  { url: '/api/account', as: 'user', status: 200, cache: API_CACHE.personal },
  { url: '/api/history', as: 'user', status: 200, cache: API_CACHE.personal },
  { url: `/api/products/${productId}/alternatives`, as: 'user', status: 200, cache: API_CACHE.members },
  { url: '/api/products', as: 'admin', status: 200, cache: API_CACHE.personal },
  { url: '/api/admin/users', as: 'admin', status: 200, cache: API_CACHE.personal },
  { url: '/api/additives', as: 'admin', status: 200, cache: API_CACHE.personal },
  { url: '/api/sync/status', as: 'admin', status: 200, cache: API_CACHE.personal },
  // Errors, whatever the guard had set before the handler failed.
  { url: `/api/products/${productId}`, as: 'anonymous', status: 401, cache: API_CACHE.never },
  { url: '/api/products/999999', as: 'user', status: 404, cache: API_CACHE.never },
  { url: '/api/admin/users', as: 'user', status: 403, cache: API_CACHE.never },
  { url: '/api/no-existe', as: 'anonymous', status: 404, cache: API_CACHE.never },
  // Writes.
  { method: 'POST', url: '/api/auth/logout', as: 'anonymous', status: 200, cache: API_CACHE.never },
  { method: 'POST', url: '/api/auth/login', as: 'anonymous', body: { email: 'nadie@example.cl' }, status: 401, cache: API_CACHE.never },
  { method: 'PATCH', url: '/api/account', as: 'user', body: { firstName: 'Ana', lastName: 'Pérez' }, status: 200, cache: API_CACHE.never },
  { method: 'PATCH', url: `/api/products/${productId}`, as: 'admin', body: { brand: 'Otra marca' }, status: 200, cache: API_CACHE.never },
];

describe(`API cache headers (${testDatabaseKind})`, () => {
  const t = sharedTestApp();
  const cookies: Partial<Record<Who, string>> = {};
  let productId: number;
  const barcode = '7800000000011';

  beforeAll(async () => {
    productId = await seedOneProduct(t.app, { barcode, name: 'Leche Entera' });
    cookies.user = await signedInAs(t.app, t.database.db, 'user@example.cl', 'user');
    cookies.admin = await signedInAs(t.app, t.database.db, 'admin@example.cl', 'admin');
  });

  it('every answer says how it may be kept, by who asked and what it is', async () => {
    const mismatches: string[] = [];
    for (const c of cases(productId, barcode)) {
      const cookie = cookies[c.as];
      const res = await t.app.inject({
        method: c.method ?? 'GET',
        url: c.url,
        headers: cookie ? { cookie } : {},
        ...(c.body ? { payload: c.body } : {}),
      });
      if (res.statusCode !== c.status || res.headers['cache-control'] !== c.cache) {
        mismatches.push(`${c.method ?? 'GET'} ${c.url} as ${c.as}: ${res.statusCode} '${res.headers['cache-control']}' (expected ${c.status} '${c.cache}')`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('a product answer is never reused after an admin edit: the next read is the edited product', async () => {
    const read = () => t.app.inject({ url: `/api/products/${productId}`, headers: { cookie: cookies.user! } });
    const before = await read();
    expect(before.headers['cache-control']).toBe('private, no-cache');
    // Revalidation finds no validator to answer 304 with: the browser must take the new body.
    expect(before.headers.etag).toBeUndefined();
    expect(before.headers['last-modified']).toBeUndefined();
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/products/${productId}`,
      headers: { cookie: cookies.admin! },
      payload: { totalSugarsG100: 45 },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const after = await read();
    expect(after.json<{ totalSugarsG100: number }>().totalSugarsG100).toBe(45);
    expect(after.json<{ healthScore: unknown }>().healthScore).not.toEqual(before.json<{ healthScore: unknown }>().healthScore);
  });
});
