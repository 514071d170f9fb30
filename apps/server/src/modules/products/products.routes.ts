import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import type { ProductsService } from './products.service.ts';
import { requireSession } from '../../plugins/auth.ts';
import { endpointRoute } from '../../plugins/endpoint-table.ts';

/** The admin product table and edits: admin only, checked on the server. */
export const productsAdminRoutes: FastifyPluginAsyncZod<{ service: ProductsService }> = async (app, { service }) => {
  const admin = { onRequest: app.requireRole('admin') };

  app.route({
    ...endpointRoute('GET /api/products'),
    ...admin,
    handler: (req) => service.adminPage(req.query.q || undefined, req.query.page, req.query.pageSize),
  });

  app.route({
    ...endpointRoute('PATCH /api/products/:id'),
    ...admin,
    handler: (req) => service.update(req.params.id, req.body, requireSession(req).id),
  });
};
