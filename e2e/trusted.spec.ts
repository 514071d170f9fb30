import { type APIRequestContext, type Browser, type Page, type TestInfo, expect, test } from '@playwright/test';
import { apiPaths, type Product } from '@etiqueta/contracts';
import sharp from 'sharp';

import { expectNoSeriousA11yViolations, screenshot, signInAsAdmin, signInAsBeta, signInAsMember } from './support/shopper';

/*
 * Issue 25, end to end (360 × 740 in the mobile project, 1280 × 800 on desktop):
 * (a) a shopper sends a product with its three photos and agrees to share it with Open Food Facts → an admin approves
 *     it in "Contribuciones" → the local stand-in for OFF's write API (apps/server/test/fake-off-write.ts, which checks
 *     OFF's format) receives the product's fields and its three photos, and the admin reads "Enviado a Open Food Facts";
 * (b) a trusted member's completion shows to everyone at once → an admin reverts it in one click in "Por confianza"
 *     → the product page is exactly as before, and nothing of it went to OFF. A revert ends that member's trust: run
 *     the journey against a fresh e2e server (the one Playwright starts).
 */

const PORT = Number(process.env.E2E_PORT ?? 3101);
/** The stand-in the e2e server starts on OFF_WRITE_URL (e2e/playwright.config.ts). */
const OFF_WRITE = process.env.E2E_OFF_WRITE_URL ?? `http://127.0.0.1:${PORT + 1}`;
/** The trusted member the e2e server seeds for this project (a revert ends their trust, so one per project). */
const trustedEmail = (testInfo: TestInfo) => `confiable-${testInfo.project.name}@etiquetaclara.cl`;

type Received = {
  productWrites: { code: string; fields: Record<string, string> }[];
  imageWrites: { code: string; imagefield: string; bytes: number; appUuid: string }[];
  violations: string[];
};
const received = async (request: APIRequestContext): Promise<Received> => (await (await request.get(`${OFF_WRITE}/_stand-in/received`)).json()) as Received;

const ean13 = (first12: string) => {
  const sum = [...first12].reduce((total, d, i) => total + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return `${first12}${(10 - (sum % 10)) % 10}`;
};
/** A code no pack carries (GS1's in-store range 200–299), random per run. */
const unknownCode = () => ean13(`2${String(Math.floor(Math.random() * 1e11)).padStart(11, '0')}`);

const photo = async (name: string, colour: string) => ({
  name,
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width: 900, height: 700, channels: 3, background: colour } }).jpeg({ quality: 80 }).toBuffer(),
});

const contextOptions = (testInfo: TestInfo) => {
  const { baseURL, viewport, deviceScaleFactor, isMobile, hasTouch, locale, timezoneId } = testInfo.project.use;
  return { baseURL, viewport, deviceScaleFactor, isMobile, hasTouch, locale, timezoneId, serviceWorkers: 'block' as const };
};

/** The admin's Contribuciones tab, on `list`, in a page of its own. */
const adminTab = async (browser: Browser, testInfo: TestInfo, list: string) => {
  const context = await browser.newContext(contextOptions(testInfo));
  const admin = await context.newPage();
  await signInAsAdmin(admin.request);
  await admin.goto('/admin?tab=contribuciones');
  await admin.getByRole('group', { name: 'Estado' }).getByRole('button', { name: list }).click();
  return { admin, close: () => context.close() };
};

test.describe.configure({ mode: 'serial' });

