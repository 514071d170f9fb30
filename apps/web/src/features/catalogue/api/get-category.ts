import { apiPaths } from '@etiqueta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { addressQuery } from '@/lib/api-client';

/** Spec §7: GET /api/categories/{slug}, for its name; default read rules (never stale, no retry). */
export const categoryQueryOptions = (slug: string) =>
  queryOptions(addressQuery(apiPaths.categories.one(slug)));

export const useCategory = (slug: string | undefined) =>
  useQuery({ ...categoryQueryOptions(slug ?? ''), enabled: Boolean(slug) });
