import { contributionNutrientFields, normalizeImages, type ContributionPhotoKind, type Product } from '@etiqueta/contracts';
import { missingPackParts } from '@etiqueta/domain';

import type { ContributionInput } from './api/send-contribution';

export type FieldName = keyof ContributionInput['fields'];

/**
 * What the catalogue already has of a product a shopper completes: its values as the form shows them (a decimal
 * comma, per 100 g or 100 mL) and the parts of the pack it lacks — the only photos the form asks for.
 */
export type KnownProduct = {
  values: Partial<Record<FieldName, string>>;
  isLiquid: boolean;
  missing: readonly ContributionPhotoKind[];
};

/** A value as the shopper reads it on a Chilean label: a decimal comma. */
export const decimal = (value: number) => String(value).replace('.', ',');

export const knownProduct = (product: Product): KnownProduct => {
  const values: KnownProduct['values'] = {};
  if (product.name.trim()) values.name = product.name;
  if (product.brand.trim()) values.brand = product.brand;
  if (product.ingredients?.trim()) values.ingredients = product.ingredients;
  for (const field of contributionNutrientFields) {
    const value = product[field];
    if (value !== null) values[field] = decimal(value);
  }
  const missing = missingPackParts({ ...product, hasFront: normalizeImages(product.images).primary !== null });
  return { values, isLiquid: product.isLiquid, missing };
};
