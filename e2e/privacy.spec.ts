import fs from 'node:fs/promises';

import { expect, test } from '@playwright/test';
import { apiPaths } from '@etiqueta/contracts';

import { mailsTo, nextLoginCode } from './support/mailbox';
import { expectNoSeriousA11yViolations, screenshot, signInAsAdmin, signInAsBeta } from './support/shopper';

/*
 * Personal data under Ley 21.719 (issue 18): a member signs in with the code mailed to them, opens Mi cuenta,
 * downloads their data (the file parses and holds what the screen shows), erases their account, is signed
 * out, and signing in again with the same email says it is not registered.
 */

test('a member downloads their data, erases the account and cannot sign in again', async ({ page }, testInfo) => {
  const email = `titular.${testInfo.project.name}.${Date.now()}@example.cl`;
  const joined = await page.request.post(apiPaths.signup.join('beta'), {
    data: { email, firstName: 'Zenobia', lastName: 'Quispe', instagramHandle: '@zeno_cocina', ageBand: '16-o-mas' },
  });
  expect(joined.status(), await joined.text()).toBe(201);

  // Sign in with the code from the mailbox.
  await page.goto('/login');
  const before = (await mailsTo(email)).length;
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.getByLabel('Código').fill(await nextLoginCode(email, before));
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');

  // Mi cuenta, from the header's account icon.
  await page.getByRole('link', { name: 'Mi cuenta' }).click();
  await page.getByRole('link', { name: 'Mis datos y privacidad' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/cuenta');
  await expect(page.getByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeVisible();
  await expect(page.getByText('@zeno_cocina', { exact: false })).toBeVisible();
  await expect(page.getByRole('region', { name: /Tus sesiones \(1\)/ })).toBeVisible();
  await screenshot(page, testInfo, 'privacy-1-mi-cuenta');
  await expectNoSeriousA11yViolations(page);

  // Download: a JSON file that parses and holds the account, the sign-up and the session.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Descargar mis datos (JSON)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('etiqueta-clara-mis-datos.json');
  const file = JSON.parse(await fs.readFile((await download.path()), 'utf8')) as {
    format: string;
    profile: { email: string; firstName: string };
    signups: { instagramHandle: string | null }[];
    sessions: unknown[];
    about: Record<string, { retention: string }>;
  };
  expect(file.format).toBe('etiqueta-clara/datos-personales@1');
  expect(file.profile).toMatchObject({ email, firstName: 'Zenobia' });
  expect(file.signups).toEqual([expect.objectContaining({ instagramHandle: '@zeno_cocina' })]);
  expect(file.sessions).toHaveLength(1);
  expect(file.about.contactMessages?.retention).toContain('180 días');

  // Erase, after a confirmation; signed out at once.
  await page.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
  const dialog = page.getByRole('alertdialog', { name: '¿Eliminar tu cuenta?' });
  await expect(dialog).toBeVisible();
  await screenshot(page, testInfo, 'privacy-2-confirmar');
  await dialog.getByRole('button', { name: 'Eliminar definitivamente' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
  expect((await (await page.request.get(apiPaths.auth.status)).json()) as unknown).toMatchObject({ authenticated: false });
  await page.goto('/cuenta');
  await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();

  // The same email is no longer registered.
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByText('Email no registrado en programa Beta, únete a la lista de espera')).toBeVisible();
  await screenshot(page, testInfo, 'privacy-3-no-registrado');
});

test('the privacy policy is a page anyone can open, with the rights and the Agencia', async ({ page }, testInfo) => {
  await page.goto('/privacidad');
  await expect(page.getByRole('heading', { level: 1, name: 'Política de privacidad' })).toBeVisible();
  const policy = page.getByRole('article');
  await expect(policy).toContainText('Ley N° 21.719');
  await expect(policy).toContainText('Agencia de Protección de Datos Personales');
  for (const right of ['Acceso', 'Rectificación', 'Supresión', 'Oposición', 'Portabilidad', 'Bloqueo']) {
    await expect(policy).toContainText(`${right}:`);
  }
  await expect(page.getByTestId('off-attribution')).toContainText('Open Database License (ODbL)');
  await screenshot(page, testInfo, 'privacy-4-politica');
  await expectNoSeriousA11yViolations(page);
});

test('objection and blocking have a form of their own that works on a phone: the privacy page and Mi cuenta send it, an admin reads it', async ({
  page,
  browser,
}, testInfo) => {
  const detail = `Que no usen mi email para avisos ${testInfo.project.name} ${Date.now()}`;
  // Signed out, on the privacy page: the rights' links lead to the form on the same page.
  await page.goto('/privacidad');
  await page.getByRole('article').getByRole('link', { name: 'el formulario de solicitudes' }).first().click();
  await expect(page).toHaveURL(/#solicitud-datos$/);
  const form = page.getByRole('form', { name: 'Solicitudes sobre tus datos' });
  await expect(form).toBeInViewport({ ratio: 0.3 });
  // At 360 px nothing spills sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
  await form.getByRole('button', { name: 'Enviar solicitud' }).click();
  await expect(form.getByText('Elige qué necesitas')).toBeVisible();
  await form.getByRole('radio', { name: 'Oponerme a un uso de mis datos' }).check();
  await form.getByRole('textbox', { name: 'Cuéntanos el detalle' }).fill(detail);
  await form.getByRole('textbox', { name: 'Nombre' }).fill('Rosa');
  await form.getByRole('textbox', { name: 'Apellido' }).fill('Mella');
  await form.getByRole('textbox', { name: /Email/ }).fill(`rosa.${testInfo.project.name}@example.cl`);
  await expectNoSeriousA11yViolations(page);
  await form.getByRole('button', { name: 'Enviar solicitud' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Recibimos tu solicitud' })).toBeVisible();
  await screenshot(page, testInfo, 'privacy-5-solicitud-enviada');

  // Signed in, Mi cuenta has the same form, without asking who they are.
  await signInAsBeta(page.request);
  await page.goto('/cuenta');
  // Once their data is on the screen (the form is for the person it shows).
  await expect(page.getByRole('heading', { name: 'Solicitudes sobre tus datos' })).toBeVisible();
  await page.getByRole('link', { name: 'formulario de solicitudes' }).click();
  const mine = page.getByRole('form', { name: 'Solicitudes sobre tus datos' });
  await expect(mine).toBeInViewport({ ratio: 0.3 });
  await expect(mine.getByRole('textbox', { name: /Email/ })).toHaveCount(0);
  await mine.getByRole('radio', { name: 'Que pausen el uso de mis datos (bloqueo)' }).check();
  await mine.getByRole('textbox', { name: 'Cuéntanos el detalle' }).fill(`${detail} (bloqueo)`);
  await expectNoSeriousA11yViolations(page);
  await mine.getByRole('button', { name: 'Enviar solicitud' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Recibimos tu solicitud' })).toBeVisible();

  // The admin reads both among the contact messages, marked «Datos personales».
  const { baseURL, viewport } = testInfo.project.use;
  const adminContext = await browser.newContext({ baseURL, viewport });
  try {
    const admin = await adminContext.newPage();
    await signInAsAdmin(admin.request);
    await admin.goto('/admin');
    await admin.getByRole('tab', { name: 'Mensajes' }).click();
    const messages = admin.getByRole('region', { name: 'Mensajes de contacto' });
    await expect(messages.getByRole('listitem').filter({ hasText: `Datos personales — Oposición: ${detail}` })).toBeVisible();
    await expect(messages.getByRole('listitem').filter({ hasText: `Datos personales — Bloqueo: ${detail} (bloqueo)` })).toBeVisible();
  } finally {
    await adminContext.close();
  }
});
