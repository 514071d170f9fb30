import { apiPaths } from '@etiqueta/contracts';
import { useMutation } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';

export const deleteAccount = async (): Promise<void> => {
  await apiFetch(apiPaths.account.me, { method: 'DELETE' });
};

/** The server ends every session of the account; the caller forgets the signed-in state (`onSuccess`). */
export const useDeleteAccount = ({ onSuccess }: { onSuccess: () => void }) =>
  useMutation({ mutationFn: deleteAccount, onSuccess });
