import { useMutation } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';

import { ACCOUNT_ADDRESS } from './get-account';

export const deleteAccount = async (): Promise<void> => {
  await apiFetch(ACCOUNT_ADDRESS, { method: 'DELETE' });
};

/** The server ends every session of the account; the caller forgets the signed-in state (`onSuccess`). */
export const useDeleteAccount = ({ onSuccess }: { onSuccess: () => void }) =>
  useMutation({ mutationFn: deleteAccount, onSuccess });
