import { z } from 'zod';
import { nutrientFieldNames, per100Schema, type NutrientField } from './products.ts';

/**
 * "La etiqueta se lee sola" (issue 24): a signed-in shopper sends one photo of the ingredient list or of the
 * nutrition table and the server reads it (OCR), so the contribution form fills itself. Nothing is stored.
 */

/** Which part of the label the photo shows (multipart text field `part`). */
export const labelParts = ['ingredients', 'nutrition'] as const;
export type LabelPart = (typeof labelParts)[number];

/** The multipart text fields of POST /api/contributions/read-label; the photo is the file field `photo`. */
export const labelReadingForm = z.strictObject({
  part: z.enum(labelParts, { error: "Indica qué parte de la etiqueta es la foto: 'ingredients' o 'nutrition'" }),
});
export const LABEL_PHOTO_FIELD = 'photo';

/** `[x, y, width, height]` in the pixels of the photo as sent (turned upright by its EXIF orientation). */
export const labelBox = z.tuple([z.number().int(), z.number().int(), z.number().int(), z.number().int()]);
export type LabelBox = z.infer<typeof labelBox>;

/**
 * One value of the table, per 100 g or 100 mL: `check` true where the shopper must look (it could not be read,
 * or it does not add up with its other column, the portion, the other values or the energy). A value that
 * cannot be read or contradicts the rest is null, never guessed.
 */
export const labelNutrient = z.object({
  value: z.number().nullable(),
  check: z.boolean(),
  box: labelBox.nullable(),
  /**
   * What OCR read on the value's row, as it read it: the row's label and the numbers of both columns
   * ("Grasas saturadas (g) 2,7 0,8"); null when the row is not on the photo. For the admin's review.
   */
  text: z.string().nullable(),
});
export type LabelNutrient = z.infer<typeof labelNutrient>;

export const labelReading = z.object({
  part: z.enum(labelParts),
  /** The ingredient list as printed, without its "Ingredientes:" heading, lines joined; null for a table. */
  ingredients: z.string().nullable(),
  /** Where the ingredient list was read on the photo (same pixels as `box`); null for a table. */
  ingredientsBox: labelBox.nullable(),
  /** The table's reference column: solids per 100 g, drinks per 100 mL. */
  per: per100Schema.nullable(),
  /** The portion in grams (or mL) as printed ("Porción: 1 taza (30 g)"). */
  portionG: z.number().nullable(),
  nutrients: z.object(
    Object.fromEntries(nutrientFieldNames.map((f) => [f, labelNutrient])) as Record<NutrientField, typeof labelNutrient>,
  ),
  /** How long the server took from the photo received to this answer. */
  millis: z.number().int(),
});
export type LabelReading = z.infer<typeof labelReading>;
