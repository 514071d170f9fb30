import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SAFE_METHODS } from './errors.ts';

/**
 * How browsers and the app's service worker may keep an API answer (ADR 018, docs/operations.md). None may be
 * reused without asking the server first: the service worker's reads are NetworkFirst, and the browser's own
 * cache must not hand it a stale score after an admin edit.
 */
export const API_CACHE = {
  /** Public reads (the home grid, the health check): revalidate every time. */
  public: 'no-cache',
  /** Members' reads (catalogue, products): the same, and never in a shared cache (they need a session). */
  members: 'private, no-cache',
  /** Answers about one person (session, account, admin views of people and data): never stored anywhere. */
  personal: 'private, no-store',
  /** Writes and errors. */
  never: 'no-store',
} as const;

/**
 * Sets the cache rule of every API answer the route did not set itself: the guards set theirs (requireUser:
 * members, requireRole: personal), and the routes about one person set `personal`. Writes and errors are
 * never stored, whatever was set before the error.
 */
export const apiCacheHeaders = fp(
  async (app: FastifyInstance) => {
    app.addHook('onSend', (request, reply, payload, done) => {
      if (!(request.routeOptions.url ?? request.url).startsWith('/api/')) return done(null, payload);
      if (reply.statusCode >= 400 || !SAFE_METHODS.has(request.method)) {
        reply.header('cache-control', API_CACHE.never);
      } else if (!reply.hasHeader('cache-control')) {
        reply.header('cache-control', API_CACHE.public);
      }
      done(null, payload);
    });
  },
  { name: 'api-cache-headers' },
);
