import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointKeys, endpointPathPattern, splitEndpointKey, type EndpointKey, type Role } from '@etiqueta/contracts';
import { buildTestApp, storedPhotos, testDatabaseKind, type TestApp } from './helpers.ts';
import { jpeg, multipart, seedOneProduct, signedInAs } from './fixtures.ts';
import { offExportFile, type OffExportFile } from './sync-helpers.ts';

type Who = 'anonymous' | Role;
type Route = { method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'; url: string; body?: () => object; expect: Record<Who, number> };

const PUBLIC = (status = 200) => ({ anonymous: status, user: status, influencer: status, admin: status });
const BETA = (status = 200) => ({ anonymous: 401, user: status, influencer: status, admin: status });
const ADMIN = (status = 200) => ({ anonymous: 401, user: 403, influencer: 403, admin: status });

/** Endpoints whose guard another file walks as each visitor, because calling them as admin starts work. */
const WALKED_ELSEWHERE = new Set<EndpointKey>([
  'POST /api/sync/bulk', // sync-routes.test.ts: 401, 403, then a run
  'POST /api/sync/incremental', // sync-routes.test.ts
]);

let n = 0;
const unique = () => `${Date.now()}${(n += 1)}`;

/**
 * Every route, walked as each kind of visitor. The client gates screens, but only the server can hold
 * the line: this table is that line. An admin-only write that the admin may make is sent to an id that
 * does not exist, so passing the guard shows as 404 without changing data.
 */
const routes = (productId: number, pendingPhoto: string): Route[] => [
  { method: 'GET', url: '/api/health', expect: PUBLIC() },
  { method: 'GET', url: '/api/auth/status', expect: PUBLIC() },
  { method: 'GET', url: '/api/categories', expect: PUBLIC() },
  { method: 'GET', url: '/api/signup/status', expect: PUBLIC() },
  { method: 'GET', url: '/api/v1/search?q=leche', expect: PUBLIC() },
  { method: 'GET', url: '/api/v1/search/suggestions?q=le', expect: PUBLIC() },
  { method: 'GET', url: '/api/search/barcode/7800000000011', expect: PUBLIC() },
  // A shared product's link: what its preview shows is public (docs/sharing.md), the page itself is not.
  { method: 'GET', url: `/api/share/products/${productId}`, expect: PUBLIC() },
  { method: 'GET', url: `/api/share/products/${productId}/card.png`, expect: PUBLIC() },
  { method: 'POST', url: '/api/contact', body: () => ({ firstName: 'A', lastName: 'B', email: 'a@b.cl', message: 'Hola' }), expect: PUBLIC(201) },
  // Signing in is open to anyone; an address that is not a member's is refused the same way to everyone.
  { method: 'POST', url: '/api/auth/login', body: () => ({ email: `nadie${unique()}@example.cl` }), expect: PUBLIC(401) },
  {
    method: 'POST',
    url: '/api/signup/beta',
    body: () => ({ email: `b${unique()}@example.cl`, firstName: 'A', lastName: 'B', ageBand: '16-o-mas' }),
    expect: PUBLIC(201),
  },
  {
    method: 'POST',
    url: '/api/signup/waitlist',
    body: () => ({ email: `w${unique()}@example.cl`, firstName: 'A', lastName: 'B', ageBand: '16-o-mas' }),
    expect: PUBLIC(201),
  },
  { method: 'GET', url: '/api/categories/desayuno', expect: BETA() },
  { method: 'GET', url: '/api/categories/desayuno/subcategories', expect: BETA() },
  { method: 'GET', url: '/api/categories/desayuno/products', expect: BETA() },
  { method: 'GET', url: '/api/subcategories/leches', expect: BETA() },
  { method: 'GET', url: '/api/subcategories/leches/products?sub2categories=Leche', expect: BETA() },
  { method: 'GET', url: '/api/subcategories/leches/sub2categories', expect: BETA() },
  { method: 'GET', url: `/api/products/${productId}`, expect: BETA() },
  { method: 'GET', url: `/api/products/${productId}/alternatives`, expect: BETA() },
  { method: 'GET', url: '/api/products/999999/alternatives', expect: BETA(404) },
  { method: 'GET', url: `/api/subcategories/leches/products?betterThan=${productId}`, expect: BETA() },
  {
    method: 'POST',
    url: '/api/error-reports',
    body: () => ({ errorType: 'otros', description: 'El azúcar no cuadra', productId, productName: 'Leche Entera' }),
    expect: BETA(201),
  },
  { method: 'GET', url: '/api/additives', expect: ADMIN() },
  { method: 'GET', url: '/api/additives/rescore-status', expect: ADMIN() },
  { method: 'POST', url: '/api/additives', body: () => ({ name: `Aditivo ${unique()}`, riskLevel: 'Riesgoso' }), expect: ADMIN(201) },
  { method: 'PATCH', url: '/api/additives/999999', body: () => ({ name: 'X', riskLevel: 'Riesgoso' }), expect: ADMIN(404) },
  { method: 'DELETE', url: '/api/additives/999999', expect: ADMIN(404) },
  { method: 'GET', url: '/api/products', expect: ADMIN() },
  { method: 'PATCH', url: '/api/products/999999', body: () => ({ name: 'X' }), expect: ADMIN(404) },
  { method: 'GET', url: '/api/admin/users', expect: ADMIN() },
  { method: 'PATCH', url: '/api/admin/users/999999', body: () => ({ role: 'user' }), expect: ADMIN(404) },
  { method: 'GET', url: '/api/admin/signups', expect: ADMIN() },
  { method: 'POST', url: '/api/admin/signups/999999/promote', expect: ADMIN(404) },
  { method: 'GET', url: '/api/admin/messages', expect: ADMIN() },
  { method: 'PATCH', url: '/api/admin/messages/999999', body: () => ({ handled: true }), expect: ADMIN(404) },
  { method: 'GET', url: '/api/admin/off-write', expect: ADMIN() },
  { method: 'GET', url: '/api/admin/error-reports', expect: ADMIN() },
  { method: 'PATCH', url: '/api/admin/error-reports/999999', body: () => ({ handled: true }), expect: ADMIN(404) },
  { method: 'GET', url: '/api/account', expect: BETA() },
  { method: 'PATCH', url: '/api/account', body: () => ({ firstName: 'Ana', lastName: 'Pérez' }), expect: BETA() },
  { method: 'GET', url: '/api/account/export', expect: BETA() },
  { method: 'POST', url: '/api/admin/personal-data/export', body: () => ({ email: 'nadie@example.cl' }), expect: ADMIN(404) },
  { method: 'POST', url: '/api/admin/personal-data/erase', body: () => ({ email: 'nadie@example.cl' }), expect: ADMIN(404) },
  { method: 'GET', url: '/api/sync/first-load', expect: PUBLIC() },
  // Historial: each member's own; no address names someone else's, and another's entry answers 404.
  { method: 'POST', url: '/api/history', body: () => ({ productId, via: 'open' }), expect: BETA() },
  { method: 'GET', url: '/api/history', expect: BETA() },
  { method: 'GET', url: '/api/history?q=leche', expect: BETA() },
  { method: 'DELETE', url: '/api/history/999999', expect: BETA(404) },
  { method: 'PUT', url: '/api/history/recording', body: () => ({ enabled: true }), expect: BETA() },
  { method: 'DELETE', url: '/api/history', expect: BETA() },
  // A signed-in shopper sending JSON passes the guard and is told to send the form with its photos (415).
  { method: 'POST', url: '/api/contributions', body: () => ({ barcode: '7802800716340' }), expect: BETA(415) },
  // The label reader: signed-in only, checked before the body is read (a JSON body is then refused as not multipart).
  { method: 'POST', url: '/api/contributions/read-label', body: () => ({ part: 'nutrition' }), expect: BETA(415) },
  // Before approval a photo is the admins' alone: to anyone else it does not exist.
  // Before approval a photo is its sender's (the beta user here) and the admins' only.
  { method: 'GET', url: `/api/contributions/photos/${pendingPhoto}`, expect: { anonymous: 401, user: 200, influencer: 404, admin: 200 } },
  // One's own contribution (its provisional product): another's, or one that does not exist, is 404 alike.
  { method: 'GET', url: '/api/contributions/999999', expect: BETA(404) },
  { method: 'GET', url: '/api/admin/contributions', expect: ADMIN() },
  { method: 'POST', url: '/api/admin/contributions/999999/approve', body: () => ({}), expect: ADMIN(404) },
  { method: 'POST', url: '/api/admin/contributions/999999/reject', body: () => ({ reason: 'Foto borrosa' }), expect: ADMIN(404) },
  { method: 'GET', url: '/api/admin/contributions?status=trusted', expect: ADMIN() },
  { method: 'POST', url: '/api/admin/contributions/999999/seen', expect: ADMIN(404) },
  { method: 'POST', url: '/api/admin/contributions/999999/revert', expect: ADMIN(404) },
  { method: 'POST', url: '/api/admin/contributions/999999/off-retry', expect: ADMIN(404) },
  { method: 'GET', url: '/api/sync/status', expect: ADMIN() },
  { method: 'GET', url: '/api/sync/runs', expect: ADMIN() },
  { method: 'GET', url: '/api/sync/uncategorized', expect: ADMIN() },
  { method: 'GET', url: '/api/sync/dubious', expect: ADMIN() },
  { method: 'POST', url: '/api/sync/test-connection', expect: ADMIN() },
  // Last: these end the session they are sent with (erasing the account ends every session).
  { method: 'DELETE', url: '/api/account', expect: BETA() },
  { method: 'POST', url: '/api/auth/logout', expect: PUBLIC() },
];

/** A shopper's contribution with one photo, waiting for review; returns the photo's file name. */
async function sendContribution(t: TestApp, cookie: string): Promise<string> {
  const { app } = t;
  const body = await multipart({ barcode: '7802800716340' }, [{ field: 'photoFront', data: await jpeg('#fff', 8, 8), name: 'frente.jpg' }]);
  const res = await app.inject({
    method: 'POST',
    url: '/api/contributions',
    headers: { cookie, 'content-type': body.contentType },
    payload: body.payload,
  });
  if (res.statusCode !== 201) throw new Error(`contribution refused: ${res.statusCode} ${res.body}`);
  const [file] = await storedPhotos(t);
  return file!;
}

describe(`access matrix: every route as anonymous, beta user, influencer and admin (${testDatabaseKind})`, () => {
  let t: TestApp;
  let source: OffExportFile;
  const cookies: Partial<Record<Who, string>> = {};
  let productId: number;
  let pendingPhoto: string;

  beforeAll(async () => {
    source = await offExportFile([{ code: '7801234567890', product_name: 'Agua mineral', ingredients_text: 'agua' }], 'ec-matrix-');
    t = await buildTestApp({ ...source.env, UPLOADS_DIR: path.join(source.dir, 'uploads') });
    productId = await seedOneProduct(t.app, { barcode: '7800000000011', name: 'Leche Entera' });
    for (const role of ['user', 'influencer', 'admin'] as const) {
      cookies[role] = await signedInAs(t.app, t.database.db, `${role}@example.cl`, role);
    }
    pendingPhoto = await sendContribution(t, cookies.user!);
  });
  afterAll(async () => {
    await t.close();
    await source.remove();
  });

  it('walks every endpoint of the endpoint table', () => {
    const walked = routes(productId, pendingPhoto);
    const notWalked = endpointKeys.filter((key) => {
      const { method } = splitEndpointKey(key);
      const address = new RegExp(`^${endpointPathPattern(key)}(?:\\?|$)`);
      return !walked.some((route) => route.method === method && address.test(route.url)) && !WALKED_ELSEWHERE.has(key);
    });
    expect(notWalked).toEqual([]);
  });

  it('each route answers each visitor as the table says', async () => {
    const mismatches: string[] = [];
    for (const route of routes(productId, pendingPhoto)) {
      for (const who of ['anonymous', 'user', 'influencer', 'admin'] as const) {
        const cookie = cookies[who as Role];
        const res = await t.app.inject({
          method: route.method,
          url: route.url,
          headers: cookie ? { cookie } : {},
          ...(route.body ? { payload: route.body() } : {}),
        });
        if (res.statusCode !== route.expect[who]) {
          mismatches.push(`${route.method} ${route.url} as ${who}: ${res.statusCode} (expected ${route.expect[who]}) ${res.body.slice(0, 120)}`);
        }
        if (res.statusCode === 401 || res.statusCode === 403) {
          expect(res.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
        }
      }
    }
    expect(mismatches).toEqual([]);
  });
});
