import { fileURLToPath } from 'node:url';

import { expect, type Page, test, type TestInfo } from '@playwright/test';
import { apiPaths } from '@etiqueta/contracts';

import {
  expectNoSeriousA11yViolations,
  screenshot as fullPageScreenshot,
  signInAsBeta,
} from './support/shopper';

/*
 * The product page journeys of issue 6 against the real server (e2e-server: a fresh database with the imported
 * catalogue and a beta member), in each viewport project (360×740 and 1280×800). They only read, apart from one
 * error report.
 */

type SearchResult = {
  id: number;
  name: string;
  healthScore: number | null;
  detectedAdditives: unknown[];
  ultraprocessed: unknown[];
};
type ProductDetail = SearchResult & { scoreLabel: string; reasons: { text: string; points: number }[] };

/** e2e/screenshots/product-{name}-{project}.png, full page from the top (the sticky header stays on top). */
const screenshot = async (page: Page, testInfo: TestInfo, name: string) => {
  await page.evaluate(() => window.scrollTo(0, 0));
  await fullPageScreenshot(page, testInfo, `product-${name}`);
};

/** Just the viewport, for a dialog open over the page. */
const viewportScreenshot = (page: Page, testInfo: TestInfo, name: string) =>
  page.screenshot({
    path: fileURLToPath(
      new URL(`./screenshots/product-${name}-${testInfo.project.name}.png`, import.meta.url),
    ),
  });

/** A 'galletas' product from the imported catalogue with a score, additives, other suspects and reasons. */
const pickRichProduct = async (page: Page): Promise<ProductDetail> => {
  const search = await page.request.get(apiPaths.search.text('galletas', 30));
  expect(search.ok()).toBe(true);
  const { results } = (await search.json()) as { results: SearchResult[] };
  for (const result of results) {
    if (
      result.healthScore === null ||
      result.detectedAdditives.length === 0 ||
      result.ultraprocessed.length === 0
    )
      continue;
    const detail = (await (await page.request.get(apiPaths.products.one(result.id))).json()) as ProductDetail;
    if (detail.reasons.length > 0) return detail;
  }
  throw new Error('No product for "galletas" has a score, additives, suspects and reasons');
};

