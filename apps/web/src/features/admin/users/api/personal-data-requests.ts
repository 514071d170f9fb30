import { apiPaths, type AccountExport, type PersonalDataRequest } from '@etiqueta/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiJson } from '@/lib/api-client';


export const exportPersonalData = (request: PersonalDataRequest): Promise<AccountExport> =>
  apiJson(apiPaths.admin.personalData.export, { method: 'POST', json: request });

export const erasePersonalData = (request: PersonalDataRequest) =>
  apiJson(apiPaths.admin.personalData.erase, { method: 'POST', json: request });

/** Serving a person's request by email (in the body, so it stays out of request logs);  (both are recorded in the audit log by the server). */
export const useExportPersonalData = () => useMutation({ mutationFn: exportPersonalData });

export const useErasePersonalData = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: erasePersonalData,
    onSuccess: () =>
      Promise.all(
        [apiPaths.admin.users, apiPaths.admin.signups, apiPaths.admin.messages, apiPaths.admin.errorReports].map((key) =>
          queryClient.invalidateQueries({ queryKey: [key] }),
        ),
      ),
  });
};
