import { apiPaths } from '@etiqueta/contracts';
import type { SignupRequest, SignupResponse } from '@etiqueta/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiJson } from '@/lib/api-client';

import { signupStatusQueryOptions } from './get-signup-status';

export type SignupList = 'beta' | 'waitlist';

/** Spec §4, §7: POST to the beta list while places are open, to the waiting list otherwise. */
export const createSignup = ({
  list,
  body,
}: {
  list: SignupList;
  body: SignupRequest;
}): Promise<SignupResponse> => apiJson(apiPaths.signup.join(list), { method: 'POST', json: body });

export const useCreateSignup = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSignup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: signupStatusQueryOptions().queryKey }),
  });
};
