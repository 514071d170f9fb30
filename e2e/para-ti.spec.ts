import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { apiPaths, type ProductAlternatives, type ProductSummary } from '@etiqueta/contracts';

import { expectNoSeriousA11yViolations, screenshot, signInAsBeta } from './support/shopper';

/*
 * Issue 28, "Para ti", against the built app and the real server on the imported catalogue: a shopper sets "leche"
 * and "maní (también trazas)" on the phone; a product with milk says "No apto: contiene leche", one whose label warns
 * "Puede contener maní" says so, one without an ingredient list says "No sabemos"; "Solo aptos para mí" on a listing;
 * Mejores opciones all apto; offline, a kept product still shows its verdict; and the server never received the
 * preferences (every request's address and body is recorded and checked). The service worker is on, as the offline
 * step needs it (offline.spec.ts does the same).
 */
test.use({ serviceWorkers: 'allow' });

type Card = Pick<ProductSummary, 'id' | 'name' | 'subcategorySlug' | 'healthScore' | 'allergens'>;

/** What this shopper avoids: milk, and peanut with its traces. */
const apto = (card: Pick<Card, 'allergens'>) =>
  card.allergens.status === 'complete' &&
  !card.allergens.contains.includes('leche') &&
  !card.allergens.contains.includes('mani') &&
  !card.allergens.traces.includes('mani');

/** Search results for a few everyday words, each product once. */
const catalogueCards = async (request: APIRequestContext): Promise<Card[]> => {
  const seen = new Map<number, Card>();
  for (const q of ['leche', 'chocolate', 'galletas', 'mani', 'cereal', 'barra', 'yogur', 'queso', 'jugo', 'salsa']) {
    const response = await request.get(apiPaths.search.text(q, 50));
    expect(response.ok(), await response.text()).toBe(true);
    for (const card of ((await response.json()) as { results: Card[] }).results) seen.set(card.id, card);
  }
  return [...seen.values()];
};

const verdictTitle = (page: Page) => page.getByTestId('verdict-title');

