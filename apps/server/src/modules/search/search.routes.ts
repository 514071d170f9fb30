import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { endpoints } from '@etiqueta/contracts';
import type { SearchService } from './search.service.ts';
import { endpointRoute } from '../../plugins/endpoint-table.ts';
import { addressKey } from '../limits/limits.service.ts';
import { OFF_LOOKUP_SHARES, type LookupAsker } from '../catalogue-import/off-live-lookup.ts';

/**
 * An answer the search service keeps (the same object while its index serves) is checked against its schema and
 * written as JSON; from its second request on, those bytes are kept and sent again. A popular search ('leche') is
 * then a lookup and a socket write, instead of a zod check and a `JSON.stringify` of 30 summaries every time
 * (docs/performance.md). An answer asked once, most of a varied search load, gets no kept copy: at ~1,300 such
 * searches a second, a Buffer each kept until the answer left the cache added 40–50 MB of RSS (issue 31).
 */
function sendOnce<S extends z.ZodType>(schema: S) {
  const bodies = new WeakMap<object, Buffer>();
  const sentOnce = new WeakSet<object>();
  return (reply: FastifyReply, answer: z.infer<S> & object) => {
    reply.type('application/json; charset=utf-8');
    let body = bodies.get(answer);
    if (body) return reply.send(body);
    const json = JSON.stringify(schema.parse(answer));
    if (!sentOnce.has(answer)) {
      sentOnce.add(answer);
      return reply.send(json);
    }
    bodies.set(answer, (body = Buffer.from(json)));
    return reply.send(body);
  };
}

/** Text search and barcode lookup: both start on the home page, so both are public. */
export const searchRoutes: FastifyPluginAsyncZod<{
  search: SearchService;
  /** Whether each client's share of the OFF budget is counted (off with RATE_LIMIT_PER_MINUTE=0, as tests do). */
  shares: boolean;
}> = async (app, { search, shares }) => {
  const sendResults = sendOnce(endpoints['GET /api/v1/search'].responses[200]);
  app.route({
    ...endpointRoute('GET /api/v1/search'),
    handler: async (request, reply) =>
      sendResults(reply, await search.search(request.query.q, request.query.limit, request.query.page)),
  });

  const sendSuggestions = sendOnce(endpoints['GET /api/v1/search/suggestions'].responses[200]);
  app.route({
    ...endpointRoute('GET /api/v1/search/suggestions'),
    handler: async (request, reply) => sendSuggestions(reply, await search.suggest(request.query.q)),
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
