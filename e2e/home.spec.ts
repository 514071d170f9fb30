import { type APIRequestContext, expect, test } from '@playwright/test';
import { apiPaths } from '@etiqueta/contracts';

import { expectNoSeriousA11yViolations, screenshot, signInAsBeta } from './support/shopper';

/*
 * Home (issue 6): the search box with its 2-character rule, a search that finds products and opens the
 * results page, a typo that finds nothing and offers '¿Quisiste decir?', and the category grid.
 */

type SearchAnswer = { results: unknown[]; suggestions: string[] };

/** A misspelling the catalogue finds nothing for but can suggest a term for, asked of the real API. */
const findTypoWithSuggestions = async (request: APIRequestContext) => {
  for (const typo of ['qallettaz', 'vgaelltas', 'qhocolatte', 'mermelsdaq']) {
    const answer = (await (await request.get(apiPaths.search.text(typo, 30))).json()) as SearchAnswer;
    if (answer.results.length === 0 && answer.suggestions.length > 0)
      return { typo, suggestion: answer.suggestions[0]! };
  }
  throw new Error('no misspelling with zero results and a suggestion');
};

test('a shopper searches galletas from home and lands on the results', async ({ page }, testInfo) => {
  await signInAsBeta(page.request);
  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Nombre o marca del producto' });
  const button = page.getByRole('button', { name: 'Buscar', exact: true });
  await expect(button).toBeDisabled();
  await box.fill('g');
  await expect(button).toBeDisabled();
  await box.fill('galletas');
  await expect(button).toBeEnabled();
  await screenshot(page, testInfo, 'home-1-busqueda');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=galletas$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Resultados para "galletas"' })).toBeVisible();
});

test('a typo finds nothing and the suggestions fill the box', async ({ page }, testInfo) => {
  await signInAsBeta(page.request);
  const { typo, suggestion } = await findTypoWithSuggestions(page.request);
  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Nombre o marca del producto' });
  await box.fill(typo);
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(page.getByText('No lo encontré, prueba variando el nombre')).toBeVisible();
  await expect(page.getByText('¿Quisiste decir?')).toBeVisible();
  await screenshot(page, testInfo, 'home-2-quisiste-decir');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: suggestion, exact: true }).click();
  await expect(box).toHaveValue(suggestion);
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${encodeURIComponent(suggestion)}$`));
});

test('the categories are listed by name and open their page', async ({ page }, testInfo) => {
  await signInAsBeta(page.request);
  await page.goto('/');
  const section = page.getByRole('region', { name: 'Categorías' });
  const links = section.getByRole('link');
  await expect(links.first()).toBeVisible();
  const names = await section.locator('li .font-semibold').allTextContents();
  expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'es')));
  await screenshot(page, testInfo, 'home-3-categorias');
  await expectNoSeriousA11yViolations(page);
  await section.getByRole('link', { name: /Desayuno/ }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/category/desayuno');
});

test('the floating contact button shows on phones only', async ({ page }, testInfo) => {
  await page.goto('/');
  const contact = page.getByTestId('floating-contact');
  if (testInfo.project.name === 'mobile') {
    await expect(contact).toBeVisible();
    await contact.click();
    await expect(page).toHaveURL((url) => url.pathname === '/contact');
    await expect(page.getByRole('heading', { level: 1, name: '¿Quieres unirte?' })).toBeVisible();
    await expect(page.getByTestId('contact-form-section')).toBeHidden();
  } else {
    await expect(contact).toBeHidden();
    await page.goto('/contact');
    await expect(page.getByRole('form', { name: 'Formulario de contacto' })).toBeVisible();
  }
  await screenshot(page, testInfo, 'home-4-contacto');
  await expectNoSeriousA11yViolations(page);
});
