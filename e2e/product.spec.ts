import { fileURLToPath } from 'node:url';

import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test, type TestInfo } from '@playwright/test';

/*
 * The product page journeys of issue 6 against the real server (e2e-server: a fresh database with the imported
 * catalogue and a beta member). They run in each viewport project (360×740 and 1280×800) and only read, apart
 * from one error report.
 */

const BETA_EMAIL = process.env.E2E_BETA_EMAIL ?? 'beta@etiquetaclara.cl';

type SearchResult = {
  id: number;
  name: string;
  healthScore: number | null;
  detectedAdditives: unknown[];
  ultraprocessed: unknown[];
};
type ProductDetail = SearchResult & { scoreLabel: string; reasons: { text: string; points: number }[] };

const viewportName = (page: Page) => {
  const size = page.viewportSize();
  return size ? `${size.width}x${size.height}` : 'default';
};

/**
 * Full-page from the top (so the sticky header does not land mid-picture), or just the viewport when a dialog
 * is open over the page.
 */
const screenshot = async (page: Page, name: string, { fullPage = true } = {}) => {
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({
    path: fileURLToPath(new URL(`./screenshots/product-${name}-${viewportName(page)}.png`, import.meta.url)),
    fullPage,
  });
};

/** No serious or critical axe violations (WCAG 2.1 A and AA rules) on what the page shows now. */
const expectNoSeriousA11yViolations = async (page: Page) => {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(serious).toEqual([]);
};

/** Signs the beta member in through the API; the page's request context shares the browser's cookies. */
const signInAsBeta = async (page: Page) => {
  const response = await page.request.post('/api/auth/login', { data: { email: BETA_EMAIL } });
  expect(response.ok()).toBe(true);
};

/** A 'galletas' product from the imported catalogue with a score, additives, other suspects and reasons. */
const pickRichProduct = async (page: Page): Promise<ProductDetail> => {
  const search = await page.request.get('/api/v1/search?q=galletas&limit=30');
  expect(search.ok()).toBe(true);
  const { results } = (await search.json()) as { results: SearchResult[] };
  for (const result of results) {
    if (
      result.healthScore === null ||
      result.detectedAdditives.length === 0 ||
      result.ultraprocessed.length === 0
    )
      continue;
    const detail = (await (await page.request.get(`/api/products/${result.id}`)).json()) as ProductDetail;
    if (detail.reasons.length > 0) return detail;
  }
  throw new Error('No product for "galletas" has a score, additives, suspects and reasons');
};

const attachViewport = (testInfo: TestInfo, page: Page) =>
  testInfo.annotations.push({ type: 'viewport', description: viewportName(page) });

test('a beta member reads a product: score, reasons, additives, suspects, a nutrient scale, and reports an error', async ({
  page,
}, testInfo) => {
  attachViewport(testInfo, page);
  await signInAsBeta(page);
  const product = await pickRichProduct(page);

  await page.goto(`/product/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  const score = page.getByTestId('product-score');
  await expect(score).toContainText(`${product.healthScore!.toFixed(1).replace('.', ',')}/10`);
  await expect(score).toContainText(product.scoreLabel);
  await expect(page.getByTestId('ingredient-count')).toContainText('ingredientes');

  const reasons = page.getByRole('region', { name: '¿Por qué este puntaje?' });
  await expect(reasons.getByRole('listitem')).toHaveCount(product.reasons.length);

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
  await screenshot(page, 'page');
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
  await screenshot(page, 'additives');
  await expectNoSeriousA11yViolations(page);

  // Back to the product, then the 'Otros sospechosos' page from the suspects row.
  await page.getByRole('link', { name: 'Volver al producto' }).click();
  await expect(page).toHaveURL(new RegExp(`/product/${product.id}$`));
  await suspectsRow.click();
  await page.getByRole('link', { name: 'Ver otros sospechosos' }).click();
  await expect(page).toHaveURL(new RegExp(`/product/${product.id}/ultraprocessed$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Otros sospechosos' })).toBeVisible();
  expect(await page.locator('[data-testid^="risk-group-"] li').count()).toBe(product.ultraprocessed.length);
  await screenshot(page, 'ultraprocessed');
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
  await screenshot(page, 'error-report', { fullPage: false });
  await expectNoSeriousA11yViolations(page);
  const posted = page.waitForResponse(
    (response) => response.url().endsWith('/api/error-reports') && response.request().method() === 'POST',
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
}) => {
  await signInAsBeta(page);
  await page.goto('/product/2147483000');
  await expect(page.getByRole('heading', { level: 1, name: 'Error: Producto no encontrado' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/');
  await screenshot(page, 'not-found');
  await expectNoSeriousA11yViolations(page);
});

test('a signed-out visitor opening a product address gets the login screen', async ({ page }) => {
  await page.goto('/product/1');
  await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
  await expect(page).toHaveURL(/\/product\/1$/);
  await expect(page.getByTestId('product-page')).toHaveCount(0);
  await screenshot(page, 'signed-out');
  await expectNoSeriousA11yViolations(page);
});
