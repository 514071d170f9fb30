import { z } from 'zod';
import { hasValidCheckDigit, TYPED_BARCODE_LENGTHS } from '@etiqueta/domain';
import { humanText, requiredText } from './common.ts';
import { labelBox } from './label-reading.ts';
import { nutrientFieldNames, per100Schema, product, productPatch, type NutrientField } from './products.ts';

/**
 * "Agregar este producto" / "Completar este producto" (issues 14 and 24): a signed-in shopper sends photos of a
 * pack — one we lack, or one whose record misses its front photo, its ingredient list or its nutrition table —
 * and what the label says (read for them from the photos, corrected by them). The sender sees the product scored
 * from what they sent at once ("Provisional: en revisión"); everyone else only once an admin approves it.
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

/** The label's reference column: solids per 100 g, drinks per 100 mL (read-label's `per`). */
export const labelPerSchema = per100Schema;

/** The fields the label reader can read: the ingredient list and each value of the table. */
export const readableFields = ['ingredients', ...nutrientFieldNames] as const;
export type ReadableField = (typeof readableFields)[number];

/**
 * What the label reader read for one field, sent back with the contribution so the admin sees it beside the
 * photo: the value it gave (the shopper may have changed it since), what OCR read there as it read it, whether it
 * asked the shopper to look, and where on the photo (the ingredient list's photo, or the table's) it was read.
 */
export const fieldReading = z.strictObject({
  value: z.number().nullable(),
  text: humanText(10_000, 'El texto leído').nullable(),
  check: z.boolean(),
  box: labelBox.nullable(),
});
export type FieldReading = z.infer<typeof fieldReading>;
export const contributionReadings = z.strictObject(
  Object.fromEntries(readableFields.map((f) => [f, fieldReading.optional()])) as Record<
    ReadableField,
    z.ZodOptional<typeof fieldReading>
  >,
);
export type ContributionReadings = z.infer<typeof contributionReadings>;

/** A multipart text field holding JSON (the readings): JSON that does not parse is a validation error. */
const formJson = <T extends z.ZodType>(schema: T, message: string) =>
  z.preprocess((value, ctx) => {
    if (typeof value !== 'string' || value.trim() === '') return undefined;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
  }, schema.optional());

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
  /** The table's column the values are from; it says whether the product is a drink (per 100 mL). */
  per: formText(labelPerSchema),
  /** JSON: what the label reader read for each field (`contributionReadings`). */
  readings: formJson(contributionReadings, 'No pudimos leer lo que se leyó de las fotos: tómalas de nuevo.'),
  /**
   * The sender agrees that, once approved, what they sent goes to Open Food Facts (data under the ODbL, photos
   * under CC BY-SA, nothing personal): `true` when the box is ticked; absent or `false`, it stays here.
   */
  offConsent: z
    .enum(['true', 'false'], { error: "offConsent debe ser 'true' o 'false'" })
    .optional()
    .transform((v) => v === 'true'),
});
export type ContributionForm = z.infer<typeof contributionForm>;

/** What an admin may correct when approving (read from the photos); merged over what the shopper sent. */
export const contributionApproval = z
  .strictObject({
    name: requiredText(300, 'El nombre'),
    brand: textFields.brand,
    ingredients: textFields.ingredients,
    ...nutrientSchemas,
    /** Sold by volume: its values are per 100 mL. */
    isLiquid: z.boolean({ error: 'isLiquid debe ser verdadero o falso' }),
  })
  .partial();
export type ContributionApproval = z.infer<typeof contributionApproval>;

export const contributionRejection = z.strictObject({ reason: requiredText(500, 'El motivo') });

export const contributionStatusSchema = z.enum(['pending', 'approved', 'rejected'], {
  error: "El estado debe ser 'pending', 'approved' o 'rejected'",
});
export type ContributionStatus = z.infer<typeof contributionStatusSchema>;

/**
 * The admin's lists: by status, or `trusted` — what trusted contributors published at once (issue 25), newest first,
 * whatever became of it (still published, seen, or reverted).
 */
export const contributionListFilters = ['pending', 'approved', 'rejected', 'trusted'] as const;
export type ContributionListFilter = (typeof contributionListFilters)[number];
export const contributionListQuery = z.object({
  status: z
    .enum(contributionListFilters, { error: "El estado debe ser 'pending', 'approved', 'rejected' o 'trusted'" })
    .default('pending'),
});



export const contributionPhoto = z.object({
  kind: z.enum(contributionPhotoKinds),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});

const nullableNumber = z.number().nullable();
const nullableNutrients = Object.fromEntries(contributionNutrientFields.map((f) => [f, nullableNumber])) as Record<
  ContributionNutrientField,
  typeof nullableNumber
>;

