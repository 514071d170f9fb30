import { apiPaths } from '@etiqueta/contracts';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';
import { forgetPersonalOfflineData } from '@/lib/offline-caches';

import { authStatusQueryOptions, SIGNED_OUT } from './get-auth-status';

export const logout = async (): Promise<void> => {
  await apiFetch(apiPaths.auth.logout, { method: 'POST' });
};

/**
 * After the session ends (sign-out, or the account erased): signed out, and nothing a member saw stays in
 * memory, nor in what the phone kept for offline use. (Not `clear()`: the screens watching the auth status would
 * keep the removed entry and never see the new one.)
 */
export const forgetSession = (queryClient: QueryClient) => {
  const authKey = authStatusQueryOptions().queryKey;
  queryClient.setQueryData(authKey, SIGNED_OUT);
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKey[0] });
  void forgetPersonalOfflineData();
};

export const useLogout = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: logout, onSuccess: () => forgetSession(queryClient) });
};
