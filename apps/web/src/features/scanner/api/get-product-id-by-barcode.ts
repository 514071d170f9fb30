import { apiPaths } from '@etiqueta/contracts';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';

import { ApiError, apiJson } from '@/lib/api-client';

export const BARCODE_NOT_FOUND_MESSAGE = 'Producto no encontrado para este código de barras';
export const BARCODE_LOOKUP_ERROR_MESSAGE = 'Error al buscar el producto';


/** GET /api/search/barcode/{code} → the product's id (spec §7). A 404 means no product has that code. */
export const getProductIdByBarcode = async (code: string, signal?: AbortSignal): Promise<number> =>
  (await apiJson<{ id: number }>(apiPaths.search.barcode(code), { signal })).id;

export const productIdByBarcodeQueryOptions = (code: string) =>
  queryOptions({
    queryKey: [apiPaths.search.barcode(code)],
    queryFn: ({ signal }) => getProductIdByBarcode(code, signal),
  });

/** What a failed lookup tells the shopper (spec §8): 404 is "not found", anything else a generic error. */
export const barcodeLookupErrorMessage = (error: unknown) =>
  error instanceof ApiError && error.status === 404 ? BARCODE_NOT_FOUND_MESSAGE : BARCODE_LOOKUP_ERROR_MESSAGE;

type LookupOptions = {
  /** How the failure is shown; the spec says an alert. */
  alert?: (message: string) => void;
};

/** Looks a scanned code up and opens /product/{id}, or alerts (spec §2, §8). */
export const useBarcodeLookup = ({ alert = (message) => window.alert(message) }: LookupOptions = {}) => {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (code: string) => {
      let id: number;
      try {
        id = await queryClient.fetchQuery(productIdByBarcodeQueryOptions(code));
      } catch (error) {
        alert(barcodeLookupErrorMessage(error));
        return;
      }
      await navigate(`/product/${id}`);
    },
    [queryClient, navigate, alert],
  );
};
