import { defineConfig, devices } from '@playwright/test';
import { apiPaths } from '@etiqueta/contracts';

/*
 * Playwright against the built app served by the real server on a fresh, throw-away PGlite database
 * (apps/server/src/cli/e2e-server.ts), in Debian's Chromium. Build the web app first (`npm run test:e2e`
 * does). Set E2E_BASE_URL to test a server you started yourself instead.
 */

/** E2E_PORT lets two checkouts run their journeys at once on one machine. */
const PORT = Number(process.env.E2E_PORT ?? 3101);
const baseURL = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${PORT}`;

/** No outbound calls from the browser: the machine may have no network, and tests must not depend on it. */
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

const browser = {
  browserName: 'chromium' as const,
  launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
};

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // PGlite is one connection and the machine has two cores: one worker keeps timings honest.
  workers: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI
    ? [['list'], ['html', { outputFolder: 'playwright-report', open: 'never' }]]
    : 'list',
  use: {
    baseURL,
    locale: 'es-CL',
    timezoneId: 'America/Santiago',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // The service worker keeps answers between page loads, which would make other journeys depend on their order;
    // offline.spec.ts allows it, as that is what it tests.
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'mobile',
      // Admin screens are desktop tools (issue 7 asks for them at 1280×800).
      testIgnore: /admin.*\.spec\.ts/,
      use: {
        ...devices['Desktop Chrome'],
        ...browser,
        viewport: { width: 360, height: 740 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
      },
    },
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], ...browser, viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: process.env.E2E_BASE_URL
    ? undefined
    : {
        command: 'npm run e2e:server -w @etiqueta/server',
        cwd: '..',
        url: `http://127.0.0.1:${PORT}${apiPaths.health}`,
        env: {
          PORT: String(PORT),
          // Approved contributions go to a local stand-in for OFF's write API on the next port, which checks OFF's
          // format (apps/server/test/fake-off-write.ts; e2e/trusted.spec.ts reads what it received).
          OFF_WRITE_URL: `http://127.0.0.1:${PORT + 1}`,
          OFF_WRITE_USER: 'etiqueta-clara-e2e',
          OFF_WRITE_PASSWORD: 'clave-off-e2e',
          // The seeded trusted member has this many approvals; the beta member, who several journeys send and get
          // approved (each expecting a review), never reaches it.
          CONTRIBUTIONS_TRUST_AFTER: '50',
        },
        reuseExistingServer: !process.env.CI,
        // Creating the database and importing the catalogue takes a while on a cold PGlite.
        timeout: 180_000,
        stdout: 'pipe',
        stderr: 'pipe',
      },
});
