import { apiPaths } from '@etiqueta/contracts';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';

import { ApiError, apiJson } from '@/lib/api-client';
import { isOfflineError } from '@/lib/error-message';

import { findKeptProductId, queueScan } from '../lib/pending-scans';

export const BARCODE_LOOKUP_ERROR_MESSAGE = 'Error al buscar el producto';
export const BARCODE_RETRY_LATER = 'Intenta de nuevo en un momento.';

/**
 * GET /api/search/barcode/{code} → the product's id (spec §7). For a code we lack, the server asks Open Food
 * Facts in the same request (it may take a few seconds); 404 means nobody has it: not even Open Food Facts, or
 * (code NOT_IN_CATALOGUE) not this catalogue, Open Food Facts not asked (live lookups off on this server).
 */
export const getProductIdByBarcode = async (code: string, signal?: AbortSignal): Promise<number> =>
  (await apiJson(apiPaths.search.barcode(code), { signal })).id;

export const productIdByBarcodeQueryOptions = (code: string) =>
  queryOptions({
    queryKey: [apiPaths.search.barcode(code)],
    queryFn: ({ signal }) => getProductIdByBarcode(code, signal),
  });

export type BarcodeLookupState =
  | { status: 'idle' }
  | { status: 'pending'; code: string }
  /** `askedOpenFoodFacts`: whether the server asked OFF, so the dialog never says OFF lacks a code nobody asked it for. */
  | { status: 'not-found'; code: string; askedOpenFoodFacts: boolean }
  /** Not in the catalogue, but this shopper sent it and it waits for review: no second "Agregar este producto". */
  | { status: 'in-review'; code: string; contributionId: number }
  /** Offline, and not a product this phone keeps: the code waits for the connection (pending-scans.ts). */
  | { status: 'queued'; code: string }
  | { status: 'error'; code: string; message: string };

/**
 * What a failed lookup tells the shopper (a fetch that never reached the server is not a failure: the code is
 * queued). 404 is not an error but a product to add (issue 14: no more alert). A 400, 429 or 503 carries the
 * server's Spanish message (429: this client's share of Open Food Facts lookups is spent for the minute; 503: Open
 * Food Facts did not answer); anything else the spec's 'Error al buscar el producto', never a raw body.
 */
export const barcodeLookupFailure = (code: string, error: unknown): BarcodeLookupState => {
  if (error instanceof ApiError && error.status === 404) {
    return { status: 'not-found', code, askedOpenFoodFacts: error.code !== 'NOT_IN_CATALOGUE' };
  }
  const serverMessage =
    error instanceof ApiError && [400, 429, 503].includes(error.status) ? error.serverMessage : null;
  return {
    status: 'error',
    code,
    message: serverMessage ?? `${BARCODE_LOOKUP_ERROR_MESSAGE}. ${BARCODE_RETRY_LATER}`,
  };
};

/**
 * The shopper's own contribution of this code still in review, if any (their Mi cuenta data lists what they sent,
 * from any device); signed out, offline or anything else: none, and the dialog offers to add it as before.
 */
export const findContributionInReview = async (code: string, signal?: AbortSignal): Promise<number | null> => {
  try {
    const account = await apiJson(apiPaths.account.me, { signal });
    const sent = account.contributions.filter((c) => c.status === 'pending' && c.barcode === code);
    return sent.at(-1)?.id ?? null;
  } catch {
    return null;
  }
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
        // No network, and the service worker had not kept this code's answer: a product kept on this phone
        // opens all the same; any other code waits for the connection.
        const keptId = isOfflineError(error) ? await findKeptProductId(code) : null;
        const failure = keptId === null && !isOfflineError(error) ? barcodeLookupFailure(code, error) : null;
        const inReview = failure?.status === 'not-found' ? await findContributionInReview(code) : null;
        if (mine !== ticket.current) return;
        if (keptId !== null) onFoundRef.current(keptId);
        else if (inReview !== null) setState({ status: 'in-review', code, contributionId: inReview });
        else if (failure) setState(failure);
        else {
          queueScan(code);
          setState({ status: 'queued', code });
        }
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
