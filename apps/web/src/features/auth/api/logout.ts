import { apiPaths } from '@etiqueta/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';

import { authStatusQueryOptions, SIGNED_OUT } from './get-auth-status';

export const logout = async (): Promise<void> => {
  await apiFetch(apiPaths.auth.logout, { method: 'POST' });
};

export const useLogout = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      const authKey = authStatusQueryOptions().queryKey;
      queryClient.setQueryData(authKey, SIGNED_OUT);
      // Nothing a member saw stays in memory after signing out. (Not `clear()`: the screens watching
      // the auth status would keep the removed entry and never see the new one.)
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKey[0] });
    },
  });
};
