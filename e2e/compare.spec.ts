import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { apiPaths } from '@etiqueta/contracts';

import { expectNoSeriousA11yViolations, screenshot, signInAsBeta } from './support/shopper';

/*
 * Issue 16, "Comparar": a shopper picks three products — two from their pages, one from a listing — opens
 * them side by side from the bar at the foot of the screen, reads which value of each row is better, shares
 * the link, and someone opening that link (another browser, nothing picked) sees the same comparison. At
 * 360 px the three columns fit without sideways scrolling. Against the real server and its imported catalogue.
 */

type Summary = { id: number; name: string; subcategorySlug: string | null; healthScore: number | null };

/** Two scored products of one shelf, and that shelf's slug, so the third can be picked from its listing. */
const pickProducts = async (request: APIRequestContext) => {
  const search = await request.get(apiPaths.search.text('galletas', 30));
  expect(search.ok()).toBe(true);
  const { results } = (await search.json()) as { results: Summary[] };
  const slug = results.find((product) => product.healthScore !== null && product.subcategorySlug)?.subcategorySlug;
  if (!slug) throw new Error('A scored product with a shelf is needed for "galletas"');
  // The first two of the shelf's own listing (best score first, as the page shows it), so the listing's first page
  // holds them whatever the scores are.
  const listing = await request.get(`/api/subcategories/${slug}/products`);
  expect(listing.ok()).toBe(true);
  const { items } = (await listing.json()) as { items: Summary[] };
  const [first, second] = items.filter((product) => product.healthScore !== null);
  if (!first || !second) throw new Error(`Two scored products are needed on the shelf ${slug}`);
  return { first, second, slug };
};

/** The community banner (spec §4) would float over the foot of a listing after 10 s: the shopper closed it. */
const withoutBanner = (page: Page) =>
  page.addInitScript(() => window.localStorage.setItem('community-banner-state', 'permanently_hidden'));

