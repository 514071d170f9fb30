import { apiPaths } from '@etiqueta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { addressQuery } from '@/lib/api-client';

export const messagesQueryOptions = () => queryOptions(addressQuery(apiPaths.admin.messages));

export const useMessages = () => useQuery(messagesQueryOptions());
