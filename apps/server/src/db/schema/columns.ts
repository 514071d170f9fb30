/** Column sets several tables share. */
import { real, timestamp } from 'drizzle-orm/pg-core';

export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/**
 * A label's values per 100 g (per 100 mL for a drink): the product's, and what a contribution sends for it — the
 * same columns in both tables (the contract's nutrient fields).
 */
export const nutrientColumns = {
  energyKcal100: real('energy_kcal_100'),
  totalFatG100: real('total_fat_g_100'),
  saturatedFatG100: real('saturated_fat_g_100'),
  carbohydratesG100: real('carbohydrates_g_100'),
  totalSugarsG100: real('total_sugars_g_100'),
  fiberG100: real('fiber_g_100'),
  proteinG100: real('protein_g_100'),
  sodiumMg100: real('sodium_mg_100'),
};
