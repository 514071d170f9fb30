import { apiPaths } from '@etiqueta/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiJson } from '@/lib/api-client';


export const promoteSignup = (id: number) =>
  apiJson(apiPaths.admin.promoteSignup(id), { method: 'POST' });

/** Moves someone from the waitlist into the beta: both lists change. */
export const usePromoteSignup = ({
  onSuccess,
}: { onSuccess?: (result: { message: string }) => void } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: promoteSignup,
    onSuccess: async (result) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [apiPaths.admin.signups] }),
        queryClient.invalidateQueries({ queryKey: [apiPaths.admin.users] }),
      ]);
      onSuccess?.(result);
    },
  });
};
