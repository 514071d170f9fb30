import type { QueryKey } from '@tanstack/react-query';

/** Addresses whose answers carry product scores: the admin table, product pages, listings, search. */
const PRODUCT_DATA_PREFIXES = ['/api/products', '/api/categories', '/api/subcategories', '/api/v1/search'];

/** Whether a cached read shows product data that an edit or a re-scoring can change. */
export const isProductDataQuery = (queryKey: QueryKey): boolean => {
  const [address] = queryKey;
  return typeof address === 'string' && PRODUCT_DATA_PREFIXES.some((prefix) => address.startsWith(prefix));
};

export const productAddress = (id: number) => `/api/products/${id}`;
