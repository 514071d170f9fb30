/**
 * In-process signal that the catalogue changed (sync batch, admin edit, additive re-score).
 * Caches and the search index listen to it; writers call `catalogueChanged()` after commit.
 * Other processes sharing a PostgreSQL server notice changes by polling (see search service).
 */
type Listener = () => void;

export type CatalogueEvents = {
  catalogueChanged: () => void;
  onCatalogueChanged: (listener: Listener) => () => void;
  /** Increases on every change; cheap to compare. */
  version: () => number;
};

export function createCatalogueEvents(): CatalogueEvents {
  const listeners = new Set<Listener>();
  let version = 0;
  return {
    catalogueChanged() {
      version += 1;
      for (const l of listeners) l();
    },
    onCatalogueChanged(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    version: () => version,
  };
}
