/**
 * What a contribution does to a product, in one place: the provisional product its sender sees at once and the
 * product an admin's approval writes are the same merge, so the score a shopper is shown while we review is the
 * score everyone sees once it is approved (unless the admin corrects a value).
 */
import { contributionNutrientFields, normalizeImages, type ContributionForm } from '@etiqueta/contracts';
import { missingPackParts, type NutriscoreCategory, type PackPart, UNKNOWN_ALLERGENS, UNKNOWN_DIETS, UNKNOWN_PRODUCT_INPUT } from '@etiqueta/domain';
import type { CompletedFields } from '../../db/schema.ts';
import type { ProductRow } from '../products/product.repository.ts';
import { photoUrl, type ContributionPhotoRow } from './contribution.repository.ts';

/** The product source of a product a shopper added (shown with the product; the sync never removes it). */
export const COMMUNITY_SOURCE = 'comunidad';

export const TEXT_FIELDS = ['name', 'brand', 'ingredients'] as const;
export type SentField = (typeof TEXT_FIELDS)[number] | (typeof contributionNutrientFields)[number];
export const SENT_FIELDS: readonly SentField[] = [...TEXT_FIELDS, ...contributionNutrientFields];

/** What a contribution carries, after an admin's corrections: the fields given (no empty ones) and the column. */
export type SentValues = { fields: Partial<Record<SentField, string | number>>; isLiquid: boolean | null };

/** A product the catalogue does not have yet: only what the shopper sent. */
export function blankProduct(barcode: string, now: Date): ProductRow {
  return {
    ...UNKNOWN_PRODUCT_INPUT,
    id: 0,
    barcode,
    name: '',
    brand: '',
    images: null,
    categoryId: null,
    subcategoryId: null,
    sub2categoryId: null,
    substituteFamily: 'other',
    isWater: false,
    isRedMeat: false,
    isLiquid: false,
    energyEstimated: false,
    carbohydratesG100: null,
    offAllergenTags: null,
    novaOverride: null,
    detectedAdditives: [],
    ultraprocessed: [],
    ingredientReading: null,
    novaGroup: null,
    nutriscore: null,
    healthScore: null,
    scoreReasons: [],
    seals: [],
    scoreVersion: null,
    allergens: { ...UNKNOWN_ALLERGENS },
    diets: { ...UNKNOWN_DIETS },
    searchText: '',
    source: COMMUNITY_SOURCE,
    sourceModifiedAt: null,
    lockedFields: [],
    completedFields: {},
    listedInRun: null,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * The product with what a contribution sent: each given field set and recorded as completed (with the value the
 * record held before it — OFF's — so the sync knows when OFF has a newer one), the column ("100 mL": a drink), and
 * the front photo when the product had none. The analysis is not run here: the caller scores the result.
 */
export function withContribution(
  base: ProductRow,
  sent: SentValues,
  photos: readonly ContributionPhotoRow[],
  contributionId: number,
): { row: ProductRow; changed: string[] } {
  const row: ProductRow = { ...base, completedFields: { ...base.completedFields } };
  const changed: string[] = [];
  const complete = (field: string, value: unknown) => {
    const target = row as Record<string, unknown>;
    const before = target[field];
    target[field] = value;
    changed.push(field);
    // The first shopper's "before" is OFF's value; a later completion of the same field keeps it.
    const earlier = base.completedFields[field];
    (row.completedFields)[field] = {
      was: earlier ? earlier.was : (before as CompletedFields[string]['was']),
      contributionId,
    };
  };
  for (const field of SENT_FIELDS) {
    const value = sent.fields[field];
    if (value === undefined || value === '' || value === base[field]) continue;
    complete(field, value);
  }
  if (changed.includes('energyKcal100')) row.energyEstimated = false;
  if (sent.isLiquid !== null && sent.isLiquid !== base.isLiquid) complete('isLiquid', sent.isLiquid);
  // A drink we add from nothing is scored as one (Nutri-Score's beverages); a known product keeps its category.
  if (base.id === 0 && row.isLiquid) row.nutriscoreCategory = 'beverage';

  const front = photos.find((p) => p.kind === 'front');
  const images = normalizeImages(base.images);
  if (front && images.primary === null) {
    const url = photoUrl(front.file);
    const gallery = [...images.gallery, ...photos.map((p) => photoUrl(p.file))];
    complete('images', { primary: url, thumbnail: url, gallery: [...new Set(gallery)] });
  }
  return { row, changed };
}

/** What a product lacks, as parts of its pack (the domain's rule, the one the completion form asks by). */
export const missingParts = (row: ProductRow): PackPart[] =>
  missingPackParts({
    ...row,
    nutriscoreCategory: row.nutriscoreCategory as NutriscoreCategory,
    hasFront: normalizeImages(row.images).primary !== null,
  });

export const PART_NAMES: Record<PackPart, string> = {
  front: 'el frente del envase',
  ingredients: 'la lista de ingredientes',
  nutrition: 'la tabla nutricional',
};

/**
 * A completion as a proposal: the fields (and the column) that differ from what the product has now; a value the
 * same as the catalogue's is not sent again, so the review shows and the approval merges only what changes.
 */
export function onlyChanges(form: ContributionForm, current: ProductRow): ContributionForm {
  const out: ContributionForm = { ...form };
  for (const field of SENT_FIELDS) {
    const value = form[field];
    if (value === undefined) continue;
    const now = current[field];
    if (typeof value === 'string' ? value.trim() === (now ?? '') : value === now) delete out[field];
  }
  if (form.per !== undefined && (form.per === '100 mL') === current.isLiquid) delete out.per;
  return out;
}
