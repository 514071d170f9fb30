import { type APIRequestContext, type Locator, type Page, expect, test } from '@playwright/test';
import { apiPaths } from '@etiqueta/contracts';

import { mailsTo, nextLoginCode } from './support/mailbox';
import { expectNoSeriousA11yViolations, screenshot, signInAsBeta } from './support/shopper';

/*
 * Issue 14, items 2 and 4, in both viewports (360 × 740 and 1280 × 800): a listing of more than 300 products
 * reaches its last product; a screen that cannot be downloaded says 'Sin conexión' inside the layout; the
 * search box stays on the results page; dialogs open centred and give focus back; the admin screens fit a
 * phone. Real server, real database with the shared catalogue imported.
 */

const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL ?? 'admin@etiquetaclara.cl';
const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? 'clave-admin-e2e-123';

type Listing = { items: { id: number; name: string }[]; total: number; page: number; pageSize: number };
type Named = { slug: string; productCount: number };

/** The smallest category above 300 products: its whole listing is at /category/{slug}/products. */
const findBigCategory = async (request: APIRequestContext) => {
  const categories = (await (await request.get(apiPaths.categories.list)).json()) as Named[];
  const big = categories.filter((c) => c.productCount > 300).sort((a, b) => a.productCount - b.productCount)[0];
  if (!big) throw new Error('no category with more than 300 products');
  return big;
};

/** The whole element lies inside the viewport's width. */
const expectWithinWidth = async (locator: Locator, page: Page) => {
  const box = await locator.boundingBox();
  const width = page.viewportSize()!.width;
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
};

/**
 * Samples the dialog's box on every frame while it opens: each sample must be centred in the viewport (the
 * open animation used to start it from the top-left corner).
 */
const expectOpensCentred = async (page: Page, dialog: Locator) => {
  await expect(dialog).toBeVisible();
  const offsets = await dialog.evaluate(
    (element) =>
      new Promise<number[]>((resolve) => {
        const samples: number[] = [];
        const sample = () => {
          const box = element.getBoundingClientRect();
          samples.push(
            Math.max(
              Math.abs(box.left + box.width / 2 - window.innerWidth / 2),
              Math.abs(box.top + box.height / 2 - window.innerHeight / 2),
            ),
          );
          if (samples.length < 15) requestAnimationFrame(sample);
          else resolve(samples);
        };
        sample();
      }),
  );
  // Within a few pixels at every frame (the scale-in keeps the centre where it is).
  expect(Math.max(...offsets)).toBeLessThan(4);
};

test('a shopper reaches the last product of a listing of more than 300 products, sorted by score or by name', async ({
  page,
}, testInfo) => {
  await signInAsBeta(page.request);
  const big = await findBigCategory(page.request);
  const address = apiPaths.categories.products(big.slug);
  const first = (await (await page.request.get(address)).json()) as Listing;
  expect(first.total).toBe(big.productCount);
  const lastPage = Math.ceil(first.total / first.pageSize);
  const last = ((await (await page.request.get(apiPaths.categories.products(big.slug, { page: lastPage }))).json()) as Listing).items.at(-1)!;

  await page.goto(`/category/${big.slug}/products`);
  const products = page.getByRole('region', { name: 'Productos' });
  // Counts written the Chilean way (1.235).
  const count = big.productCount.toLocaleString('es-CL');
  await expect(products.getByText(`${count} productos`, { exact: true })).toBeVisible();
  await expect(products.getByText(`Mostrando 60 de ${count}`)).toBeVisible();
  // Every card has its score, in every category.
  await expect(products.getByRole('link').first().getByTestId('score-badge')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const more = page.getByRole('button', { name: 'Ver más productos' });
  for (let shown = 60; shown < big.productCount; shown += 60) {
    await more.click();
    await expect(products.getByRole('link')).toHaveCount(Math.min(shown + 60, big.productCount));
  }
  await expect(more).toHaveCount(0);
  const lastCard = products.getByRole('link').last();
  await expect(lastCard).toHaveAttribute('href', `/product/${last.id}`);
  await lastCard.scrollIntoViewIfNeeded();
  await expect(lastCard).toBeVisible();
  await expect(lastCard.getByTestId('score-badge')).toBeVisible();
  await screenshot(page, testInfo, 'glance-1-listing-fin');

  const byName = ((await (await page.request.get(`${address}?sort=name`)).json()) as Listing).items;
  await page.getByLabel('Ordenar por').selectOption({ label: 'Nombre (A–Z)' });
  await expect(products.getByRole('link').first()).toHaveAttribute('href', `/product/${byName[0]!.id}`);
  await expect(products.getByRole('link')).toHaveCount(60);
});

test('the chip chosen for the shopper is in view on a phone', async ({ page }, testInfo) => {
  await signInAsBeta(page.request);
  // The breakfast subcategory with the most chips: the chosen one is the likeliest to start off-screen.
  const subcategories = (await (await page.request.get(apiPaths.categories.subcategories('desayuno'))).json()) as Named[];
  let widest = { slug: '', chips: 0 };
  for (const subcategory of subcategories.filter((s) => s.productCount > 0)) {
    const chips = (await (await page.request.get(apiPaths.subcategories.sub2categories(subcategory.slug))).json()) as Named[];
    const count = chips.filter((c) => c.productCount > 0).length;
    if (count > widest.chips) widest = { slug: subcategory.slug, chips: count };
  }
  await page.goto(`/desayuno/${widest.slug}`);
  const chips = page.getByRole('group', { name: 'Tipo de producto' });
  const chosen = chips.locator('button[aria-pressed="true"]');
  await expect(chosen).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'Productos' }).getByRole('link').first()).toBeVisible();
  await expectWithinWidth(chosen, page);
  // Choosing another chip brings it into view too: the last one.
  const lastChip = chips.getByRole('button').last();
  await lastChip.click();
  await expect(lastChip).toHaveAttribute('aria-pressed', 'true');
  await expectWithinWidth(lastChip, page);
  await screenshot(page, testInfo, 'glance-2-chip-visible');
});

