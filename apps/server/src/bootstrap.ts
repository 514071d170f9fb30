import { seedAdditives, type SeedResult } from './modules/additives/additive.repository.ts';
import { syncSubstituteFamilies } from './modules/catalogue-import/catalogue-import.repository.ts';
import type { Db } from './db/client.ts';
import { createCatalogueWrites } from './lib/catalogue-writes.ts';

/**
 * Reference data the database needs before it can serve: our additive catalogue, brought up to date at every
 * start except where an admin decided (when it changed rows, the caller re-scores the stored products), and every
 * product's substitute family following its shelf (issue 26), in one transaction. It sits beside services.ts, not
 * in db/: it calls two modules' writers, and db/ never imports a module (eslint.config.js). It runs before the app
 * is built, so its catalogue write path has no reader to tell yet.
 */
export async function bootstrapDatabase(db: Db): Promise<{ additives: SeedResult; substituteFamilies: number }> {
  return createCatalogueWrites(db).write(async (tx) => ({
    additives: await seedAdditives(tx),
    substituteFamilies: await syncSubstituteFamilies(tx),
  }));
}
