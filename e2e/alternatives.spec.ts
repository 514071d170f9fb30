import { type APIRequestContext, expect, test } from '@playwright/test';
import { apiPaths } from '@etiqueta/contracts';

import { expectNoSeriousA11yViolations, screenshot, signInAsBeta } from './support/shopper';

/*
 * Issue 16, "Mejores opciones": on a real product page of the imported catalogue, the clearly better products
 * of its shelf, each with its reason; one opens its own page; "Ver todas las mejores opciones" opens the shelf
 * listing with the "Solo mejores que X" chip, which removes itself.
 */

type Alternatives = {
  unavailable: string | null;
  items: { id: number; name: string; reason: { text: string; detail: string } }[];
};
type Product = { id: number; name: string; subcategorySlug: string | null; sub2categoryName: string | null };

/** A scored product of the catalogue with at least two better ones on its shelf. */
const productWithAlternatives = async (request: APIRequestContext) => {
  for (const query of ['galletas', 'cereal', 'yogur', 'jugo']) {
    const search = await request.get(apiPaths.search.text(query, 30));
    expect(search.ok()).toBe(true);
    const { results } = (await search.json()) as { results: { id: number; healthScore: number | null }[] };
    for (const result of results.filter((r) => r.healthScore !== null)) {
      const alternatives = (await (await request.get(apiPaths.products.alternatives(result.id))).json()) as Alternatives;
      if (alternatives.items.length < 2) continue;
      const product = (await (await request.get(apiPaths.products.one(result.id))).json()) as Product;
      if (product.subcategorySlug) return { product, alternatives };
    }
  }
  throw new Error('No product with two better alternatives in the e2e catalogue');
};

test('a product page offers better options with reasons; one opens, and "Ver todas" lists them with a removable chip', async ({ page }, testInfo) => {
  await signInAsBeta(page.request);
  const { product, alternatives } = await productWithAlternatives(page.request);

  await page.goto(`/product/${product.id}`);
  await expect(page.getByTestId('product-score')).toBeVisible();
  const section = page.getByRole('region', { name: 'Mejores opciones' });
  const cards = section.getByTestId('alternative');
  await expect(cards).toHaveCount(alternatives.items.length);
  for (const [index, item] of alternatives.items.entries()) {
    await expect(cards.nth(index)).toContainText(item.name);
    await expect(cards.nth(index).getByTestId('alternative-reason')).toHaveText(`${item.reason.text}: ${item.reason.detail}`);
  }
  // The section sits below the score, and nothing overflows sideways (360 px on the phone project).
  const scoreBox = await page.getByTestId('product-score').boundingBox();
  const sectionBox = await section.boundingBox();
  expect(sectionBox!.y).toBeGreaterThan(scoreBox!.y);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    await page.evaluate(() => window.innerWidth),
  );
  await expectNoSeriousA11yViolations(page);
  await section.scrollIntoViewIfNeeded();
  await screenshot(page, testInfo, 'alternatives');

  // By keyboard: the first card is a link that opens its product.
  const first = alternatives.items[0]!;
  await cards.first().focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/product/${first.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: first.name })).toBeVisible();

  await page.goBack();
  await section.getByRole('link', { name: 'Ver todas las mejores opciones' }).click();
  await expect(page).toHaveURL(new RegExp(`/subcategory/${product.subcategorySlug}.*betterThan=${product.id}`));
  const chip = page.getByRole('button', { name: `Quitar filtro: Solo mejores que ${product.name}` });
  await expect(chip).toBeVisible();
  await screenshot(page, testInfo, 'alternatives-listing');
  const count = page.getByText(/^\d+ productos?$/);
  await expect(count).toBeVisible();
  const better = Number((await count.textContent())!.split(' ')[0]);
  expect(better).toBeGreaterThanOrEqual(alternatives.items.length);
  // The five offered are on the filtered listing.
  for (const item of alternatives.items) await expect(page.locator(`[data-product-id="${item.id}"]`)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    await page.evaluate(() => window.innerWidth),
  );

  await chip.click();
  await expect(chip).toBeHidden();
  await expect(page).not.toHaveURL(/betterThan=/);
  await expect
    .poll(async () => Number(((await page.getByText(/^\d+ productos?$/).textContent()) ?? '0').split(' ')[0]))
    .toBeGreaterThan(better);
});
