import type { Db } from '../db/client.ts';

declare const catalogueTransaction: unique symbol;
/**
 * A transaction on the catalogue, as only `write` below hands it out. Repository methods that change products,
 * categories, counts or the additive table take this type: the plain database or another transaction does not
 * compile there, so no catalogue write can skip the change signal.
 */
export type CatalogueTx = Parameters<Parameters<Db['transaction']>[0]>[0] & { readonly [catalogueTransaction]: true };

/**
 * What a committed write touched: these products (`null`: possibly any), and whether category counts or the
 * taxonomy moved.
 */
export type CatalogueChange = { productIds: readonly number[] | null; categories: boolean };

/** What a writer records while it works; the signal after commit carries it. */
export type ChangeRecorder = {
  /** These products were inserted, updated or deleted. */
  products: (ids: Iterable<number>) => void;
  /** Category counts or the taxonomy changed (listings, the home grid). */
  categories: () => void;
  /** Any product may have changed (a bulk re-analysis): readers drop everything. */
  everything: () => void;
};

type Listener = (change: CatalogueChange) => void;

/** The read side: caches, the search index and the in-memory product pages listen here. */
export type CatalogueSignal = {
  onCatalogueChanged: (listener: Listener) => () => void;
  /** Increases on every committed change; cheap to compare. */
  version: () => number;
};

export type CatalogueWrites = CatalogueSignal & {
  /**
   * The one way to change the catalogue (products, their categories and counts): `work` runs in one
   * transaction, and only after it commits every reader in this process hears which products changed. A
   * failed transaction signals nothing. Other processes sharing a PostgreSQL server notice by polling (the
   * search service) or by their caches' short TTLs.
   */
  write: <T>(work: (tx: CatalogueTx, changed: ChangeRecorder) => Promise<T>) => Promise<T>;
};

export function createCatalogueWrites(db: Db): CatalogueWrites {
  const listeners = new Set<Listener>();
  let version = 0;
  return {
    async write(work) {
      const ids = new Set<number>();
      let everything = false;
      let categories = false;
      const recorder: ChangeRecorder = {
        products: (changed) => {
          for (const id of changed) ids.add(id);
        },
        categories: () => {
          categories = true;
        },
        everything: () => {
          everything = true;
          categories = true;
        },
      };
      const result = await db.transaction((tx) => work(tx as CatalogueTx, recorder));
      if (everything || categories || ids.size > 0) {
        version += 1;
        const change: CatalogueChange = { productIds: everything ? null : [...ids], categories };
        for (const listener of listeners) listener(change);
      }
      return result;
    },
    onCatalogueChanged(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    version: () => version,
  };
}
