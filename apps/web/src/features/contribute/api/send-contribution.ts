import {
  apiPaths,
  contributionPhotoField,
  type ContributionNutrientField,
  type ContributionPhotoKind,
} from '@etiqueta/contracts';
import { useMutation } from '@tanstack/react-query';

import { apiJson } from '@/lib/api-client';

export type ContributionInput = {
  barcode: string;
  photos: Partial<Record<ContributionPhotoKind, File>>;
  /** What the shopper typed; empty strings are "not given" (the server reads a decimal comma too). */
  fields: Partial<Record<'name' | 'brand' | 'ingredients' | ContributionNutrientField, string>>;
};

/** POST /api/contributions as multipart: the photos and whatever the shopper read off the label. */
export const sendContribution = ({ barcode, photos, fields }: ContributionInput) => {
  const form = new FormData();
  form.append('barcode', barcode);
  for (const [name, value] of Object.entries(fields)) {
    if (value?.trim()) form.append(name, value.trim());
  }
  for (const [kind, file] of Object.entries(photos) as [ContributionPhotoKind, File | undefined][]) {
    if (file) form.append(contributionPhotoField[kind], file, file.name);
  }
  return apiJson(apiPaths.contributions, { method: 'POST', form });
};

export const useSendContribution = () => useMutation({ mutationFn: sendContribution });
