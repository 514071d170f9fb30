import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testDatabaseKind, type TestApp } from '../../test/helpers.ts';

describe(`OpenAPI documentation (${testDatabaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('documents every API route from the same contracts the routes validate with', async () => {
    const res = await t.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of ['/api/health', '/api/auth/login', '/api/signup/beta', '/api/categories', '/api/products/{id}', '/api/additives', '/api/v1/search']) {
      expect(Object.keys(doc.paths), path).toContain(path);
    }
    expect(JSON.stringify(doc.paths['/api/signup/beta'])).toContain('firstName');
  });

  it('serves the interactive documentation page', async () => {
    const res = await t.app.inject('/api/docs');
    expect([200, 302]).toContain(res.statusCode);
  });
});
