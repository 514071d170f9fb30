import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { healthResponse } from '@etiqueta/contracts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    { schema: { tags: ['sistema'], summary: 'Estado del servidor y de la base de datos', response: { 200: healthResponse, 503: healthResponse } } },
    async (_request, reply) => {
      const started = performance.now();
      const answers = await app.deps.database.ping();
      const latencyMs = Math.round((performance.now() - started) * 100) / 100;
      const database = !answers ? ('error' as const) : app.storage.isFull() ? ('unwritable' as const) : ('ok' as const);
      const ok = database === 'ok';
      const body = {
        status: ok ? ('ok' as const) : ('error' as const),
        database: { status: database, kind: app.deps.database.kind, latencyMs },
        uptimeSeconds: Math.round(process.uptime()),
      };
      return reply.code(ok ? 200 : 503).send(body);
    },
  );
};
