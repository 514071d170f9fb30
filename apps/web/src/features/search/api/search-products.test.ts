import { describe, expect, it } from 'vitest';

import { stubFetch } from '@/testing/render-app';

import { OFFLINE_MESSAGE } from '../../../lib/error-message';
import { searchFailedText, searchProducts, searchProductsQueryOptions } from './search-products';

describe('GET /api/v1/search from the results page (spec §7)', () => {
  it('asks for 30 results and caches them for 5 minutes', () => {
    const options = searchProductsQueryOptions('té verde');
    expect(options.queryKey).toEqual(['/api/v1/search?q=t%C3%A9+verde&limit=30']);
    expect(options.staleTime).toBe(5 * 60 * 1000);
  });

  it.each([400, 500, 503])('a %i is told in Spanish, without the status or the body', async (status) => {
    stubFetch({ '/api/v1/search': { status, body: 'detalle' } });
    const error = await searchProducts('pan', 30).catch((e: unknown) => e);
    expect(searchFailedText(error)).toBe('No pudimos buscar. Inténtalo de nuevo en un momento.');
  });

  it("a search that never got an answer says 'Sin conexión'", () => {
    expect(searchFailedText(new TypeError('Failed to fetch'))).toBe(OFFLINE_MESSAGE);
  });

  it('returns results and suggestions', async () => {
    stubFetch({ '/api/v1/search': { body: { results: [], suggestions: ['pan'] } } });
    await expect(searchProducts('pna', 30)).resolves.toEqual({ results: [], suggestions: ['pan'] });
  });
});
