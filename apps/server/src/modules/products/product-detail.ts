import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Product } from '@etiqueta/contracts';
import { scoreBand } from '@etiqueta/domain';
import type { Db } from '../../db/client.ts';
import { categories, sub2categories, subcategories } from '../../db/schema.ts';
import type { CatalogueEvents } from '../../lib/catalogue-events.ts';
import { createReadCache } from '../../lib/read-cache.ts';
import { createProductRepository, type ProductDetailRow } from './product.repository.ts';

type TaxonomyNames = {
  categorySlug: Map<number, string>;
  subcategorySlug: Map<number, string>;
  sub2categoryName: Map<number, string>;
};

export type ProductDetails = ReturnType<typeof createProductDetails>;

/**
 * The product page, as the JSON text the API answers. The database builds the stored fields (one primary-key
 * read, see `findDetail`); the derived ones — score label, category and subcategory slugs, sub-subcategory
 * name — come from the domain and from a small in-process copy of the taxonomy, so the hot read needs no join.
 */
export function createProductDetails(db: Db, events: CatalogueEvents) {
  const repo = createProductRepository(db);
  // The taxonomy is a few hundred rows; reloaded after any catalogue change and at least every 10 s, so a
  // change made by another process shows within that time.
  const taxonomyCache = createReadCache<TaxonomyNames>({ maxEntries: 1, ttlMs: 10_000 });
  events.onCatalogueChanged(() => taxonomyCache.clear());

  const loadTaxonomy = async (): Promise<TaxonomyNames> => {
    const [cats, subs, sub2s] = await Promise.all([
      db.select({ id: categories.id, slug: categories.slug }).from(categories),
      db.select({ id: subcategories.id, slug: subcategories.slug }).from(subcategories),
      db.select({ id: sub2categories.id, name: sub2categories.name }).from(sub2categories),
    ]);
    return {
      categorySlug: new Map(cats.map((c) => [c.id, c.slug])),
      subcategorySlug: new Map(subs.map((s) => [s.id, s.slug])),
      sub2categoryName: new Map(sub2s.map((s) => [s.id, s.name])),
    };
  };

  const knows = (names: TaxonomyNames, row: ProductDetailRow) =>
    (row.categoryId === null || names.categorySlug.has(row.categoryId)) &&
    (row.subcategoryId === null || names.subcategorySlug.has(row.subcategoryId)) &&
    (row.sub2categoryId === null || names.sub2categoryName.has(row.sub2categoryId));

  async function taxonomyFor(rows: ProductDetailRow[]): Promise<TaxonomyNames> {
    const names = await taxonomyCache.getOrLoad('taxonomy', loadTaxonomy);
    if (rows.every((row) => knows(names, row))) return names;
    // Created since the copy was taken (e.g. by a sync in another process).
    taxonomyCache.clear();
    return taxonomyCache.getOrLoad('taxonomy', loadTaxonomy);
  }

  function compose(row: ProductDetailRow, names: TaxonomyNames): string {
    const pick = (map: Map<number, string>, key: number | null) => (key === null ? null : (map.get(key) ?? null));
    const derived = {
      scoreLabel: scoreBand(row.healthScore).label,
      categorySlug: pick(names.categorySlug, row.categoryId),
      subcategorySlug: pick(names.subcategorySlug, row.subcategoryId),
      sub2categoryName: pick(names.sub2categoryName, row.sub2categoryId),
    } satisfies Partial<Product>;
    // Both are JSON objects: the derived fields' members go first, then the stored ones.
    return `${JSON.stringify(derived).slice(0, -1)},${row.json.slice(1)}`;
  }

  async function json(id: number): Promise<string | null> {
    const row = await repo.findDetail(id);
    return row ? compose(row, await taxonomyFor([row])) : null;
  }

  return {
    /** The product page's JSON text, or null when there is no such product. */
    json,
    async get(id: number): Promise<Product | null> {
      const text = await json(id);
      return text === null ? null : (JSON.parse(text) as Product);
    },
    /** Every product page, a page of products at a time in id order (keyset). */
    async page(afterId: number, limit: number): Promise<{ id: number; json: string }[]> {
      const rows = await repo.detailPage(afterId, limit);
      const names = await taxonomyFor(rows);
      return rows.map((row) => ({ id: row.id, json: compose(row, names) }));
    },
  };
}

