import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { errorResponse, idParam, productAlternatives } from '@etiqueta/contracts';
import type { AlternativesService } from './alternatives.service.ts';

const errors = { 400: errorResponse, 401: errorResponse, 404: errorResponse };

/** "Mejores opciones": for signed-in members, as the product page itself. */
export const alternativesRoutes: FastifyPluginAsyncZod<{ alternatives: AlternativesService }> = async (app, { alternatives }) => {
  app.get(
    '/api/products/:id/alternatives',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['catálogo'],
        summary: 'Productos del mismo estante claramente mejores, con la razón de cada uno',
        params: idParam,
        response: { 200: productAlternatives, ...errors },
      },
    },
    (req) => alternatives.of(req.params.id),
  );
};
