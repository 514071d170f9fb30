import { type APIRequestContext, expect, type Locator, type Page, test, type TestInfo } from '@playwright/test';
import { apiPaths } from '@etiqueta/contracts';

import { expectNoSeriousA11yViolations, signInAsBeta } from './support/shopper';

/*
 * Issue 14, "the answer in one glance": on the first screen of a phone (360 × 740) and of a desktop
 * (1280 × 800), a product with seals shows its score and the score's word in the top half and its seals
 * wholly inside the first 740 px. Against the real server and its imported catalogue; the screenshots are
 * attached to the report (CI keeps them as artefacts).
 */

type Summary = { id: number; healthScore: number | null };
type Detail = Summary & {
  name: string;
  scoreLabel: string;
  seals: { id: string; label: string }[];
  reasons: { rule: string }[];
  detectedAdditives: unknown[];
};

const SEAL_ROW: Record<string, string> = {
  'alto-en-calorias': 'row-nutrient-energy',
  'alto-en-azucares': 'row-nutrient-sugar',
  'alto-en-grasas-saturadas': 'row-nutrient-saturatedFat',
  'alto-en-sodio': 'row-nutrient-sodium',
};

const details = async (request: APIRequestContext, query: string): Promise<Detail[]> => {
  const search = await request.get(apiPaths.search.text(query, 30));
  expect(search.ok()).toBe(true);
  const { results } = (await search.json()) as { results: Summary[] };
  const out: Detail[] = [];
  for (const result of results) {
    const res = await request.get(apiPaths.products.one(result.id));
    expect(res.ok()).toBe(true);
    out.push((await res.json()) as Detail);
  }
  return out;
};

/** The scored product with the most seals (the tallest first screen), the longest name breaking ties. */
const pickSealedProduct = async (request: APIRequestContext): Promise<Detail> => {
  const candidates = (await details(request, 'galletas chocolate')).filter(
    (p) => p.healthScore !== null && p.seals.length > 0 && p.detectedAdditives.length > 0,
  );
  candidates.sort((a, b) => b.seals.length - a.seals.length || b.name.length - a.name.length);
  const [product] = candidates;
  if (!product) throw new Error('No scored product with seals and additives for "galletas chocolate"');
  return product;
};

/** A screenshot kept in the test's output folder and attached to the report (CI keeps both as artefacts). */
const attachScreen = async (page: Page, testInfo: TestInfo, name: string, fullPage = false) => {
  const path = testInfo.outputPath(`${name}-${testInfo.project.name}.png`);
  await page.screenshot({ path, fullPage });
  await testInfo.attach(`${name}-${testInfo.project.name}`, { path, contentType: 'image/png' });
};

const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  if (!found) throw new Error('element not laid out');
  return found;
};

test('a product with seals: score and word in the top half, seals inside the first 740 px', async ({
  page,
}, testInfo) => {
  await signInAsBeta(page.request);
  const product = await pickSealedProduct(page.request);
  await page.goto(`/product/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));

  const viewport = page.viewportSize()!;
  const value = page.getByTestId('score-value');
  const word = page.getByTestId('score-word');
  await expect(value).toHaveText(`${product.healthScore!.toFixed(1).replace('.', ',')}/10`);
  await expect(word).toHaveText(product.scoreLabel);
  for (const part of [value, word]) {
    const { y, height } = await box(part);
    expect(y + height, 'score in the top half of the first screen').toBeLessThanOrEqual(viewport.height / 2);
  }
  const seals = page.getByRole('list', { name: 'Sellos de advertencia' }).getByRole('listitem');
  await expect(seals).toHaveCount(product.seals.length);
  for (const seal of await seals.all()) {
    const { x, y, width, height } = await box(seal);
    expect(y + height, 'seal inside the first 740 px').toBeLessThanOrEqual(740);
    expect(x >= 0 && x + width <= viewport.width, 'seal inside the screen width').toBe(true);
  }
  // The strongest reasons are there, in words, with the score.
  const highlights = page.getByRole('list', { name: 'Lo más importante' }).getByRole('listitem');
  expect(await highlights.count()).toBeGreaterThanOrEqual(2);
  // The community beliefs take one line at most above the product on a phone.
  if (testInfo.project.name === 'mobile') {
    const beliefs = await box(page.getByRole('region', { name: 'Somos una comunidad que cree en:' }));
    expect(beliefs.height).toBeLessThanOrEqual(40);
  }
  await attachScreen(page, testInfo, 'product-first-screen');

  // Each seal's nutrient sits on the negative side, never beside it as a positive.
  const negative = page.getByRole('region', { name: 'Negativo' });
  const positive = page.getByRole('region', { name: 'Positivo' });
  for (const seal of product.seals) {
    await expect(negative.getByTestId(SEAL_ROW[seal.id]!)).toBeVisible();
    await expect(positive.getByTestId(SEAL_ROW[seal.id]!)).toHaveCount(0);
  }

  // An additive opens to its function and reason.
  await negative.getByRole('button', { name: /^Aditivos\s*\d+$/ }).click();
  const additive = negative.getByTestId('additive-item').first();
  await additive.locator('summary').click();
  await expect(additive.locator('details')).toHaveAttribute('open', '');

  // The reasons add up to the score, in sections.
  const sum = page.getByTestId('score-sum');
  await expect(sum).toContainText(`${product.healthScore!.toFixed(1).replace('.', ',')}/10`);
  await expect(page.getByTestId('reason-section-nutrition')).toBeVisible();
  await attachScreen(page, testInfo, 'product-full-page', true);
  await expectNoSeriousA11yViolations(page);
});

test('a product without enough data shows what we know, what is missing, and how to complete it', async ({
  page,
}, testInfo) => {
  await signInAsBeta(page.request);
  const candidates = await details(page.request, 'jugo');
  const product = candidates.find(
    (p) => p.healthScore === null && !p.reasons.some((r) => r.rule === 'data.dubious'),
  );
  if (!product) throw new Error('No product without a score among the "jugo" results');
  await page.goto(`/product/${product.id}`);
  const notice = page.getByTestId('score-notice');
  await expect(notice).toContainText('Sin puntaje: faltan datos');
  await expect(notice).toContainText('No tenemos');
  await expect(notice.getByRole('button', { name: 'Reportar un error' })).toBeVisible();
  await expect(page.getByTestId('score-word')).toHaveText('Sin puntaje');
  await expect(page.getByTestId('label-facts')).toContainText('NOVA');
  await page.evaluate(() => window.scrollTo(0, 0));
  await attachScreen(page, testInfo, 'product-missing-data');
  await expectNoSeriousA11yViolations(page);
});
