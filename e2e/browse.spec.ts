import { type APIRequestContext, expect, test } from '@playwright/test';
import { apiPaths } from '@etiqueta/contracts';

import { expectNoSeriousA11yViolations, screenshot, signInAsBeta } from './support/shopper';

/*
 * Shopper journeys through the catalogue (issue 6): a signed-in beta member browses breakfast down to a
 * listing, narrows it with a chip and the quick filters, opens a product and comes back to the same chip;
 * and reads a search results page. Real server, real database with the shared catalogue imported.
 */

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const chip = (name: string) => ({ name: new RegExp(`^${escape(name)} \\(\\d+\\)$`) });

type Named = { name: string; slug: string; productCount: number };

/**
 * The breakfast subcategory whose listing offers the 'Cereales' chip, and another chip of it with products:
 * looked up through the API so the journey follows the catalogue's taxonomy rather than hard-coding it.
 */
const findBreakfastListing = async (request: APIRequestContext) => {
  const subcategories = (await (await request.get(apiPaths.categories.subcategories('desayuno'))).json()) as Named[];
  for (const subcategory of subcategories.filter((s) => s.productCount > 0)) {
    const chips = (await (await request.get(apiPaths.subcategories.sub2categories(subcategory.slug))).json()) as Named[];
    const withProducts = chips.filter((c) => c.productCount > 0);
    const other = withProducts.filter((c) => c.name !== 'Cereales').sort((a, b) => b.productCount - a.productCount)[0];
    if (withProducts.some((c) => c.name === 'Cereales') && other) return { subcategory, other: other.name };
  }
  throw new Error("no breakfast subcategory with a 'Cereales' chip and another chip");
};

test.beforeEach(async ({ page }) => {
  await signInAsBeta(page.request);
});

test('a shopper browses breakfast, narrows a listing, opens a product and comes back to the same chip', async ({
  page,
}, testInfo) => {
  const { subcategory, other } = await findBreakfastListing(page.request);

  await page.goto('/desayuno');
  await expect(page.getByRole('heading', { level: 1, name: 'Desayuno' })).toBeVisible();
  const subcategories = page.getByRole('list', { name: 'Subcategorías' });
  await expect(subcategories.getByRole('link').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, testInfo, 'browse-1-desayuno');

  await subcategories.getByRole('link', { name: new RegExp(`^${escape(subcategory.name)}`) }).click();
  await expect(page).toHaveURL(new RegExp(`/desayuno/${subcategory.slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: subcategory.name })).toBeVisible();
  // First visit in this session: 'Cereales' is chosen for the shopper.
  await expect(page.getByRole('button', chip('Cereales'))).toHaveAttribute('aria-pressed', 'true');
  const products = page.getByRole('region', { name: 'Productos' });
  await expect(products.getByRole('link').first()).toBeVisible();
  // Breakfast listings show the score badge (spec §9).
  await expect(products.getByTestId('score-badge').first()).toBeVisible();

  await page.getByRole('button', chip(other)).click();
  await expect(page.getByRole('button', chip(other))).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', chip('Cereales'))).toHaveAttribute('aria-pressed', 'false');
  await expect(products.getByRole('link').first()).toBeVisible();
  const unfiltered = await products.getByRole('link').count();

  const riskFree = page.getByRole('button', { name: 'Sin aditivos riesgosos' });
  await riskFree.click();
  await expect(riskFree).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Sin aditivos', exact: true }).click();
  await expect(riskFree).toHaveAttribute('aria-pressed', 'false');
  await page.getByRole('button', { name: 'Sin aditivos', exact: true }).click();
  await riskFree.click();
  const sugarBox = page.getByLabel('Máximo de azúcar, en gramos por 100 g');
  await sugarBox.fill('30');
  await expect(page.getByRole('button', { name: 'Azúcar hasta' })).toHaveAttribute('aria-pressed', 'true');
  await expect(products.getByRole('link').first()).toBeVisible();
  expect(await products.getByRole('link').count()).toBeLessThanOrEqual(unfiltered);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, testInfo, 'browse-2-listing-chip-y-filtros');

  const card = products.getByRole('link').first();
  const productPath = await card.getAttribute('href');
  expect(productPath).toMatch(/^\/product\/\d+$/);
  await card.click();
  await expect(page).toHaveURL(new RegExp(`${productPath}$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await screenshot(page, testInfo, 'browse-3-producto');

  // Browser back: the listing opens again on the chosen chip, not on the automatic 'Cereales'.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/desayuno/${subcategory.slug}$`));
  await expect(page.getByRole('button', chip(other))).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', chip('Cereales'))).toHaveAttribute('aria-pressed', 'false');

  // The product page's back link carries the chip (?sub2categories=); the listing keeps it and tidies the address.
  await page.goto(productPath!);
  const back = page.getByRole('link', { name: 'Volver' });
  await expect(back).toHaveAttribute(
    'href',
    `/subcategory/${subcategory.slug}?${new URLSearchParams({ sub2categories: other }).toString()}`,
  );
  await back.click();
  await expect(page).toHaveURL(new RegExp(`/subcategory/${subcategory.slug}$`));
  await expect(page.getByRole('button', chip(other))).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('region', { name: 'Productos' }).getByRole('link').first()).toBeVisible();
  await screenshot(page, testInfo, 'browse-4-vuelta-al-chip');
});

test('a shopper opens a category page and a highlighted product in a listing', async ({ page }, testInfo) => {
  const { subcategory, other } = await findBreakfastListing(page.request);

  await page.goto('/category/snacks');
  await expect(page.getByRole('heading', { level: 1, name: 'Snacks' })).toBeVisible();
  const first = page.getByRole('list', { name: 'Subcategorías' }).getByRole('link').first();
  await expect(first).toHaveAttribute('href', /^\/subcategory\/[a-z0-9-]+$/);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, testInfo, 'browse-5-categoria-snacks');

  // The last product of the first page the listing shows.
  const listed = (await (await page.request.get(apiPaths.subcategories.products(subcategory.slug, { sub2categories: other }))).json()) as {
    items: { id: number }[];
  };
  const target = listed.items.at(-1)!;
  await page.goto(`/subcategory/${subcategory.slug}?${new URLSearchParams({ sub2categories: other, highlight: String(target.id) }).toString()}`);
  const ringed = page.locator(`[data-product-id="${target.id}"]`);
  await expect(ringed).toHaveAttribute('data-highlighted', 'true');
  await expect(ringed).toBeInViewport();
  await expect(page.getByRole('button', chip(other))).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(new RegExp(`/subcategory/${subcategory.slug}$`));
  await screenshot(page, testInfo, 'browse-6-producto-destacado');
});

test('a shopper reads the results of a search, and an empty one', async ({ page }, testInfo) => {
  await page.goto('/search?q=galletas');
  await expect(page.getByRole('heading', { level: 1, name: 'Resultados para "galletas"' })).toBeVisible();
  await expect(page.getByText(/^\d{1,3}(\.\d{3})* productos encontrados$/)).toBeVisible();
  const results = page.getByRole('list').filter({ has: page.locator('[data-product-id]') });
  await expect(results.getByRole('link').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, testInfo, 'search-1-galletas');

  await page.goto('/search?q=zzqqxxww');
  await expect(page.getByText('No se encontraron productos para "zzqqxxww"')).toBeVisible();
  await expect(page.getByText('Intenta con otros términos de búsqueda')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, testInfo, 'search-2-sin-resultados');
});
