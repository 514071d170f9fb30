import { type APIRequestContext, type Page, type TestInfo, expect, test } from '@playwright/test';

import { expectNoSeriousA11yViolations, screenshot, signInAsBeta } from './support/shopper';

/*
 * Issue 26, "alternatives of the same kind", on a phone (360 × 740): the products the issue names, opened as a
 * shopper opens them, offer in "Mejores opciones" only products of their own kind. Before, a Coca-Cola offered
 * whole coca leaves, a horsetail tea and a canary-seed drink; a cultured milk offered Coca-Cola Light; cookies
 * offered bread loaves. Following the best option until nothing of its kind is clearly better, the page says so.
 *
 * The kind (substitute family) is never shown; each offer's shelf, which the product answer carries, tells it:
 * every shelf belongs to one family (apps/server/src/modules/catalogue-import/taxonomy.ts).
 */

test.use({ viewport: { width: 360, height: 740 } });

type Product = { id: number; name: string; subcategorySlug: string | null; sub2categoryName: string | null };
type Alternatives = { unavailable: string | null; items: { id: number; name: string }[] };

/** The shelves of each family the journeys meet (taxonomy.ts). */
const SHELVES = {
  'soft-drink': (p: Product) => p.subcategorySlug === 'bebidas-gaseosas',
  'yogurt-fermented-milk': (p: Product) => p.subcategorySlug === 'yogures',
  'cookie-biscuit': (p: Product) =>
    p.subcategorySlug === 'galletas' ||
    p.subcategorySlug === 'pasteleria' ||
    (p.subcategorySlug === 'panes-y-tostadas' && p.sub2categoryName === 'Panes dulces'),
};

const NONE_BETTER = /Ningún producto de su mismo tipo tiene un puntaje claramente mejor \(al menos 0,5 puntos más\) en nuestro catálogo\./;

const productByBarcode = async (request: APIRequestContext, barcode: string): Promise<Product> => {
  const found = await request.get(`/api/search/barcode/${barcode}`);
  expect(found.ok(), `barcode ${barcode}`).toBe(true);
  const { id } = (await found.json()) as { id: number };
  return (await (await request.get(`/api/products/${id}`)).json()) as Product;
};

const alternativesOf = async (request: APIRequestContext, id: number) =>
  (await (await request.get(`/api/products/${id}/alternatives`)).json()) as Alternatives;

/**
 * Opens a product page and checks "Mejores opciones" as the shopper reads it: each card (or the message that none
 * is clearly better) is what the API answers, and every offered product is on a shelf of `family`.
 */
const openAndCheck = async (page: Page, testInfo: TestInfo, product: Product, family: keyof typeof SHELVES, shot: string) => {
  await page.goto(`/product/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  const section = page.getByRole('region', { name: 'Mejores opciones' });
  await section.scrollIntoViewIfNeeded();
  const answer = await alternativesOf(page.request, product.id);
  const cards = section.getByTestId('alternative');
  if (answer.items.length === 0) {
    await expect(section.getByTestId('alternatives-empty')).toHaveText(NONE_BETTER);
    await expect(cards).toHaveCount(0);
  } else {
    await expect(cards).toHaveCount(answer.items.length);
    for (const [index, item] of answer.items.entries()) {
      await expect(cards.nth(index)).toContainText(item.name);
      const offered = (await (await page.request.get(`/api/products/${item.id}`)).json()) as Product;
      expect(SHELVES[family](offered), `${item.name} (${offered.subcategorySlug} / ${offered.sub2categoryName}) offered for ${product.name}`).toBe(true);
    }
  }
  // Nothing overflows sideways on the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(await page.evaluate(() => window.innerWidth));
  await screenshot(page, testInfo, shot);
  return { section, answer };
};

test.beforeEach(async ({ page }) => {
  await signInAsBeta(page.request);
});

test('the Coca-Cola records offer only soft drinks, never a herbal tea, coca leaves or a plant drink', async ({ page }, testInfo) => {
  for (const barcode of ['7501055321681', '7501055341344', '7702535011805']) {
    const cola = await productByBarcode(page.request, barcode);
    expect(SHELVES['soft-drink'](cola), `${cola.name} is on the soda shelf`).toBe(true);
    const { section } = await openAndCheck(page, testInfo, cola, 'soft-drink', `same-kind-cola-${barcode}`);
    for (const stranger of ['Hoja de coca entera', 'Cola de caballo plus 3', 'Bebida de alpiste', 'COSECHA FRESCA']) {
      await expect(section.getByText(stranger)).toHaveCount(0);
    }
  }
  await expectNoSeriousA11yViolations(page);
});

test('a cultured milk offers fermented milks and yogurts, never a Coca-Cola', async ({ page }, testInfo) => {
  const culturedMilk = await productByBarcode(page.request, '7802900000578');
  expect(culturedMilk.subcategorySlug).toBe('yogures');
  const { section, answer } = await openAndCheck(page, testInfo, culturedMilk, 'yogurt-fermented-milk', 'same-kind-cultured-milk');
  expect(answer.items.length).toBeGreaterThan(0);
  await expect(section.getByText(/coca ?cola/i)).toHaveCount(0);
});

test('cookies offer cookies and sweet bakery, never bread loaves', async ({ page }, testInfo) => {
  for (const barcode of ['7501000635306', '7501030467373']) {
    const cookies = await productByBarcode(page.request, barcode);
    expect(cookies.subcategorySlug).toBe('galletas');
    const { answer } = await openAndCheck(page, testInfo, cookies, 'cookie-biscuit', `same-kind-cookies-${barcode}`);
    expect(answer.items.length).toBeGreaterThan(0);
  }
});

test('following the best option of its kind ends on a product of which the page says none is clearly better', async ({ page }, testInfo) => {
  let product = await productByBarcode(page.request, '7501055321681');
  const seen = new Set<number>();
  for (;;) {
    const answer = await alternativesOf(page.request, product.id);
    if (answer.items.length === 0) break;
    // Each step is clearly better, so the walk ends; the guard only turns a loop into a failure.
    expect(seen.has(product.id)).toBe(false);
    seen.add(product.id);
    product = (await (await page.request.get(`/api/products/${answer.items[0]!.id}`)).json()) as Product;
  }
  expect(seen.size).toBeGreaterThan(0);
  const { section } = await openAndCheck(page, testInfo, product, 'soft-drink', 'same-kind-none-better');
  await expect(section.getByRole('link', { name: 'Ver todas las mejores opciones' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});
