import { apiPaths } from '@etiqueta/contracts';
import type { LoginRequest, LoginResponse } from '@etiqueta/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiJson } from '@/lib/api-client';
import { setAndRefetchOthers } from '@/lib/query-client';

import { authStatusQueryOptions } from './get-auth-status';

/**
 * POST /api/auth/login. A beta member signs in with the email alone; an account with a password
 * answers `passwordRequired` first and the same call is made again with it.
 */
export const login = (body: LoginRequest): Promise<LoginResponse> =>
  apiJson(apiPaths.auth.login, { method: 'POST', json: body });

export const useLogin = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: async (response) => {
      if (!response.authenticated) return;
      // Reads that failed while signed out (401) must run again now.
      await setAndRefetchOthers(queryClient, authStatusQueryOptions().queryKey, {
        authenticated: true,
        user: response.user,
      });
    },
  });
};
