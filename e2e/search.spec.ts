import { expect, test } from '@playwright/test';
import { apiPaths } from '@etiqueta/contracts';

import { expectNoSeriousA11yViolations, screenshot, signInAsBeta } from './support/shopper';

/*
 * Search results (issue 27): the true count of every match, "Ver más productos" to the last result, the list and
 * its scroll kept on back, and 'sin azúcar' understood.
 */

type SearchAnswer = { results: { id: number }[]; total: number; page: number };
type ProductAnswer = { ingredients: string | null };

/** An ingredient that is sugar as added, read apart from the server's own rule. */
const ADDED_SUGAR = /\b(az[uú]car(es)?|jarabe|sacarosa|glucosa|fructosa|dextrosa|miel|chancaca|melaza)\b/i;

test('"leche" says the true count and pages to the last result, back keeps the list and scroll', async ({
  page,
}, testInfo) => {
  // Every page of a common word, 30 at a time, in a real browser on a shared machine.
  test.setTimeout(300_000);
  await signInAsBeta(page.request);
  const answer = (await (await page.request.get(apiPaths.search.text('leche', 30))).json()) as SearchAnswer;
  // The spec's 30 a page would hide the rest: the journey needs more than one page to prove paging.
  expect(answer.total).toBeGreaterThan(30);

  await page.goto('/search?q=leche');
  const count = `${answer.total.toLocaleString('es-CL')} productos encontrados`;
  await expect(page.getByText(count)).toBeVisible();
  const cards = page.locator('main [data-product-id]');
  await expect(cards).toHaveCount(30);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, testInfo, 'search-1-leche');

  const more = page.getByRole('button', { name: 'Ver más productos' });
  await more.click();
  await expect(cards).toHaveCount(60);

  // Open the 60th product and come back: the same two pages, at the same place.
  await cards.nth(59).scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(0);
  await cards.nth(59).click();
  await expect(page).toHaveURL(/\/product\/\d+/);
  await page.goBack();
  await expect(cards).toHaveCount(60);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 200);

  // Then every page, to the last result, each product once.
  for (let shown = 60; shown < answer.total; shown = Math.min(shown + 30, answer.total)) {
    await more.click();
    await expect(cards).toHaveCount(Math.min(shown + 30, answer.total));
  }
  await expect(more).toHaveCount(0);
  await expect(page.getByText(count)).toBeVisible();
  const ids = await cards.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-product-id')));
  expect(new Set(ids).size).toBe(answer.total);
  await expectNoSeriousA11yViolations(page);
});

test('"yogur sin azucar" shows no product with added sugar in its first five', async ({ page }, testInfo) => {
  await signInAsBeta(page.request);
  await page.goto('/search?q=yogur%20sin%20azucar');
  await expect(page.getByRole('heading', { level: 1, name: 'Resultados para "yogur sin azucar"' })).toBeVisible();
  const cards = page.locator('main [data-product-id]');
  await expect(cards.first()).toBeVisible();
  await expect(page.getByText(/productos encontrados$/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, testInfo, 'search-2-yogur-sin-azucar');

  const ids = (await cards.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-product-id')))).slice(0, 5);
  expect(ids.length).toBeGreaterThan(0);
  for (const id of ids) {
    const product = (await (await page.request.get(apiPaths.products.one(id!))).json()) as ProductAnswer;
    const listed = (product.ingredients ?? '').split(/[,;()[\]]/).filter((part) => !/\bsin az[uú]car/i.test(part));
    expect(listed.filter((part) => ADDED_SUGAR.test(part)), `product ${id}`).toEqual([]);
  }
});
