import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { type Page, type TestInfo, chromium, expect, test } from '@playwright/test';
import { apiPaths } from '@etiqueta/contracts';
import sharp from 'sharp';

import { expectNoSeriousA11yViolations, screenshot, signInAsAdmin, signInAsBeta } from './support/shopper';

/*
 * Issue 14, "every scan gets an answer", on a phone (360 × 740 in the mobile project): a shopper without a usable
 * camera types the code; a code nobody has leads to "Agregar este producto", the shopper sends a real JPEG; an
 * admin approves it in "Contribuciones" and the product page shows it. Camera errors are Spanish and say what to do.
 */

/** A GS1 check digit appended to 12 digits. */
const ean13 = (first12: string) => {
  const sum = [...first12].reduce((total, d, i) => total + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return `${first12}${(10 - (sum % 10)) % 10}`;
};
/**
 * A code no pack carries: GS1 keeps 200–299 for in-store use, never for brands, so neither our catalogue nor
 * Open Food Facts can have it. Random per run, so a reused server never has it either.
 */
const unknownCode = () => ean13(`2${String(Math.floor(Math.random() * 1e11)).padStart(11, '0')}`);

/** A photo as a phone takes it: a real JPEG with the camera and the place (GPS) in its EXIF. */
const writePackPhoto = async (file: string) =>
  sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#d35400' } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="1600" height="1200"><rect x="200" y="300" width="1200" height="600" fill="#fdebd0"/><text x="800" y="640" font-size="140" text-anchor="middle" fill="#6e2c00">GALLETAS</text></svg>',
        ),
      },
    ])
    .jpeg({ quality: 85 })
    .withExif({ IFD0: { Make: 'FonoX' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '33/1 26/1 16/1' } })
    .toFile(file);

const scannerDialog = (page: Page) => page.getByRole('dialog', { name: 'Escanear código de barras' });

/** Opens the scanner on the home page and types `code` (the browser of this project has no camera to use). */
const typeCode = async (page: Page, code: string) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Escanear código de barras' }).click();
  const dialog = scannerDialog(page);
  const field = dialog.getByRole('textbox', { name: '¿No puedes escanear? Escribe el código' });
  await field.fill(code);
  await field.press('Enter');
  return dialog;
};

test.describe.configure({ mode: 'serial' });

