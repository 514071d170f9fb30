import type { ContributionPhotoKind } from '@etiqueta/contracts';
import { useEffect, useMemo } from 'react';

import type { ContributionInput } from '../api/send-contribution';

/** An object URL per chosen photo, revoked when the photo changes or the form goes. */
export const usePhotoPreviews = (photos: ContributionInput['photos']) => {
  const urls = useMemo(
    () => Object.fromEntries(Object.entries(photos).map(([kind, file]) => [kind, file ? URL.createObjectURL(file) : undefined])),
    [photos],
  ) as Partial<Record<ContributionPhotoKind, string>>;
  useEffect(() => () => Object.values(urls).forEach((url) => url && URL.revokeObjectURL(url)), [urls]);
  return urls;
};
