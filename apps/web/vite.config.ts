import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

import { pwaOptions } from './pwa.config.ts';

const srcDir = decodeURIComponent(new URL('./src', import.meta.url).pathname);

// In development Vite serves the SPA and forwards /api to the Fastify server;
// in production the server serves `dist` itself (one process, one port).
export default defineConfig({
  plugins: [react(), tailwindcss(), VitePWA(pwaOptions)],
  resolve: { alias: { '@': srcDir } },
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // The server reads it to name the product page's chunks in its HTML (apps/server/src/plugins/web.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        // Fewer, fuller requests (docs/performance.md): what every page needs at start is one file, not
        // fifteen; the icons the lazy screens use are one small chunk, not one request per icon.
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'] },
            { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/ },
            // The small modules the product page shares with the listings, search, history, compare and the
            // scanner: one chunk instead of nine requests of 0.1–3.5 KB before its first paint (Lighthouse product
            // page 94 → 96, docs/performance.md). Named by file, not folder: a folder group pulled 38–52 KB of
            // dependencies into every route.
            {
              name: 'product-shared',
              test: /(score-band|listing-filter-storage|back-link|score-badge|compare-toggle|compare-selection|get-history|scan-navigation|label-facts)\.tsx?$/,
            },
          ],
        },
      },
    },
  },
});
