import { apiPaths } from '@etiqueta/contracts';
import type { AdditiveWriteResponse } from '@etiqueta/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiJson } from '@/lib/api-client';

import { afterAdditiveChange } from './after-additive-change';

export const deleteAdditive = (id: number): Promise<AdditiveWriteResponse> =>
  apiJson(apiPaths.additives.one(id), { method: 'DELETE' });

export const useDeleteAdditive = ({
  onSuccess,
}: { onSuccess?: (result: AdditiveWriteResponse) => void } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAdditive,
    onSuccess: (result) => {
      // Not awaited: on PGlite a re-scoring holds the database, and the dialog must not wait for it.
      afterAdditiveChange(queryClient, 'deleted', result);
      onSuccess?.(result);
    },
  });
};
