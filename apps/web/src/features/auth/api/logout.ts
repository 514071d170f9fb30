import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';

import { authStatusQueryOptions, SIGNED_OUT } from './get-auth-status';

export const logout = async (): Promise<void> => {
  await apiFetch('/api/auth/logout', { method: 'POST' });
};

export const useLogout = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      // Nothing a member saw stays in memory after signing out.
      queryClient.clear();
      queryClient.setQueryData(authStatusQueryOptions().queryKey, SIGNED_OUT);
    },
  });
};
