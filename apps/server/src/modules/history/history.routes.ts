import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { unauthorized } from '../../lib/errors.ts';
import type { HistoryService } from './history.service.ts';
import { API_CACHE } from '../../plugins/cache-headers.ts';
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
  const me = (user: { id: number } | null) => {
    if (!user) throw unauthorized();
    return user.id;
  };
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
      return history.page(me(req.user), req.query);
    },
  });

  app.route({
    ...endpointRoute('POST /api/history'),
    onRequest: [app.requireUser, recordLimit],
    handler: (req) => history.record(me(req.user), req.body),
  });

  app.route({
    ...endpointRoute('DELETE /api/history'),
    ...signedIn,
    handler: (req) => history.deleteAll(me(req.user)),
  });

  app.route({
    ...endpointRoute('DELETE /api/history/:entryId'),
    ...signedIn,
    handler: (req) => history.deleteOne(me(req.user), req.params.entryId),
  });

  app.route({
    ...endpointRoute('PUT /api/history/recording'),
    ...signedIn,
    handler: (req) => history.setRecording(me(req.user), req.body.enabled),
  });
};