/** Products read per query while the pages are loaded into memory. */
const LOAD_PAGE = 1_000;

/**
 * Product pages served from memory for the embedded database (ADR 006). With PGlite every query runs on the
 * server's own thread, so even a 0.4 ms primary-key read queues behind every other request; the whole
 * catalogue's pages (~3 KB each) are loaded in the background at start and again after a change, and read
 * from the database meanwhile. Any catalogue change drops them at once (writers signal after commit), so an
 * answer is never staler than the database. PGlite belongs to one process, so no other process can change it.
 * With `inMemory: false` (PostgreSQL, which answers from its own processes) every read goes to the database.
 */
export function createProductPageStore(deps: {
  details: ProductDetails;
  events: CatalogueEvents;
  log: FastifyBaseLogger;
  inMemory: boolean;
  /** Changes come in bursts (a sync batch, a re-score): wait this long after the last one, then load once. */
  debounceMs?: number;
}) {
  const { details, events, log, inMemory } = deps;
  // UTF-8 bytes: half the memory of the JS strings (the reasons' '−' makes them two-byte), and sent as they are.
  let pages: Map<number, Buffer> | null = null;
  let generation = 0;
  let loading: Promise<void> | null = null;
  let loadAgain = false;
  let stopped = false;
  let debounceTimer: NodeJS.Timeout | undefined;
  let unsubscribe: (() => void) | undefined;

  async function loadOnce() {
    const started = performance.now();
    const loadingGeneration = generation;
    const next = new Map<number, Buffer>();
    let afterId = 0;
    for (;;) {
      const page = await details.page(afterId, LOAD_PAGE);
      // A change during the load: this copy may miss it; the load scheduled by that change starts over.
      if (loadingGeneration !== generation || stopped) return;
      for (const p of page) next.set(p.id, Buffer.from(p.json));
      if (page.length < LOAD_PAGE) break;
      afterId = page[page.length - 1]!.id;
      await yieldToEventLoop();
    }
    pages = next;
    let bytes = 0;
    for (const b of next.values()) bytes += b.length;
    log.info(
      { products: next.size, megabytes: Math.round(bytes / 1_048_576), loadMs: Math.round(performance.now() - started) },
      'product pages in memory',
    );
  }

  /** Starts a load, or asks the running one to go again when it ends; never two at once. */
  function load(): Promise<void> {
    if (loading) {
      loadAgain = true;
      return loading;
    }
    loading = (async () => {
      try {
        do {
          loadAgain = false;
          await loadOnce();
        } while (loadAgain && !stopped);
      } catch (err) {
        log.error({ err }, 'loading product pages failed; pages are read from the database');
      } finally {
        loading = null;
      }
    })();
    return loading;
  }

  function onCatalogueChanged() {
    generation += 1;
    pages = null;
    if (stopped) return;
    clearTimeout(debounceTimer);
    debounceTimer = setTimeout(() => void load(), deps.debounceMs ?? 250);
    debounceTimer.unref();
  }

  return {
    start() {
      if (!inMemory) return;
      stopped = false;
      unsubscribe = events.onCatalogueChanged(onCatalogueChanged);
      void load();
    },
    async stop() {
      stopped = true;
      unsubscribe?.();
      clearTimeout(debounceTimer);
      await loading;
    },
    /** Resolves when no load is running (for benchmarks and tests that want the steady state). */
    async settled() {
      while (loading) await loading;
    },
    /** Whether the pages are currently answered from memory. */
    inMemory: () => pages !== null,
    /** The product page's JSON (text, or its UTF-8 bytes from memory), or null when there is no such product. */
    async json(id: number): Promise<string | Buffer | null> {
      const hit = pages?.get(id);
      if (hit !== undefined) return hit;
      return details.json(id);
    },
  };
}
