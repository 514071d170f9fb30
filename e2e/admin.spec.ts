import fs from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

import { expect, type Page, test } from '@playwright/test';
import { apiPaths, withQuery } from '@etiqueta/contracts';

import { mailsTo, nextLoginCode } from './support/mailbox';
import { expectNoSeriousA11yViolations } from './support/shopper';

/*
 * The admin journeys of issue 7, at 1280×800 against the real server (e2e-server: a fresh database with the
 * catalogue, an admin with a password, a beta member without the admin role, and DATA_LAKE_SOURCE pointing at
 * a small Open Food Facts JSONL). They change the server's data, so they run in order.
 */

const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL ?? 'admin@etiquetaclara.cl';
const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? 'clave-admin-e2e-123';
const BETA_EMAIL = process.env.E2E_BETA_EMAIL ?? 'beta@etiquetaclara.cl';

test.describe.configure({ mode: 'serial' });
// The admin screens are desktop tools: playwright.config.ts runs these journeys in the 1280×800 project only.

/** Saved to e2e/screenshots (git-ignored). Dialogs are shot as the viewport shows them. */
const screenshot = (page: Page, name: string, { fullPage = true } = {}) =>
  page.screenshot({
    path: fileURLToPath(new URL(`./screenshots/admin-${name}.png`, import.meta.url)),
    fullPage,
  });

/**
 * Signs in through the login screen: the email, then the code the server mailed to it (read from the e2e
 * mailbox) and, for an admin, the password with it.
 */
const signIn = async (page: Page, email: string, password?: string) => {
  await page.goto('/login');
  const before = (await mailsTo(email)).length;
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
  const codeField = page.getByLabel('Código', { exact: true });
  await expect(codeField).toBeFocused();
  await codeField.fill(await nextLoginCode(email, before));
  if (password !== undefined) await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
};

const signInAsAdmin = (page: Page) => signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);

/** Someone outside the beta joins the waitlist, then writes to us by the contact form (public calls, no session). */
const joinWaitlistAndWrite = async (
  page: Page,
  person: { email: string; firstName: string; lastName: string },
  message: string,
) => {
  const joined = await page.request.post(apiPaths.signup.join('waitlist'), { data: { ...person, ageBand: '16-o-mas' } });
  expect(joined.ok()).toBe(true);
  const wrote = await page.request.post(apiPaths.contact, { data: { ...person, message } });
  expect(wrote.ok()).toBe(true);
};

/** How long the server may take to re-score the catalogue after an additive change. */
const RESCORE = { timeout: 120_000 };

/** The toast region shows this title. */
const expectToast = (page: Page, title: string | RegExp) =>
  expect(
    page
      .getByRole('region', { name: /Notificaciones/ })
      .getByText(title, { exact: typeof title === 'string' }),
  ).toBeVisible();

/** The product page's score at the top of the page, value and word ("6,2/10 Mediocre"). */
const productPageScore = async (page: Page, productId: number) => {
  await page.goto(`/product/${productId}`);
  const badge = page.getByTestId('product-score');
  await expect(badge).toBeVisible();
  return badge;
};

/** The product the additive journey made risky; the sugar journey leaves it alone. */
let riskyProductId = 0;

