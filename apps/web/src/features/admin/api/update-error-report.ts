import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiJson } from '@/lib/api-client';

import { ADMIN_ERROR_REPORTS_ADDRESS } from './get-error-reports';

export type SetReportHandledInput = { id: number; handled: boolean };

export const setErrorReportHandled = ({ id, handled }: SetReportHandledInput): Promise<{ message: string }> =>
  apiJson<{ message: string }>(`${ADMIN_ERROR_REPORTS_ADDRESS}/${id}`, {
    method: 'PATCH',
    json: { handled },
  });

export const useSetErrorReportHandled = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setErrorReportHandled,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ADMIN_ERROR_REPORTS_ADDRESS] }),
  });
};
