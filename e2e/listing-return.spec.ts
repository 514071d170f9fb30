import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { apiPaths } from '@etiqueta/contracts';

import { expectNoSeriousA11yViolations, screenshot, signInAsBeta } from './support/shopper';

/*
 * Listings keep their state (issue 30): a shopper narrows a listing (chip, quick filter, sugar box, order), loads a
 * second page, scrolls down and opens a product; going back — with the browser's Back or the page's own "Volver" —
 * finds the listing as it was left. The same for the search results ("Ver más" and the place on the page).
 */

type Named = { name: string; slug: string; productCount: number };
type ListingAnswer = { items: { id: number }[]; total: number };

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const chip = (name: string) => ({ name: new RegExp(`^${escape(name)} \\(\\d+\\)$`) });
const SUGAR = 30;
const FILTER = 'sin-aditivos-riesgosos';

/**
 * A subcategory, a chip of it that is not the one chosen by itself, and enough products passing the filter and the
 * sugar limit for a second page: asked of the real API so the journey follows the catalogue.
 */
const findLongListing = async (request: APIRequestContext) => {
  const categories = (await (await request.get(apiPaths.categories.list)).json()) as Named[];
  for (const category of categories.filter((c) => c.productCount > 120)) {
    const subcategories = (await (await request.get(apiPaths.categories.subcategories(category.slug))).json()) as Named[];
    for (const subcategory of subcategories.filter((s) => s.productCount > 120)) {
      const chips = (await (await request.get(apiPaths.subcategories.sub2categories(subcategory.slug))).json()) as Named[];
      const ranked = chips.filter((c) => c.productCount > 60).sort((a, b) => b.productCount - a.productCount);
      // Not the chip the listing picks by itself ('Cereales' or the largest), so the chip is a real choice.
      for (const candidate of ranked.filter((c) => c.name !== 'Cereales').slice(1)) {
        const answer = (await (
          await request.get(
            apiPaths.subcategories.products(subcategory.slug, {
              sub2categories: candidate.name,
              filters: [FILTER],
              sugarMaxG: SUGAR,
              sort: 'name',
            }),
          )
        ).json()) as ListingAnswer;
        if (answer.total > 70) return { category, subcategory, chip: candidate.name, total: answer.total };
      }
    }
  }
  throw new Error('no listing with a second page under a chip, a filter and a sugar limit');
};

const cards = (page: Page) => page.getByRole('region', { name: 'Productos' }).locator('[data-product-id]');

/** The state the shopper left, read from the screen. */
const expectListingAsLeft = async (page: Page, chipName: string, shown: number, scrolled: number) => {
  await expect(page.getByRole('button', chip(chipName))).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Sin aditivos riesgosos' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByLabel('Máximo de azúcar, en gramos por 100 g')).toHaveValue(String(SUGAR));
  await expect(page.getByRole('button', { name: 'Azúcar hasta' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByLabel('Ordenar por')).toHaveValue('name');
  await expect(cards(page)).toHaveCount(shown);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 150);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(scrolled + 150);
};

test.beforeEach(async ({ page }) => {
  await signInAsBeta(page.request);
  // The community banner (its own journey) would sit over a card and make the click scroll the page to reach it.
  await page.addInitScript(() => window.localStorage.setItem('community-banner-state', 'permanently_hidden'));
});

test('back from a product, by the browser or by "Volver", finds the listing as it was left', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const { category, subcategory, chip: chipName } = await findLongListing(page.request);

  await page.goto(`/subcategory/${subcategory.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: subcategory.name })).toBeVisible();
  await page.getByRole('button', chip(chipName)).click();
  await expect(page.getByRole('button', chip(chipName))).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Sin aditivos riesgosos' }).click();
  await page.getByLabel('Máximo de azúcar, en gramos por 100 g').fill(String(SUGAR));
  await page.getByLabel('Ordenar por').selectOption('name');
  await expect(page.getByRole('button', { name: 'Azúcar hasta' })).toHaveAttribute('aria-pressed', 'true');
  await expect(cards(page)).toHaveCount(60);
  await page.getByRole('button', { name: 'Ver más productos' }).click();
  const shown = await (async () => {
    await expect.poll(() => cards(page).count()).toBeGreaterThan(60);
    return cards(page).count();
  })();

  // Down to a product of the second page, and into it.
  const target = cards(page).nth(64);
  await target.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(1000);
  const productPath = await target.getAttribute('href');
  await target.click();
  await expect(page).toHaveURL(new RegExp(`${productPath}$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // The browser's Back.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/subcategory/${subcategory.slug}$`));
  await expectListingAsLeft(page, chipName, shown, scrolled);
  await screenshot(page, testInfo, 'listing-return-1-atras');

  // The page's own "Volver": the listing it was opened from, as it was left, at a clean address.
  await cards(page).nth(64).click();
  await expect(page).toHaveURL(new RegExp(`${productPath}$`));
  const back = page.getByRole('link', { name: 'Volver' });
  await expect(back).toHaveAttribute('href', `/subcategory/${subcategory.slug}`);
  await back.click();
  await expect(page).toHaveURL(new RegExp(`/subcategory/${subcategory.slug}$`));
  await expectListingAsLeft(page, chipName, shown, scrolled);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, testInfo, 'listing-return-2-volver');

  // Arriving afresh (a link on the category page) starts afresh, on the session's chip as the spec says (§2, §4).
  await page.goto(`/category/${category.slug}`);
  await page
    .getByRole('list', { name: 'Subcategorías' })
    .getByRole('link', { name: new RegExp(`^${escape(subcategory.name)}`) })
    .click();
  await expect(page).toHaveURL(new RegExp(`/subcategory/${subcategory.slug}$`));
  await expect(page.getByRole('button', chip(chipName))).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Sin aditivos riesgosos' })).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByLabel('Ordenar por')).toHaveValue('score');
  await expect(cards(page).first()).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('back from a product finds the search results with the same pages, at the same place', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/search?q=leche');
  const results = page.locator('main [data-product-id]');
  await expect(results).toHaveCount(30);
  await page.getByRole('button', { name: 'Ver más productos' }).click();
  await expect(results).toHaveCount(60);
  await results.nth(45).scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(500);
  await results.nth(45).click();
  await expect(page).toHaveURL(/\/product\/\d+$/);
  // "Volver" goes back to the search it was opened from (not to the product's shelf).
  const back = page.getByRole('link', { name: 'Volver' });
  await expect(back).toHaveAttribute('href', '/search?q=leche');
  await back.click();
  await expect(page).toHaveURL(/\/search\?q=leche$/);
  await expect(results).toHaveCount(60);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 150);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(scrolled + 150);
});
