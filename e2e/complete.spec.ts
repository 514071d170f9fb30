import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { type Browser, type Locator, type Page, type TestInfo, expect, test } from '@playwright/test';
import { apiPaths, normalizeImages, type Product } from '@etiqueta/contracts';
import sharp from 'sharp';

import { expectNoSeriousA11yViolations, screenshot, signInAsAdmin, signInAsBeta } from './support/shopper';

/*
 * Issue 24, the shopper's journey end to end (360 × 740 in the mobile project, 1280 × 800 on desktop): a product
 * with "Sin puntaje" → "Completar este producto" (started from what we know, asking only the photos of what is
 * missing) → photos of the pack (rendered Chilean labels of the bench's set, degraded like phone photos) → the
 * server reads them and the form fills itself → send → the shopper sees the product scored at once, "Provisional:
 * en revisión" → an admin approves it side by side → everyone sees the score. For a product missing only its
 * table (one photo), one missing everything (three), and a code we lack entirely. Taps are counted: a tap is a
 * click or a photo chosen.
 */

const SET = fileURLToPath(new URL('../bench/label-photos/set/', import.meta.url));
/** A table the reader reads with nothing for the shopper to type (its only mark is a row the label lacks). */
const TABLE = 'nutrition-03';
const LIST = 'ingredients-03';

/** A GS1 check digit appended to 12 digits. */
const ean13 = (first12: string) => {
  const sum = [...first12].reduce((total, d, i) => total + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return `${first12}${(10 - (sum % 10)) % 10}`;
};
/** A code no pack carries (GS1's in-store range 200–299), random per run. */
const unknownCode = () => ean13(`2${String(Math.floor(Math.random() * 1e11)).padStart(11, '0')}`);

const writeFront = (file: string, text: string) =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: '#1f618d' } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="1200" height="900"><rect x="150" y="250" width="900" height="400" fill="#fdfefe"/><text x="600" y="480" font-size="90" text-anchor="middle" fill="#1b2631">${text}</text></svg>`,
        ),
      },
    ])
    .jpeg({ quality: 80 })
    .toFile(file);

/** Counts what the shopper does: a tap is a click or a photo chosen; a field typed is counted apart. */
const shopperCounter = () => {
  const counts = { taps: 0, typed: 0 };
  return {
    counts,
    tap: async (target: Locator) => {
      counts.taps += 1;
      await target.click();
    },
    photo: async (input: Locator, file: string) => {
      counts.taps += 1;
      await input.setInputFiles(file);
    },
  };
};

/** What a product already has: "Completar este producto" asks only for the rest. */
type Has = { front: boolean; ingredients: boolean };
const has = (product: Product): Has => ({
  front: normalizeImages(product.images).primary !== null,
  ingredients: !!product.ingredients?.trim(),
});

/**
 * A product of the catalogue with "Sin puntaje" (values the score needs are missing), a unique EAN-13, no photo
 * pending, and the front photo and ingredient list as `wanted` says.
 */
const findUnscored = async (page: Page, wanted: Has, skip: number) => {
  const categories = (await (await page.request.get(apiPaths.categories.list)).json()) as { slug: string }[];
  let seen = 0;
  // By name, not by score: the score order puts the unscored last.
  for (const { slug } of categories)
    for (let p = 1; p <= 10; p++) {
      const listing = (await (
        await page.request.get(apiPaths.categories.products(slug, { sort: 'name', page: p }))
      ).json()) as {
        items: { id: number; barcode: string; healthScore: number | null }[];
      };
      if (!listing.items?.length) break;
      for (const item of listing.items) {
        if (
          item.healthScore !== null ||
          !/^\d{13}$/.test(item.barcode) ||
          ean13(item.barcode.slice(0, 12)) !== item.barcode
        )
          continue;
        const found = await page.request.get(apiPaths.search.barcode(item.barcode));
        if (!found.ok() || ((await found.json()) as { id: number }).id !== item.id) continue;
        const product = (await (await page.request.get(apiPaths.products.one(item.id))).json()) as Product;
        // "Sin puntaje: faltan datos", not "Datos dudosos" (that one is a correction, its own journey).
        if (product.reasons.some((r) => r.text.startsWith('Datos dudosos'))) continue;
        const got = has(product);
        if (got.front !== wanted.front || got.ingredients !== wanted.ingredients) continue;
        if (seen++ === skip) return product;
      }
    }
  throw new Error(`no unscored product with a unique EAN-13 and ${JSON.stringify(wanted)} in the e2e catalogue`);
};

/** Waits for the label of `photo` to be read, and says whether the reader filled something. */
const waitForReading = async (page: Page, picker: string) => {
  const box = page.locator(`#foto-${picker}`);
  await expect(box.getByRole('status')).toContainText(/Leímos la etiqueta|No pudimos leer/, {
    timeout: 45_000,
  });
};