/** What the catalogue holds now for the product a contribution completes (the admin compares field by field). */
export const contributionCurrent = z.object({
  productId: z.number().int(),
  name: z.string(),
  brand: z.string(),
  ingredients: z.string().nullable(),
  isLiquid: z.boolean(),
  ...nullableNutrients,
  /** The product's front photo, if it has one. */
  image: z.string().nullable(),
});

/** A trusted contributor's publication goes to Open Food Facts once an admin marked it seen, or after this long unreverted. */
export const TRUSTED_RELEASE_HOURS = 48;

/** A trusted publication as the admin sees it: when it goes to OFF on its own, and whether it was seen or reverted. */
export const contributionTrust = z.object({
  /** When the sweep queues it to Open Food Facts if nobody reverts it (published + TRUSTED_RELEASE_HOURS). */
  releaseAt: z.string(),
  seenAt: z.string().nullable(),
  revertedAt: z.string().nullable(),
  /** What the fields it changed held before it: what a revert brings back (the review's "Antes"). */
  before: z.object({
    name: z.string().optional(),
    brand: z.string().optional(),
    ingredients: z.string().nullable().optional(),
    isLiquid: z.boolean().optional(),
    ...Object.fromEntries(contributionNutrientFields.map((f) => [f, nullableNumber.optional()])),
  }),
});

/** The consent the form asks, word for word (the web form shows it; docs/off-write.md). */
export const OFF_CONSENT_TEXT =
  'Acepto que, una vez aprobado, lo que envío se comparta con Open Food Facts: los datos bajo la licencia ODbL y las fotos bajo CC BY-SA. No se envía ningún dato personal mío.';

/** Where an approved contribution stands with Open Food Facts (null while it is not approved). */
/** `waiting`: a trusted publication not yet seen by an admin nor 48 h old; `cancelled`: reverted before it was sent. */
export const offSendingState = z.enum(['sent', 'pending', 'failed', 'not_consented', 'waiting', 'cancelled']);
export const offSending = z.object({
  state: offSendingState,
  /** In Spanish, for the admin: "Enviado a Open Food Facts", "Pendiente de envío", or the error. */
  label: z.string(),
  sentAt: z.string().nullable(),
  /** In error (refused, or a failed attempt waiting for its next try): "Reintentar envío" re-queues it now. */
  retryable: z.boolean(),
});
export type OffSending = z.infer<typeof offSending>;

/** GET /api/admin/off-write: whether approved contributions are sent to Open Food Facts at all. */
export const offWriteStatus = z.object({ enabled: z.boolean(), message: z.string() });
export type OffWriteStatus = z.infer<typeof offWriteStatus>;

export const adminContribution = z.object({
  id: z.number().int(),
  barcode: z.string(),
  status: contributionStatusSchema,
  name: z.string().nullable(),
  brand: z.string().nullable(),
  ingredients: z.string().nullable(),
  ...nullableNutrients,
  /** From the table's column ("100 mL": a drink); null when no table was read or said. */
  isLiquid: z.boolean().nullable(),
  /** What the label reader read for each field, boxes in the pixels of the stored photo (`photos`' sizes). */
  readings: contributionReadings,
  /** The product as the catalogue has it now; null for a code we lack (approving adds it). */
  current: contributionCurrent.nullable(),
  photos: z.array(contributionPhoto),
  contributorEmail: z.string().nullable(),
  rejectReason: z.string().nullable(),
  productId: z.number().int().nullable(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
  /** Its sending to Open Food Facts, once approved. */
  offSending: offSending.nullable(),
  /** Published at once by a trusted contributor (no review); null for a reviewed one. */
  trust: contributionTrust.nullable(),
});
export type AdminContribution = z.infer<typeof adminContribution>;

export const contributionCreated = z.object({
  id: z.number().int(),
  status: contributionStatusSchema,
  message: z.string(),
});

export const contributionApproved = z.object({ productId: z.number().int(), message: z.string() });

/** "Revertir": the product is back as it was before the trusted publication. */
export const contributionReverted = z.object({ productId: z.number().int(), message: z.string() });

/**
 * GET /api/contributions/{id}: the sender's own contribution (or any, for an admin). While it waits, `provisional`
 * is the product as the catalogue would have it with what was sent — the same answer as a product page, scored
 * by the same rules — for the sender's "Provisional: en revisión" page; once reviewed it is null and `productId`
 * leads to the product itself.
 */
export const contributionView = z.object({
  id: z.number().int(),
  barcode: z.string(),
  status: contributionStatusSchema,
  /** The product it completes, or the one its approval added. */
  productId: z.number().int().nullable(),
  rejectReason: z.string().nullable(),
  createdAt: z.string(),
  /** Published at once, its sender being trusted (issue 25): no admin reviewed it first. */
  trusted: z.boolean(),
  provisional: product.nullable(),
});
export type ContributionView = z.infer<typeof contributionView>;

export const contributionPhotoParam = z.object({
  file: z.string().regex(/^[0-9a-f]{32}\.jpg$/, { error: 'La foto no existe' }),
});
