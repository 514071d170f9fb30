/** Columns and column sets several tables share. */
import { integer, real, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** When the row was written (`created_at`, set by the database). */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const timestamps = {
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** The row belongs to the one `parent` points at: it always has one, and goes when that one is deleted. */
export const belongsTo = (name: string, parent: () => AnyPgColumn) =>
  integer(name).notNull().references(parent, { onDelete: 'cascade' });

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