/** The fields the reader marked for the shopper, filled from the label's truth (what a shopper would type). */
const typeMarked = async (page: Page, truth: Record<string, number | null>, counts: { typed: number }) => {
  const labels: Record<string, string> = {
    energyKcal100: 'Energía (kcal)',
    proteinG100: 'Proteínas (g)',
    totalFatG100: 'Grasas totales (g)',
    saturatedFatG100: 'Grasas saturadas (g)',
    carbohydratesG100: 'Hidratos de carbono (g)',
    totalSugarsG100: 'Azúcares totales (g)',
    fiberG100: 'Fibra dietética (g)',
    sodiumMg100: 'Sodio (mg)',
  };
  for (const [field, label] of Object.entries(labels)) {
    const input = page.getByLabel(label, { exact: true });
    // A value the product already has is not asked (unless the label read it otherwise: a proposal).
    if ((await input.count()) === 0) continue;
    const description = await input.getAttribute('aria-describedby');
    if (!description) continue;
    const value = truth[field];
    // The label does not print it: the shopper leaves it empty, as the mark says.
    if (value === null || value === undefined) continue;
    counts.typed += 1;
    await input.fill(String(value).replace('.', ','));
  }
};

const truthOf = async (id: string) =>
  JSON.parse(await fs.readFile(path.join(SET, `${id}.json`), 'utf8')) as {
    nutrients: Record<string, number | null>;
  };

