import { apiPaths } from '@etiqueta/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiJson } from '@/lib/api-client';


export type SetReportHandledInput = { id: number; handled: boolean };

export const setErrorReportHandled = ({ id, handled }: SetReportHandledInput) =>
  apiJson(apiPaths.admin.errorReport(id), {
    method: 'PATCH',
    json: { handled },
  });

export const useSetErrorReportHandled = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setErrorReportHandled,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [apiPaths.admin.errorReports] }),
  });
};
