import { apiPaths } from '@etiqueta/contracts';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';

import { ApiError, apiJson } from '@/lib/api-client';

export const BARCODE_LOOKUP_ERROR_MESSAGE = 'Error al buscar el producto';
export const BARCODE_OFFLINE_MESSAGE = 'Sin conexión: revisa tu internet e intenta de nuevo.';
export const BARCODE_RETRY_LATER = 'Intenta de nuevo en un momento.';

/**
 * GET /api/search/barcode/{code} → the product's id (spec §7). For a code we lack, the server asks Open Food
 * Facts in the same request (it may take a few seconds); 404 means nobody has it, not even Open Food Facts.
 */
export const getProductIdByBarcode = async (code: string, signal?: AbortSignal): Promise<number> =>
  (await apiJson<{ id: number }>(apiPaths.search.barcode(code), { signal })).id;

export const productIdByBarcodeQueryOptions = (code: string) =>
  queryOptions({
    queryKey: [apiPaths.search.barcode(code)],
    queryFn: ({ signal }) => getProductIdByBarcode(code, signal),
  });

export type BarcodeLookupState =
  | { status: 'idle' }
  | { status: 'pending'; code: string }
  | { status: 'not-found'; code: string }
  | { status: 'error'; code: string; message: string };

/**
 * What a failed lookup tells the shopper. 404 is not an error but a product to add (issue 14: no more alert).
 * A 400 or 503 carries the server's Spanish message (503: Open Food Facts did not answer); a fetch that never
 * reached the server is "Sin conexión"; anything else the spec's 'Error al buscar el producto', never a raw body.
 */
export const barcodeLookupFailure = (code: string, error: unknown): BarcodeLookupState => {
  if (error instanceof ApiError) {
    if (error.status === 404) return { status: 'not-found', code };
    const message = error.status === 400 || error.status === 503 ? error.serverMessage : null;
    return { status: 'error', code, message: message ?? `${BARCODE_LOOKUP_ERROR_MESSAGE}. ${BARCODE_RETRY_LATER}` };
  }
  return { status: 'error', code, message: BARCODE_OFFLINE_MESSAGE };
};

/**
 * Looks a code up and calls `onFound` with the product's id; meanwhile and afterwards `state` says what is
 * happening. A newer lookup or `reset()` makes an older answer count for nothing.
 */
export const useBarcodeLookup = (onFound: (id: number) => void) => {
  const queryClient = useQueryClient();
  const [state, setState] = useState<BarcodeLookupState>({ status: 'idle' });
  const ticket = useRef(0);
  const onFoundRef = useRef(onFound);
  useEffect(() => {
    onFoundRef.current = onFound;
  });
  useEffect(
    () => () => {
      ticket.current += 1;
    },
    [],
  );

  const lookup = useCallback(
    async (code: string) => {
      ticket.current += 1;
      const mine = ticket.current;
      setState({ status: 'pending', code });
      try {
        const id = await queryClient.fetchQuery(productIdByBarcodeQueryOptions(code));
        if (mine === ticket.current) onFoundRef.current(id);
      } catch (error) {
        if (mine === ticket.current) setState(barcodeLookupFailure(code, error));
      }
    },
    [queryClient],
  );

  const reset = useCallback(() => {
    ticket.current += 1;
    setState({ status: 'idle' });
  }, []);

  return { state, lookup, reset };
};
