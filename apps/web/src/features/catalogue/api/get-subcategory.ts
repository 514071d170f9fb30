import { apiPaths } from '@etiqueta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { addressQuery } from '@/lib/api-client';

/** Spec §7: GET /api/subcategories/{slug}, for its name and parentCategory; default read rules. */
export const subcategoryQueryOptions = (slug: string) =>
  queryOptions(addressQuery(apiPaths.subcategories.one(slug)));

export const useSubcategory = (slug: string | undefined) =>
  useQuery({ ...subcategoryQueryOptions(slug ?? ''), enabled: Boolean(slug) });
