import { apiPaths, LABEL_PHOTO_FIELD, type LabelPart, type LabelReading } from '@etiqueta/contracts';

import { apiJson } from '@/lib/api-client';

/** POST /api/contributions/read-label: one photo of the ingredient list or of the table, read by the server. */
export const readLabel = (photo: File, part: LabelPart): Promise<LabelReading> => {
  const form = new FormData();
  form.append('part', part);
  form.append(LABEL_PHOTO_FIELD, photo, photo.name);
  return apiJson(apiPaths.readLabel, { method: 'POST', form });
};
