import type { Database } from '../../db/client.ts';
import { createCatalogueWrites, type CatalogueWrites } from '../../lib/catalogue-writes.ts';
import { createAdditiveRepository, type AdditiveRepository } from '../additives/additive.repository.ts';
import { createCatalogueImportRepository, type CatalogueImportRepository } from '../catalogue-import/catalogue-import.repository.ts';
import { createSyncRepository, type SyncRepository } from './sync.repository.ts';

/**
 * What a sync run works with: its runs (and the lock), the catalogue's import side, the additive table it seeds
 * and matches against, and the catalogue's one write path. The app's composition root (services.ts) builds them
 * from the repositories it shares with every other service; a sync outside the app, `createSyncParts`.
 */
export type SyncParts = {
  runs: SyncRepository;
  imports: CatalogueImportRepository;
  additives: AdditiveRepository;
  catalogue: CatalogueWrites;
};

/**
 * The parts of a sync with no app around it (the sync CLI, the e2e server's import, tests and benches): its own
 * repositories, and its own catalogue write path unless the caller's app is running and passes its own, so its
 * caches and search index hear of every batch.
 */
export function createSyncParts(database: Database, catalogue: CatalogueWrites = createCatalogueWrites(database.db)): SyncParts {
  return {
    runs: createSyncRepository(database),
    imports: createCatalogueImportRepository(database),
    additives: createAdditiveRepository(database.db),
    catalogue,
  };
}