test('a beta member reads a product: score, reasons, additives, suspects, a nutrient scale, and reports an error', async ({
  page,
}, testInfo) => {
  await signInAsBeta(page.request);
  const product = await pickRichProduct(page);

  await page.goto(`/product/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  const score = page.getByTestId('product-score');
  await expect(score).toContainText(`${product.healthScore!.toFixed(1).replace('.', ',')}/10`);
  await expect(score).toContainText(product.scoreLabel);
  await expect(page.getByTestId('ingredient-count')).toContainText('ingredientes');

  // The reasons in sections that add up to the score (the sum is printed under them).
  const reasons = page.getByRole('region', { name: '¿Por qué este puntaje?' });
  await expect(reasons.getByTestId('score-sum')).toContainText(
    `${product.healthScore!.toFixed(1).replace('.', ',')}/10`,
  );

  const negative = page.getByRole('region', { name: 'Negativo' });
  const additivesRow = negative.getByRole('button', {
    name: new RegExp(`^Aditivos\\s*${product.detectedAdditives.length}$`),
  });
  const suspectsRow = negative.getByRole('button', {
    name: new RegExp(`^Otros sospechosos\\s*${product.ultraprocessed.length}$`),
  });
  await expect(additivesRow).toBeVisible();
  await expect(suspectsRow).toBeVisible();

  // A nutrient row opens to its scale bar, and closes again from the keyboard.
  const nutrientRow = page
    .getByTestId(/^row-nutrient-/)
    .first()
    .getByRole('button');
  await expect(nutrientRow).toHaveAttribute('aria-expanded', 'false');
  await nutrientRow.click();
  await expect(nutrientRow).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator('[data-testid^="scale-bar-"]').first()).toBeVisible();
  await expect(page.getByTestId('scale-bar-marker').first()).toBeVisible();
  await screenshot(page, testInfo, 'page');
  await expectNoSeriousA11yViolations(page);
  await nutrientRow.focus();
  await page.keyboard.press('Enter');
  await expect(nutrientRow).toHaveAttribute('aria-expanded', 'false');

  // The additives page, from the additives row.
  await additivesRow.click();
  await page.getByRole('link', { name: 'Ver aditivos' }).click();
  await expect(page).toHaveURL(new RegExp(`/product/${product.id}/additives$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Aditivos' })).toBeVisible();
  for (const title of ['Riesgosos', 'Riesgo posible (Debate)', 'Sin riesgo conocido']) {
    await expect(
      page.getByRole('heading', {
        level: 2,
        name: new RegExp(`^${title.replace(/[()]/g, '\\$&')}\\s*\\d+$`),
      }),
    ).toBeVisible();
  }
  const listed = await page.locator('[data-testid^="risk-group-"] li').count();
  expect(listed).toBe(product.detectedAdditives.length);
  // Each catalogue additive says why it has its level, on its own row.
  await expect(page.locator('[data-testid^="risk-group-"] li [data-testid="risk-item-reason"]')).toHaveCount(listed);
  await screenshot(page, testInfo, 'additives');
  await expectNoSeriousA11yViolations(page);

  // Back to the product, then the 'Otros sospechosos' page from the suspects row.
  await page.getByRole('link', { name: 'Volver al producto' }).click();
  await expect(page).toHaveURL(new RegExp(`/product/${product.id}$`));
  await suspectsRow.click();
  await page.getByRole('link', { name: 'Ver otros sospechosos' }).click();
  await expect(page).toHaveURL(new RegExp(`/product/${product.id}/ultraprocessed$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Otros sospechosos' })).toBeVisible();
  expect(await page.locator('[data-testid^="risk-group-"] li').count()).toBe(product.ultraprocessed.length);
  await screenshot(page, testInfo, 'ultraprocessed');
  await expectNoSeriousA11yViolations(page);

  // The error report: 'Otros' needs a description, then the report reaches the server.
  await page.getByRole('link', { name: 'Volver al producto' }).click();
  await page.getByRole('button', { name: 'Reportar un error' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reportar un error' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Tipo de error').selectOption({ label: 'Otros' });
  await dialog.getByRole('button', { name: 'Enviar reporte' }).click();
  await expect(dialog.getByText("Describe el error cuando eliges 'Otros'")).toBeVisible();
  await dialog.getByLabel('Descripción').fill('El envase dice 120 g, no 130 g.');
  await viewportScreenshot(page, testInfo, 'error-report');
  await expectNoSeriousA11yViolations(page);
  const posted = page.waitForResponse(
    (response) => response.url().endsWith(apiPaths.errorReports) && response.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Enviar reporte' }).click();
  const response = await posted;
  expect(response.ok()).toBe(true);
  expect(response.request().postDataJSON()).toEqual({
    errorType: 'otros',
    description: 'El envase dice 120 g, no 130 g.',
    productId: product.id,
    productName: product.name,
  });
  await expect(dialog).toBeHidden();
  const toasts = page.getByRole('region', { name: /Notificaciones/ });
  await expect(toasts.getByText('Reporte enviado', { exact: true })).toBeVisible();
  await expect(
    toasts.getByText('Gracias por reportar el error. Lo revisaremos pronto.', { exact: true }),
  ).toBeVisible();
});

test('a beta member opening a product that does not exist is told so and offered the way home', async ({
  page,
}, testInfo) => {
  await signInAsBeta(page.request);
  await page.goto('/product/2147483000');
  await expect(page.getByRole('heading', { level: 1, name: 'Error: Producto no encontrado' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/');
  await screenshot(page, testInfo, 'not-found');
  await expectNoSeriousA11yViolations(page);
});

test('a signed-out visitor opening a product address gets the login screen', async ({ page }, testInfo) => {
  await page.goto('/product/1');
  await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
  await expect(page).toHaveURL(/\/product\/1$/);
  await expect(page.getByTestId('product-page')).toHaveCount(0);
  await screenshot(page, testInfo, 'signed-out');
  await expectNoSeriousA11yViolations(page);
});
