import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

const srcDir = decodeURIComponent(new URL('./src', import.meta.url).pathname);

export default defineProject({
  plugins: [react()],
  resolve: { alias: { '@': srcDir } },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.ts'],
    restoreMocks: true,
    // The first render of a lazy route compiles its chunk; on a busy machine that alone can take seconds.
    testTimeout: 20_000,
  },
});
