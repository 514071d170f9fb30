import { apiPaths } from '@etiqueta/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';
import { forgetSession } from '@/lib/query-client';

export const logout = async (): Promise<void> => {
  await apiFetch(apiPaths.auth.logout, { method: 'POST' });
};

export const useLogout = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: logout, onSuccess: () => forgetSession(queryClient) });
};
