import { apiPaths } from '@etiqueta/contracts';
import type { AdditiveWrite, AdditiveWriteResponse } from '@etiqueta/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiJson } from '@/lib/api-client';

import { type AdditiveChange, afterAdditiveChange } from './after-additive-change';

export type UpdateAdditiveInput = { id: number; data: AdditiveWrite };

export const createAdditive = (input: AdditiveWrite): Promise<AdditiveWriteResponse> =>
  apiJson(apiPaths.additives.list, { method: 'POST', json: input });

export const updateAdditive = ({ id, data }: UpdateAdditiveInput): Promise<AdditiveWriteResponse> =>
  apiJson(apiPaths.additives.one(id), { method: 'PATCH', json: data });

export const deleteAdditive = (id: number): Promise<AdditiveWriteResponse> =>
  apiJson(apiPaths.additives.one(id), { method: 'DELETE' });

type WriteOptions = { onSuccess?: (result: AdditiveWriteResponse) => void };

/** A write to the additive catalogue, followed by what every such change needs (`afterAdditiveChange`). */
const useAdditiveWrite = <I>(
  change: AdditiveChange,
  write: (input: I) => Promise<AdditiveWriteResponse>,
  { onSuccess }: WriteOptions,
) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (result) => {
      // Not awaited: on PGlite a re-scoring holds the database, and the dialog must not wait for it.
      afterAdditiveChange(queryClient, change, result);
      onSuccess?.(result);
    },
  });
};

export const useCreateAdditive = (options: WriteOptions = {}) =>
  useAdditiveWrite('created', createAdditive, options);
export const useUpdateAdditive = (options: WriteOptions = {}) =>
  useAdditiveWrite('updated', updateAdditive, options);
export const useDeleteAdditive = (options: WriteOptions = {}) =>
  useAdditiveWrite('deleted', deleteAdditive, options);
