/**
 * The product pages kept in memory for the embedded database: loaded in the background at start, the pages a
 * committed write changed dropped and reloaded alone, every read answered from memory or, meanwhile, from the
 * product answer's builder (product-detail.ts).
 */
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { CatalogueChange, CatalogueSignal } from '../../lib/catalogue-writes.ts';
import type { ProductDetails } from './product-detail.ts';

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
