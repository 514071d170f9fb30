import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

const srcDir = decodeURIComponent(new URL('./src', import.meta.url).pathname);

/**
 * Node 22+ has its own Web Storage (`localStorage`), a getter on the global object that answers undefined
 * without --localstorage-file and hides jsdom's. The tests need the page's storage, as a browser has it.
 */
const nodeMajor = Number(process.versions.node.split('.')[0]);
const execArgv = nodeMajor >= 22 ? ['--no-experimental-webstorage'] : [];

export default defineProject({
  plugins: [react()],
  resolve: { alias: { '@': srcDir } },
  test: {
    name: 'web',
    environment: 'jsdom',
    execArgv,
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.ts'],
    restoreMocks: true,
    // The first render of a lazy route compiles its chunk; on a busy machine that alone can take seconds.
    testTimeout: 20_000,
  },
});