test('Para ti: the verdict on the product page, on cards, in a filtered listing, in Mejores opciones and offline — and nothing of it reaches the server', async ({
  page,
  context,
}, testInfo) => {
  const sent: { url: string; body: string }[] = [];
  context.on('request', (request) => sent.push({ url: request.url(), body: request.postData() ?? '' }));

  await signInAsBeta(page.request);
  const cards = await catalogueCards(page.request);
  const withMilk = cards.find((c) => c.allergens.contains.includes('leche'));
  const peanutTraces = cards.find(
    (c) =>
      c.allergens.traces.includes('mani') && !c.allergens.contains.includes('leche') && !c.allergens.contains.includes('mani'),
  );
  const noList = cards.find((c) => c.allergens.status === 'unknown');
  expect(withMilk, 'a product with milk in the catalogue').toBeDefined();
  expect(peanutTraces, 'a product that "puede contener maní"').toBeDefined();
  expect(noList, 'a product without an ingredient list').toBeDefined();

  // A scored product whose better alternatives hold both kinds: some that suit, some that do not.
  let withAlternatives: { product: Card; answer: ProductAlternatives } | undefined;
  for (const card of cards.filter((c) => c.healthScore !== null).slice(0, 60)) {
    const response = await page.request.get(apiPaths.products.alternatives(card.id));
    if (!response.ok()) continue;
    const answer = (await response.json()) as ProductAlternatives;
    if (answer.items.some(apto) && answer.items.some((item) => !apto(item))) {
      withAlternatives = { product: card, answer };
      break;
    }
  }
  expect(withAlternatives, 'a product whose Mejores opciones mix suitable and unsuitable ones').toBeDefined();

  await page.goto('/');
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });

  // From the header, signed in or not: "Para ti" (home has a member's link to it too).
  const header = page.getByRole('navigation', { name: 'Tu cuenta' });
  await header.getByRole('link', { name: 'Para ti' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Para ti' })).toBeVisible();
  await page.getByTestId('allergen-leche').getByText('Evitar', { exact: true }).click();
  await page.getByTestId('allergen-mani').getByText('Evitar también trazas', { exact: true }).click();
  await expect(page.getByTestId('allergen-mani').getByRole('radio', { name: 'Evitar también trazas' })).toBeChecked();
  await expect(page.getByText('no siempre declarado en Chile').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, testInfo, 'para-ti-1-preferencias');
  const stored = await page.evaluate(() => window.localStorage.getItem('ec:para-ti'));
  expect(JSON.parse(stored ?? 'null')).toMatchObject({ allergens: { leche: 'evitar', mani: 'trazas' } });

  // The product page, beside the score.
  await page.goto(`/product/${withMilk!.id}`);
  await expect(verdictTitle(page)).toHaveText(/^No apto: contiene leche/);
  await expect(page.getByTestId('product-verdict')).toHaveAttribute('data-level', 'no-apto');
  await expect(page.getByTestId('product-verdict').locator('svg').first()).toBeVisible();
  await expect(page.getByTestId('score-word')).toBeVisible();
  // On the first screen, right under the score.
  const box = await verdictTitle(page).boundingBox();
  expect(box!.y + box!.height).toBeLessThanOrEqual(page.viewportSize()!.height);
  await expect(page.getByText('La etiqueta del envase es la que manda').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reportar un alérgeno mal indicado' })).toBeVisible();
  await screenshot(page, testInfo, 'para-ti-2-no-apto');

  await page.goto(`/product/${peanutTraces!.id}`);
  await expect(verdictTitle(page)).toHaveText(/^Puede contener maní/);

  await page.goto(`/product/${noList!.id}`);
  await expect(verdictTitle(page)).toHaveText('No sabemos: falta la lista de ingredientes');

  // "Solo aptos para mí" on the listing of the milk product's shelf: what stays suits, and it says how many it hid.
  const shelf = withMilk!.subcategorySlug ?? peanutTraces!.subcategorySlug;
  expect(shelf).not.toBeNull();
  await page.goto(`/subcategory/${shelf}`);
  await expect(page.getByTestId('verdict-mark').first()).toBeVisible();
  await page.getByRole('button', { name: 'Solo aptos para mí' }).click();
  await expect(page.getByRole('button', { name: 'Solo aptos para mí' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('hidden-by-preferences')).toHaveText(/^\d[\d.]* ocultos? por tus preferencias$/);
  const marks = page.getByRole('region', { name: 'Productos' }).getByTestId('verdict-mark');
  for (const level of await marks.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-level')))) {
    expect(level).toBe('apto');
  }
  await screenshot(page, testInfo, 'para-ti-3-solo-aptos');

  // Mejores opciones: only those that suit, each marked so.
  const { product, answer } = withAlternatives!;
  await page.goto(`/product/${product.id}`);
  const alternatives = page.getByTestId('alternative');
  await expect(alternatives).toHaveCount(answer.items.filter(apto).length);
  for (const level of await alternatives
    .getByTestId('verdict-mark')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-level')))) {
    expect(level).toBe('apto');
  }
  await expect(page.getByTestId('alternatives-hidden')).toBeVisible();

  // Offline, a kept product still says it.
  await context.setOffline(true);
  try {
    await page.goto(`/product/${withMilk!.id}`);
    await expect(page.getByTestId('offline-banner')).toBeVisible();
    await expect(verdictTitle(page)).toHaveText(/^No apto: contiene leche/);
    await screenshot(page, testInfo, 'para-ti-4-sin-conexion');
  } finally {
    await context.setOffline(false);
  }

  // They belong to the phone: a sign-out keeps them; "Borrar mis preferencias" removes them.
  await page.request.post(apiPaths.auth.logout);
  await page.goto('/');
  await header.getByRole('link', { name: 'Para ti' }).click();
  await expect(page.getByTestId('allergen-leche').getByRole('radio', { name: 'Evitar', exact: true })).toBeChecked();
  await page.getByRole('button', { name: 'Borrar mis preferencias' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Borrar' }).click();
  await expect(page.getByTestId('allergen-leche').getByRole('radio', { name: 'No evito' })).toBeChecked();
  expect(await page.evaluate(() => window.localStorage.getItem('ec:para-ti'))).toBeNull();

  // Nothing of the preferences ever left the phone: no address and no body carries them.
  expect(sent.length).toBeGreaterThan(10);
  const carriers = sent.filter(({ url, body }) =>
    /evitar|trazas|ec:para-ti|"leche"|"mani"|aptos/i.test(`${decodeURIComponent(url)} ${body}`),
  );
  expect(carriers).toEqual([]);
});
