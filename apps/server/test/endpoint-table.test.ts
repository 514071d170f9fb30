import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from '@fastify/type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpointKeys, splitEndpointKey } from '@etiqueta/contracts';
import { endpointRoute, endpointTable } from '../src/plugins/endpoint-table.ts';
import { sharedTestApp, testDatabaseKind } from './helpers.ts';

/** A bare server holding the table's line, to show what it refuses. */
async function bareServer() {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(endpointTable);
  return app;
}

describe(`the endpoint table and the server's routes (${testDatabaseKind})`, () => {
  const t = sharedTestApp();

  it.each(endpointKeys)('%s is served by a route', (key) => {
    const { method, path } = splitEndpointKey(key);
    expect(t.app.hasRoute({ method, url: path })).toBe(true);
  });

  it('an address no route serves is told apart', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/no-existe', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json<{ message: string }>().message).toBe('No existe esa dirección de la API');
  });
});

describe('the table holds the line', () => {
  it('refuses an API route the table lacks', async () => {
    const app = await bareServer();
    expect(() => app.get('/api/not-in-the-table', () => ({}))).toThrow(/not in the endpoint table/);
    await app.close();
  });

  it("refuses a route of the table that declares its own schema instead of the entry's", async () => {
    const app = await bareServer();
    expect(() =>
      app.get('/api/health', { schema: { response: { 200: z.object({ status: z.string() }) } } }, () => ({ status: 'ok' })),
    ).toThrow(/must take its schema from the endpoint table/);
    await app.close();
  });

  it('fails to start while an entry of the table has no route', async () => {
    const app = await bareServer();
    app.route({ ...endpointRoute('GET /api/health'), handler: () => ({}) });
    await expect(app.ready()).rejects.toThrow(/entries no route serves: .*GET \/api\/auth\/status/);
    await app.close();
  });

  it("leaves alone what is not an endpoint: the API's documentation and the web app", async () => {
    const app = await bareServer();
    app.get('/api/docs/json', () => ({}));
    app.get('/product/:id', () => '');
    for (const key of endpointKeys) app.route({ ...endpointRoute(key), handler: () => ({}) });
    await expect(app.ready()).resolves.toBeDefined();
    await app.close();
  });
});
