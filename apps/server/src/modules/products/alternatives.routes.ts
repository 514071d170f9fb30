import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import type { AlternativesService } from './alternatives.service.ts';
import { endpointRoute } from '../../plugins/endpoint-table.ts';

/** "Mejores opciones": for signed-in members, as the product page itself. */
export const alternativesRoutes: FastifyPluginAsyncZod<{ alternatives: AlternativesService }> = async (app, { alternatives }) => {
  app.route({
    ...endpointRoute('GET /api/products/:id/alternatives'),
    onRequest: app.requireUser,
    handler: (req) => alternatives.of(req.params.id),
  });
};
