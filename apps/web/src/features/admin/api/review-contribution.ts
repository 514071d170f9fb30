import { apiPaths, type ContributionApproval } from '@etiqueta/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiJson } from '@/lib/api-client';

import { isContributionsQuery } from './get-contributions';
import { isProductDataQuery } from './product-cache';

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
