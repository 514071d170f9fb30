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

/** Approving adds a product: the contribution lists and every product list and search are refetched. */
export const useApproveContribution = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveContribution,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ predicate: (query) => isContributionsQuery(query.queryKey) });
      await queryClient.invalidateQueries({ predicate: (query) => isProductDataQuery(query.queryKey) });
    },
  });
};

export const useRejectContribution = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectContribution,
    onSuccess: () => queryClient.invalidateQueries({ predicate: (query) => isContributionsQuery(query.queryKey) }),
  });
};

/** "Visto": a trusted publication stands; it may go to Open Food Facts now. */
export const useSeenContribution = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiJson(apiPaths.admin.seenContribution(id), { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ predicate: (query) => isContributionsQuery(query.queryKey) }),
  });
};

/** "Revertir": the product returns to what it was; its lists, pages and searches are refetched. */
export const useRevertContribution = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiJson(apiPaths.admin.revertContribution(id), { method: 'POST' }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ predicate: (query) => isContributionsQuery(query.queryKey) });
      await queryClient.invalidateQueries({ predicate: (query) => isProductDataQuery(query.queryKey) });
    },
  });
};

/** "Reintentar envío": a sending to Open Food Facts in error is queued again now. */
export const useRetryOffSending = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiJson(apiPaths.admin.retryOffSending(id), { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ predicate: (query) => isContributionsQuery(query.queryKey) }),
  });
};
