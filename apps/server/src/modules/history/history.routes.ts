import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import type { HistoryService } from './history.service.ts';
import { API_CACHE } from '../../plugins/cache-headers.ts';
import { requireSession } from '../../plugins/auth.ts';
import { endpointRoute } from '../../plugins/endpoint-table.ts';

/**
 * Views a person may record in a minute (with rate limits on): far above anyone opening products by hand, low
 * enough that a script cannot churn the table. Counted per account, not per address: a family on one Wi-Fi
 * shares an address.
 */
const VIEWS_PER_MINUTE = 60;

/** Historial: each route is the signed-in person's own; there is no way to name someone else's history. */
export const historyRoutes: FastifyPluginAsyncZod<{ history: HistoryService }> = async (app, { history }) => {
  const signedIn = { onRequest: app.requireUser };
  const recordLimit = app.limitRequests({
    name: 'history-views',
    per: 'account',
    on: 'with-rate-limits',
    limit: VIEWS_PER_MINUTE,
    windowMs: 60_000,
    message: 'Demasiadas solicitudes. Espera un minuto e inténtalo de nuevo.',
  });

  app.route({
    ...endpointRoute('GET /api/history'),
    ...signedIn,
    handler: async (req, reply) => {
      // Personal: stored by no HTTP cache (ADR 018); the offline copy is the service worker's, emptied on sign-out.
      reply.header('cache-control', API_CACHE.personal);
      return history.page(requireSession(req).id, req.query);
    },
  });

  app.route({
    ...endpointRoute('POST /api/history'),
    onRequest: [app.requireUser, recordLimit],
    handler: (req) => history.record(requireSession(req).id, req.body),
  });

  app.route({
    ...endpointRoute('DELETE /api/history'),
    ...signedIn,
    handler: (req) => history.deleteAll(requireSession(req).id),
  });

  app.route({
    ...endpointRoute('DELETE /api/history/:entryId'),
    ...signedIn,
    handler: (req) => history.deleteOne(requireSession(req).id, req.params.entryId),
  });

  app.route({
    ...endpointRoute('PUT /api/history/recording'),
    ...signedIn,
    handler: (req) => history.setRecording(requireSession(req).id, req.body.enabled),
  });
};
