import { apiPaths } from '@etiqueta/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiJson } from '@/lib/api-client';


export type SetHandledInput = { id: number; handled: boolean };

export const setMessageHandled = ({ id, handled }: SetHandledInput) =>
  apiJson(apiPaths.admin.message(id), { method: 'PATCH', json: { handled } });

export const useSetMessageHandled = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMessageHandled,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [apiPaths.admin.messages] }),
  });
};
