import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { ProductSummary, SearchResponse } from '@etiqueta/contracts';
import type { Db } from '../../db/client.ts';
import type { CatalogueSignal } from '../../lib/catalogue-writes.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { barcodeVariants, createSearchIndexBuilder, type SearchIndex } from './search-index.ts';
import { createSearchRepository } from './search.repository.ts';

export type SearchServiceOptions = {
  /** Changes often come in bursts (a sync batch, an additive re-score): wait this long, then rebuild once. */
  debounceMs: number;
  /**
   * How often to compare the catalogue fingerprint, to notice writes by another process sharing the same
   * PostgreSQL. 0 turns polling off (PGlite belongs to one process, so it needs none).
   */
  pollMs: number;
};

export const defaultSearchOptions = (kind: 'pglite' | 'postgres'): SearchServiceOptions => ({
  debounceMs: 250,
  pollMs: kind === 'postgres' ? 5_000 : 0,
});

const ANSWER_CACHE_SIZE = 1_000;

/** Documents indexed between two turns of the event loop (~10 ms of work). */
const BUILD_SLICE = 1_000;

const unavailable = () =>
  new AppError(
    503,
    'SEARCH_UNAVAILABLE',
    'La búsqueda no está disponible en este momento. Inténtalo de nuevo.',
  );

/**
 * Search over an in-process index of the whole catalogue (ADR 003), kept fresh from the database:
 * rebuilt in the background after a catalogue change (the old index keeps serving meanwhile), and after a
 * fingerprint change seen by polling. Barcode lookups use the index too, and the database for codes it lacks.
 */
export type SearchService = ReturnType<typeof createSearchService>;

export function createSearchService(deps: {
  db: Db;
  events: CatalogueSignal;
  log: FastifyBaseLogger;
  options: SearchServiceOptions;
}) {
  const { events, log, options } = deps;
  const repository = createSearchRepository(deps.db);
  let index: SearchIndex<ProductSummary> | null = null;
  let fingerprint: string | null = null;
  let building: Promise<void> | null = null;
  let rebuildAgain = false;
  let stopped = false;
  let debounceTimer: NodeJS.Timeout | undefined;
  let pollTimer: NodeJS.Timeout | undefined;
  let unsubscribe: (() => void) | undefined;
  // Popular searches repeat across shoppers ('leche', the home box and the results page ask alike):
  // answers are kept for the life of the index they came from, least recently asked dropped first.
  const answers = new LRUCache<string, SearchResponse>({ max: ANSWER_CACHE_SIZE });

  async function buildOnce() {
    const started = performance.now();
    // Read the fingerprint first: a write during the load then shows up as a change at the next poll.
    const nextFingerprint = await repository.catalogueFingerprint();
    // Added a slice at a time with a turn of the event loop in between: requests keep being served
    // (from the previous index) while a 50,000-product catalogue is re-read and re-indexed.
    const builder = createSearchIndexBuilder<ProductSummary>();
    for await (const page of repository.docPages()) {
      for (let i = 0; i < page.length; i += BUILD_SLICE) {
        for (const doc of page.slice(i, i + BUILD_SLICE)) builder.add(doc);
        await yieldToEventLoop();
      }
    }
    const loaded = performance.now();
    const next = builder.build();
    index = next;
    answers.clear();
    fingerprint = nextFingerprint;
    log.info(
      {
        products: next.size,
        words: next.vocabularySize,
        readAndIndexMs: Math.round(loaded - started),
        finishMs: Math.round(performance.now() - loaded),
      },
      'search index built',
    );
  }

  /** Starts a rebuild, or asks the running one to go again when it ends; never two at once. */
  function rebuild(): Promise<void> {
    if (building) {
      rebuildAgain = true;
      return building;
    }
    building = (async () => {
      try {
        do {
          rebuildAgain = false;
          await buildOnce();
        } while (rebuildAgain && !stopped);
      } catch (err) {
        log.error({ err }, 'search index rebuild failed; the previous index keeps serving');
        throw err;
      } finally {
        building = null;
      }
    })();
    return building;
  }

  function scheduleRebuild() {
    if (stopped) return;
    clearTimeout(debounceTimer);
    debounceTimer = setTimeout(() => void rebuild().catch(() => undefined), options.debounceMs);
    debounceTimer.unref();
  }

  async function poll() {
    if (stopped || building) return;
    try {
      const current = await repository.catalogueFingerprint();
      if (current !== fingerprint) scheduleRebuild();
    } catch (err) {
      log.warn({ err }, 'search index poll failed');
    }
  }

  async function currentIndex(): Promise<SearchIndex<ProductSummary>> {
    if (index) return index;
    try {
      await rebuild();
    } catch {
      throw unavailable();
    }
    if (!index) throw unavailable();
    return index;
  }

  return {
    /** Builds the first index in the background and starts listening for changes. */
    start() {
      stopped = false;
      unsubscribe = events.onCatalogueChanged(() => scheduleRebuild());
      if (options.pollMs > 0) {
        pollTimer = setInterval(() => void poll(), options.pollMs);
        pollTimer.unref();
      }
      void rebuild().catch(() => undefined);
    },

    async stop() {
      stopped = true;
      unsubscribe?.();
      clearTimeout(debounceTimer);
      clearInterval(pollTimer);
      await building?.catch(() => undefined);
    },

    async search(q: string, limit: number): Promise<SearchResponse> {
      const current = await currentIndex();
      const key = `${limit}|${q.trim()}`;
      const cached = answers.get(key);
      if (cached) return cached;
      const found = current.search(q, limit);
      const answer = { results: found.hits.map((h) => h.payload), suggestions: found.suggestions };
      answers.set(key, answer);
      return answer;
    },

    /**
     * The product with this EAN-13, EAN-8 or UPC-A code, in whichever of its forms it was stored. The index
     * answers without a database round-trip; a code it does not know (a product added since the last rebuild)
     * is looked up in the database.
     */
    async findByBarcode(code: string): Promise<{ id: number; barcode: string }> {
      const indexed = index?.findByBarcode(code);
      if (indexed) return { id: indexed.id, barcode: indexed.barcode };
      const found = await repository.findIdByBarcodes(barcodeVariants(code));
      if (!found) throw notFound('Producto no encontrado para este código de barras');
      return found;
    },
  };
}