const pickOnProductPage = async (page: Page, product: Summary, by: 'tap' | 'keyboard') => {
  await page.goto(`/product/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  const toggle = page.getByRole('button', { name: `Comparar ${product.name}`, exact: true });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  if (by === 'tap') {
    await toggle.click();
  } else {
    await toggle.focus();
    await page.keyboard.press('Space');
  }
  await expect(page.getByRole('button', { name: `Quitar de comparar ${product.name}`, exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
};

const expectNoSidewaysScroll = async (page: Page) => {
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
};

const columnNames = (page: Page) =>
  page.getByRole('table', { name: /Comparación de/ }).getByRole('columnheader').allTextContents();

/** A browser context of its own: no cookie, no pick, signed in afresh — as a friend opening the link would. */
const freshPage = async (browser: Browser, page: Page) => {
  const context = await browser.newContext({
    baseURL: new URL(page.url()).origin,
    viewport: page.viewportSize(),
    locale: 'es-CL',
  });
  const fresh = await context.newPage();
  await withoutBanner(fresh);
  await signInAsBeta(fresh.request);
  return fresh;
};

test('a shopper compares three products, shares the link, and the link shows the same comparison', async ({
  page,
  browser,
  context,
}, testInfo) => {
  await withoutBanner(page);
  // Linux Chromium has no share sheet; make sure the copy path is the one tested, whatever the build.
  await page.addInitScript(() => Reflect.deleteProperty(Navigator.prototype, 'share'));
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInAsBeta(page.request);
  const { first, second, slug } = await pickProducts(page.request);

  // Two from their pages: the bar appears with the first pick and counts.
  await pickOnProductPage(page, first, 'tap');
  const tray = page.getByRole('region', { name: 'Productos para comparar' });
  await expect(tray).toContainText('Elige otro para comparar');
  await pickOnProductPage(page, second, 'keyboard');
  await expect(tray.getByRole('link', { name: 'Comparar (2)' })).toBeVisible();

  // The third from the listing of their shelf; the picked ones read as picked there too.
  await page.goto(`/subcategory/${slug}`);
  await expect(page.getByRole('button', { name: `Quitar de comparar ${first.name}`, exact: true })).toHaveCount(1);
  const cards = page.locator('ul li').filter({ has: page.locator('[data-product-id]') });
  await expect(cards.first()).toBeVisible();
  const unpicked = page.getByRole('button', { name: /^Comparar / });
  const third = unpicked.first();
  const thirdName = ((await third.getAttribute('aria-label')) ?? '').replace(/^Comparar /, '');
  await third.click();
  await expect(page.getByRole('button', { name: `Quitar de comparar ${thirdName}`, exact: true })).toBeVisible();
  await expectNoSidewaysScroll(page);

  // A fourth pick changes nothing and says the maximum.
  await unpicked.first().click();
  await expect(page.getByText('Puedes comparar hasta 3 productos', { exact: true })).toBeVisible();
  await expect(tray.getByRole('link', { name: 'Comparar (3)' })).toBeVisible();
  await screenshot(page, testInfo, 'compare-1-listing');

  // The bar opens the comparison: three columns, in the order picked, with the better values marked.
  await tray.getByRole('link', { name: 'Comparar (3)' }).click();
  await expect(page).toHaveURL(/\/comparar\?ids=\d+,\d+,\d+$/);
  await expect.poll(() => columnNames(page)).toEqual([first.name, second.name, thirdName]);
  const marks = page.getByTestId('better-mark');
  expect(await marks.count()).toBeGreaterThan(0);
  await expect(marks.first()).toHaveText('Mejor valor');
  // The score row marks the highest score, as shown (one decimal), unless all three read the same.
  const ids = new URL(page.url()).searchParams.get('ids')!.split(',');
  const shown = await Promise.all(
    ids.map(async (id) => {
      const { healthScore } = (await (await page.request.get(apiPaths.products.one(id))).json()) as Summary;
      return healthScore === null ? null : Math.round(healthScore * 10) / 10;
    }),
  );
  const known = shown.filter((score): score is number => score !== null);
  const best = Math.max(...known);
  const expected = shown.map((score) => score === best && known.some((other) => other !== best));
  const scoreCells = page.getByRole('rowheader', { name: 'Puntaje' }).locator('xpath=..').getByRole('cell');
  await expect(scoreCells).toHaveCount(3);
  const marked = await scoreCells.evaluateAll((cells) => cells.map((cell) => cell.hasAttribute('data-better')));
  expect(marked).toEqual(expected);
  await expectNoSidewaysScroll(page);
  await expect(tray).toHaveCount(0);
  await screenshot(page, testInfo, 'compare-2-tabla');
  await expectNoSeriousA11yViolations(page);

  // Shared: the link is copied and said so.
  await page.getByRole('button', { name: 'Compartir' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Enlace copiado' })).toBeVisible();
  const shared = await page.evaluate(() => navigator.clipboard.readText());
  expect(shared).toBe(page.url());

  // Opened elsewhere, nothing picked there: the same comparison, from the address alone.
  const friend = await freshPage(browser, page);
  try {
    await friend.goto(shared);
    await expect.poll(() => columnNames(friend)).toEqual([first.name, second.name, thirdName]);
    await expectNoSidewaysScroll(friend);
    // Take one out: two remain, and the address says so.
    await friend.getByRole('button', { name: `Quitar ${second.name} de la comparación`, exact: true }).click();
    await expect.poll(() => columnNames(friend)).toEqual([first.name, thirdName]);
    await expect(friend).toHaveURL(new RegExp(`/comparar\\?ids=${first.id},\\d+$`));
    await expectNoSidewaysScroll(friend);
    await expectNoSeriousA11yViolations(friend);
  } finally {
    await friend.context().close();
  }
});

test('an address with fewer than two products explains how to pick them; one that does not exist is named', async ({
  page,
}) => {
  await signInAsBeta(page.request);
  const { first, second } = await pickProducts(page.request);
  await page.goto(`/comparar?ids=${first.id}`);
  await expect(page.getByRole('heading', { name: 'Elige 2 o 3 productos para compararlos' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.goto(`/comparar?ids=${first.id},999999999,${second.id}`);
  await expect(page.getByText('No encontramos el producto 999999999')).toBeVisible();
  await expect.poll(() => columnNames(page)).toEqual([first.name, second.name]);
  await expectNoSidewaysScroll(page);
});
