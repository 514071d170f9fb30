import { apiPaths } from '@etiqueta/contracts';
import type { AdminContactMessage } from '@etiqueta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiJson } from '@/lib/api-client';


export const getMessages = (signal?: AbortSignal): Promise<AdminContactMessage[]> =>
  apiJson(apiPaths.admin.messages, { signal });

export const messagesQueryOptions = () =>
  queryOptions({ queryKey: [apiPaths.admin.messages], queryFn: ({ signal }) => getMessages(signal) });

export const useMessages = () => useQuery(messagesQueryOptions());
