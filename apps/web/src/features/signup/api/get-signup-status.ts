import { apiPaths } from '@etiqueta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { addressQuery } from '@/lib/api-client';

/** Spec §4, §9: the places left are polled every 30 s (and re-read after each sign-up). */
export const SIGNUP_STATUS_POLL_MS = 30_000;

export const signupStatusQueryOptions = () =>
  queryOptions({
    ...addressQuery(apiPaths.signup.status),
    refetchInterval: SIGNUP_STATUS_POLL_MS,
  });

export const useSignupStatus = () => useQuery(signupStatusQueryOptions());
