import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { product, type Product } from '@etiqueta/contracts';
import { scoreBand } from '@etiqueta/domain';
import type { CatalogueChange, CatalogueSignal } from '../../lib/catalogue-writes.ts';
import { createReadCache } from '../../lib/read-cache.ts';
import type { CatalogueRepository } from '../catalogue/catalogue.repository.ts';
import { PRODUCT_COLUMNS, SERVED_COLUMNS, type DerivedProductField } from './product-columns.ts';
import type { ProductDetailRow, ProductRepository } from './product.repository.ts';

/** What the additive table says of each code: function (class) and risk reason, empty when unset. */
export type AdditiveDetailRow = { code: string | null; category: string; reason: string };
type AdditiveDetails = Map<string, { function: string | null; reason: string | null }>;

type TaxonomyNames = {
  categorySlug: Map<number, string>;
  subcategorySlug: Map<number, string>;
  sub2categoryName: Map<number, string>;
};

export type ProductDetails = ReturnType<typeof createProductDetails>;

/** The product contract, strict: a field the builder adds or forgets fails here, not in a shopper's browser. */
const productAnswer = product.strict();

/**
 * The product answer, built here and nowhere else: the served columns under their contract names (one table,
 * product-columns.ts), the dates as ISO text, and the derived fields — score label from the domain, category
 * and subcategory slugs and the sub-subcategory name from the taxonomy — validated against the contract.
 */
export function toProductAnswer(
  row: ProductDetailRow,
  derived: Pick<Product, DerivedProductField>,
  additiveDetails: AdditiveDetails = new Map(),
): Product {
  const answer: Record<string, unknown> = { ...derived };
  for (const column of SERVED_COLUMNS) answer[PRODUCT_COLUMNS[column].api] = row[column];
  answer.updatedAt = row.updatedAt.toISOString();
  // Each detected additive with what the additive table says of it now (issue 14: function and reason on the
  // product page); admin-written codes are stored upper-case ('E150D'), the catalogue's as printed ('E150d').
  answer.detectedAdditives = row.detectedAdditives.map((additive) => ({
    ...additive,
    function: null,
    reason: additive.reason ?? null,
    ...(additiveDetails.get(additive.code) ?? additiveDetails.get(additive.code.toUpperCase())),
  }));
  return productAnswer.parse(answer);
}

/**
 * The product page, as the JSON text the API answers: one primary-key read (see `findDetail`) and a small
 * in-process copy of the taxonomy for the derived names, so the hot read needs no join.
 */
