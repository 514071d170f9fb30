import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiPaths } from '@etiqueta/contracts';

import { findScannable } from './support/scannable';
import { expectNoSeriousA11yViolations, screenshot, signInAsAdmin, signInAsBeta } from './support/shopper';

/*
 * Issue 16, Historial: what a member opens or scans is kept on the server, newest first under "Hoy", searchable,
 * removable one by one and all at once; and nobody else sees it.
 */

type Summary = { id: number; barcode: string; name: string; brand: string };
type History = { items: { product: { id: number } }[] };

/** Three breakfast products with different names; the third has an EAN-13 that finds exactly it. */
const pickProducts = async (request: APIRequestContext): Promise<[Summary, Summary, Summary]> => {
  const listing = await request.get(apiPaths.categories.products('desayuno'));
  expect(listing.ok(), await listing.text()).toBe(true);
  const items = ((await listing.json()) as { items: Summary[] }).items;
  const distinct = items.filter((p, i) => items.findIndex((q) => q.name === p.name) === i && p.name.length > 3);
  const scanned = await findScannable(request, distinct);
  if (!scanned) throw new Error('no breakfast product with a unique EAN-13');
  // No name may contain another's ("Bebida de Soja" and "Bebida de Soja Bajo contenido en azúcares" cannot both be
  // picked): the page is checked for a removed name's absence.
  const chosen: Summary[] = [scanned];
  for (const candidate of distinct) {
    if (chosen.length === 3) break;
    if (chosen.some((c) => c.id === candidate.id || c.name.includes(candidate.name) || candidate.name.includes(c.name))) continue;
    chosen.push(candidate);
  }
  if (chosen.length < 3) throw new Error('the catalogue needs three breakfast products with distinct names');
  return [chosen[1]!, chosen[2]!, scanned];
};

const clearHistoryOf = async (request: APIRequestContext) => {
  const cleared = await request.delete(apiPaths.history.all);
  expect(cleared.ok(), await cleared.text()).toBe(true);
};

test('a member opens two products and scans one, finds them in Historial, searches, removes one, then clears it all', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  await signInAsBeta(page.request);
  await clearHistoryOf(page.request);
  const [first, second, scanned] = await pickProducts(page.request);

  // Opened: from a link and from the address bar; each view is recorded by the product page itself.
  for (const product of [first, second]) {
    await page.goto(`/product/${product.id}`);
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await expect
      .poll(async () => ((await (await page.request.get(apiPaths.history.all)).json()) as History).items.map((e) => e.product.id))
      .toContain(product.id);
  }

  // Scanned: the code typed in the scan dialog (no camera here).
  await page.goto('/');
  await page.getByRole('button', { name: 'Escanear código de barras' }).click();
  await page.getByLabel('¿No puedes escanear? Escribe el código').fill(scanned.barcode);
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/product/${scanned.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: scanned.name })).toBeVisible();

  // The header leads to Historial.
  await page.getByRole('link', { name: 'Historial' }).click();
  await expect(page).toHaveURL(/\/historial$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Historial' })).toBeVisible();
  const today = page.getByRole('region', { name: 'Hoy' });
  const entries = today.getByRole('listitem');
  await expect(entries).toHaveCount(3);
  await expect(entries.nth(0)).toContainText(scanned.name);
  await expect(entries.nth(0)).toContainText('Escaneado');
  await expect(entries.nth(1)).toContainText(second.name);
  await expect(entries.nth(1)).toContainText('Abierto');
  await expect(entries.nth(2)).toContainText(first.name);
  await expect(entries.nth(0).getByTestId('score-badge')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, testInfo, 'historial-1-hoy');
  // Nothing spills sideways on a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  // Search: a word of the second product's name, typed in capitals.
  // The search ignores case and accents, so the word must be in neither other name however it is written.
  const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const word = second.name
    .split(/\s+/)
    .find((w) => w.length > 3 && !fold(first.name).includes(fold(w)) && !fold(scanned.name).includes(fold(w)));
  if (word) {
    await page.getByRole('searchbox', { name: 'Buscar en tu historial' }).fill(word.toUpperCase());
    await expect(entries).toHaveCount(1);
    await expect(entries.first()).toContainText(second.name);
    await page.getByRole('searchbox', { name: 'Buscar en tu historial' }).fill('zzzz-nada');
    await expect(page.getByText('Ningún producto de tu historial coincide con «zzzz-nada».')).toBeVisible();
    await page.getByRole('button', { name: 'Ver todo el historial' }).click();
    await expect(entries).toHaveCount(3);
  }

  // Remove one.
  await page.getByRole('button', { name: `Quitar ${first.name} del historial` }).click();
  await expect(entries).toHaveCount(2);
  await expect(today).not.toContainText(first.name);

  // Another member sees none of it.
  const other = await browser.newContext({ baseURL, locale: 'es-CL', timezoneId: 'America/Santiago' });
  try {
    const otherPage = await other.newPage();
    await signInAsAdmin(otherPage.request);
    await clearHistoryOf(otherPage.request);
    await otherPage.goto('/historial');
    await expect(otherPage.getByRole('heading', { name: 'Todavía no hay nada en tu historial' })).toBeVisible();
    await expect(otherPage.getByText(second.name)).toHaveCount(0);
  } finally {
    await other.close();
  }

  // Clear it all, after a confirmation; focus comes back to the button.
  const clearButton = page.getByRole('button', { name: 'Borrar historial' });
  await clearButton.click();
  const dialog = page.getByRole('alertdialog', { name: '¿Borrar todo tu historial?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Borrar historial' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Todavía no hay nada en tu historial' })).toBeVisible();
  await expect(clearButton).toBeFocused();
  await screenshot(page, testInfo, 'historial-2-vacio');
  expect(((await (await page.request.get(apiPaths.history.all)).json()) as History).items).toEqual([]);
});
