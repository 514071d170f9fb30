import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { clearSessionCookie } from '../auth/session-cookie.ts';
import type { AccountService } from './account.service.ts';
import { API_CACHE } from '../../plugins/cache-headers.ts';
import { requireSession } from '../../plugins/auth.ts';
import { endpointRoute } from '../../plugins/endpoint-table.ts';

const EXPORT_FILE = 'etiqueta-clara-mis-datos.json';

/**
 * Mi cuenta (the person's own data) and the admin's way to serve a request by email for someone who cannot
 * sign in. The email travels in a POST body, never in an address, so it stays out of request logs.
 */
export const accountRoutes: FastifyPluginAsyncZod<{ account: AccountService }> = async (app, { account: service }) => {
  const signedIn = { onRequest: app.requireUser };
  const admin = { onRequest: app.requireRole('admin') };

  app.route({
    ...endpointRoute('GET /api/account'),
    ...signedIn,
    handler: async (req, reply) => {
      reply.header('cache-control', API_CACHE.personal);
      return service.myData(requireSession(req).id);
    },
  });

  app.route({
    ...endpointRoute('PATCH /api/account'),
    ...signedIn,
    handler: (req) => service.rename(requireSession(req).id, req.body),
  });

  app.route({
    ...endpointRoute('GET /api/account/export'),
    onRequest: [app.requireUser, app.abuseLimit],
    handler: async (req, reply) => {
      reply.header('cache-control', API_CACHE.personal);
      reply.header('content-disposition', `attachment; filename="${EXPORT_FILE}"`);
      return service.myExport(requireSession(req).id);
    },
  });

  app.route({
    ...endpointRoute('DELETE /api/account'),
    onRequest: [app.requireUser, app.abuseLimit],
    handler: async (req, reply) => {
      await service.eraseMe(requireSession(req).id);
      clearSessionCookie(reply);
      return { message: 'Tu cuenta y tus datos fueron eliminados' };
    },
  });

  app.route({
    ...endpointRoute('POST /api/admin/personal-data/export'),
    ...admin,
    handler: (req) => service.exportFor(req.body.email, requireSession(req).id),
  });

  app.route({
    ...endpointRoute('POST /api/admin/personal-data/erase'),
    ...admin,
    handler: (req) => service.eraseFor(req.body.email, requireSession(req).id),
  });
};
