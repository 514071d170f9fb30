import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiJson } from '@/lib/api-client';

export type UserRole = 'user' | 'influencer' | 'admin';

export type AuthUser = {
  id: string;
  email: string;
  role: UserRole;
};

export type AuthStatus = {
  authenticated: boolean;
  user: AuthUser | null;
};

export const AUTH_STATUS_ADDRESS = '/api/auth/status';

export const getAuthStatus = (signal?: AbortSignal): Promise<AuthStatus> =>
  apiJson<AuthStatus>(AUTH_STATUS_ADDRESS, { signal });

/** Spec §7: the auth status is cached for 5 minutes (every other read is never stale). */
export const authStatusQueryOptions = () =>
  queryOptions({
    queryKey: [AUTH_STATUS_ADDRESS],
    queryFn: ({ signal }) => getAuthStatus(signal),
    staleTime: 5 * 60 * 1000,
  });

export const useAuthStatus = () => useQuery(authStatusQueryOptions());
