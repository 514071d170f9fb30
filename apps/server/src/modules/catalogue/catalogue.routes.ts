import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { sendJsonText } from '../../lib/json-text.ts';
import type { CatalogueService } from './catalogue.service.ts';
import { endpointRoute } from '../../plugins/endpoint-table.ts';

/**
 * Catalogue reads. The category list is public (it is the home grid); everything past it is
 * for signed-in beta users, as the spec's client gates those screens.
 */
export const catalogueRoutes: FastifyPluginAsyncZod<{ catalogue: CatalogueService }> = async (app, { catalogue }) => {
  const signedIn = { onRequest: app.requireUser };
  // Hot reads (listings, the product page) answer JSON text that is serialised once (cached, or built by the
  // database): the response schemas document them in OpenAPI but do not re-serialise them.

  app.route({
    ...endpointRoute('GET /api/categories'),
    handler: () => catalogue.listCategories(),
  });

  app.route({
    ...endpointRoute('GET /api/categories/:slug'),
    ...signedIn,
    handler: (req) => catalogue.getCategory(req.params.slug),
  });

  app.route({
    ...endpointRoute('GET /api/categories/:slug/subcategories'),
    ...signedIn,
    handler: (req) => catalogue.listSubcategories(req.params.slug),
  });

  app.route({
    ...endpointRoute('GET /api/categories/:slug/products'),
    ...signedIn,
    handler: async (req, reply) => sendJsonText(reply, await catalogue.listCategoryProductsJson(req.params.slug, req.query)),
  });

  app.route({
    ...endpointRoute('GET /api/subcategories/:slug'),
    ...signedIn,
    handler: (req) => catalogue.getSubcategory(req.params.slug),
  });

  app.route({
    ...endpointRoute('GET /api/subcategories/:slug/products'),
    ...signedIn,
    handler: async (req, reply) => sendJsonText(reply, await catalogue.listSubcategoryProductsJson(req.params.slug, req.query)),
  });

  app.route({
    ...endpointRoute('GET /api/subcategories/:slug/sub2categories'),
    ...signedIn,
    handler: (req) => catalogue.listSub2categories(req.params.slug),
  });

  app.route({
    ...endpointRoute('GET /api/products/:id'),
    ...signedIn,
    // The database builds this JSON (product-detail.ts): sent as it is, not parsed and serialised again.
    handler: async (req, reply) => sendJsonText(reply, await catalogue.getProductJson(req.params.id)),
  });
};
