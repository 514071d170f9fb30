import { z } from 'zod';
import { hasValidCheckDigit, TYPED_BARCODE_LENGTHS } from '@etiqueta/domain';
import { humanText, requiredText } from './common.ts';
import { nutrientFieldNames, productPatch, type NutrientField } from './products.ts';

/**
 * "Agregar este producto": a signed-in shopper sends photos of a pack we lack, and optionally what the label
 * says. Nothing of it is shown to anyone but admins until an admin approves it.
 */

/** The photos a contribution may carry, as multipart file fields. The front is required. */
export const contributionPhotoKinds = ['front', 'ingredients', 'nutrition'] as const;
export type ContributionPhotoKind = (typeof contributionPhotoKinds)[number];
export const contributionPhotoField: Record<ContributionPhotoKind, string> = {
  front: 'photoFront',
  ingredients: 'photoIngredients',
  nutrition: 'photoNutrition',
};
export const CONTRIBUTION_PHOTO_MAX_BYTES = 8 * 1024 * 1024;
export const CONTRIBUTION_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const contributionBarcode = z
  .string({ error: 'Falta el código de barras' })
  .trim()
  .regex(/^\d+$/, { error: 'El código de barras solo tiene números' })
  .refine((c) => (TYPED_BARCODE_LENGTHS as readonly number[]).includes(c.length), {
    error: 'El código debe tener 13, 12 u 8 números (EAN-13, UPC-A o EAN-8)',
  })
  .refine(hasValidCheckDigit, { error: 'Ese código de barras no es válido: revisa los números' });

/** A contribution may carry every per-100 g value of the label. */
export const contributionNutrientFields = nutrientFieldNames;
export type ContributionNutrientField = NutrientField;

const textFields = {
  name: humanText(300, 'El nombre'),
  brand: humanText(200, 'La marca'),
  ingredients: humanText(10_000, 'Los ingredientes'),
};

type NutrientSchema = ReturnType<(typeof productPatch.shape)['energyKcal100']['unwrap']>;
/** The label's values as the admin's product edit validates them (same limits, same messages). */
const nutrientSchemas = Object.fromEntries(
  contributionNutrientFields.map((field) => [field, productPatch.shape[field].unwrap()]),
) as Record<ContributionNutrientField, NutrientSchema>;

/** A multipart text field: empty means "not given"; a Chilean decimal comma is a decimal point. */
const formNumber = (schema: NutrientSchema) =>
  z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    const text = value.trim().replace(',', '.');
    if (text === '') return undefined;
    const number = Number(text);
    return Number.isFinite(number) ? number : value;
  }, schema.optional());
const formText = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema.optional());

/** The text fields of POST /api/contributions (multipart), unknown fields refused. */
export const contributionForm = z.strictObject({
  barcode: contributionBarcode,
  name: formText(textFields.name),
  brand: formText(textFields.brand),
  ingredients: formText(textFields.ingredients),
  ...(Object.fromEntries(contributionNutrientFields.map((f) => [f, formNumber(nutrientSchemas[f])])) as Record<
    ContributionNutrientField,
    ReturnType<typeof formNumber>
  >),
});
export type ContributionForm = z.infer<typeof contributionForm>;

/** What an admin may correct when approving (read from the photos); merged over what the shopper sent. */
export const contributionApproval = z
  .strictObject({
    name: requiredText(300, 'El nombre'),
    brand: textFields.brand,
    ingredients: textFields.ingredients,
    ...nutrientSchemas,
  })
  .partial();
export type ContributionApproval = z.infer<typeof contributionApproval>;

export const contributionRejection = z.strictObject({ reason: requiredText(500, 'El motivo') });

export const contributionStatusSchema = z.enum(['pending', 'approved', 'rejected'], {
  error: "El estado debe ser 'pending', 'approved' o 'rejected'",
});
export type ContributionStatus = z.infer<typeof contributionStatusSchema>;

export const contributionListQuery = z.object({ status: contributionStatusSchema.default('pending') });

export const contributionPhoto = z.object({
  kind: z.enum(contributionPhotoKinds),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});

const nullableNumber = z.number().nullable();

export const adminContribution = z.object({
  id: z.number().int(),
  barcode: z.string(),
  status: contributionStatusSchema,
  name: z.string().nullable(),
  brand: z.string().nullable(),
  ingredients: z.string().nullable(),
  ...(Object.fromEntries(contributionNutrientFields.map((f) => [f, nullableNumber])) as Record<
    ContributionNutrientField,
    typeof nullableNumber
  >),
  photos: z.array(contributionPhoto),
  contributorEmail: z.string().nullable(),
  rejectReason: z.string().nullable(),
  productId: z.number().int().nullable(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type AdminContribution = z.infer<typeof adminContribution>;

export const contributionCreated = z.object({
  id: z.number().int(),
  status: contributionStatusSchema,
  message: z.string(),
});

export const contributionApproved = z.object({ productId: z.number().int(), message: z.string() });

export const contributionPhotoParam = z.object({
  file: z.string().regex(/^[0-9a-f]{32}\.jpg$/, { error: 'La foto no existe' }),
});
