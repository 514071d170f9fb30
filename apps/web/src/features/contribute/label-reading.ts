import {
  contributionNutrientFields,
  type ContributionReadings,
  type LabelPart,
  type LabelReading,
  type ReadableField,
} from '@etiqueta/contracts';

import type { ContributionInput } from './api/send-contribution';
import { decimal, type FieldName, type KnownProduct } from './known-product';

/**
 * What one photo's label reading adds to the contribution form: what was read (with the part of the photo it
 * came from), the values that fill empty fields, those the reader asks the shopper to check, and for a product
 * we have, the values read otherwise than ours — proposed changes, never written over ours in silence.
 */
export const whatTheReadingAdds = (
  part: LabelPart,
  result: LabelReading,
  known: KnownProduct | undefined,
  editing: ReadonlySet<FieldName>,
) => {
  const read: ContributionReadings = {};
  const filled: ContributionInput['fields'] = {};
  const check = new Set<ReadableField>();
  const proposals = new Set<FieldName>();
  if (part === 'ingredients') {
    if (result.ingredients) {
      filled.ingredients = result.ingredients;
      read.ingredients = { value: null, text: result.ingredients, check: false, box: result.ingredientsBox };
    }
  } else {
    for (const field of contributionNutrientFields) {
      const value = result.nutrients[field];
      if (value.value === null && !value.check) continue;
      read[field] = { value: value.value, text: value.text, check: value.check, box: value.box };
      if (value.value !== null) filled[field] = decimal(value.value);
      if (value.check) check.add(field);
    }
  }
  // A value we already have is never overwritten in silence: one read otherwise is a proposed change, shown
  // beside ours for the shopper and sent for the admin's review; one read the same (or doubted) changes nothing.
  for (const field of Object.keys(filled) as FieldName[]) {
    if (known?.values[field] === undefined || editing.has(field)) continue;
    const same = known?.values[field] === filled[field];
    if (same || check.has(field as ReadableField)) delete filled[field];
    else proposals.add(field);
    check.delete(field as ReadableField);
  }
  for (const field of [...check]) if (known?.values[field] !== undefined && !editing.has(field)) check.delete(field);
  return { read, filled, check, proposals, per: part === 'nutrition' ? result.per : null };
};
