import { describe, expect, it } from 'vitest';

import { DEFAULT_LISTING_CHOICE, listingProductsQueryOptions } from './get-listing-products';
import { ApiError } from '@/lib/api-client';

import { retrySub2categories, sub2categoriesQueryOptions, sub2categoriesRetryDelay } from './get-sub2categories';

const minutes = (n: number) => n * 60 * 1000;

describe('per-call cache rules of spec §7', () => {
  it('caches subcategory products for 5 minutes, one entry per chip, filters and order', () => {
    const cereales = { kind: 'subcategory', slug: 'cereales' } as const;
    const all = listingProductsQueryOptions(cereales, DEFAULT_LISTING_CHOICE);
    const oats = listingProductsQueryOptions(cereales, { ...DEFAULT_LISTING_CHOICE, sub2category: 'Granolas y muesli' });
    const narrowed = listingProductsQueryOptions(cereales, {
      sub2category: 'Avenas',
      filters: ['sin-aditivos-riesgosos'],
      sugarMaxG: 0,
      sort: 'name',
      betterThan: 6315,
    });
    expect(all.staleTime).toBe(minutes(5));
    expect(all.queryKey).toEqual(['/api/subcategories/cereales/products']);
    expect(oats.queryKey).toEqual(['/api/subcategories/cereales/products?sub2categories=Granolas+y+muesli']);
    expect(narrowed.queryKey).toEqual([
      '/api/subcategories/cereales/products?sub2categories=Avenas&filters=sin-aditivos-riesgosos&sugarMaxG=0&sort=name&betterThan=6315',
    ]);
  });

  it('caches the chips for 10 minutes and retries them 3 times, unless the answer was a 4xx', () => {
    const options = sub2categoriesQueryOptions('cereales');
    expect(options.staleTime).toBe(minutes(10));
    expect(options.retry).toBe(retrySub2categories);
    const unavailable = new ApiError(503, 'Service Unavailable', '');
    expect([0, 1, 2, 3].map((failures) => retrySub2categories(failures, unavailable))).toEqual([true, true, true, false]);
    expect(retrySub2categories(0, new TypeError('Failed to fetch'))).toBe(true);
    // A subcategory that does not exist will not exist on the next try either.
    expect(retrySub2categories(0, new ApiError(404, 'Not Found', ''))).toBe(false);
    expect(options.queryKey).toEqual(['/api/subcategories/cereales/sub2categories']);
  });

  it.each([
    [0, 1000],
    [1, 2000],
    [2, 4000],
    [4, 16_000],
    [5, 30_000],
    [9, 30_000],
  ])('backs off exponentially, capped at 30 s: failure %i waits %i ms', (failures, delay) => {
    expect(sub2categoriesRetryDelay(failures)).toBe(delay);
  });

  it('keeps the default read rules for category products (never stale, no retry)', () => {
    const options = listingProductsQueryOptions({ kind: 'category', slug: 'snacks' }, DEFAULT_LISTING_CHOICE);
    expect(options.staleTime).toBeUndefined();
    expect(options.retry).toBeUndefined();
  });
});
