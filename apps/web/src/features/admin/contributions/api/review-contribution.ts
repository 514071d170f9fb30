import { apiPaths, type ContributionApproval } from '@etiqueta/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiJson } from '@/lib/api-client';

import { isContributionsQuery } from './get-contributions';
import { isProductDataQuery } from '../../shared/product-cache';

export const approveContribution = ({ id, corrections }: { id: number; corrections: ContributionApproval }) =>
  apiJson(apiPaths.admin.approveContribution(id), {
    method: 'POST',
    json: corrections,
  });

export const rejectContribution = ({ id, reason }: { id: number; reason: string }) =>
  apiJson(apiPaths.admin.rejectContribution(id), { method: 'POST', json: { reason } });

/**
 * A review action: once it succeeds the contribution lists are refetched, and with `products` (it changed the
 * catalogue) every product list, page and search too.
 */
const useReviewAction = <Variables, Result>(
  mutationFn: (variables: Variables) => Promise<Result>,
  { products = false }: { products?: boolean } = {},
) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ predicate: (query) => isContributionsQuery(query.queryKey) });
      if (products)
        await queryClient.invalidateQueries({ predicate: (query) => isProductDataQuery(query.queryKey) });
    },
  });
};

/** Approving adds a product: the contribution lists and every product list and search are refetched. */
export const useApproveContribution = () => useReviewAction(approveContribution, { products: true });

export const useRejectContribution = () => useReviewAction(rejectContribution);

/** "Visto": a trusted publication stands; it may go to Open Food Facts now. */
export const useSeenContribution = () =>
  useReviewAction((id: number) => apiJson(apiPaths.admin.seenContribution(id), { method: 'POST' }));

/** "Revertir": the product returns to what it was; its lists, pages and searches are refetched. */
export const useRevertContribution = () =>
  useReviewAction((id: number) => apiJson(apiPaths.admin.revertContribution(id), { method: 'POST' }), {
    products: true,
  });

/** "Reintentar envío": a sending to Open Food Facts in error is queued again now. */
export const useRetryOffSending = () =>
  useReviewAction((id: number) => apiJson(apiPaths.admin.retryOffSending(id), { method: 'POST' }));
