import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import type { HealthResponse } from '@etiqueta/contracts';
import { endpointRoute } from '../../plugins/endpoint-table.ts';

export const healthRoutes: FastifyPluginAsyncZod<{
  database: { ping: () => Promise<boolean>; kind: 'pglite' | 'postgres' };
  /** The catalogue's size and last successful sync, from memory (modules/sync/catalogue-freshness.ts). */
  catalogue: () => HealthResponse['catalogue'];
  /** The upload folder's own line: a full folder is not a full database. */
  uploads: () => Promise<HealthResponse['uploads']['status']>;
}> = async (app, { database, catalogue, uploads }) => {
  app.route({
    ...endpointRoute('GET /api/health'),
    handler: async (_request, reply) => {
      const started = performance.now();
      const answers = await database.ping();
      const latencyMs = Math.round((performance.now() - started) * 100) / 100;
      const status = !answers ? ('error' as const) : app.storage.isFull() ? ('unwritable' as const) : ('ok' as const);
      const ok = status === 'ok';
      const body = {
        status: ok ? ('ok' as const) : ('error' as const),
        database: { status, kind: database.kind, latencyMs },
        uploads: { status: await uploads() },
        uptimeSeconds: Math.round(process.uptime()),
        catalogue: catalogue(),
      };
      return reply.code(ok ? 200 : 503).send(body);
    },
  });
};
