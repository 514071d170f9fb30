import { expect, test, type Page } from '@playwright/test';

import { expectNoSeriousA11yViolations, screenshot, signInAsBeta } from './support/shopper';

/*
 * The app shell (issue 2): the home headline and the community beliefs in the layout for the screen size,
 * the 404 page and where each of its links goes, the legal dialog, and the access gate for signed-out visitors.
 */

const NOT_FOUND = 'Página no encontrada';

const mainHeading = (page: Page) => page.locator('main h1');

test('a visitor sees the headline and the beliefs laid out for their screen', async ({ page }, testInfo) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Tu energía empieza aquí' })).toBeVisible();
  await expect(page.getByText('Somos una comunidad que cree en:')).toBeVisible();

  const [shown, hidden] =
    testInfo.project.name === 'mobile'
      ? ['beliefs-mobile', 'beliefs-desktop']
      : ['beliefs-desktop', 'beliefs-mobile'];
  await expect(page.getByTestId(shown)).toBeVisible();
  await expect(page.getByTestId(shown).getByRole('listitem')).toHaveCount(5);
  await expect(page.getByTestId(hidden)).toBeHidden();

  await expect(page.getByTestId('site-logo')).toHaveAttribute('href', '/');
  await expect(page.getByTestId('partner-credit')).toContainText('un proyecto');
  await expect(page.getByRole('link', { name: 'Mi cuenta' })).toHaveAttribute('href', '/login');
  // Nothing wider than the screen: no sideways scrolling on a 360 px phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()?.width ?? 0,
  );
  await screenshot(page, testInfo, 'shell-1-home');
  await expectNoSeriousA11yViolations(page);
});

test('an unknown address shows the 404 page, whose links all lead somewhere real', async ({
  page,
}, testInfo) => {
  await signInAsBeta(page.request);
  await page.goto('/esta-pagina-no-existe');
  await expect(page.getByRole('heading', { level: 1, name: NOT_FOUND })).toBeVisible();
  await screenshot(page, testInfo, 'shell-2-404');
  await expectNoSeriousA11yViolations(page);

  const links = page.getByRole('navigation', { name: 'Caminos sugeridos' }).getByRole('link');
  await expect(links).toHaveCount(6);

  const destinations: [name: string, path: string][] = [
    ['Ir al inicio', '/'],
    ['Desayuno', '/desayuno'],
    ['Snacks', '/snacks'],
    ['Chocolates, galletas y dulces', '/chocolates-galletas-y-dulces'],
    ['Buscar productos', '/search'],
  ];
  for (const [name, path] of destinations) {
    await page.goto('/esta-pagina-no-existe');
    await page.getByRole('link', { name }).click();
    await expect(page).toHaveURL((url) => url.pathname === path);
    await expect(mainHeading(page).first()).toBeVisible();
    await expect(mainHeading(page).first()).not.toHaveText(NOT_FOUND);
  }

  // "Volver atrás" returns to the page the visitor came from.
  await page.goto('/contact');
  await page.goto('/otra-direccion-perdida');
  await page.getByRole('link', { name: 'Volver atrás' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/contact');
});

test('the legal dialog opens from the footer and closes', async ({ page }, testInfo) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Términos y condiciones' }).click();
  const terms = page.getByRole('dialog', { name: 'Términos y condiciones' });
  await expect(terms).toBeVisible();
  await expect(terms).toContainText('cuentas falsas');
  await expect(terms).toContainText('Open Food Facts');
  await screenshot(page, testInfo, 'shell-3-terminos');
  await expectNoSeriousA11yViolations(page);

  await terms.getByRole('tab', { name: 'Política de privacidad' }).click();
  await expect(page.getByRole('dialog', { name: 'Política de privacidad' })).toContainText('Ley N° 21.719');
  await page.getByRole('dialog').getByRole('button', { name: 'Cerrar' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();

  // Escape closes it too, and focus returns to the link that opened it.
  const privacy = page.getByRole('button', { name: 'Política de privacidad' });
  await privacy.click();
  await expect(page.getByRole('dialog', { name: 'Política de privacidad' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(privacy).toBeFocused();
});

test('a signed-out visitor asking for a members-only page gets the login screen there', async ({
  page,
}, testInfo) => {
  await page.goto('/desayuno');
  await expect(page).toHaveURL((url) => url.pathname === '/desayuno');
  await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
  await expect(page.getByText('Verificando acceso...')).toBeHidden();
  await screenshot(page, testInfo, 'shell-4-acceso');
  await expectNoSeriousA11yViolations(page);
});
