import { seedAdditives } from '../modules/additives/additive.repository.ts';
import type { Db } from './client.ts';

/** Reference data a fresh database needs before it can serve: our additive catalogue (and taxonomy). */
export async function bootstrapDatabase(db: Db): Promise<void> {
  await seedAdditives(db);
}
