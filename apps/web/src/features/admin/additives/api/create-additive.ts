import { apiPaths } from '@etiqueta/contracts';
import type { AdditiveWrite, AdditiveWriteResponse } from '@etiqueta/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiJson } from '@/lib/api-client';

import { afterAdditiveChange } from './after-additive-change';

export const createAdditive = (input: AdditiveWrite): Promise<AdditiveWriteResponse> =>
  apiJson(apiPaths.additives.list, { method: 'POST', json: input });

export const useCreateAdditive = ({
  onSuccess,
}: { onSuccess?: (result: AdditiveWriteResponse) => void } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdditive,
    onSuccess: (result) => {
      // Not awaited: on PGlite a re-scoring holds the database, and the dialog must not wait for it.
      afterAdditiveChange(queryClient, 'created', result);
      onSuccess?.(result);
    },
  });
};
