import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { z } from 'zod';
import { additive, additiveWrite, additiveWriteResponse, errorResponse, idParam, rescoreStatus } from '@etiqueta/contracts';
import type { AdditiveService } from './additive.service.ts';

const tags = ['administración'];
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };

/** The additive table: admin only, checked here on the server for every route. */
export const additiveRoutes: FastifyPluginAsyncZod<{ service: AdditiveService }> = async (app, { service }) => {
  const admin = { onRequest: app.requireRole('admin') };
  const actor = (user: { id: number } | null) => user?.id ?? 0;

  app.get('/api/additives', { ...admin, schema: { tags, response: { 200: z.array(additive), ...errors } } }, () =>
    service.list(),
  );

  app.get(
    '/api/additives/rescore-status',
    { ...admin, schema: { tags, summary: 'Estado del recálculo de puntajes', response: { 200: rescoreStatus, ...errors } } },
    () => service.rescoreStatus(),
  );

  app.post(
    '/api/additives',
    { ...admin, schema: { tags, body: additiveWrite, response: { 201: additiveWriteResponse, ...errors } } },
    async (req, reply) => reply.code(201).send(await service.create(req.body, actor(req.user))),
  );

  app.patch(
    '/api/additives/:id',
    { ...admin, schema: { tags, params: idParam, body: additiveWrite, response: { 200: additiveWriteResponse, ...errors } } },
    (req) => service.update(req.params.id, req.body, actor(req.user)),
  );

  app.delete(
    '/api/additives/:id',
    { ...admin, schema: { tags, params: idParam, response: { 200: additiveWriteResponse, ...errors } } },
    (req) => service.remove(req.params.id, actor(req.user)),
  );
};