test('approving a completion sends its fields and its three photos to the OFF stand-in, in OFF format', async ({ page, browser }, testInfo) => {
  await signInAsBeta(page.request);
  const code = unknownCode();
  const name = `Galletas Trigal ${testInfo.project.name}`;
  const sent = await page.request.post(apiPaths.contributions, {
    multipart: {
      barcode: code,
      name,
      brand: 'Trigal',
      ingredients: 'harina de trigo, azúcar, aceite de maravilla, sal',
      energyKcal100: '452',
      totalFatG100: '17',
      saturatedFatG100: '7,5',
      carbohydratesG100: '66',
      totalSugarsG100: '24',
      proteinG100: '7',
      sodiumMg100: '310',
      per: '100 g',
      offConsent: 'true',
      photoFront: await photo('frente.jpg', '#c0392b'),
      photoIngredients: await photo('ingredientes.jpg', '#27ae60'),
      photoNutrition: await photo('tabla.jpg', '#2e86c1'),
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);

  const { admin, close } = await adminTab(browser, testInfo, 'Pendientes');
  const title = `${name}, código ${code}`;
  const card = admin.getByRole('article', { name: title });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: `Aprobar ${name}` }).click();
  const dialog = admin.getByRole('dialog', { name: 'Aprobar contribución' });
  await dialog.getByRole('button', { name: 'Aprobar y publicar' }).click();
  await expect(dialog).toHaveCount(0);

  // The sender wakes at the approval: the stand-in receives the product, then each photo.
  await expect.poll(async () => (await received(page.request)).imageWrites.filter((w) => w.code === code).length, { timeout: 30_000 }).toBe(3);
  const off = await received(page.request);
  expect(off.violations).toEqual([]);
  const fields = off.productWrites.filter((w) => w.code === code);
  expect(fields).toHaveLength(1);
  expect(fields[0]!.fields).toMatchObject({
    code,
    lang: 'es',
    lc: 'es',
    add_countries: 'Chile',
    app_name: 'EtiquetaClara',
    product_name_es: name,
    brands: 'Trigal',
    ingredients_text_es: 'harina de trigo, azúcar, aceite de maravilla, sal',
    nutrition_data_per: '100g',
    'nutriment_energy-kcal': '452',
    'nutriment_energy-kcal_unit': 'kcal',
    'nutriment_saturated-fat': '7.5',
    'nutriment_saturated-fat_unit': 'g',
    nutriment_sugars: '24',
    nutriment_sugars_unit: 'g',
    nutriment_sodium: '310',
    nutriment_sodium_unit: 'mg',
  });
  expect(fields[0]!.fields.app_uuid).toMatch(/^[0-9a-f-]{36}$/);
  // Nothing of the person: no e-mail, no name.
  expect(JSON.stringify(fields[0]!.fields)).not.toMatch(/@|beta|E2E/i);
  const images = off.imageWrites.filter((w) => w.code === code);
  expect(images.map((w) => w.imagefield)).toEqual(['front_es', 'ingredients_es', 'nutrition_es']);
  expect(images.every((w) => w.bytes > 1000 && w.appUuid === fields[0]!.fields.app_uuid)).toBe(true);

  // The admin reads it in the approved list.
  await admin.getByRole('group', { name: 'Estado' }).getByRole('button', { name: 'Aprobadas' }).click();
  const approved = admin.getByRole('article', { name: title });
  await expect(approved).toContainText('Open Food Facts: Enviado a Open Food Facts');
  await expectNoSeriousA11yViolations(admin);
  await screenshot(admin, testInfo, 'off-enviado-admin');
  await close();
});

/** A product anyone can open, scored, with sugars to change, found by its own code. */
const findScored = async (request: APIRequestContext, skip: number): Promise<Product> => {
  const categories = (await (await request.get(apiPaths.categories.list)).json()) as { slug: string }[];
  let seen = 0;
  for (const { slug } of categories)
    for (let p = 1; p <= 5; p++) {
      const listing = (await (await request.get(apiPaths.categories.products(slug, { sort: 'name', page: p }))).json()) as {
        items: { id: number; barcode: string; healthScore: number | null }[];
      };
      if (!listing.items?.length) break;
      for (const item of listing.items) {
        if (item.healthScore === null || !/^\d{13}$/.test(item.barcode) || ean13(item.barcode.slice(0, 12)) !== item.barcode) continue;
        const found = await request.get(apiPaths.search.barcode(item.barcode));
        if (!found.ok() || ((await found.json()) as { id: number }).id !== item.id) continue;
        const product = (await (await request.get(apiPaths.products.one(item.id))).json()) as Product;
        if (product.totalSugarsG100 === null || product.totalSugarsG100 < 2 || product.carbohydratesG100 === null) continue;
        if (seen++ === skip) return product;
      }
    }
  throw new Error('no scored product with sugars and a unique EAN-13 in the e2e catalogue');
};

/** The product page as a shopper reads it, once its parts have loaded. */
const pageText = async (page: Page, id: number) => {
  await page.goto(`/product/${id}`);
  await expect(page.getByTestId('product-score')).toBeVisible();
  // Mejores opciones load after the page: wait for their answer, whichever it is, and for no skeleton left.
  await expect(
    page.getByTestId('alternatives').locator('[data-testid="alternatives-empty"], [data-testid="alternative"], [role="alert"]').first(),
  ).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  return page.getByTestId('product-page').innerText();
};

