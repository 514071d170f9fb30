import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import type { SearchService } from './search.service.ts';
import { endpointRoute } from '../../plugins/endpoint-table.ts';

/** Text search and barcode lookup: both start on the home page, so both are public. */
export const searchRoutes: FastifyPluginAsyncZod<{ search: SearchService }> = async (app, { search }) => {
  app.route({
    ...endpointRoute('GET /api/v1/search'),
    handler: (request) => search.search(request.query.q, request.query.limit, request.query.page),
  });

  app.route({
    ...endpointRoute('GET /api/search/barcode/:code'),
    handler: (request) => search.findByBarcode(request.params.code),
  });
};
