import { configDefaults, defineConfig } from 'vitest/config';

// One project per workspace layer; `npm run test:unit` runs domain, contracts and web,
// `npm run test:server` runs the server project once per database (see scripts/test-server.mjs).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          root: './packages/domain',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'contracts',
          root: './packages/contracts',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          // `*.pg.test.ts`: tests that only mean something on PostgreSQL (several processes on one database) are
          // registered only on the PostgreSQL pass (TEST_DATABASE_URL set), never shown as skipped on PGlite's.
          exclude: process.env.TEST_DATABASE_URL ? configDefaults.exclude : [...configDefaults.exclude, '**/*.pg.test.ts'],
          environment: 'node',
          globalSetup: ['./test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // PGlite is single-threaded wasm; two workers on two cores is the sweet spot.
          maxWorkers: 2,
        },
      },
      './apps/web/vitest.config.ts',
    ],
  },
});
