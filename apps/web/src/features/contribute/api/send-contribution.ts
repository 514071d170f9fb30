import {
  apiPaths,
  contributionPhotoField,
  type ContributionNutrientField,
  type ContributionPhotoKind,
  type ContributionReadings,
} from '@etiqueta/contracts';
import { useMutation } from '@tanstack/react-query';

import { apiJson } from '@/lib/api-client';

export type ContributionInput = {
  barcode: string;
  photos: Partial<Record<ContributionPhotoKind, File>>;
  /** What the shopper typed; empty strings are "not given" (the server reads a decimal comma too). */
  fields: Partial<Record<'name' | 'brand' | 'ingredients' | ContributionNutrientField, string>>;
  /** The table's column, as the label reader read it ("100 mL": a drink). */
  per?: '100 g' | '100 mL' | null;
  /** What the label reader read for each field, for the admin's side-by-side review. */
  readings?: ContributionReadings;
  /** The shopper agreed that, once approved, it goes to Open Food Facts (`OFF_CONSENT_TEXT`). */
  offConsent?: boolean;
};

/** POST /api/contributions as multipart: the photos and whatever the shopper read off the label. */
export const sendContribution = ({ barcode, photos, fields, per, readings, offConsent }: ContributionInput) => {
  const form = new FormData();
  form.append('barcode', barcode);
  form.append('offConsent', offConsent ? 'true' : 'false');
  if (per) form.append('per', per);
  if (readings && Object.keys(readings).length > 0) form.append('readings', JSON.stringify(readings));
  for (const [name, value] of Object.entries(fields)) {
    if (value?.trim()) form.append(name, value.trim());
  }
  for (const [kind, file] of Object.entries(photos) as [ContributionPhotoKind, File | undefined][]) {
    if (file) form.append(contributionPhotoField[kind], file, file.name);
  }
  return apiJson(apiPaths.contributions, { method: 'POST', form });
};

export const useSendContribution = () => useMutation({ mutationFn: sendContribution });
