import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import {
  endpointKeys,
  endpoints,
  splitEndpointKey,
  type EndpointKey,
  type Endpoints,
  type EndpointSpec,
  type MethodOf,
  type PathOf,
} from '@etiqueta/contracts';

type Schema<E extends EndpointSpec> = {
  tags: E['tags'];
  summary?: string;
  description?: string;
  consumes?: readonly string[];
  params: E extends { params: infer S } ? S : undefined;
  querystring: E extends { query: infer S } ? S : undefined;
  body: E extends { body: infer S } ? S : undefined;
  response: E['responses'];
};

/**
 * A route's method, URL and schema (params, query, body, answers per status, OpenAPI's words), from its entry in
 * the endpoint table (packages/contracts/src/endpoints.ts). Route plugins spread it into `app.route` and add the
 * guard, the rate limit and the handler: `app.route({ ...endpointRoute('GET /api/health'), handler })`.
 */
export function endpointRoute<K extends EndpointKey>(
  key: K,
): { method: MethodOf<K>; url: PathOf<K>; schema: Schema<Endpoints[K]> } {
  const spec: EndpointSpec | undefined = endpoints[key];
  if (!spec) throw new Error(`${key} is not in the endpoint table (packages/contracts/src/endpoints.ts)`);
  const { method, path } = splitEndpointKey(key);
  const schema = {
    tags: spec.tags,
    ...(spec.summary && { summary: spec.summary }),
    ...(spec.description && { description: spec.description }),
    ...(spec.consumes && { consumes: spec.consumes }),
    ...(spec.params && { params: spec.params }),
    ...(spec.query && { querystring: spec.query }),
    ...(spec.body && { body: spec.body }),
    response: spec.responses,
  };
  return { method, url: path, schema: schema as Schema<Endpoints[K]> };
}

/** An address of the API (and not its documentation pages, which @fastify/swagger-ui serves). */
const isEndpointUrl = (url: string) =>
  url.startsWith('/api/') && url !== '/api/docs' && !url.startsWith('/api/docs/');

/**
 * The endpoint table holds the line: registering an API route the table lacks, or one whose schema is not its
 * entry's, throws; an app that is ready with an entry no route serves fails to start. So a route cannot be added,
 * moved or dropped on the server without the table (and so the web app's types, the service worker and OpenAPI)
 * following. Registered first, before any route plugin.
 */
export const endpointTable = fp(async (app: FastifyInstance) => {
  const served = new Set<string>();
  app.addHook('onRoute', (route) => {
    if (!isEndpointUrl(route.url)) return;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue; // Fastify's own HEAD twin of each GET
      const key = `${method} ${route.url}`;
      const spec = (endpoints as Record<string, EndpointSpec | undefined>)[key];
      if (!spec)
        throw new Error(
          `${key} is not in the endpoint table: add its entry to packages/contracts/src/endpoints.ts`,
        );
      if (route.schema?.response !== spec.responses) {
        throw new Error(
          `${key} must take its schema from the endpoint table: app.route({ ...endpointRoute('${key}'), … })`,
        );
      }
      served.add(key);
    }
  });
  app.addHook('onReady', async () => {
    const missing = endpointKeys.filter((key) => !served.has(key));
    if (missing.length > 0)
      throw new Error(`The endpoint table has entries no route serves: ${missing.join(', ')}`);
  });
});