export function createProductDetails(
  repo: ProductRepository,
  taxonomy: CatalogueRepository,
  events: CatalogueSignal,
  loadAdditiveDetails: () => Promise<AdditiveDetailRow[]>,
) {
  // The taxonomy is a few hundred rows; reloaded after any catalogue change and at least every 10 s, so a
  // change made by another process shows within that time.
  const taxonomyCache = createReadCache<TaxonomyNames>({ maxEntries: 1, ttlMs: 10_000 });
  // The additive table (~630 rows) likewise: additive writes signal a change of unknown extent.
  const additiveCache = createReadCache<AdditiveDetails>({ maxEntries: 1, ttlMs: 10_000 });
  events.onCatalogueChanged((change) => {
    if (change.categories) taxonomyCache.clear();
    if (change.productIds === null) additiveCache.clear();
  });
  const additiveDetails = () =>
    additiveCache.getOrLoad('additives', async () => {
      const details: AdditiveDetails = new Map();
      for (const row of await loadAdditiveDetails()) {
        if (row.code) details.set(row.code, { function: row.category || null, reason: row.reason || null });
      }
      return details;
    });

  const loadTaxonomy = async (): Promise<TaxonomyNames> => {
    const { cats, subs, sub2s } = await taxonomy.taxonomyNames();
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

  function compose(row: ProductDetailRow, names: TaxonomyNames, additives: AdditiveDetails): string {
    const pick = (map: Map<number, string>, key: number | null) => (key === null ? null : (map.get(key) ?? null));
    return JSON.stringify(
      toProductAnswer(
        row,
        {
          scoreLabel: scoreBand(row.healthScore).label,
          categorySlug: pick(names.categorySlug, row.categoryId),
          subcategorySlug: pick(names.subcategorySlug, row.subcategoryId),
          sub2categoryName: pick(names.sub2categoryName, row.sub2categoryId),
        },
        additives,
      ),
    );
  }

  async function json(id: number): Promise<string | null> {
    const row = await repo.findDetail(id);
    return row ? compose(row, await taxonomyFor([row]), await additiveDetails()) : null;
  }

  return {
    /** The product page's JSON text, or null when there is no such product. */
    json,
    async get(id: number): Promise<Product | null> {
      const text = await json(id);
      return text === null ? null : (JSON.parse(text) as Product);
    },
    /**
     * The answer for a product as it would be, not as it is stored: a contribution's provisional product (the
     * row the catalogue has, or a new one, with what the shopper sent, analysed like any product).
     */
    async answerFor(row: ProductDetailRow): Promise<Product> {
      return JSON.parse(compose(row, await taxonomyFor([row]), await additiveDetails())) as Product;
    },
    /** Every product page, a page of products at a time in id order (keyset). */
    async page(afterId: number, limit: number): Promise<{ id: number; json: string }[]> {
      const rows = await repo.detailPage(afterId, limit);
      const [names, additives] = [await taxonomyFor(rows), await additiveDetails()];
      return rows.map((row) => ({ id: row.id, json: compose(row, names, additives) }));
    },
    /** The pages of these products (those that exist). */
    async some(ids: readonly number[]): Promise<{ id: number; json: string }[]> {
      const rows = await repo.detailsByIds(ids);
      const [names, additives] = [await taxonomyFor(rows), await additiveDetails()];
      return rows.map((row) => ({ id: row.id, json: compose(row, names, additives) }));
    },
  };
}

/** Products read per query while the pages are loaded into memory. */
const LOAD_PAGE = 1_000;
/**
 * Product pages served from memory for the embedded database (ADR 006, ADR 028). With PGlite every query runs on
 * the server's own thread, so even a 0.4 ms primary-key read queues behind every other request; the whole
 * catalogue's pages are loaded in the background at start, each thousand read into one buffer (a page is a view
 * of it: no per-page allocation and its slack). The write path says which products a committed write changed: those pages leave memory
 * at once (read from the database meanwhile) and are reloaded alone, so a sync batch costs a few reads, not a
 * reload of the catalogue; a change of unknown extent drops them all and reloads everything. An answer is never
 * staler than the database. PGlite belongs to one process, so no other process can change it. With
 * `inMemory: false` (PostgreSQL, which answers from its own processes) every read goes to the database.
 */
export function createProductPageStore(deps: {
  details: ProductDetails;
  events: CatalogueSignal;
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
  let refreshTimer: NodeJS.Timeout | undefined;
  let unsubscribe: (() => void) | undefined;
  /** Products changed since their page was read: out of memory until reloaded, with how often they changed. */
  const stale = new Map<number, number>();
  let refreshing: Promise<void> | null = null;

  async function loadOnce() {
    const started = performance.now();
    const loadingGeneration = generation;
    const next = new Map<number, Buffer>();
    let afterId = 0;
    for (;;) {
      const page = await details.page(afterId, LOAD_PAGE);
      // A change of unknown extent during the load: this copy may miss it; the load it scheduled starts over.
      if (loadingGeneration !== generation || stopped) return;
      // One buffer for the thousand: 50,000 small buffers each cost an object and the slack of Node's 8 KB
      // pool slabs (~0.9 KB a page at 50,000 products).
      const lengths = page.map((p) => Buffer.byteLength(p.json));
      const block = Buffer.allocUnsafeSlow(lengths.reduce((sum, n) => sum + n, 0));
      let at = 0;
      page.forEach((p, i) => {
        block.write(p.json, at);
        next.set(p.id, block.subarray(at, at + lengths[i]!));
        at += lengths[i]!;
      });
      if (page.length < LOAD_PAGE) break;
      afterId = page[page.length - 1]!.id;
      await yieldToEventLoop();
    }
    // Products changed while the copy was read may be old in it: they stay out until refreshed.
    for (const id of stale.keys()) next.delete(id);
    pages = next;
    let bytes = 0;
    for (const b of next.values()) bytes += b.length;
    log.info(
      { products: next.size, megabytes: Math.round(bytes / 1_048_576), loadMs: Math.round(performance.now() - started) },
      'product pages in memory',
    );
  }

  /** Reads the stale pages again, a chunk at a time; a page changed again meanwhile stays out for the next turn. */
  async function refreshOnce() {
    while (stale.size > 0 && pages && !stopped) {
      const chunk = [...stale].slice(0, LOAD_PAGE);
      const read = await details.some(chunk.map(([id]) => id));
      const found = new Map(read.map((p) => [p.id, p.json]));
      for (const [id, seen] of chunk) {
        if (stale.get(id) !== seen) continue;
        stale.delete(id);
        const json = found.get(id);
        if (json !== undefined) pages?.set(id, Buffer.from(json));
      }
      await yieldToEventLoop();
    }
  }
  function refresh() {
    if (refreshing || !pages) return;
    refreshing = refreshOnce()
      .catch((err: unknown) => log.error({ err }, 'refreshing product pages failed; they are read from the database'))
      .finally(() => {
        refreshing = null;
        if (stale.size > 0 && pages && !stopped) schedule(() => refresh());
      });
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
        refresh();
      } catch (err) {
        log.error({ err }, 'loading product pages failed; pages are read from the database');
      } finally {
        loading = null;
      }
    })();
    return loading;
  }

  function schedule(run: () => void) {
    clearTimeout(refreshTimer);
    refreshTimer = setTimeout(run, deps.debounceMs ?? 250);
    refreshTimer.unref();
  }

  function onCatalogueChanged(change: CatalogueChange) {
    if (change.productIds !== null) {
      for (const id of change.productIds) {
        stale.set(id, (stale.get(id) ?? 0) + 1);
        pages?.delete(id);
      }
      if (change.productIds.length > 0 && !stopped) schedule(() => refresh());
      return;
    }
    generation += 1;
    pages = null;
    stale.clear();
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
      clearTimeout(refreshTimer);
      await loading;
      await refreshing;
    },
    /** Resolves when no load or refresh is running (for benchmarks and tests that want the steady state). */
    async settled() {
      while (loading || refreshing) await (loading ?? refreshing);
    },
    /** Whether the pages are currently answered from memory. */
    inMemory: () => pages !== null,
    /** Whether this product's page is answered from memory. */
    holds: (id: number) => pages?.has(id) ?? false,
    /** The product page's JSON (text, or its UTF-8 bytes from memory), or null when there is no such product. */
    async json(id: number): Promise<string | Buffer | null> {
      const hit = pages?.get(id);
      if (hit !== undefined) return hit;
      return details.json(id);
    },
  };
}
