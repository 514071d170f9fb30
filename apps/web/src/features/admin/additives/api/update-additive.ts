import { apiPaths } from '@etiqueta/contracts';
import type { AdditiveWrite, AdditiveWriteResponse } from '@etiqueta/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiJson } from '@/lib/api-client';

import { afterAdditiveChange } from './after-additive-change';

export type UpdateAdditiveInput = { id: number; data: AdditiveWrite };

export const updateAdditive = ({ id, data }: UpdateAdditiveInput): Promise<AdditiveWriteResponse> =>
  apiJson(apiPaths.additives.one(id), { method: 'PATCH', json: data });

export const useUpdateAdditive = ({
  onSuccess,
}: { onSuccess?: (result: AdditiveWriteResponse) => void } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdditive,
    onSuccess: (result) => {
      // Not awaited: on PGlite a re-scoring holds the database, and the dialog must not wait for it.
      afterAdditiveChange(queryClient, 'updated', result);
      onSuccess?.(result);
    },
  });
};
