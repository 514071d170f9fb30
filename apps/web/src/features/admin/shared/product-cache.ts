import { PRODUCT_DATA_PATHS } from '@etiqueta/contracts';
import type { QueryKey } from '@tanstack/react-query';

/** Whether a cached read shows product data that an edit or a re-scoring can change. */
export const isProductDataQuery = (queryKey: QueryKey): boolean => {
  const [address] = queryKey;
  return typeof address === 'string' && PRODUCT_DATA_PATHS.some((prefix) => address.startsWith(prefix));
};