test("a screen that cannot be downloaded says 'Sin conexión' inside the layout, and the retry brings it", async ({
  page,
  context,
}, testInfo) => {
  await signInAsBeta(page.request);
  await page.goto('/');
  const card = page.getByRole('link', { name: /Lácteos/ }).first();
  await expect(card).toBeVisible();

  await context.setOffline(true);
  await card.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sin conexión' })).toBeVisible();
  await expect(page.getByText('Revisa tu conexión a internet')).toBeVisible();
  await expect(page.getByText(/dynamically imported module|Failed to fetch/)).toHaveCount(0);
  // The layout is intact: header, logo and footer are still there.
  await expect(page.getByTestId('site-logo')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Política de privacidad' })).toBeAttached();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, testInfo, 'glance-3-sin-conexion');

  // Still offline: the retry says so and keeps the app.
  await page.getByRole('button', { name: 'Reintentar' }).click();
  await expect(page.getByText('Todavía no hay conexión. Inténtalo de nuevo en un momento.')).toBeVisible();
  await expect(page.getByTestId('site-logo')).toBeVisible();

  await context.setOffline(false);
  await page.getByRole('button', { name: 'Reintentar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Lácteos' })).toBeVisible();
});

test('the search box stays on the results page, and a joined word finds the product', async ({ page }, testInfo) => {
  await signInAsBeta(page.request);
  await page.goto('/search?q=galletas');
  await expect(page.getByRole('heading', { level: 1, name: 'Resultados para "galletas"' })).toBeVisible();
  const box = page.getByRole('searchbox', { name: 'Nombre o marca del producto' });
  await expect(box).toHaveValue('galletas');
  await expect(page.getByText(/\d+ productos encontrados/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await box.fill('cocacola');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=cocacola$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Resultados para "cocacola"' })).toBeVisible();
  await expect(page.getByRole('link', { name: /coca[ -]?cola/i }).first()).toBeVisible();
  await screenshot(page, testInfo, 'glance-4-busqueda');
});

test('an ingredient list with a long unbroken word wraps inside the screen instead of widening the page', async ({
  page,
}) => {
  await signInAsBeta(page.request);
  // A real label from the shared catalogue whose list holds a 66-letter word with no space or comma.
  const found = await page.request.get(apiPaths.search.barcode('8411500110113'));
  expect(found.status()).toBe(200);
  const { id } = (await found.json()) as { id: number };
  await page.goto(`/product/${id}`);
  await page.getByRole('button', { name: 'Ver ingredientes' }).click();
  await expect(page.getByTestId('ingredient-list')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
});

test('a dialog opens centred and gives focus back to what opened it', async ({ page }) => {
  await page.goto('/');
  const opener = page.getByRole('button', { name: 'Términos y condiciones' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Términos y condiciones' });
  await expectOpensCentred(page, dialog);
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
});

test("the footer's legal dialog, offline, says 'Sin conexión' and keeps the app; online, it opens", async ({
  page,
  context,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Tu energía empieza aquí' })).toBeVisible();
  await context.setOffline(true);
  const opener = page.getByRole('button', { name: 'Política de privacidad' });
  await opener.click();
  await expect(page.getByText('Sin conexión. Revisa tu internet e inténtalo de nuevo.', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Tu energía empieza aquí' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await context.setOffline(false);
  await opener.click();
  await expect(page.getByRole('dialog', { name: 'Política de privacidad' })).toBeVisible();
});

/** The admin through the API: the email, then the mailed code with the password. */
const signInAsAdmin = async (request: APIRequestContext) => {
  const before = (await mailsTo(ADMIN_EMAIL)).length;
  expect((await request.post(apiPaths.auth.login, { data: { email: ADMIN_EMAIL } })).ok()).toBe(true);
  const code = await nextLoginCode(ADMIN_EMAIL, before);
  const response = await request.post(apiPaths.auth.login, {
    data: { email: ADMIN_EMAIL, code, password: ADMIN_PASSWORD },
  });
  expect(response.ok(), await response.text()).toBe(true);
};

const expectNoHorizontalOverflow = async (page: Page) => {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    viewport: document.documentElement.clientWidth,
  }));
  expect(widths.page).toBeLessThanOrEqual(widths.viewport);
};

test('the admin screens fit a 360 px phone, and their dialogs open centred and give focus back', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInAsAdmin(page.request);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Panel de Administración' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'E102' }).first()).toBeAttached();
  await expectNoHorizontalOverflow(page);
  // All four tabs in view, none hidden past the edge.
  await expectWithinWidth(page.getByRole('tab', { name: 'Mensajes' }), page);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, testInfo, 'glance-5-admin-aditivos-360');

  await page.getByRole('tab', { name: 'Productos' }).click();
  const row = page.locator('tr[data-product-id]').first();
  await expect(row).toBeAttached();
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, testInfo, 'glance-6-admin-productos-360');

  const edit = row.getByRole('button', { name: /^Editar / });
  await edit.click();
  const dialog = page.getByRole('dialog', { name: 'Editar producto' });
  await expectOpensCentred(page, dialog);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(edit).toBeFocused();

  for (const tab of ['Usuarios', 'Mensajes']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoHorizontalOverflow(page);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, testInfo, `glance-7-admin-${tab.toLowerCase()}-360`);
  }

  await page.goto('/admin/data-lake');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, testInfo, 'glance-8-admin-data-lake-360');
});
