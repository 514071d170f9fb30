import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { type APIRequestContext, type Page, chromium, expect, request as playwrightRequest, test } from '@playwright/test';
import { apiPaths, endpointPathPattern } from '@etiqueta/contracts';

import { launchWithFakeCamera, writeEan13Y4m } from './support/fake-camera';
import { expectNoSeriousA11yViolations, screenshot, signInAsAdmin, signInAsBeta } from './support/shopper';

/*
 * Issue 16, "Installable and offline", against the built app and the real server: the browser's own verdict on
 * installability, then journeys with the service worker on, cut off with `context.setOffline(true)`. Other specs
 * block service workers (playwright.config.ts); this one needs it.
 */
test.use({ serviceWorkers: 'allow' });

type Summary = { id: number; name: string; barcode: string; healthScore: number | null };

/** "4,9": the score as the product page writes it. */
const scoreText = (score: number) => score.toFixed(1).replace('.', ',');

/** Waits until the service worker is installed, active and controlling this page. */
const serviceWorkerInCharge = async (page: Page) => {
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });
};

/** Scored products from a catalogue search, each with a valid, unique EAN-13 (the scanner journeys type them). */
const scoredProducts = async (request: APIRequestContext, query: string, count: number): Promise<Summary[]> => {
  const response = await request.get(apiPaths.search.text(query, 50));
  expect(response.ok(), await response.text()).toBe(true);
  const { results } = (await response.json()) as { results: Summary[] };
  const picked: Summary[] = [];
  for (const result of results) {
    if (result.healthScore === null || !/^\d{13}$/.test(result.barcode)) continue;
    const lookup = await request.get(apiPaths.search.barcode(result.barcode));
    if (!lookup.ok() || ((await lookup.json()) as { id: number }).id !== result.id) continue;
    picked.push(result);
    if (picked.length === count) return picked;
  }
  throw new Error(`not ${count} scored products with a unique EAN-13 for "${query}"`);
};

const expectProductWithScore = async (page: Page, product: Summary) => {
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page.getByTestId('score-value')).toContainText(scoreText(product.healthScore!));
};

