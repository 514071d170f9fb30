import { apiPaths } from '@etiqueta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { addressQuery } from '@/lib/api-client';

export type { AuthStatusResponse as AuthStatus, AuthUser, Role as UserRole } from '@etiqueta/contracts';

/**
 * Spec §7: the auth status is cached for 5 minutes (every other read is never stale).
 * A failed check is not re-run each time another component reads it: the gate and the login screen
 * both read it, and re-running on mount would swap one for the other forever.
 */
export const authStatusQueryOptions = () =>
  queryOptions({
    ...addressQuery(apiPaths.auth.status),
    staleTime: 5 * 60 * 1000,
    retryOnMount: false,
  });

export const useAuthStatus = () => useQuery(authStatusQueryOptions());
