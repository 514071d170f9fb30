import type { AccountExport, PersonalDataRequest } from '@etiqueta/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiJson } from '@/lib/api-client';

import { ADMIN_ERROR_REPORTS_ADDRESS } from './get-error-reports';
import { ADMIN_MESSAGES_ADDRESS } from './get-messages';
import { ADMIN_SIGNUPS_ADDRESS } from './get-signups';
import { ADMIN_USERS_ADDRESS } from './get-users';

/** The email goes in the body, never in the address: it stays out of request logs. */
export const PERSONAL_DATA_ADDRESS = '/api/admin/personal-data';

export const exportPersonalData = (request: PersonalDataRequest): Promise<AccountExport> =>
  apiJson<AccountExport>(`${PERSONAL_DATA_ADDRESS}/export`, { method: 'POST', json: request });

export const erasePersonalData = (request: PersonalDataRequest): Promise<{ message: string }> =>
  apiJson<{ message: string }>(`${PERSONAL_DATA_ADDRESS}/erase`, { method: 'POST', json: request });

/** Serving a person's request (both are recorded in the audit log by the server). */
export const useExportPersonalData = () => useMutation({ mutationFn: exportPersonalData });

export const useErasePersonalData = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: erasePersonalData,
    onSuccess: () =>
      Promise.all(
        [ADMIN_USERS_ADDRESS, ADMIN_SIGNUPS_ADDRESS, ADMIN_MESSAGES_ADDRESS, ADMIN_ERROR_REPORTS_ADDRESS].map((key) =>
          queryClient.invalidateQueries({ queryKey: [key] }),
        ),
      ),
  });
};
