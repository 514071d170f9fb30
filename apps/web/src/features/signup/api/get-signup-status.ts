import { apiPaths } from '@etiqueta/contracts';
import type { SignupStatus } from '@etiqueta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiJson } from '@/lib/api-client';


/** Spec §4, §9: the places left are polled every 30 s (and re-read after each sign-up). */
export const SIGNUP_STATUS_POLL_MS = 30_000;

export const getSignupStatus = (signal?: AbortSignal): Promise<SignupStatus> =>
  apiJson(apiPaths.signup.status, { signal });

export const signupStatusQueryOptions = () =>
  queryOptions({
    queryKey: [apiPaths.signup.status],
    queryFn: ({ signal }) => getSignupStatus(signal),
    refetchInterval: SIGNUP_STATUS_POLL_MS,
  });

export const useSignupStatus = () => useQuery(signupStatusQueryOptions());