/** The admin approves the contribution titled `title` in "Contribuciones", checking the side-by-side table. */
const adminApproves = async (browser: Browser, testInfo: TestInfo, title: string, name?: string) => {
  const context = await browser.newContext(contextOptions(testInfo));
  const admin = await context.newPage();
  await signInAsAdmin(admin.request);
  await admin.goto('/admin?tab=contribuciones');
  const card = admin.getByRole('article', { name: title });
  await expect(card).toBeVisible();
  const table = card.getByRole('table', { name: 'Lo que hay, lo que se leyó y lo que se envió' });
  const sugars = table.getByRole('row', { name: /Azúcares totales/ });
  await expect(sugars).toContainText('6,2 g');
  // The part of the table photo the value was read from, beside it.
  const crop = sugars.getByRole('img', { name: 'Azúcares totales en la foto' });
  await expect.poll(() => crop.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expectNoSeriousA11yViolations(admin);
  await screenshot(admin, testInfo, `completar-admin-${name ? 'nuevo' : 'existente'}`);
  await card.getByRole('button', { name: `Aprobar ${title.split(', código')[0]}` }).click();
  const dialog = admin.getByRole('dialog', { name: 'Aprobar contribución' });
  if (name) await dialog.getByLabel('Nombre (obligatorio)').fill(name);
  await dialog.getByRole('button', { name: 'Aprobar y publicar' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(card).toHaveCount(0);
  await context.close();
};

test.describe.configure({ mode: 'serial' });

let dir: string;
test.beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ec-complete-'));
});
test.afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

/**
 * The journey from a product page to a score everyone sees, for a product lacking `wanted`'s parts: only the
 * photos of what is missing are asked; the rest is shown as what we know. Returns the taps it took.
 */
const completeFromProductPage = async (
  page: Page,
  browser: Browser,
  testInfo: TestInfo,
  wanted: Has,
  shots: string,
) => {
  await signInAsBeta(page.request);
  const product = await findUnscored(page, wanted, testInfo.project.name === 'mobile' ? 0 : 1);
  const front = path.join(dir, `frente-${product.id}.jpg`);
  await writeFront(front, 'FRENTE');
  const { counts, tap, photo } = shopperCounter();

  // The shopper scanned it: its page says it has no score, and offers to complete it.
  await page.goto(`/product/${product.id}`);
  await expect(page.getByTestId('score-notice')).toContainText('Sin puntaje: faltan datos');
  await expect(page.getByTestId('score-notice')).toContainText(
    'Si tienes el envase, ayúdanos a completarlo.',
  );
  await expectNoSeriousA11yViolations(page);
  await tap(page.getByRole('link', { name: 'Completar este producto' }));
  await expect(page.getByRole('heading', { level: 1, name: 'Completar este producto' })).toBeVisible();
  // What we know is shown, not asked.
  const known = page.getByRole('region', { name: 'Lo que ya sabemos' });
  await expect(known).toContainText(product.name);
  await expect(page.getByLabel('Tabla nutricional')).toHaveAttribute('capture', 'environment');

  // Only the photos of what is missing are asked.
  if (wanted.front) await expect(page.getByLabel('Frente del envase')).toHaveCount(0);
  else await photo(page.getByLabel('Frente del envase'), front);
  if (wanted.ingredients) {
    await expect(page.getByLabel('Lista de ingredientes')).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Ingredientes' })).toHaveCount(0);
  } else await photo(page.getByLabel('Lista de ingredientes'), path.join(SET, `${LIST}.jpg`));
  await photo(page.getByLabel('Tabla nutricional'), path.join(SET, `${TABLE}.jpg`));
  if (!wanted.ingredients) await waitForReading(page, 'ingredients');
  await waitForReading(page, 'nutrition');
  await expect(page.locator('#foto-nutrition').getByRole('status')).toContainText('Leímos la etiqueta');
  // The form filled itself: the list, and the table per 100 g (a value we had, read otherwise, as a proposal).
  if (!wanted.ingredients) await expect(page.getByRole('textbox', { name: 'Ingredientes' })).not.toHaveValue('');
  await expect(page.getByLabel('Azúcares totales (g)', { exact: true })).toHaveValue('6,2');
  await typeMarked(page, (await truthOf(TABLE)).nutrients, counts);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, testInfo, `${shots}-1-formulario`);

  await tap(page.getByRole('button', { name: 'Enviar para revisión' }));
  const notice = page.getByTestId('provisional-notice');
  await expect(notice).toContainText('Provisional: en revisión', { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  const score = page.getByTestId('product-score');
  await expect(score).toContainText(/\/10/);
  const provisional = (await score.textContent()) ?? '';
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, testInfo, `${shots}-2-provisional`);

  testInfo.annotations.push({
    type: 'taps',
    description: `${shots}: ${counts.taps} taps, ${counts.typed} values typed`,
  });
  expect(counts.typed).toBe(0);

  // Nobody else sees it before approval.
  const admin = await browser.newContext(contextOptions(testInfo));
  await signInAsAdmin(admin.request);
  expect(
    ((await (await admin.request.get(apiPaths.products.one(product.id))).json()) as Product).healthScore,
  ).toBeNull();
  await admin.close();

  await adminApproves(browser, testInfo, `${product.name}, código ${product.barcode}`);

  // Everyone sees the score now: the one the shopper was shown while it waited.
  await page.goto(`/product/${product.id}`);
  await expect(page.getByTestId('product-score')).toHaveText(provisional);
  await expect(page.getByText('Sin puntaje: faltan datos')).toHaveCount(0);
  await screenshot(page, testInfo, `${shots}-3-aprobado`);
  return counts.taps;
};

for (const { title, wanted, shots, taps } of [
  {
    title:
      'missing only its table: Completar este producto asks for one photo → read → send → provisional score → approved for all',
    wanted: { front: true, ingredients: true },
    shots: 'completar-tabla',
    // The link, the table's photo, send: nothing else to do.
    taps: 3,
  },
  {
    title:
      'missing everything: the front, the list and the table → three photos read → provisional score → approved for all',
    wanted: { front: false, ingredients: false },
    shots: 'completar',
    // The link, three photos, send.
    taps: 5,
  },
]) {
  test(title, async ({ page, browser }, testInfo) => {
    test.setTimeout(180_000);
    const taken = await completeFromProductPage(page, browser, testInfo, wanted, shots);
    expect(taken).toBe(taps);
    expect(taken).toBeLessThanOrEqual(8);
  });
}

test('a code we lack entirely: Agregar este producto → photos read → name → provisional score → approved', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  await signInAsBeta(page.request);
  const code = unknownCode();
  const name = `Jugo de piña ${code.slice(-5)}`;
  const front = path.join(dir, `frente-${code}.jpg`);
  await writeFront(front, 'JUGO');
  const { counts, tap, photo } = shopperCounter();

  await page.goto('/');
  await tap(page.getByRole('button', { name: 'Escanear código de barras' }));
  const dialog = page.getByRole('dialog', { name: 'Escanear código de barras' });
  await dialog.getByRole('textbox', { name: '¿No puedes escanear? Escribe el código' }).fill(code);
  await tap(dialog.getByRole('button', { name: 'Buscar' }));
  await expect(dialog.getByRole('heading', { name: 'No encontramos este producto' })).toBeVisible();
  await tap(dialog.getByRole('link', { name: 'Agregar este producto' }));
  await expect(page.getByRole('heading', { level: 1, name: 'Agregar este producto' })).toBeVisible();

  await photo(page.getByLabel('Frente del envase'), front);
  await photo(page.getByLabel('Lista de ingredientes'), path.join(SET, `${LIST}.jpg`));
  await photo(page.getByLabel('Tabla nutricional'), path.join(SET, `${TABLE}.jpg`));
  await waitForReading(page, 'ingredients');
  await waitForReading(page, 'nutrition');
  await typeMarked(page, (await truthOf(TABLE)).nutrients, counts);
  // A product we have never seen: its name is the one thing the photos cannot tell us yet.
  await page.getByLabel('Nombre del producto').fill(name);
  await expectNoSeriousA11yViolations(page);
  await tap(page.getByRole('button', { name: 'Enviar para revisión' }));

  await expect(page.getByTestId('provisional-notice')).toContainText('Provisional: en revisión', {
    timeout: 20_000,
  });
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByTestId('product-score')).toContainText(/\/10/);
  const provisional = (await page.getByTestId('product-score').textContent()) ?? '';
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, testInfo, 'agregar-provisional');
  testInfo.annotations.push({
    type: 'taps',
    description: `${counts.taps} taps, ${counts.typed} values typed, the name typed`,
  });
  expect(counts.taps).toBeLessThanOrEqual(8);
  expect((await page.request.get(apiPaths.search.barcode(code))).status()).toBe(404);

  await adminApproves(browser, testInfo, `${name}, código ${code}`);

  const found = (await (await page.request.get(apiPaths.search.barcode(code))).json()) as { id: number };
  await page.goto(`/product/${found.id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByTestId('product-score')).toHaveText(provisional);
});

/** A new context like the test's project: its viewport, touch, locale and server. */
const contextOptions = (testInfo: TestInfo) => {
  const { baseURL, viewport, deviceScaleFactor, isMobile, hasTouch, locale, timezoneId } =
    testInfo.project.use;
  return { baseURL, viewport, deviceScaleFactor, isMobile, hasTouch, locale, timezoneId };
};