test("a trusted member's completion shows to everyone at once; an admin reverts it; the page is exactly as before", async ({ page, browser }, testInfo) => {
  // Another member (the shopper who scans it next) reads the product first.
  await signInAsBeta(page.request);
  const product = await findScored(page.request, testInfo.project.name === 'mobile' ? 0 : 1);
  const { updatedAt: _u, ...answerBefore } = product;
  const textBefore = await pageText(page, product.id);

  // The trusted member completes it: a lower sugar value read from the table's photo.
  const trustedContext = await browser.newContext(contextOptions(testInfo));
  const trusted = await trustedContext.newPage();
  await signInAsMember(trusted.request, trustedEmail(testInfo));
  const sugars = Math.round(product.totalSugarsG100! * 5) / 10;
  const sent = await trusted.request.post(apiPaths.contributions, {
    multipart: {
      barcode: product.barcode,
      totalSugarsG100: String(sugars).replace('.', ','),
      offConsent: 'true',
      photoNutrition: await photo('tabla.jpg', '#1f618d'),
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const { id, status, message } = (await sent.json()) as { id: number; status: string; message: string };
  expect({ status, message }).toEqual({ status: 'approved', message: '¡Gracias! Ya está publicado: todos ven el producto con lo que enviaste.' });
  await trusted.goto(`/contribute/sent/${id}`);
  await expect(trusted.getByRole('heading', { level: 1, name: 'Tu aporte ya está publicado' })).toBeVisible();
  await expect(trusted.getByRole('status')).toContainText('¡Gracias! Ya está publicado y cualquiera puede verlo.');
  await expectNoSeriousA11yViolations(trusted);
  await trustedContext.close();

  // Everyone sees it at once, no review.
  expect(((await (await page.request.get(apiPaths.products.one(product.id))).json()) as Product).totalSugarsG100).toBe(sugars);
  const textPublished = await pageText(page, product.id);
  expect(textPublished).not.toBe(textBefore);
  await screenshot(page, testInfo, 'confianza-publicado');

  // The admin finds it under "Por confianza", waiting for a look before it goes to OFF, and reverts it in one click.
  const { admin, close } = await adminTab(browser, testInfo, 'Por confianza');
  const title = `${product.name}, código ${product.barcode}`;
  const card = admin.getByRole('article', { name: title }).filter({ hasText: 'Revísala' });
  await expect(card).toBeVisible();
  await expect(card.getByTestId('trust-line')).toContainText('Publicada sin revisión');
  await expect(card).toContainText(/Se envía a Open Food Facts cuando lo marques como visto, o el .+ si nadie lo revierte\./);
  // Side by side: what it held before (what a revert brings back) and what was sent.
  const table = card.getByRole('table', { name: 'Lo que hay, lo que se leyó y lo que se envió' });
  await expect(table.getByRole('columnheader', { name: 'Antes' })).toBeVisible();
  const number = (value: number) => `${value.toLocaleString('es-CL', { maximumFractionDigits: 2 })} g`;
  await expect(table.getByRole('row', { name: /Azúcares totales/ })).toHaveText(new RegExp(`${number(product.totalSugarsG100!)}.*${number(sugars)}`));
  await expectNoSeriousA11yViolations(admin);
  await screenshot(admin, testInfo, 'confianza-admin');
  await card.getByRole('button', { name: `Revertir ${product.name}` }).click();
  await expect(admin.getByText('Revertida: el producto volvió a como estaba.', { exact: true })).toBeVisible();
  await expect(admin.getByRole('article', { name: title }).getByTestId('trust-line').first()).toContainText('Revertida el');
  await close();

  // Exactly as before: the product's answer and the page the shopper reads.
  const { updatedAt: _v, ...answerAfter } = (await (await page.request.get(apiPaths.products.one(product.id))).json()) as Product;
  expect(answerAfter).toEqual(answerBefore);
  expect(await pageText(page, product.id)).toBe(textBefore);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, testInfo, 'confianza-revertido');

  // Nothing of it went to Open Food Facts.
  expect((await received(page.request)).productWrites.filter((w) => w.code === product.barcode)).toEqual([]);
});
