import { apiPaths } from '@etiqueta/contracts';
import type { AdminUser } from '@etiqueta/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiJson } from '@/lib/api-client';


export type UserChange = { role?: AdminUser['role']; accessStatus?: AdminUser['accessStatus'] };
export type UpdateUserInput = { id: number; change: UserChange };

export const updateUser = ({ id, change }: UpdateUserInput): Promise<AdminUser> =>
  apiJson(apiPaths.admin.user(id), { method: 'PATCH', json: change });

export const useUpdateUser = ({ onSuccess }: { onSuccess?: (user: AdminUser) => void } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: async (user) => {
      await queryClient.invalidateQueries({ queryKey: [apiPaths.admin.users] });
      onSuccess?.(user);
    },
  });
};
