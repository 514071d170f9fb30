import { describe, expect, it } from 'vitest';
import { endpointKeys, endpoints, splitEndpointKey, type EndpointSpec } from '@etiqueta/contracts';
import { sharedTestApp, testDatabaseKind } from '../../test/helpers.ts';

describe(`OpenAPI documentation (${testDatabaseKind})`, () => {
  const t = sharedTestApp();

  it('documents every endpoint of the table, with its method and each status it answers', async () => {
    const res = await t.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json<{
      openapi: string;
      paths: Record<string, Record<string, { responses?: Record<string, unknown>; summary?: string }>>;
    }>();
    expect(doc.openapi).toMatch(/^3\./);
    for (const key of endpointKeys) {
      const { method, path } = splitEndpointKey(key);
      const operation = doc.paths[path.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
      expect(operation, key).toBeDefined();
      const spec: EndpointSpec = endpoints[key];
      expect(Object.keys(operation?.responses ?? {}).sort(), key).toEqual(
        expect.arrayContaining(Object.keys(spec.responses)),
      );
      if (spec.summary) expect(operation?.summary, key).toBe(spec.summary);
    }
    expect(JSON.stringify(doc.paths['/api/signup/beta'])).toContain('firstName');
  });

  it('serves the interactive documentation page', async () => {
    const res = await t.app.inject('/api/docs');
    expect([200, 302]).toContain(res.statusCode);
  });
});
