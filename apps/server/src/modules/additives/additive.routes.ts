import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import type { AdditiveService } from './additive.service.ts';
import { requireSession } from '../../plugins/auth.ts';
import { endpointRoute } from '../../plugins/endpoint-table.ts';

/** The additive table: admin only, checked here on the server for every route. */
export const additiveRoutes: FastifyPluginAsyncZod<{ service: AdditiveService }> = async (app, { service }) => {
  const admin = { onRequest: app.requireRole('admin') };

  app.route({
    ...endpointRoute('GET /api/additives'),
    ...admin,
    handler: () => service.list(),
  });

  app.route({
    ...endpointRoute('GET /api/additives/rescore-status'),
    ...admin,
    handler: () => service.rescoreStatus(),
  });

  app.route({
    ...endpointRoute('POST /api/additives'),
    ...admin,
    handler: async (req, reply) => reply.code(201).send(await service.create(req.body, requireSession(req).id)),
  });

  app.route({
    ...endpointRoute('PATCH /api/additives/:id'),
    ...admin,
    handler: (req) => service.update(req.params.id, req.body, requireSession(req).id),
  });

  app.route({
    ...endpointRoute('DELETE /api/additives/:id'),
    ...admin,
    handler: (req) => service.remove(req.params.id, requireSession(req).id),
  });
};
