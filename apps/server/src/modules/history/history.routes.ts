import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  errorResponse,
  historyClearResponse,
  historyEntryParam,
  historyListQuery,
  historyPage,
  historyRecordingRequest,
  historyRecordingResponse,
  historyRecordRequest,
  historyRecordResponse,
  messageResponse,
} from '@etiqueta/contracts';
import { AppError, unauthorized } from '../../lib/errors.ts';
import type { HistoryService } from './history.service.ts';
import { API_CACHE } from '../../plugins/cache-headers.ts';

const tags = ['historial'];
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 429: errorResponse };

/**
 * Views a person may record in a minute (with rate limits on): far above anyone opening products by hand, low
 * enough that a script cannot churn the table. Counted per account, not per address: a family on one Wi-Fi
 * shares an address.
 */
const VIEWS_PER_MINUTE = 60;

/** Historial: each route is the signed-in person's own; there is no way to name someone else's history. */
export const historyRoutes: FastifyPluginAsyncZod<{ history: HistoryService; rateLimited: boolean }> = async (
  app,
  { history, rateLimited },
) => {
  const signedIn = { onRequest: app.requireUser };
  const me = (user: { id: number } | null) => {
    if (!user) throw unauthorized();
    return user.id;
  };
  const recordLimit = rateLimited
    ? {
        rateLimit: {
          max: VIEWS_PER_MINUTE,
          timeWindow: '1 minute',
          keyGenerator: (req: { user: { id: number } | null; ip: string }) =>
            req.user ? `historial:${req.user.id}` : `historial-ip:${req.ip}`,
          errorResponseBuilder: () =>
            new AppError(429, 'RATE_LIMITED', 'Demasiadas solicitudes. Espera un minuto e inténtalo de nuevo.'),
        },
      }
    : undefined;

  app.get(
    '/api/history',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Mi historial: lo más reciente primero, con búsqueda y páginas',
        querystring: historyListQuery,
        response: { 200: historyPage, ...errors },
      },
    },
    async (req, reply) => {
      // Personal: stored by no HTTP cache (ADR 018); the offline copy is the service worker's, emptied on sign-out.
      reply.header('cache-control', API_CACHE.personal);
      return history.page(me(req.user), req.query);
    },
  );

  app.post(
    '/api/history',
    {
      ...signedIn,
      config: recordLimit,
      schema: {
        tags,
        summary: 'Anotar que abrí o escaneé un producto',
        body: historyRecordRequest,
        response: { 200: historyRecordResponse, ...errors },
      },
    },
    (req) => history.record(me(req.user), req.body),
  );

  app.delete(
    '/api/history',
    { ...signedIn, schema: { tags, summary: 'Borrar todo mi historial', response: { 200: historyClearResponse, ...errors } } },
    (req) => history.deleteAll(me(req.user)),
  );

  app.delete(
    '/api/history/:entryId',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Quitar un producto de mi historial',
        params: historyEntryParam,
        response: { 200: messageResponse, ...errors },
      },
    },
    (req) => history.deleteOne(me(req.user), req.params.entryId),
  );

  app.put(
    '/api/history/recording',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Guardar o dejar de guardar mi historial (dejar de guardarlo también lo borra)',
        body: historyRecordingRequest,
        response: { 200: historyRecordingResponse, ...errors },
      },
    },
    (req) => history.setRecording(me(req.user), req.body.enabled),
  );
};
