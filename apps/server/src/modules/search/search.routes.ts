import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import type { SearchService } from './search.service.ts';
import { endpointRoute } from '../../plugins/endpoint-table.ts';
import { addressKey } from '../limits/limits.service.ts';
import { OFF_LOOKUP_SHARES, type LookupAsker } from '../sync/off-live-lookup.ts';

/** Text search and barcode lookup: both start on the home page, so both are public. */
export const searchRoutes: FastifyPluginAsyncZod<{
  search: SearchService;
  /** Whether each client's share of the OFF budget is counted (off with RATE_LIMIT_PER_MINUTE=0, as tests do). */
  shares: boolean;
}> = async (app, { search, shares }) => {
  app.route({
    ...endpointRoute('GET /api/v1/search'),
    handler: (request) => search.search(request.query.q, request.query.limit, request.query.page),
  });

  app.route({
    ...endpointRoute('GET /api/v1/search/suggestions'),
    handler: (request) => search.suggest(request.query.q),
  });

  app.route({
    ...endpointRoute('GET /api/search/barcode/:code'),
    handler: (request) => {
      // Signed in: the account's share, whatever address it comes from; anonymous: the address's.
      const asker: LookupAsker | null = !shares
        ? null
        : request.user
          ? { key: `account:${request.user.id}`, rule: OFF_LOOKUP_SHARES.account }
          : { key: `address:${addressKey(request.ip)}`, rule: OFF_LOOKUP_SHARES.address };
      return search.findByBarcode(request.params.code, asker);
    },
  });
};
