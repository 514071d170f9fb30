import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  catalogueLoading,
  connectionTest,
  dubiousResponse,
  errorResponse,
  productListQuery,
  syncRunsQuery,
  syncRunsResponse,
  syncStatus,
  syncTrigger,
  uncategorizedResponse,
} from '@etiqueta/contracts';
import type { SyncAdminService } from './sync-admin.service.ts';

const tags = ['sincronización'];
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 409: errorResponse, 503: errorResponse };

/**
 * The data-lake screen's calls. Admin only, checked here on the server: the spec's client sends any signed-in
 * user to /admin without looking at the role. Runs go to the background; the POSTs answer at once.
 */
export const syncRoutes: FastifyPluginAsyncZod<{ sync: SyncAdminService }> = async (app, { sync }) => {
  const admin = { onRequest: app.requireRole('admin') };

  // Public: the home page says the catalogue is loading instead of showing every category as 'Próximamente'.
  app.get(
    '/api/sync/first-load',
    { schema: { tags, summary: 'Primera carga del catálogo en curso', response: { 200: catalogueLoading } } },
    () => sync.firstLoad(),
  );

  app.get(
    '/api/sync/status',
    { ...admin, schema: { tags, summary: 'Estado de la sincronización', response: { 200: syncStatus, ...errors } } },
    () => sync.status(),
  );

  app.post(
    '/api/sync/test-connection',
    { ...admin, schema: { tags, summary: 'Probar la conexión con la fuente de datos', response: { 200: connectionTest, ...errors } } },
    () => sync.testConnection(),
  );

  app.post(
    '/api/sync/bulk',
    { ...admin, schema: { tags, summary: 'Iniciar una sincronización completa', response: { 200: syncTrigger, ...errors } } },
    () => sync.trigger('bulk'),
  );

  app.post(
    '/api/sync/incremental',
    { ...admin, schema: { tags, summary: 'Iniciar una sincronización incremental', response: { 200: syncTrigger, ...errors } } },
    () => sync.trigger('incremental'),
  );

  app.get(
    '/api/sync/runs',
    {
      ...admin,
      schema: { tags, summary: 'Historial de sincronizaciones', querystring: syncRunsQuery, response: { 200: syncRunsResponse, ...errors } },
    },
    async (req) => ({ runs: await sync.runs(req.query.limit) }),
  );

  app.get(
    '/api/sync/uncategorized',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Productos sin categoría',
        querystring: productListQuery,
        response: { 200: uncategorizedResponse, ...errors },
      },
    },
    (req) => sync.uncategorized(req.query.limit, req.query.offset),
  );

  app.get(
    '/api/sync/dubious',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Productos con datos dudosos',
        querystring: productListQuery,
        response: { 200: dubiousResponse, ...errors },
      },
    },
    (req) => sync.dubious(req.query.limit, req.query.offset),
  );
};
