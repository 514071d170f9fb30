import { type Page, expect, test } from '@playwright/test';
import { apiPaths } from '@etiqueta/contracts';

import { signInAsBeta } from './support/shopper';

/*
 * Issue 33, item 3: the session ends somewhere else (here: on the server, without this page's sign-out running —
 * as a sign-out on another device, a revocation or an expiry leaves it). The next time the app hears from the
 * server that the session is gone, the service worker's personal caches are emptied: offline, Historial shows the
 * next person holding the phone nothing of the last one.
 */
test.use({ serviceWorkers: 'allow' });

const serviceWorkerInCharge = async (page: Page) => {
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });
};

/** The addresses the service worker keeps, by cache. */
const kept = (page: Page) =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });

test('a session ended elsewhere: the personal caches go at the next answer, and offline Historial shows nothing of it', async ({ page, context }) => {
  await signInAsBeta(page.request);
  const { results } = (await (await page.request.get(apiPaths.search.text('galletas', 5))).json()) as { results: { id: number; name: string }[] };
  const product = results[0]!;
  await page.goto('/');
  await serviceWorkerInCharge(page);
  await page.goto(`/product/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect
    .poll(async () => ((await (await page.request.get(apiPaths.history.all)).json()) as { items: unknown[] }).items.length)
    .toBeGreaterThan(0);
  await page.goto('/historial');
  await expect(page.getByRole('heading', { level: 1, name: 'Historial' })).toBeVisible();
  await expect.poll(async () => (await kept(page)).filter((p) => p === '/api/history' || p === '/api/auth/status')).toHaveLength(2);

  // The session ends on the server; this page's own sign-out never runs.
  expect((await page.request.post(apiPaths.auth.logout)).ok()).toBe(true);

  // The app asks the server again (the next visit to a members' page): it answers signed out, the caches go.
  await page.goto('/historial');
  // (The status is kept again at once, saying signed out: harmless.)
  await expect.poll(async () => (await kept(page)).filter((p) => p === '/api/history' || p.startsWith(`/api/products/${product.id}`))).toEqual([]);

  await context.setOffline(true);
  try {
    await page.goto('/historial');
    await expect(page.getByText(product.name)).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Hoy' })).toHaveCount(0);
  } finally {
    await context.setOffline(false);
  }
});
