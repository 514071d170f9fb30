import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiPaths } from './api-paths.ts';
import { endpointKeys, endpointPathPattern, endpoints, HTTP_METHODS, splitEndpointKey, type EndpointKey, type EndpointSpec } from './endpoints.ts';

describe('the endpoint table', () => {
  it.each(endpointKeys)("%s: a method, an /api path, and params named as the path's", (key) => {
    const { method, path } = splitEndpointKey(key);
    expect(HTTP_METHODS).toContain(method);
    expect(path).toMatch(/^\/api\/[a-z0-9/:.-]+$/i);
    const spec: EndpointSpec = endpoints[key];
    const named = [...path.matchAll(/:(\w+)/g)].map((m) => m[1]).sort();
    const declared = spec.params instanceof z.ZodObject ? Object.keys(spec.params.shape).sort() : [];
    expect(declared).toEqual(named);
    expect(spec.tags.length).toBeGreaterThan(0);
  });

  const endpointPattern = (...keys: EndpointKey[]) => new RegExp(`^${endpointPathPattern(...keys)}$`);

  it('matches the addresses of its paths, one segment per param, and nothing around them', () => {
    const product = endpointPattern('GET /api/products/:id');
    expect(product.test(apiPaths.products.one(12))).toBe(true);
    expect(product.test(apiPaths.products.alternatives(12))).toBe(false);
    expect(product.test('/api/products')).toBe(false);
    expect(product.test('/x/api/products/12')).toBe(false);
    const catalogue = endpointPattern('GET /api/categories/:slug', 'GET /api/subcategories/:slug/products');
    expect(catalogue.test(apiPaths.categories.one('lácteos y huevos'))).toBe(true);
    expect(catalogue.test('/api/subcategories/leches/products')).toBe(true);
    expect(catalogue.test('/api/categories/leches/products')).toBe(false);
    expect(endpointPattern('GET /api/v1/search').test('/api/v1/search')).toBe(true);
    expect(endpointPattern('GET /api/v1/search').test('/api/v1xsearch')).toBe(false);
  });
});
