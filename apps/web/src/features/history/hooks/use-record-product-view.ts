import { apiPaths, type HistoryVia } from '@etiqueta/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

import { apiFetch } from '@/lib/api-client';

import { refreshHistory } from '../api/get-history';

/**
 * Records one view of the product per visit (a visit is one entry of the browser history): fire and forget,
 * after the page has started, never awaited and never shown when it fails (offline, signed out, rate limit).
 * `via` is how the product was reached (scanned or opened), which the route reads from the navigation state.
 */
export const useRecordProductView = (productId: string, via: HistoryVia) => {
  const location = useLocation();
  const queryClient = useQueryClient();
  const recorded = useRef<string | null>(null);

  useEffect(() => {
    const id = Number(productId);
    const visit = `${location.key}:${productId}`;
    if (!Number.isInteger(id) || id <= 0 || recorded.current === visit) return;
    recorded.current = visit;
    apiFetch(apiPaths.history.all, { method: 'POST', json: { productId: id, via }, keepalive: true }).then(
      () => void refreshHistory(queryClient),
      () => undefined,
    );
  }, [productId, location.key, via, queryClient]);
};
