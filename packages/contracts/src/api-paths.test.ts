import { describe, expect, it } from 'vitest';
import { apiPaths } from './api-paths.ts';

describe('API addresses', () => {
  it('encode path segments and query values as the browser does', () => {
    expect(apiPaths.products.one(12)).toBe('/api/products/12');
    expect(apiPaths.categories.one('lácteos y huevos')).toBe('/api/categories/l%C3%A1cteos%20y%20huevos');
    expect(apiPaths.search.text("leche (entera) de 1'5 l!", 8)).toBe(
      '/api/v1/search?q=leche+%28entera%29+de+1%275+l%21&limit=8',
    );
  });

  it('leave the sub-subcategory filter out when there is none, so the unfiltered listing has one cache entry', () => {
    expect(apiPaths.subcategories.products('leches')).toBe('/api/subcategories/leches/products');
    expect(apiPaths.subcategories.products('leches', { sub2categories: null, filters: [], sort: 'score', page: 1 })).toBe(
      '/api/subcategories/leches/products',
    );
    expect(
      apiPaths.categories.products('snacks', { filters: ['sin-aditivos-riesgosos', 'ancestral-natural'], sugarMaxG: 0, sort: 'name', page: 3 }),
    ).toBe('/api/categories/snacks/products?filters=ancestral-natural%2Csin-aditivos-riesgosos&sugarMaxG=0&sort=name&page=3');
    expect(apiPaths.subcategories.products('leches', { sub2categories: 'Leche entera' })).toBe(
      '/api/subcategories/leches/products?sub2categories=Leche+entera',
    );
  });

  it('carry "Solo mejores que X" and the alternatives of a product', () => {
    expect(apiPaths.products.alternatives(12)).toBe('/api/products/12/alternatives');
    expect(apiPaths.subcategories.products('leches', { betterThan: 12 })).toBe(
      '/api/subcategories/leches/products?betterThan=12',
    );
    expect(apiPaths.subcategories.products('leches', { betterThan: null })).toBe('/api/subcategories/leches/products');
  });

  it('keep the history at one address (the offline cache matches it), with a search or a page only when asked', () => {
    expect(apiPaths.history.all).toBe('/api/history');
    expect(apiPaths.history.page({})).toBe('/api/history');
    expect(apiPaths.history.page({ q: '  ', cursor: null })).toBe('/api/history');
    expect(apiPaths.history.page({ q: ' leche colún ', cursor: '1764000000000-12' })).toBe(
      '/api/history?q=leche+col%C3%BAn&cursor=1764000000000-12',
    );
    expect(apiPaths.history.entry(7)).toBe('/api/history/7');
  });
});
