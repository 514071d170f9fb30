import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import type { SyncAdminService } from './sync-admin.service.ts';
import { endpointRoute } from '../../plugins/endpoint-table.ts';

/**
 * The data-lake screen's calls. Admin only, checked here on the server: the spec's client sends any signed-in
 * user to /admin without looking at the role. Runs go to the background; the POSTs answer at once.
 */
export const syncRoutes: FastifyPluginAsyncZod<{ sync: SyncAdminService }> = async (app, { sync }) => {
  const admin = { onRequest: app.requireRole('admin') };

  // Public: the home page says the catalogue is loading instead of showing every category as 'Próximamente'.
  app.route({ ...endpointRoute('GET /api/sync/first-load'), handler: () => sync.firstLoad() });

  app.route({ ...endpointRoute('GET /api/sync/status'), ...admin, handler: () => sync.status() });

  app.route({ ...endpointRoute('POST /api/sync/test-connection'), ...admin, handler: () => sync.testConnection() });

  app.route({ ...endpointRoute('POST /api/sync/bulk'), ...admin, handler: () => sync.trigger('bulk') });

  app.route({ ...endpointRoute('POST /api/sync/incremental'), ...admin, handler: () => sync.trigger('incremental') });

  app.route({
    ...endpointRoute('GET /api/sync/runs'),
    ...admin,
    handler: async (req) => ({ runs: await sync.runs(req.query.limit) }),
  });

  app.route({
    ...endpointRoute('GET /api/sync/uncategorized'),
    ...admin,
    handler: (req) => sync.uncategorized(req.query.limit, req.query.offset),
  });

  app.route({
    ...endpointRoute('GET /api/sync/dubious'),
    ...admin,
    handler: (req) => sync.dubious(req.query.limit, req.query.offset),
  });
};
