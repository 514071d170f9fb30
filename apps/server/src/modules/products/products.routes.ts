import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { adminProductsPage, adminProductsQuery, errorResponse, idParam, product, productPatch } from '@etiqueta/contracts';
import type { ProductsService } from './products.service.ts';

const tags = ['administración'];
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

/** The admin product table and edits: admin only, checked on the server. */
export const productsAdminRoutes: FastifyPluginAsyncZod<{ service: ProductsService }> = async (app, { service }) => {
  const admin = { onRequest: app.requireRole('admin') };

  app.get(
    '/api/products',
    {
      ...admin,
      schema: { tags, summary: 'Tabla de productos (paginada)', querystring: adminProductsQuery, response: { 200: adminProductsPage, ...errors } },
    },
    (req) => service.adminPage(req.query.q || undefined, req.query.page, req.query.pageSize),
  );

  app.patch(
    '/api/products/:id',
    {
      ...admin,
      schema: { tags, summary: 'Editar un producto y recalcular su puntaje', params: idParam, body: productPatch, response: { 200: product, ...errors } },
    },
    (req) => service.update(req.params.id, req.body, req.user?.id ?? 0),
  );
};
