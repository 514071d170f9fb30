import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

/**
 * Serves the built SPA: hashed assets cached for a year, index.html never cached, and index.html
 * for every path that is not an API path or a file (client-side routes). Unknown /api/* paths get JSON 404.
 */
export const webPlugin = fp(async (app: FastifyInstance, opts: { webDist: string }) => {
  const indexPath = path.join(opts.webDist, 'index.html');
  const hasBuild = fs.existsSync(indexPath);
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
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname === '/api' || pathname.startsWith('/api/') || request.method !== 'GET') {
      return reply.code(404).send({ code: 'NOT_FOUND', message: 'No existe esa dirección de la API' });
    }
    // A missing build file is a 404, never the app's page in its place (a stale chunk must fail as such).
    if (pathname.startsWith('/assets/')) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Archivo no encontrado');
    }
    if (!hasBuild) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('La aplicación web no está compilada. Ejecuta `npm run build` (o `npm start`).');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
});
