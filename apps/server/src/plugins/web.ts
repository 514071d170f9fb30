import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { apiPaths, idParam } from '@etiqueta/contracts';

/** The product page's route module, as Vite's manifest names it (apps/web/src/app/routes.tsx lazy-loads it). */
export const PRODUCT_ROUTE_MODULE = 'src/app/routes/product.tsx';
const PRODUCT_PAGE = /^\/product\/(\d{1,12})$/;

type ManifestEntry = { file: string; imports?: string[] };

/**
 * The product page's code chunks: its route module and everything that imports statically, as the build's
 * manifest lists them (`build.manifest` in apps/web/vite.config.ts), less what index.html already loads.
 * Empty when the build has no manifest or no such route.
 */
export function productPageChunks(webDist: string, indexHtml: string): string[] {
  const manifestPath = path.join(webDist, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestPath)) return [];
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<string, ManifestEntry>;
  const files: string[] = [];
  const queue = [PRODUCT_ROUTE_MODULE];
  const seen = new Set<string>();
  while (queue.length > 0) {
    const key = queue.shift()!;
    const entry = manifest[key];
    if (seen.has(key) || !entry) continue;
    seen.add(key);
    if (!indexHtml.includes(`/${entry.file}"`)) files.push(`/${entry.file}`);
    queue.push(...(entry.imports ?? []));
  }
  return files;
}

/**
 * index.html for an address, with, on a product page, hints that let the browser fetch what the page needs
 * while it downloads the main bundle: the route's chunks (modulepreload), the access check and the product
 * (preload as fetch, with credentials, as the app's own requests are, so the browser hands them over). Found by
 * the app only once the main bundle has run, they would otherwise be a second wave of round trips after it
 * (issue 14: Lighthouse mobile ≥ 95 on the product page; see docs/performance.md).
 */
export function htmlFor(pathname: string, indexHtml: string, productChunks: string[], shareMeta = ''): string {
  const product = PRODUCT_PAGE.exec(pathname);
  if (!product) return indexHtml;
  const hints = [
    ...(shareMeta ? [shareMeta] : []),
    ...productChunks.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`),
    ...[apiPaths.auth.status, apiPaths.products.one(product[1]!)].map(
      (url) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${url}">`,
    ),
  ];
  return indexHtml.replace('</head>', `${hints.join('\n    ')}\n  </head>`);
}

/**
 * A product page's Open Graph and Twitter meta (issue 30 item 3, docs/sharing.md), public: a chat's link preview
 * carries no cookie. Only for an id the API takes (`idParam`); an unknown or malformed one, or a failed read, gets
 * none — the same page, status and hints as any other product address, so nothing is revealed.
 */
export type ShareMeta = (id: number) => Promise<string | null>;

async function metaFor(pathname: string, shareMeta: ShareMeta | undefined, log: FastifyBaseLogger): Promise<string> {
  const product = PRODUCT_PAGE.exec(pathname);
  const id = product ? idParam.safeParse({ id: product[1] }) : null;
  if (!shareMeta || !id?.success) return '';
  try {
    return (await shareMeta(id.data.id)) ?? '';
  } catch (err) {
    // The page still works without its preview (the database may be down): the app shows its own state.
    log.warn({ err }, 'the shared link meta could not be read');
    return '';
  }
}

/**
 * Serves the built SPA: hashed assets cached for a year, index.html never cached, and index.html
 * for every path that is not an API path or a file (client-side routes), with hints and the shared link's meta on a
 * product page (htmlFor). Unknown /api/* paths get JSON 404.
 */
export const webPlugin = fp(async (app: FastifyInstance, opts: { webDist: string; shareMeta?: ShareMeta }) => {
  const indexPath = path.join(opts.webDist, 'index.html');
  const hasBuild = fs.existsSync(indexPath);
  const indexHtml = hasBuild ? fs.readFileSync(indexPath, 'utf8') : '';
  const productChunks = hasBuild ? productPageChunks(opts.webDist, indexHtml) : [];
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: opts.webDist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset (scripts/precompress.mjs).
      preCompressed: true,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        } else {
          res.header('cache-control', 'no-cache');
        }
      },
    });
    // Every other address is a client route: the app's page. A route, not the not-found handler, so that
    // @fastify/compress (app.ts) compresses it like any answer.
    app.get('/*', async (request, reply) => {
      const pathname = pathOf(request.url);
      if (isApiPath(pathname) || pathname.startsWith('/assets/')) return reply.callNotFound();
      const meta = await metaFor(pathname, opts.shareMeta, request.log);
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(htmlFor(pathname, indexHtml, productChunks, meta));
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = pathOf(request.url);
    if (isApiPath(pathname) || request.method !== 'GET') {
      return reply.code(404).send({ code: 'NOT_FOUND', message: 'No existe esa dirección de la API' });
    }
    // A missing build file is a 404, never the app's page in its place (a stale chunk must fail as such).
    if (pathname.startsWith('/assets/')) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Archivo no encontrado');
    }
    // With a build, client routes never get here (the route above).
    return reply
      .code(503)
      .type('text/plain; charset=utf-8')
      .send('La aplicación web no está compilada. Ejecuta `npm run build` (o `npm start`).');
  });
});

const pathOf = (url: string) => url.split('?')[0] ?? '/';
const isApiPath = (pathname: string) => pathname === '/api' || pathname.startsWith('/api/');
