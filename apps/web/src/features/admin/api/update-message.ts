import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiJson } from '@/lib/api-client';

import { ADMIN_MESSAGES_ADDRESS } from './get-messages';

export type SetHandledInput = { id: number; handled: boolean };

export const setMessageHandled = ({ id, handled }: SetHandledInput): Promise<{ message: string }> =>
  apiJson<{ message: string }>(`${ADMIN_MESSAGES_ADDRESS}/${id}`, { method: 'PATCH', json: { handled } });

export const useSetMessageHandled = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMessageHandled,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ADMIN_MESSAGES_ADDRESS] }),
  });
};
