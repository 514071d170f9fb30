import { seedAdditives, type SeedResult } from '../modules/additives/additive.repository.ts';
import type { Db } from './client.ts';

/**
 * Reference data the database needs before it can serve: our additive catalogue, brought up to date at every
 * start except where an admin decided. When it changed rows, the caller re-scores the stored products.
 */
export async function bootstrapDatabase(db: Db): Promise<{ additives: SeedResult }> {
  return { additives: await seedAdditives(db) };
}
