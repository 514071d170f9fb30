import type { APIRequestContext } from '@playwright/test';
import { apiPaths } from '@etiqueta/contracts';

/** Whether a code is an EAN-13 with a right check digit: one the fake camera can film. */
export const isEan13 = (code: string) => {
  if (!/^\d{13}$/.test(code)) return false;
  const digits = [...code].map(Number);
  const sum = digits.slice(0, 12).reduce((total, digit, index) => total + digit * (index % 2 === 0 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10 === digits[12];
};

/** The first candidate with an EAN-13 that the barcode lookup answers with that very product, if any. */
export const findScannable = async <T extends { id: number; barcode: string }>(
  request: APIRequestContext,
  candidates: T[],
): Promise<T | undefined> => {
  for (const candidate of candidates.filter((c) => isEan13(c.barcode))) {
    const lookup = await request.get(apiPaths.search.barcode(candidate.barcode));
    if (lookup.ok() && ((await lookup.json()) as { id: number }).id === candidate.id) return candidate;
  }
  return undefined;
};
