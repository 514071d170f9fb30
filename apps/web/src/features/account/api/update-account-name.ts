import { apiPaths, type AccountData, type AccountNamePatch } from '@etiqueta/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiJson } from '@/lib/api-client';
import { setAndRefetchOthers } from '@/lib/query-client';

import { accountQueryOptions } from './get-account';

export const updateAccountName = (name: AccountNamePatch): Promise<AccountData> =>
  apiJson(apiPaths.account.me, { method: 'PATCH', json: name });

/** The answer is the whole account as it now stands; every other read may show the name, so all refresh. */
export const useUpdateAccountName = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccountName,
    onSuccess: (data) => setAndRefetchOthers(queryClient, accountQueryOptions().queryKey, data),
  });
};
