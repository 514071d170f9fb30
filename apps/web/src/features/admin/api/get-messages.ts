import type { AdminContactMessage } from '@etiqueta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiJson } from '@/lib/api-client';

export const ADMIN_MESSAGES_ADDRESS = '/api/admin/messages';

export const getMessages = (signal?: AbortSignal): Promise<AdminContactMessage[]> =>
  apiJson<AdminContactMessage[]>(ADMIN_MESSAGES_ADDRESS, { signal });

export const messagesQueryOptions = () =>
  queryOptions({ queryKey: [ADMIN_MESSAGES_ADDRESS], queryFn: ({ signal }) => getMessages(signal) });

export const useMessages = () => useQuery(messagesQueryOptions());
