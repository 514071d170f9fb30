import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { z } from 'zod';
import {
  category,
  errorResponse,
  idParam,
  listingPage,
  listingQuery,
  product,
  slugParam,
  sub2category,
  subcategory,
} from '@etiqueta/contracts';
import { sendJsonText } from '../../lib/json-text.ts';
import type { CatalogueService } from './catalogue.service.ts';

const tags = ['catálogo'];
const errors = { 400: errorResponse, 401: errorResponse, 404: errorResponse };

/**
 * Catalogue reads. The category list is public (it is the home grid); everything past it is
 * for signed-in beta users, as the spec's client gates those screens.
 */
export const catalogueRoutes: FastifyPluginAsyncZod<{ catalogue: CatalogueService }> = async (app, { catalogue }) => {
  const signedIn = { onRequest: app.requireUser };
  // Hot reads (listings, the product page) answer JSON text that is serialised once (cached, or built by the
  // database): the response schemas document them in OpenAPI but do not re-serialise them.

  app.get('/api/categories', { schema: { tags, summary: 'Categorías, por nombre', response: { 200: z.array(category) } } }, () =>
    catalogue.listCategories(),
  );

  app.get(
    '/api/categories/:slug',
    { ...signedIn, schema: { tags, summary: 'Una categoría', params: slugParam, response: { 200: category, ...errors } } },
    (req) => catalogue.getCategory(req.params.slug),
  );

  app.get(
    '/api/categories/:slug/subcategories',
    { ...signedIn, schema: { tags, params: slugParam, response: { 200: z.array(subcategory), ...errors } } },
    (req) => catalogue.listSubcategories(req.params.slug),
  );

  app.get(
    '/api/categories/:slug/products',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Los productos de una categoría, una página a la vez',
        params: slugParam,
        querystring: listingQuery,
        response: { 200: listingPage, ...errors },
      },
    },
    async (req, reply) => sendJsonText(reply, await catalogue.listCategoryProductsJson(req.params.slug, req.query)),
  );

  app.get(
    '/api/subcategories/:slug',
    { ...signedIn, schema: { tags, params: slugParam, response: { 200: subcategory, ...errors } } },
    (req) => catalogue.getSubcategory(req.params.slug),
  );

  app.get(
    '/api/subcategories/:slug/products',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Los productos de una subcategoría, una página a la vez',
        params: slugParam,
        querystring: listingQuery,
        response: { 200: listingPage, ...errors },
      },
    },
    async (req, reply) => sendJsonText(reply, await catalogue.listSubcategoryProductsJson(req.params.slug, req.query)),
  );

  app.get(
    '/api/subcategories/:slug/sub2categories',
    { ...signedIn, schema: { tags, params: slugParam, response: { 200: z.array(sub2category), ...errors } } },
    (req) => catalogue.listSub2categories(req.params.slug),
  );

  app.get(
    '/api/products/:id',
    { ...signedIn, schema: { tags, summary: 'Un producto, con su análisis', params: idParam, response: { 200: product, ...errors } } },
    // The database builds this JSON (product-detail.ts): sent as it is, not parsed and serialised again.
    async (req, reply) => sendJsonText(reply, await catalogue.getProductJson(req.params.id)),
  );
};
