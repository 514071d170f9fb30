import { apiPaths } from '@etiqueta/contracts';
import type { ContactRequest } from '@etiqueta/contracts';
import { useMutation } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';

/** POST /api/contact; the answer is not shown (spec §7). */
export const sendContactMessage = async (body: ContactRequest): Promise<void> => {
  await apiFetch(apiPaths.contact, { method: 'POST', json: body });
};

export const useSendContactMessage = () => useMutation({ mutationFn: sendContactMessage });