/** The layout is intact: header (logo) and footer are there around whatever the screen says. */
const expectLayout = async (page: Page) => {
  await expect(page.getByTestId('site-logo')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeAttached();
};

test('the browser finds the app installable: manifest with its icons, and a service worker in charge', async ({
  browserName: _browserName,
}, testInfo) => {
  // A persistent profile: the default one of a test is off the record, where Chromium never offers to install.
  const { launchOptions = {}, baseURL, viewport, locale } = testInfo.project.use;
  const profile = await fs.mkdtemp(path.join(os.tmpdir(), 'ec-pwa-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...launchOptions,
    baseURL,
    viewport,
    locale,
    serviceWorkers: 'allow',
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await serviceWorkerInCharge(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors).toEqual([]);
    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[]; data: string };
    expect(manifest.errors).toEqual([]);
    expect(new URL(manifest.url).pathname).toBe('/manifest.webmanifest');
    const data = JSON.parse(manifest.data) as {
      name: string;
      lang: string;
      display: string;
      icons: { src: string; sizes: string; purpose?: string }[];
    };
    expect(data).toMatchObject({ name: 'Etiqueta Clara', lang: 'es-CL', display: 'standalone' });
    expect(data.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`)).toEqual(
      expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
    );
    // Every icon the manifest names is there, a PNG.
    for (const icon of data.icons) {
      const response = await page.request.get(icon.src);
      expect(response.headers()['content-type'], icon.src).toBe('image/png');
    }
  } finally {
    await context.close();
    await fs.rm(profile, { recursive: true, force: true });
  }
});

test('offline, the products opened before load with their score; one never opened says "Sin conexión" inside the layout', async ({
  page,
  context,
}, testInfo) => {
  await signInAsBeta(page.request);
  const [first, second, third, unvisited] = await scoredProducts(page.request, 'galletas', 4);
  await page.goto('/');
  await serviceWorkerInCharge(page);
  for (const product of [first!, second!, third!]) {
    await page.goto(`/product/${product.id}`);
    await expectProductWithScore(page, product);
  }

  await context.setOffline(true);
  try {
    for (const product of [first!, second!, third!]) {
      await page.goto(`/product/${product.id}`);
      await expectProductWithScore(page, product);
      await expect(page.getByTestId('offline-banner')).toBeVisible();
    }
    await screenshot(page, testInfo, 'offline-1-producto-guardado');

    await page.goto(`/product/${unvisited!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Sin conexión' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: unvisited!.name })).toHaveCount(0);
    await expectLayout(page);
    // Retrying while still offline says so, and keeps the app.
    await page.getByRole('button', { name: 'Reintentar' }).click();
    await expect(page.getByText('Todavía no hay conexión. Inténtalo de nuevo en un momento.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, testInfo, 'offline-2-sin-conexion');
  } finally {
    await context.setOffline(false);
  }
  // Back online, the same retry brings the product.
  await page.getByRole('button', { name: 'Reintentar' }).click();
  await expectProductWithScore(page, unvisited!);
});

test('scanning offline: a kept product opens, another code waits and is looked up when the connection returns', async ({
  page,
  context,
}, testInfo) => {
  await signInAsBeta(page.request);
  const [kept, notKept] = await scoredProducts(page.request, 'leche', 2);
  // A valid EAN-13 that neither the catalogue nor (the e2e server's stand-in for) Open Food Facts has.
  const unknownCode = '7800000000016';
  await page.goto('/');
  await serviceWorkerInCharge(page);
  await page.goto(`/product/${kept!.id}`);
  await expectProductWithScore(page, kept!);

  const typeCode = async (code: string) => {
    await page.getByRole('button', { name: 'Escanear código de barras' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Escanear código de barras' });
    await dialog.getByRole('textbox', { name: '¿No puedes escanear? Escribe el código' }).fill(code);
    await dialog.getByRole('button', { name: 'Buscar' }).click();
    return dialog;
  };

  await context.setOffline(true);
  try {
    await page.goto('/');
    // The product opened from its page (never scanned) is found among those this phone keeps.
    await typeCode(kept!.barcode);
    await expect(page).toHaveURL(new RegExp(`/product/${kept!.id}$`));
    await expectProductWithScore(page, kept!);

    await page.goto('/');
    for (const code of [notKept!.barcode, unknownCode]) {
      const dialog = await typeCode(code);
      await expect(dialog.getByRole('heading', { name: 'Sin conexión: guardamos el código' })).toBeVisible();
      await expect(dialog).toContainText(code);
      await dialog.getByRole('button', { name: 'Cancelar' }).click();
    }
    const waiting = page.getByRole('status').filter({ hasText: 'Códigos guardados sin conexión' });
    await expect(waiting).toContainText(notKept!.barcode);
    await expect(waiting).toContainText(unknownCode);
    await screenshot(page, testInfo, 'offline-3-codigos-guardados');
    // Kept across a reload.
    await page.reload();
    await expect(waiting).toContainText(unknownCode);
  } finally {
    await context.setOffline(false);
  }

  const results = page.getByRole('region', { name: 'Buscamos los códigos que guardaste sin conexión' }).or(
    page.getByRole('status').filter({ hasText: 'Buscamos los códigos que guardaste sin conexión' }),
  );
  await expect(results.getByRole('link', { name: notKept!.name })).toBeVisible({ timeout: 20_000 });
  await expect(results).toContainText(`No encontramos ${unknownCode}`);
  await expect(results.getByRole('link', { name: 'Agregar este producto' })).toHaveAttribute('href', `/contribute/${unknownCode}`);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, testInfo, 'offline-4-codigos-encontrados');
  await results.getByRole('link', { name: notKept!.name }).click();
  await expectProductWithScore(page, notKept!);
  await page.getByRole('button', { name: 'Entendido' }).click();
  await expect(page.getByText('Buscamos los códigos que guardaste sin conexión')).toHaveCount(0);
});

test('a first camera scan in a dead zone works: the decoder was kept before the scanner was ever opened', async ({ page }, testInfo) => {
  await signInAsBeta(page.request);
  const [product] = await scoredProducts(page.request, 'leche', 1);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ec-offline-camera-'));
  const video = path.join(dir, `ean13-${product!.barcode}.y4m`);
  await writeEan13Y4m(product!.barcode, video);
  // Linux Chromium has no native BarcodeDetector: like a phone without one, it needs ZXing's WebAssembly.
  const { browser, context } = await launchWithFakeCamera(testInfo, video, { serviceWorkers: 'allow' });
  try {
    const shopper = await context.newPage();
    await signInAsBeta(shopper.request);
    await shopper.goto('/');
    await serviceWorkerInCharge(shopper);
    // The product is opened (so this phone keeps it), the scanner never is.
    await shopper.goto(`/product/${product!.id}`);
    await expectProductWithScore(shopper, product!);
    await expect
      .poll(() =>
        shopper.evaluate(async () => {
          const cache = await caches.open('ec-escaner');
          return (await cache.keys()).map((request) => new URL(request.url).pathname);
        }),
      )
      .toEqual([expect.stringMatching(/^\/assets\/zxing_reader-.*\.wasm$/)]);

    await context.setOffline(true);
    await shopper.goto('/');
    await shopper.getByRole('button', { name: 'Escanear código de barras' }).first().click();
    await expect(shopper).toHaveURL(new RegExp(`/product/${product!.id}$`), { timeout: 20_000 });
    await expectProductWithScore(shopper, product!);
    await screenshot(shopper, testInfo, 'offline-5-escaneo-con-camara');
  } finally {
    await browser.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
});

test('an admin edit made while the shopper was offline shows, fresh, once the connection returns', async ({
  page,
  context,
  baseURL,
}) => {
  await signInAsBeta(page.request);
  const [product] = await scoredProducts(page.request, 'yogur', 1);
  const original = (await (await page.request.get(apiPaths.products.one(product!.id))).json()) as {
    sodiumMg100: number | null;
    healthScore: number;
  };
  await page.goto('/');
  await serviceWorkerInCharge(page);
  await page.goto(`/product/${product!.id}`);
  await expectProductWithScore(page, product!);

  const admin = await playwrightRequest.newContext({ baseURL });
  await signInAsAdmin(admin);
  await context.setOffline(true);
  let edited: number;
  try {
    const edit = await admin.patch(apiPaths.products.one(product!.id), { data: { sodiumMg100: 2500 } });
    expect(edit.ok(), await edit.text()).toBe(true);
    edited = ((await edit.json()) as { healthScore: number }).healthScore;
    expect(edited).not.toBe(original.healthScore);
    // Offline, the phone shows what it kept.
    await page.goto(`/product/${product!.id}`);
    await expect(page.getByTestId('score-value')).toContainText(scoreText(original.healthScore));
  } finally {
    await context.setOffline(false);
  }
  try {
    await page.goto(`/product/${product!.id}`);
    await expect(page.getByTestId('score-value')).toContainText(scoreText(edited));
  } finally {
    const restore = await admin.patch(apiPaths.products.one(product!.id), {
      data: { sodiumMg100: original.sodiumMg100, unlockFields: ['sodiumMg100'] },
    });
    expect(restore.ok(), await restore.text()).toBe(true);
    await admin.dispose();
  }
});

test('what the phone keeps: product, catalogue and session reads, never Mi cuenta, admin views or writes', async ({
  page,
}) => {
  await signInAsAdmin(page.request);
  const [product] = await scoredProducts(page.request, 'galletas', 1);
  await page.goto('/');
  await serviceWorkerInCharge(page);
  await page.goto(`/product/${product!.id}`);
  await expectProductWithScore(page, product!);
  await page.goto('/cuenta');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/historial');
  await expect(page.getByRole('heading', { level: 1, name: 'Historial' })).toBeVisible();
  await page.goto('/admin');
  await expect(page.getByRole('tab').first()).toBeVisible();
  // A write, as the product page's error report or an admin edit makes.
  const written = await page.evaluate(async (address) => {
    const response = await fetch(address, {
      method: 'PATCH',
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({}),
    });
    return response.status;
  }, apiPaths.products.one(product!.id));
  expect(written).toBe(200);

  const kept = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      if (name.startsWith('workbox-precache')) continue;
      for (const request of await (await caches.open(name)).keys()) urls.push(`${name} ${request.method} ${new URL(request.url).pathname}`);
    }
    return urls;
  });
  expect(kept).toEqual(
    expect.arrayContaining([
      `ec-productos GET ${apiPaths.products.one(product!.id)}`,
      `ec-sesion GET ${apiPaths.auth.status}`,
    ]),
  );
  expect(kept.some((entry) => entry.startsWith(`ec-historial GET ${apiPaths.history.all}`))).toBe(true);
  const offlineReads = new RegExp(
    `^ec-\\w+ GET ${endpointPathPattern(
      'GET /api/products/:id',
      'GET /api/products/:id/alternatives',
      'GET /api/search/barcode/:code',
      'GET /api/categories',
      'GET /api/categories/:slug',
      'GET /api/categories/:slug/subcategories',
      'GET /api/categories/:slug/products',
      'GET /api/subcategories/:slug',
      'GET /api/subcategories/:slug/sub2categories',
      'GET /api/subcategories/:slug/products',
      'GET /api/auth/status',
      'GET /api/history',
    )}$`,
  );
  // Besides those reads, only the barcode decoder (this browser has no native reader), kept for a scan offline.
  const decoder = /^ec-escaner GET \/assets\/zxing_reader-[\w-]+\.wasm$/;
  for (const entry of kept) expect(decoder.test(entry) || offlineReads.test(entry), entry).toBe(true);
});

test('history readable offline: the products opened show in Historial without a connection', async ({ page, context }) => {
  await signInAsBeta(page.request);
  const cleared = await page.request.delete(apiPaths.history.all);
  expect(cleared.ok(), await cleared.text()).toBe(true);
  const products = await scoredProducts(page.request, 'galletas', 2);
  await page.goto('/');
  await serviceWorkerInCharge(page);
  for (const product of products) {
    await page.goto(`/product/${product.id}`);
    await expectProductWithScore(page, product);
    await expect
      .poll(async () => ((await (await page.request.get(apiPaths.history.all)).json()) as { items: { product: { id: number } }[] }).items.map((e) => e.product.id))
      .toContain(product.id);
  }
  await page.goto('/historial');
  const entries = page.getByRole('region', { name: 'Hoy' }).getByRole('listitem');
  await expect(entries).toHaveCount(2);

  await context.setOffline(true);
  try {
    await page.goto('/historial');
    await expect(page.getByRole('heading', { level: 1, name: 'Historial' })).toBeVisible();
    await expect(entries).toHaveCount(2);
    await expect(entries.nth(0)).toContainText(products[1]!.name);
    await expect(entries.nth(1)).toContainText(products[0]!.name);
    await expect(page.getByTestId('offline-banner')).toBeVisible();
    // And an entry opens its product, kept on the phone too.
    await entries.nth(1).getByRole('link').first().click();
    await expectProductWithScore(page, products[0]!);
  } finally {
    await context.setOffline(false);
  }
});