test('without a camera the shopper types the code, is told about a wrong one, and lands on the product', async ({ page, request }, testInfo) => {
  await signInAsBeta(page.request);
  await signInAsBeta(request);
  const listing = ((await (await request.get(apiPaths.categories.products('desayuno'))).json()) as { items: { id: number; barcode: string }[] }).items;
  let product: { id: number; barcode: string } | undefined;
  for (const candidate of listing.filter((c) => /^\d{13}$/.test(c.barcode) && ean13(c.barcode.slice(0, 12)) === c.barcode)) {
    const found = await request.get(apiPaths.search.barcode(candidate.barcode));
    if (found.ok() && ((await found.json()) as { id: number }).id === candidate.id) {
      product = candidate;
      break;
    }
  }
  if (!product) throw new Error('no breakfast product with a unique EAN-13');

  await page.goto('/');
  await page.getByRole('button', { name: 'Escanear código de barras' }).click();
  const dialog = scannerDialog(page);
  // This browser has no camera it can open: the error is Spanish, says what to do, and the code field is offered.
  const alert = dialog.getByRole('alert');
  await expect(alert).toBeVisible();
  await expect(alert).toContainText(/escribe el código de barras abajo/);
  await expect(alert).not.toContainText(/Permission|denied|NotAllowed|NotFound|Requested device/i);
  const field = dialog.getByRole('textbox', { name: '¿No puedes escanear? Escribe el código' });
  await expect(field).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, testInfo, 'escribir-codigo-1-sin-camara');

  // A slip in one digit: the check digit catches it before any lookup.
  const wrong = `${product.barcode.slice(0, 12)}${(Number(product.barcode[12]) + 1) % 10}`;
  await field.fill(wrong);
  await page.keyboard.press('Enter');
  await expect(dialog.getByText(/Revisa los números/)).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');

  await field.fill(product.barcode);
  await dialog.getByRole('button', { name: 'Buscar' }).click();
  await expect(page).toHaveURL(new RegExp(`/product/${product.id}$`));
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('a code nobody has: "Agregar este producto" with a real photo, an admin approves, the product page shows it', async ({ page, browser }, testInfo) => {
  const code = unknownCode();
  const name = `Galletas de avena comunidad ${code.slice(-5)}`;
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ec-contribute-'));
  const photo = path.join(dir, 'frente.jpg');
  await writePackPhoto(photo);
  try {
    await signInAsBeta(page.request);
    // The lookup is held back a moment (not answered for it), so the waiting state can be seen.
    await page.route(`**${apiPaths.search.barcode('*')}`, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    const dialog = await typeCode(page, code);
    await expect(dialog.getByRole('status').filter({ hasText: 'Buscando en Open Food Facts…' })).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'No encontramos este producto' })).toBeVisible();
    await expect(dialog).toContainText(code);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, testInfo, 'agregar-1-no-encontrado');
    await page.unroute(`**${apiPaths.search.barcode('*')}`);

    await dialog.getByRole('link', { name: 'Agregar este producto' }).click();
    await expect(page).toHaveURL(new RegExp(`/contribute/${code}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Agregar este producto' })).toBeVisible();

    // Sending without the front photo is refused on the spot.
    await page.getByRole('button', { name: 'Enviar para revisión' }).click();
    await expect(page.getByText('Falta la foto del frente del envase.')).toBeVisible();

    await page.getByLabel('Frente del envase').setInputFiles(photo);
    await expect(page.getByRole('img', { name: 'Vista previa: Frente del envase' })).toBeVisible();
    await page.getByLabel('Nombre del producto').fill(name);
    await page.getByLabel('Marca').fill('Comunidad');
    await page.getByRole('textbox', { name: 'Ingredientes' }).fill('harina de avena, azúcar, aceite vegetal, sal');
    await page.getByLabel('Azúcares totales (g)').fill('21,5');
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, testInfo, 'agregar-2-formulario');
    await page.getByRole('button', { name: 'Enviar para revisión' }).click();
    // At once: the product scored from what was sent, marked provisional (issue 24).
    await expect(page.getByTestId('provisional-notice')).toContainText('Provisional: en revisión');
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await screenshot(page, testInfo, 'agregar-3-provisional');

    // Before approval the code still leads nowhere for shoppers.
    expect((await page.request.get(apiPaths.search.barcode(code))).status()).toBe(404);
    // Scanning it again, its sender is told it is in review (not asked to send it again), and can open it.
    const inReview = await typeCode(page, code);
    await expect(inReview.getByRole('heading', { name: 'Ya nos enviaste este producto' })).toBeVisible();
    await expect(inReview.getByRole('link', { name: 'Agregar este producto' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await inReview.getByRole('link', { name: 'Ver mi envío' }).click();
    await expect(page).toHaveURL(/\/contribute\/sent\/\d+$/);
    await expect(page.getByTestId('provisional-notice')).toContainText('Provisional: en revisión');

    // The admin, on a phone too, approves it in "Contribuciones".
    const adminContext = await browser.newContext(contextOptions(testInfo));
    const admin = await adminContext.newPage();
    await signInAsAdmin(admin.request);
    await admin.goto('/admin?tab=contribuciones');
    const card = admin.getByRole('article', { name: `${name}, código ${code}` });
    await expect(card).toBeVisible();
    const front = card.getByRole('img', { name: 'Foto: Frente' });
    await expect(front).toBeVisible();
    await expect.poll(() => front.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(card).toContainText('21,5 g');
    await expectNoSeriousA11yViolations(admin);
    await screenshot(admin, testInfo, 'agregar-4-admin-contribuciones');
    await card.getByRole('button', { name: `Aprobar ${name}` }).click();
    const approve = admin.getByRole('dialog', { name: 'Aprobar contribución' });
    await expect(approve.getByLabel('Nombre (obligatorio)')).toHaveValue(name);
    await expectNoSeriousA11yViolations(admin);
    await approve.getByRole('button', { name: 'Aprobar y publicar' }).click();
    await expect(approve).toHaveCount(0);
    await expect(card).toHaveCount(0);
    await adminContext.close();

    // The shopper types the code again: now it is the product, with the photo sent and its score.
    const again = await typeCode(page, code);
    await expect(page).toHaveURL(/\/product\/\d+$/);
    await expect(again).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const image = page.locator(`main img[src^="${apiPaths.contributionPhoto('')}"]`).first();
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, testInfo, 'agregar-5-producto');
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
});

test('a camera the shopper refused: Spanish, what to do, and the code field', async ({ browserName: _browserName }, testInfo) => {
  const { launchOptions = {} } = testInfo.project.use;
  // A camera exists, but the permission prompt is refused (as a shopper tapping "Bloquear" would).
  const browser = await chromium.launch({
    ...launchOptions,
    args: [...(launchOptions.args ?? []), '--use-fake-device-for-media-stream', '--deny-permission-prompts'],
  });
  try {
    const context = await browser.newContext(contextOptions(testInfo));
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Escanear código de barras' }).click();
    const dialog = scannerDialog(page);
    const alert = dialog.getByRole('alert');
    await expect(alert).toContainText('No tenemos permiso para usar la cámara');
    await expect(alert).toContainText('ajustes del navegador');
    await expect(alert).not.toContainText(/Permission|denied/i);
    await expect(dialog.getByRole('button', { name: 'Intentar de nuevo' })).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: '¿No puedes escanear? Escribe el código' })).toBeFocused();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, testInfo, 'escaner-permiso-denegado');
    await context.close();
  } finally {
    await browser.close();
  }
});

/** A new context like the test's project: its viewport, touch, locale and server. */
const contextOptions = (testInfo: TestInfo) => {
  const { baseURL, viewport, deviceScaleFactor, isMobile, hasTouch, locale, timezoneId } = testInfo.project.use;
  return { baseURL, viewport, deviceScaleFactor, isMobile, hasTouch, locale, timezoneId };
};