/** Opens the Productos tab's edit dialog for the first product on the first page that has a score. */
const openFirstScoredProduct = async (page: Page, { except = 0 } = {}) => {
  await page.goto('/admin?tab=productos');
  const row = page
    .locator(`tr[data-product-id]:not([data-product-id="${except}"])`)
    .filter({ hasText: '/10' })
    .first();
  await expect(row).toBeVisible();
  const id = Number(await row.getAttribute('data-product-id'));
  await row.getByRole('button', { name: /^Editar / }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar producto' });
  await expect(dialog.getByLabel(/^Nombre/)).toBeVisible();
  return { id, row: page.locator(`tr[data-product-id="${id}"]`), dialog };
};

test('an admin signs in with a password and finds the panel, its four tabs and the data-lake page', async ({
  page,
}) => {
  await signInAsAdmin(page);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Panel de Administración' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Data Lake' })).toHaveAttribute('href', '/admin/data-lake');
  await expect(page.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/');

  // Aditivos: the whole catalogue, paginated on the client.
  await expect(page.getByRole('row').filter({ hasText: 'E102' }).first()).toBeVisible();
  await expect(page.getByText(/Página 1 de \d+ · \d[\d.]* aditivos/)).toBeVisible();
  await page.getByLabel('Buscar aditivo').fill('tartrazina');
  await expect(page.getByRole('cell', { name: 'E102', exact: true })).toBeVisible();
  await page.getByLabel('Buscar aditivo').fill('');
  await screenshot(page, 'aditivos');
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('tab', { name: 'Productos' }).click();
  await expect(page.locator('tr[data-product-id]').first()).toBeVisible();
  await expect(page.getByText(/Página 1 de \d+ · \d[\d.]* productos/)).toBeVisible();
  await screenshot(page, 'productos');
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('tab', { name: 'Usuarios' }).click();
  await expect(page.getByRole('heading', { name: 'Miembros' })).toBeVisible();
  const me = page.getByRole('row').filter({ hasText: ADMIN_EMAIL });
  await expect(me.getByRole('combobox', { name: `Rol de ${ADMIN_EMAIL}` })).toHaveValue('admin');
  // An admin is not offered to lock themselves out.
  await expect(me.getByRole('combobox')).toBeDisabled();
  await expect(me.getByRole('button', { name: /Revocar acceso/ })).toHaveCount(0);
  await screenshot(page, 'usuarios');
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('tab', { name: 'Mensajes' }).click();
  await expect(page.getByRole('heading', { name: 'Mensajes de contacto' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Reportes de error' })).toBeVisible();
  await screenshot(page, 'mensajes');
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('link', { name: 'Data Lake' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Data Lake' })).toBeVisible();
});

test('bad input in the dialogs gets the Spanish validation messages and is not saved', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin');

  await page.getByRole('button', { name: 'Nuevo aditivo' }).click();
  const additiveDialog = page.getByRole('dialog', { name: 'Nuevo aditivo' });
  await expect(additiveDialog.getByLabel('Nivel de riesgo')).toHaveValue('Sin riesgo conocido');
  await additiveDialog.getByLabel('Código (número E)').fill('XYZ');
  await additiveDialog.getByRole('button', { name: 'Crear aditivo' }).click();
  await expect(additiveDialog.getByText('El nombre es obligatorio')).toBeVisible();
  await expect(additiveDialog.getByText('El código debe tener la forma E330 o E150d')).toBeVisible();
  await screenshot(page, 'validacion-aditivo', { fullPage: false });
  await expectNoSeriousA11yViolations(page);
  // Cancel throws the typing away: the next opening starts blank.
  await additiveDialog.getByRole('button', { name: 'Cancelar' }).click();
  await page.getByRole('button', { name: 'Nuevo aditivo' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Nuevo aditivo' }).getByLabel('Código (número E)'),
  ).toHaveValue('');
  await page.keyboard.press('Escape');

  const { dialog } = await openFirstScoredProduct(page);
  await dialog.getByLabel(/^Frutas/).fill('150');
  await dialog.getByLabel(/^Azúcares totales/).fill('-3');
  await dialog.getByLabel(/^Energía/).fill('99.5');
  await dialog.getByLabel(/^Nombre/).fill('');
  await dialog.getByRole('button', { name: 'Guardar y recalcular' }).click();
  await expect(dialog.getByText('El porcentaje de frutas debe estar entre 0 y 100')).toBeVisible();
  await expect(dialog.getByText('Los azúcares deben estar entre 0 y 100 g')).toBeVisible();
  await expect(dialog.getByText('La energía debe ser un número entero de kcal')).toBeVisible();
  await expect(dialog.getByText('El nombre es obligatorio')).toBeVisible();
  await expect(dialog.getByLabel(/^Azúcares totales/)).toHaveAttribute('aria-invalid', 'true');
  await screenshot(page, 'validacion-producto', { fullPage: false });
  await expectNoSeriousA11yViolations(page);
  await expect(page.getByText('Producto actualizado exitosamente - Score recalculado')).toHaveCount(0);
});

test("an additive made 'Riesgoso' drops a product that contains it to Malo or below on its product page", async ({
  page,
}) => {
  // Each additive change re-scores the whole catalogue: about 40 s for 7,000 products on PGlite.
  test.setTimeout(6 * 60_000);
  // A made-up additive, so no real product contains it until we write it into one.
  const suffix = Date.now()
    .toString(36)
    .replace(/\d/g, (d) => 'abcdefghij'[Number(d)] ?? 'x');
  const name = `Quimicolina${suffix}`;
  const code = `E19${String(Date.now() % 100).padStart(2, '0')}`;
  await signInAsAdmin(page);
  await page.goto('/admin');

  await page.getByRole('button', { name: 'Nuevo aditivo' }).click();
  const create = page.getByRole('dialog', { name: 'Nuevo aditivo' });
  await create.getByRole('textbox', { name: 'Nombre *' }).fill(name);
  await create.getByLabel('Código (número E)').fill(code);
  await create.getByLabel('Categoría').fill('conservante');
  await create
    .getByLabel('Nombres alternativos')
    .fill(` ${name.toLowerCase()}ato , ,${name.toLowerCase()}ina `);
  await expect(create.getByText('Se guardarán 2 nombres', { exact: false })).toBeVisible();
  await create.getByRole('button', { name: 'Crear aditivo' }).click();
  await expectToast(page, 'Aditivo creado exitosamente');
  await expect(create).toBeHidden();
  // The server re-scores the catalogue; the panel follows it to its end.
  await expect(page.getByTestId('rescore-notice')).toContainText('Puntajes recalculados', RESCORE);

  // A wholesome product that lists the additive: a good score while the additive has no known risk.
  const { id, dialog } = await openFirstScoredProduct(page);
  riskyProductId = id;
  await dialog.getByLabel(/^Ingredientes/).fill(`agua, avena, ${name.toLowerCase()}`);
  for (const [label, value] of [
    [/^Energía/, '60'],
    [/^Grasa total/, '0.5'],
    [/^Grasa saturada/, '0.1'],
    [/^Hidratos de carbono/, '10'],
    [/^Azúcares totales/, '1'],
    [/^Fibra/, '6'],
    [/^Proteína/, '9'],
    [/^Sodio/, '10'],
  ] as const) {
    await dialog.getByLabel(label).fill(value);
  }
  await dialog.getByLabel('Categoría Nutri-Score').selectOption('solid');
  await dialog.getByRole('button', { name: 'Guardar y recalcular' }).click();
  await expectToast(page, 'Producto actualizado exitosamente - Score recalculado');

  const before = await productPageScore(page, id);
  await expect(before).toHaveText(/Excelente|Mejor|Mediocre/);
  const analysed = (await (await page.request.get(apiPaths.products.one(id))).json()) as {
    detectedAdditives: { code: string }[];
  };
  expect(analysed.detectedAdditives.map((a) => a.code)).toContain(code);

  // Now the admin decides the additive is risky.
  await page.goto('/admin');
  await page.getByLabel('Buscar aditivo').fill(name);
  await page.getByRole('button', { name: `Editar ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Editar aditivo' });
  await expect(edit.getByLabel('Nombres alternativos')).toHaveValue(
    `${name.toLowerCase()}ato, ${name.toLowerCase()}ina`,
  );
  await edit.getByLabel('Nivel de riesgo').selectOption('Riesgoso');
  await edit.getByRole('button', { name: 'Guardar cambios' }).click();
  await expectToast(page, 'Aditivo actualizado exitosamente');
  await expect(page.getByRole('row').filter({ hasText: name }).getByText('Riesgoso')).toBeVisible();
  // The panel follows the re-scoring to its end and says how many products changed.
  await expect(page.getByTestId('rescore-notice')).toContainText(
    /Puntajes recalculados: [1-9][\d.]* productos? cambi/,
    RESCORE,
  );
  await screenshot(page, 'aditivo-riesgoso');

  const after = await productPageScore(page, id);
  await expect(after).toHaveText(/Muy malo|Malo/);
  await expect(after).not.toHaveText(/Mediocre|Mejor|Excelente/);

  // Deleting it (after a confirmation) gives the product its score back.
  await page.goto('/admin');
  await page.getByLabel('Buscar aditivo').fill(name);
  await page.getByRole('button', { name: `Eliminar ${name}` }).click();
  const confirm = page.getByRole('alertdialog', { name: '¿Eliminar aditivo?' });
  await expect(confirm).toContainText(name);
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expectToast(page, 'Aditivo eliminado exitosamente');
  await expect(page.getByText('No se encontraron aditivos')).toBeVisible();
  await expect(page.getByTestId('rescore-notice')).toContainText('Puntajes recalculados', RESCORE);
  await expect(await productPageScore(page, id)).toHaveText(/Excelente|Mejor|Mediocre/);
});

test("an admin edits a product's sugar and sees the new score at once, and on the product page", async ({
  page,
}) => {
  await signInAsAdmin(page);
  const { id, row, dialog } = await openFirstScoredProduct(page, { except: riskyProductId });
  const tableScore = row.getByTestId('admin-score');
  const tableScoreBefore = (await tableScore.textContent()) ?? '';
  const current = Number((await dialog.getByLabel(/^Azúcares totales/).inputValue()) || '0');
  const carbsText = await dialog.getByLabel(/^Hidratos de carbono/).inputValue();
  const carbs = carbsText === '' ? null : Number(carbsText);
  // A sugar far enough from today's to move the score, that the label allows (sugars within carbohydrates).
  const sugar = current >= 20 ? 0 : carbs === null ? 70 : carbs - current >= 10 ? carbs : current >= 5 ? 0 : null;
  await page.keyboard.press('Escape');
  const pageScoreBefore = ((await (await productPageScore(page, id)).textContent()) ?? '').trim();

  await page.goto('/admin?tab=productos');
  await row.getByRole('button', { name: /^Editar / }).click();
  const edit = page.getByRole('dialog', { name: 'Editar producto' });
  if (sugar === null) await edit.getByLabel(/^Hidratos de carbono/).fill('60');
  await edit.getByLabel(/^Azúcares totales/).fill(String(sugar ?? 55));
  await edit.getByRole('button', { name: 'Guardar y recalcular' }).click();
  await expectToast(page, 'Producto actualizado exitosamente - Score recalculado');
  await expect(edit).toBeHidden();
  // The table shows the recalculated score straight away, and that the edited field is now kept from the sync.
  await expect(tableScore).not.toHaveText(tableScoreBefore);
  await expect(row.getByText('Bloqueados para la sincronización:')).toBeAttached();
  await screenshot(page, 'producto-editado');

  const pageScoreAfter = await productPageScore(page, id);
  await expect(pageScoreAfter).not.toHaveText(pageScoreBefore);

  // The lock can be handed back to the sync from the dialog.
  await page.goto('/admin?tab=productos');
  await row.getByRole('button', { name: /^Editar / }).click();
  const unlock = page.getByRole('dialog', { name: 'Editar producto' });
  await unlock.getByRole('button', { name: 'Desbloquear Azúcares totales' }).click();
  await expect(unlock.getByText('Se desbloqueará al guardar')).toBeVisible();
  await unlock.getByRole('button', { name: 'Guardar y recalcular' }).click();
  await expectToast(page, 'Producto actualizado exitosamente - Score recalculado');
  const product = (await (await page.request.get(apiPaths.products.one(id))).json()) as {
    lockedFields: string[];
  };
  expect(product.lockedFields).not.toContain('totalSugarsG100');
});

/** The five tabs, in order, as the panel lists them. */
const TAB_NAMES = ['Aditivos', 'Productos', 'Contribuciones', 'Usuarios', 'Mensajes'];

type AdminRow = {
  id: number;
  barcode: string;
  healthScore: number | null;
  categoryName: string | null;
  subcategoryName: string | null;
  subcategorySlug: string | null;
  lockedFields: string[];
};
type EditedProduct = { fiberG100: number | null; novaGroup: number | null; novaOverride: number | null; lockedFields: string[] };

/** A scored product no journey edited yet, with a shelf whose slug differs from its name, and a fibre value to empty. */
const productToEdit = async (page: Page, skip: readonly number[]) => {
  const { items } = (await (
    await page.request.get(withQuery(apiPaths.products.table, { page: 1, pageSize: 200 }))
  ).json()) as { items: AdminRow[] };
  for (const row of items) {
    if (skip.includes(row.id) || row.healthScore === null || row.lockedFields.length > 0) continue;
    if (!row.subcategorySlug?.includes('-') || !row.categoryName || !row.subcategoryName) continue;
    const product = (await (await page.request.get(apiPaths.products.one(row.id))).json()) as EditedProduct;
    if (product.fiberG100 !== null && product.fiberG100 > 0) return { row, product };
  }
  throw new Error('No product to edit in the first 200');
};

for (const size of [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
]) {
  test(`at ${size.width} × ${size.height} the tabs fit, shelves are named in Spanish, and the product dialog keeps an emptied number unknown and takes a NOVA group that the product page shows`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await signInAsAdmin(page);
    await page.goto('/admin');
    const tabs = TAB_NAMES.map((name) => page.getByRole('tab', { name, exact: true }));
    await expect(tabs[0]!).toBeVisible();

    // Every tab whole, inside the screen, and none running into another.
    const boxes = await Promise.all(tabs.map(async (tab) => (await tab.boundingBox())!));
    for (const [i, box] of boxes.entries()) {
      expect(box.x, TAB_NAMES[i]).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, TAB_NAMES[i]).toBeLessThanOrEqual(size.width);
      expect(await tabs[i]!.evaluate((el) => el.scrollWidth <= el.clientWidth), TAB_NAMES[i]).toBe(true);
      for (const [j, other] of boxes.entries()) {
        if (j <= i) continue;
        const overlapX = Math.min(box.x + box.width, other.x + other.width) - Math.max(box.x, other.x);
        const overlapY = Math.min(box.y + box.height, other.y + other.height) - Math.max(box.y, other.y);
        expect(overlapX > 1 && overlapY > 1, `${TAB_NAMES[i]} overlaps ${TAB_NAMES[j]}`).toBe(false);
      }
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);

    // The keyboard walks the tabs: arrows from Aditivos to Usuarios open it.
    await tabs[0]!.focus();
    await expect(tabs[0]!).toBeFocused();
    for (const tab of tabs.slice(1, 4)) {
      await page.keyboard.press('ArrowRight');
      await expect(tab).toBeFocused();
    }
    await expect(tabs[3]!).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { name: 'Miembros' })).toBeVisible();
    await expect(page).toHaveURL(/tab=usuarios/);
    await screenshot(page, `pestanas-${size.width}`, { fullPage: false });
    await expectNoSeriousA11yViolations(page);

    // The table names each shelf in Spanish, never by its slug.
    const { row, product } = await productToEdit(page, [riskyProductId]);
    await tabs[1]!.click();
    await page.getByLabel('Buscar producto').fill(row.barcode);
    // The search's answer, not the earlier page still shown faded while it loads (where this row may be too).
    await expect(page.getByRole('table', { name: 'Productos del catálogo' }).locator('tbody tr')).toHaveCount(1);
    const tableRow = page.locator(`tr[data-product-id="${row.id}"]`);
    await expect(tableRow).toContainText(`${row.categoryName} › ${row.subcategoryName}`);
    await expect(tableRow).not.toContainText(row.subcategorySlug!);
    await expectNoSeriousA11yViolations(page);

    await tableRow.getByRole('button', { name: /^Editar / }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar producto' });
    await expect(dialog.getByLabel(/^Nombre/)).toBeVisible();
    // The Nutri-Score kinds in Spanish words only.
    await expect(dialog.getByLabel('Categoría Nutri-Score').locator('option')).toHaveText([
      'Alimento sólido',
      'Bebida',
      'Grasas y aceites añadidos',
      'Queso',
    ]);
    await expect(dialog.getByText('Un número vacío queda como desconocido.')).toBeVisible();
    await expect(dialog.getByText(/se guarda como 0/)).toHaveCount(0);

    // Fibre emptied (nobody read it) and the NOVA group the admin read on the package.
    const nova = product.novaGroup === 1 ? 2 : 1;
    await dialog.getByLabel(/^Fibra/).fill('');
    await dialog.getByRole('combobox', { name: 'Grupo NOVA', exact: true }).selectOption(String(nova));
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, `producto-nova-${size.width}`, { fullPage: false });
    await dialog.getByRole('button', { name: 'Guardar y recalcular' }).click();
    await expectToast(page, 'Producto actualizado exitosamente - Score recalculado');
    await expect(dialog).toBeHidden();

    const saved = (await (await page.request.get(apiPaths.products.one(row.id))).json()) as EditedProduct;
    expect(saved).toMatchObject({ fiberG100: null, novaGroup: nova, novaOverride: nova });
    expect(saved.lockedFields).toEqual(expect.arrayContaining(['fiberG100', 'novaOverride']));

    // Opened again: the choice is there, locked against the sync, and the fibre still empty.
    await tableRow.getByRole('button', { name: /^Editar / }).click();
    await expect(dialog.getByRole('combobox', { name: 'Grupo NOVA', exact: true })).toHaveValue(String(nova));
    await expect(dialog.getByRole('button', { name: 'Desbloquear Grupo NOVA' })).toBeVisible();
    await expect(dialog.getByLabel(/^Fibra/)).toHaveValue('');
    await page.keyboard.press('Escape');

    // The product page shows the admin's group.
    await page.goto(`/product/${row.id}`);
    await expect(page.getByTestId('label-facts')).toContainText(`NOVA ${nova}`);
  });
}

test('a beta member without the admin role is refused at /admin', async ({ page }) => {
  await signIn(page, BETA_EMAIL);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Acceso no autorizado' })).toBeVisible();
  await expect(page.getByText(/no autorizado/i).first()).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Aditivos' })).toHaveCount(0);
  // The server refuses the calls too, whatever the screen shows.
  expect((await page.request.get(apiPaths.additives.list)).status()).toBe(403);
  await screenshot(page, 'no-autorizado');
  await expectNoSeriousA11yViolations(page);

  await page.goto('/admin/data-lake');
  await expect(page.getByRole('heading', { level: 1, name: 'Acceso no autorizado' })).toBeVisible();
  expect((await page.request.post(apiPaths.sync.run('bulk'))).status()).toBe(403);
});

test('an admin runs a bulk sync from the local Open Food Facts file and sees its counts', async ({
  page,
}) => {
  await signInAsAdmin(page);
  const latestRunId = async () => {
    const { runs } = (await (await page.request.get(withQuery(apiPaths.sync.runs, { limit: 1 }))).json()) as {
      runs: { id: number }[];
    };
    return runs[0]?.id ?? 0;
  };
  const previousRun = await latestRunId();

  await page.goto('/admin/data-lake');
  await expect(page.getByRole('heading', { level: 1, name: 'Data Lake' })).toBeVisible();
  const connection = page.getByRole('region', { name: 'Estado de conexión' });
  await expect(connection.getByText('Sin probar')).toBeVisible();
  await connection.getByRole('button', { name: 'Probar conexión' }).click();
  await expectToast(page, 'Conexión Exitosa');
  await expect(connection.getByText('Conectado', { exact: true })).toBeVisible();

  const status = page.getByRole('region', { name: 'Estado de sincronización' });
  await expect(status.getByText('Inicializado')).toBeVisible();
  // The source in words: the local export by its file name, not the raw 'file:' setting.
  await expect(page.getByRole('region', { name: 'Información del sistema' }).getByTestId('data-source')).toContainText(
    'Archivo local: ',
  );

  const bulk = page.getByRole('button', { name: 'Sincronización completa' });
  await expect(bulk).toBeEnabled();
  await bulk.click();
  await expectToast(page, 'Sincronización Completa');

  // The run goes on in the background; the page follows it and shows what it did.
  await expect.poll(latestRunId, { timeout: 60_000 }).toBeGreaterThan(previousRun);
  const runs = page.getByRole('region', { name: 'Sincronizaciones recientes' });
  const newest = runs.getByTestId('sync-run').first();
  await expect(newest).toContainText('Completada', { timeout: 60_000 });
  await expect(newest).toContainText('Completa');
  const {
    runs: [run],
  } = (await (await page.request.get(withQuery(apiPaths.sync.runs, { limit: 1 }))).json()) as {
    runs: { inserted: number; updated: number; unchanged: number; rejected: number; removed: number }[];
  };
  expect(run).toBeDefined();
  const counts = await newest.getByRole('cell').allTextContents();
  // Nuevos, Actualizados, Sin cambios, Rechazados, Quitados: as the server counted them.
  expect(counts.slice(3, 8).map((c) => Number(c.replace(/\./g, '')))).toEqual([
    run!.inserted,
    run!.updated,
    run!.unchanged,
    run!.rejected,
    run!.removed,
  ]);
  expect(run!.inserted + run!.updated + run!.unchanged + run!.rejected).toBeGreaterThan(0);
  await expect(status.getByText('Última sincronización completa').locator('..')).not.toContainText('Nunca');
  await expect(bulk).toBeEnabled();
  if (run!.rejected > 0) {
    await newest.getByText(/Ver registros rechazados/).click();
    await expect(newest.getByRole('listitem').first()).toBeVisible();
  }
  await screenshot(page, 'data-lake');
  await expectNoSeriousA11yViolations(page);
});

test('an admin lets someone in from the waitlist, manages their access and marks a message as handled', async ({
  page,
}) => {
  const suffix = Date.now().toString(36);
  const email = `espera-${suffix}@example.cl`;
  // A visitor joins the waitlist and writes to us (public calls, before anyone signs in).
  const message = `Quiero ayudar a verificar productos (${suffix})`;
  await joinWaitlistAndWrite(page, { email, firstName: 'Ema', lastName: 'Espera' }, message);

  await signInAsAdmin(page);
  await page.goto('/admin?tab=usuarios');
  const waitlist = page.getByRole('region', { name: 'Lista de espera' });
  await waitlist.getByRole('button', { name: `Dar acceso a la beta a ${email}` }).click();
  await expectToast(page, 'Acceso a la beta concedido');
  await expect(waitlist.getByText(email)).toHaveCount(0);

  const members = page.getByRole('region', { name: 'Miembros' });
  const member = members.getByRole('row').filter({ hasText: email });
  await expect(member).toContainText('Con acceso');
  await member.getByRole('combobox', { name: `Rol de ${email}` }).selectOption('influencer');
  await expectToast(page, 'Rol actualizado');
  await member.getByRole('button', { name: `Revocar acceso de ${email}` }).click();
  const confirm = page.getByRole('alertdialog', { name: '¿Revocar acceso?' });
  await confirm.getByRole('button', { name: 'Revocar acceso' }).click();
  await expectToast(page, 'Acceso revocado');
  await expect(member).toContainText('Acceso revocado');
  await expect(member.getByRole('combobox')).toHaveValue('influencer');

  await page.getByRole('tab', { name: 'Mensajes' }).click();
  const messages = page.getByRole('region', { name: 'Mensajes de contacto' });
  const item = messages.getByRole('listitem').filter({ hasText: message });
  await expect(item).toContainText('Pendiente');
  await item.getByRole('button', { name: `Marcar como atendido: mensaje de ${email}` }).click();
  await expect(item).toHaveCount(0);
  await page.getByLabel('Mostrar también los atendidos').check();
  await expect(messages.getByRole('listitem').filter({ hasText: message })).toContainText('Atendido');
  await screenshot(page, 'mensajes-atendidos');
  await expectNoSeriousA11yViolations(page);
});

test('someone who cannot sign in asks by the contact form for their data and its erasure; the admin serves both', async ({
  page,
}) => {
  const suffix = Date.now().toString(36);
  const email = `sin-acceso-${suffix}@example.cl`;
  const message = `No puedo entrar: envíenme mis datos y luego bórrenlos (${suffix})`;
  await joinWaitlistAndWrite(page, { email, firstName: 'Sara', lastName: 'Sinacceso' }, message);

  await signInAsAdmin(page);
  await page.goto('/admin?tab=usuarios');
  const requests = page.getByRole('region', { name: 'Solicitudes de datos personales' });
  await requests.getByLabel('Email de la persona').fill(email);
  const downloading = page.waitForEvent('download');
  await requests.getByRole('button', { name: 'Exportar sus datos' }).click();
  const download = await downloading;
  const exported = JSON.parse(await fs.readFile((await download.path()), 'utf8')) as {
    profile: unknown;
    signups: { email: string; kind: string }[];
    contactMessages: { message: string }[];
  };
  expect(exported.profile).toBeNull();
  expect(exported.signups).toEqual([expect.objectContaining({ email, kind: 'waitlist' })]);
  expect(exported.contactMessages).toEqual([expect.objectContaining({ message })]);
  await expectToast(page, 'Datos exportados');

  await requests.getByRole('button', { name: 'Eliminar sus datos' }).click();
  const confirm = page.getByRole('alertdialog', { name: '¿Eliminar todos sus datos?' });
  await expect(confirm).toContainText(email);
  await screenshot(page, 'datos-personales-confirmar', { fullPage: false });
  await confirm.getByRole('button', { name: 'Eliminar definitivamente' }).click();
  await expectToast(page, 'Datos eliminados');
  await expect(page.getByRole('region', { name: 'Lista de espera' }).getByText(email)).toHaveCount(0);

  await page.getByRole('tab', { name: 'Mensajes' }).click();
  await page.getByLabel('Mostrar también los atendidos').check();
  await expect(page.getByRole('region', { name: 'Mensajes de contacto' }).getByText(message)).toHaveCount(0);
  const again = await page.request.post(apiPaths.admin.personalData.export, { data: { email } });
  expect(again.status()).toBe(404);
});
