import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { errorResponse, idParam, productAlternatives } from '@etiqueta/contracts';
import { sendJsonText } from '../../lib/json-text.ts';
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
    // JSON text built and validated once per cache entry: the response schema documents it, does not re-serialise it.
    async (req, reply) => sendJsonText(reply, await alternatives.json(req.params.id)),
  );
};
