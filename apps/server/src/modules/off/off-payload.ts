import type { ContributionPhotoKind, NutrientField } from '@etiqueta/contracts';
import type { OffPhoto, OffProductFields } from '../../db/schema.ts';

/**
 * What OFF's write API receives for an approved contribution, in OFF's own field names (product_jqm2.pl, the
 * "Add or Edit A Product" form: docs/api tutorial-off-api.md and ref-cheatsheet.md). Only the product: nothing of
 * the person who sent it. The account's `user_id`/`password` and the contributor's `app_uuid` are added at sending.
 */
export const OFF_NUTRIENTS: Record<NutrientField, { name: string; unit: 'kcal' | 'g' | 'mg' }> = {
  energyKcal100: { name: 'energy-kcal', unit: 'kcal' },
  totalFatG100: { name: 'fat', unit: 'g' },
  saturatedFatG100: { name: 'saturated-fat', unit: 'g' },
  carbohydratesG100: { name: 'carbohydrates', unit: 'g' },
  totalSugarsG100: { name: 'sugars', unit: 'g' },
  fiberG100: { name: 'fiber', unit: 'g' },
  proteinG100: { name: 'proteins', unit: 'g' },
  sodiumMg100: { name: 'sodium', unit: 'mg' },
};

/** OFF's image fields for our three photos, in Spanish (`front_es`…): the label is Chilean. */
export const OFF_IMAGE_FIELD: Record<ContributionPhotoKind, string> = {
  front: 'front_es',
  ingredients: 'ingredients_es',
  nutrition: 'nutrition_es',
};

/** The comment OFF shows in the product's history: who we are, nothing of the contributor (OFF asks no personal data). */
export const OFF_COMMENT = 'Aporte de un usuario de Etiqueta Clara (Chile), revisado por su equipo';
/** A trusted member's publication that no admin looked at (released after 48 h unreverted): not "revisado". */
export const OFF_COMMENT_TRUSTED = 'Aporte de un usuario de confianza de Etiqueta Clara (Chile)';

/** The product values the form is filled from, by our own names: an approved contribution's (contributions' SentValues). */
export type OffProductValues = { fields: Partial<Record<'name' | 'brand' | 'ingredients' | NutrientField, string | number>> };

/**
 * The product fields: what the contribution carries after the admin's corrections (for a completion, only what
 * it changed). Chile is added to the product's countries (`add_countries`), never put in place of them: our
 * catalogue holds only what is sold in Chile, so a code we lack may well be an OFF product sold elsewhere, whose
 * `countries` a plain `countries=Chile` would replace (docs/spec-departures.md).
 */
export function offProductFields(barcode: string, sent: OffProductValues, reviewed = true): OffProductFields {
  const out: OffProductFields = { code: barcode, lang: 'es', lc: 'es', add_countries: 'Chile', comment: reviewed ? OFF_COMMENT : OFF_COMMENT_TRUSTED };
  const f = sent.fields;
  if (typeof f.name === 'string') out.product_name_es = f.name;
  if (typeof f.brand === 'string') out.brands = f.brand;
  if (typeof f.ingredients === 'string') out.ingredients_text_es = f.ingredients;
  let nutrients = false;
  for (const [field, off] of Object.entries(OFF_NUTRIENTS) as [NutrientField, (typeof OFF_NUTRIENTS)[NutrientField]][]) {
    const value = f[field];
    if (typeof value !== 'number') continue;
    out[`nutriment_${off.name}`] = String(value);
    out[`nutriment_${off.name}_unit`] = off.unit;
    nutrients = true;
  }
  // Our values are per 100 g (per 100 mL for a drink, which OFF also files under "100g").
  if (nutrients) out.nutrition_data_per = '100g';
  return out;
}

/** The photos to upload, in OFF's order of use: the front, then the list, then the table. */
export function offPhotos(photos: readonly { kind: ContributionPhotoKind; file: string }[]): OffPhoto[] {
  const order: ContributionPhotoKind[] = ['front', 'ingredients', 'nutrition'];
  return order.flatMap((kind) => photos.filter((p) => p.kind === kind).map((p) => ({ field: OFF_IMAGE_FIELD[kind], file: p.file })));
}
