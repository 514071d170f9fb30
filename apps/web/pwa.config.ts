import { endpointPathPattern, type EndpointKey } from '@etiqueta/contracts';
import type { VitePWAOptions } from 'vite-plugin-pwa';

import { MAX_OFFLINE_PRODUCTS, NETWORK_TIMEOUT_SECONDS, OFFLINE_CACHES } from './src/lib/offline-caches.ts';

/*
 * The installable, offline app (issue 16, ADR 018): the web app manifest, and a Workbox service worker generated
 * at build time that precaches the app shell and every screen's code, and keeps chosen API answers. Every read it
 * keeps is NetworkFirst: online, the shopper always sees the server's answer (never a stale score after an admin
 * edit); offline, the last one kept. Nothing else of the API goes through a cache: writes, admin, sign-in,
 * Mi cuenta. The page registers the worker itself, after load (src/lib/service-worker.ts).
 */

const THEME_COLOUR = '#166534'; // --color-brand-800, the header's and the favicon's green
const BACKGROUND_COLOUR = '#fafaf9'; // stone-50, the page's background

const networkFirst = (cacheName: string, maxEntries: number) => ({
  handler: 'NetworkFirst' as const,
  options: {
    cacheName,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    expiration: { maxEntries },
    // Only real answers: never a 401, a 404 or a 503 in place of a product.
    cacheableResponse: { statuses: [200] },
  },
});

/**
 * A URL test for the same-origin addresses of these GET endpoints (with or without a query string), from the
 * endpoint table. Workbox tests a RegExp against the whole URL and takes a cross-origin URL only when the match
 * starts at its first character: this one starts at the path, so another origin's `/api/…` never matches.
 * Written into sw.js as a literal.
 */
const sameOriginApi = (...keys: Extract<EndpointKey, `GET ${string}`>[]) =>
  new RegExp(`(?<=^[a-z][a-z0-9+.-]*:\\/\\/[^/]+)${endpointPathPattern(...keys)}(?=[?#]|$)`);

/** The catalogue's reads a shopper browses: categories, subcategories, their chips and listings. */
const CATALOGUE_READS = [
  'GET /api/categories',
  'GET /api/categories/:slug',
  'GET /api/categories/:slug/subcategories',
  'GET /api/categories/:slug/products',
  'GET /api/subcategories/:slug',
  'GET /api/subcategories/:slug/sub2categories',
  'GET /api/subcategories/:slug/products',
] as const satisfies Extract<EndpointKey, `GET ${string}`>[];

export const pwaOptions: Partial<VitePWAOptions> = {
  strategies: 'generateSW',
  registerType: 'prompt',
  // Registered by the app after the page has loaded, never by a script in index.html.
  injectRegister: false,
  manifestFilename: 'manifest.webmanifest',
  manifest: {
    id: '/',
    name: 'Etiqueta Clara',
    short_name: 'Etiqueta Clara',
    description:
      'Escanea un alimento envasado y mira en un vistazo qué tan saludable es: puntaje de 0 a 10, sellos, aditivos y nutrientes explicados en simple.',
    lang: 'es-CL',
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: THEME_COLOUR,
    background_color: BACKGROUND_COLOUR,
    categories: ['food', 'health', 'shopping'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  // The manifest and its icons are precached by the plugin; the apple-touch-icon is linked from index.html.
  includeAssets: ['favicon.svg', 'icons/apple-touch-icon-180.png'],
  workbox: {
    // The app shell and every lazy screen (precache-manifest revisions come from the hashed names). The barcode
    // reader's WebAssembly is not precached: most phones read codes natively and never download it (ADR 018); a
    // phone that needs it asks for it as soon as this worker is in charge (scanner/lib/keep-decoder.ts), and the
    // scanner cache below keeps it.
    globPatterns: ['**/*.{js,css,html}'],
    navigateFallback: '/index.html',
    // Never the app's page for an API address or the API docs.
    navigateFallbackDenylist: [/^\/api(?:\/|$)/],
    cleanupOutdatedCaches: true,
    // A new worker waits for the shopper's "Actualizar"; the first one takes the page at once, so the products
    // opened on the very first visit are already kept.
    skipWaiting: false,
    clientsClaim: true,
    // Only GET is ever matched (Workbox's default method).
    runtimeCaching: [
      { urlPattern: sameOriginApi('GET /api/products/:id'), ...networkFirst(OFFLINE_CACHES.products, MAX_OFFLINE_PRODUCTS) },
      {
        urlPattern: sameOriginApi('GET /api/products/:id/alternatives'),
        ...networkFirst(OFFLINE_CACHES.alternatives, MAX_OFFLINE_PRODUCTS),
      },
      { urlPattern: sameOriginApi('GET /api/search/barcode/:code'), ...networkFirst(OFFLINE_CACHES.barcodes, 200) },
      { urlPattern: sameOriginApi(...CATALOGUE_READS), ...networkFirst(OFFLINE_CACHES.catalogue, 60) },
      { urlPattern: sameOriginApi('GET /api/auth/status'), ...networkFirst(OFFLINE_CACHES.session, 1) },
      { urlPattern: sameOriginApi('GET /api/history'), ...networkFirst(OFFLINE_CACHES.history, 10) },
      {
        // Hashed, so a kept copy is never stale.
        urlPattern: ({ url, sameOrigin }) => sameOrigin && /^\/assets\/[^/]+\.wasm$/.test(url.pathname),
        handler: 'CacheFirst',
        options: { cacheName: OFFLINE_CACHES.scanner, expiration: { maxEntries: 2 }, cacheableResponse: { statuses: [200] } },
      },
    ],
  },
};
