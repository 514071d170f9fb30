import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiJson } from '@/lib/api-client';

import { ADMIN_SIGNUPS_ADDRESS } from './get-signups';
import { ADMIN_USERS_ADDRESS } from './get-users';

export const promoteSignup = (id: number): Promise<{ message: string }> =>
  apiJson<{ message: string }>(`${ADMIN_SIGNUPS_ADDRESS}/${id}/promote`, { method: 'POST' });

/** Moves someone from the waitlist into the beta: both lists change. */
export const usePromoteSignup = ({
  onSuccess,
}: { onSuccess?: (result: { message: string }) => void } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: promoteSignup,
    onSuccess: async (result) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [ADMIN_SIGNUPS_ADDRESS] }),
        queryClient.invalidateQueries({ queryKey: [ADMIN_USERS_ADDRESS] }),
      ]);
      onSuccess?.(result);
    },
  });
};
