import { fileURLToPath } from 'node:url';

import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Page, type TestInfo, expect } from '@playwright/test';
import { apiPaths } from '@etiqueta/contracts';

import { mailsTo, nextLoginCode } from './mailbox';

/** The beta member the e2e server seeds (apps/server/src/cli/e2e-server.ts). */
export const BETA_EMAIL = process.env.E2E_BETA_EMAIL ?? 'beta@etiquetaclara.cl';

/**
 * Signs the browser context in as the seeded beta member through the API, with the code the server mails
 * (the login screen has its own journey); `page.request` shares the context's cookie jar, so the page is
 * signed in afterwards.
 */
export const signInAsBeta = (request: APIRequestContext) => signInThroughApi(request, BETA_EMAIL);

/** The seeded admin (apps/server/src/cli/e2e-server.ts): the mailed code and the password. */
export const signInAsAdmin = (request: APIRequestContext) =>
  signInThroughApi(
    request,
    process.env.E2E_ADMIN_EMAIL ?? 'admin@etiquetaclara.cl',
    process.env.E2E_ADMIN_PASSWORD ?? 'clave-admin-e2e-123',
  );

/** Any member the e2e server seeds (the trusted member of e2e/trusted.spec.ts), signed in with the mailed code. */
export const signInAsMember = (request: APIRequestContext, email: string) => signInThroughApi(request, email);

const signInThroughApi = async (request: APIRequestContext, email: string, password?: string) => {
  const before = (await mailsTo(email)).length;
  const asked = await request.post(apiPaths.auth.login, { data: { email } });
  expect(asked.ok(), await asked.text()).toBe(true);
  const code = await nextLoginCode(email, before);
  const response = await request.post(apiPaths.auth.login, { data: { email, code, ...(password ? { password } : {}) } });
  expect(response.ok(), await response.text()).toBe(true);
};

/** A full-page screenshot in e2e/screenshots (git-ignored), one per viewport project. */
export const screenshot = (page: Page, testInfo: TestInfo, name: string) =>
  page.screenshot({
    path: fileURLToPath(new URL(`../screenshots/${name}-${testInfo.project.name}.png`, import.meta.url)),
    fullPage: true,
  });

/** No serious or critical axe-core violations (WCAG 2.1 A and AA) on what the page shows now. */
export const expectNoSeriousA11yViolations = async (page: Page) => {
  // A dialog still fading in has its text at part opacity, which axe measures as low contrast: judge the page
  // as it settles, once running animations (not endless ones) have finished.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
  expect(serious).toEqual([]);
};
