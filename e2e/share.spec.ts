import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiPaths, type SharedProduct } from '@etiqueta/contracts';

import { mailsTo, nextLoginCode } from './support/mailbox';
import { BETA_EMAIL, expectNoSeriousA11yViolations, screenshot, signInAsBeta } from './support/shopper';

/*
 * Issue 30 item 3, "Compartir": a member shares a product's page (the link copied where there is no share sheet,
 * as in Linux Chromium); the link's HTML carries the product's own Open Graph meta and card image for a chat's
 * preview, without a cookie; and the friend who opens it signed out reads in one line above the login what was
 * shared, signs in there with the mailed code, and lands on that product. Against the real server and catalogue.
 */

type Summary = { id: number; name: string; healthScore: number | null };

/** A scored product of the catalogue, from the public search (no session needed). */
const aScoredProduct = async (request: APIRequestContext): Promise<Summary> => {
  const search = await request.get(apiPaths.search.text('galletas', 30));
  expect(search.ok()).toBe(true);
  const { results } = (await search.json()) as { results: Summary[] };
  const product = results.find((p) => p.healthScore !== null);
  if (!product) throw new Error('A scored product is needed for "galletas"');
  return product;
};

/** The community banner (spec §4) would float over the page after 10 s: the shopper closed it. */
const withoutBanner = (page: Page) =>
  page.addInitScript(() => window.localStorage.setItem('community-banner-state', 'permanently_hidden'));

const metaContent = (html: string, key: string) => {
  const match = new RegExp(`<meta (?:property|name)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)">`).exec(html);
  return match?.[1]?.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
};

test("a member's Compartir copies the product's link and says so", async ({ page, context }, testInfo) => {
  await withoutBanner(page);
  // Linux Chromium has no share sheet; make sure the copy path is the one tested, whatever the build.
  await page.addInitScript(() => Reflect.deleteProperty(Navigator.prototype, 'share'));
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInAsBeta(page.request);
  const product = await aScoredProduct(page.request);

  await page.goto(`/product/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  const share = page.getByRole('button', { name: 'Compartir', exact: true });
  // By keyboard: the button takes focus and Enter shares.
  await share.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Enlace copiado' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${new URL(page.url()).origin}/product/${product.id}`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
  await screenshot(page, testInfo, 'share-1-copied');
  await expectNoSeriousA11yViolations(page);
});

test('a shared link: its preview without a cookie, then the friend sees what was shared, signs in and lands on it', async ({
  browser,
  page,
  baseURL,
}, testInfo) => {
  const product = await aScoredProduct(page.request);

  // What a chat's link preview fetches: the page's HTML, with no cookie, and the image it names.
  const html = await (await page.request.get(`/product/${product.id}`)).text();
  expect(metaContent(html, 'og:title')).toBe(product.name);
  expect(metaContent(html, 'og:description')).toMatch(/\d+,\d\/10 · /);
  expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
  const image = metaContent(html, 'og:image')!;
  expect(image).toMatch(/^https?:\/\/[^/]+\/api\/share\/products\/\d+\/card\.png\?v=[0-9a-f]+$/);
  const card = await page.request.get(image);
  expect(card.status()).toBe(200);
  expect(card.headers()['content-type']).toMatch(/^image\//);
  const preview = (await (await page.request.get(apiPaths.share.product(product.id))).json()) as SharedProduct;

  // The friend: a browser of their own, signed out.
  const friendContext = await browser.newContext({ baseURL, viewport: page.viewportSize(), locale: 'es-CL' });
  const friend = await friendContext.newPage();
  await withoutBanner(friend);
  await friend.goto(`/product/${product.id}`);
  await expect(friend.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
  const hint = friend.getByTestId('shared-product-hint');
  await expect(hint).toContainText(`Te compartieron ${product.name}`);
  await expect(hint).toContainText(`${preview.score} · ${preview.scoreLabel}`);
  await screenshot(friend, testInfo, 'share-2-signed-out-hint');
  await expectNoSeriousA11yViolations(friend);

  // Signs in right there, with the code the server mails, and the product shows at the same address.
  const before = (await mailsTo(BETA_EMAIL)).length;
  await friend.getByLabel('Email').fill(BETA_EMAIL);
  await friend.getByRole('button', { name: 'Ingresar' }).click();
  const code = await nextLoginCode(BETA_EMAIL, before);
  await friend.getByLabel('Código').fill(code);
  await friend.getByRole('button', { name: 'Ingresar' }).click();
  await expect(friend.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  expect(new URL(friend.url()).pathname).toBe(`/product/${product.id}`);
  await expect(friend.getByTestId('shared-product-hint')).toHaveCount(0);
  await screenshot(friend, testInfo, 'share-3-signed-in');
  await expectNoSeriousA11yViolations(friend);
  await friendContext.close();
});
