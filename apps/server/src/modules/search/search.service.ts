import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import { SUGGEST_LIMIT, type ProductSummary, type SearchResponse, type SuggestResponse } from '@etiqueta/contracts';
import { BARCODE_CHECK_MESSAGE, hasValidCheckDigit } from '@etiqueta/domain';
import type { Db } from '../../db/client.ts';
import type { CatalogueChange, CatalogueSignal } from '../../lib/catalogue-writes.ts';
import { AppError } from '../../lib/errors.ts';
import type { LookupAsker, OffLiveLookup } from '../catalogue-import/off-live-lookup.ts';
import { barcodeVariants } from './barcode-variants.ts';
import { createSearchIndexBuilder } from './search-index.ts';
import type { SearchIndex } from './search-types.ts';
import { createSearchRepository } from './search.repository.ts';

/** Spec §7's 404 for a barcode nobody has. */
const BARCODE_NOT_FOUND_MESSAGE = 'Producto no encontrado para este código de barras';

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

/**
 * Changed products up to this many are searched in a small index of their own next to the main one, rebuilt
 * in a few milliseconds; beyond it (a sync) the main index is rebuilt instead, once the changes pause.
 */
const OVERLAY_MAX = 1_000;
/** A burst of changes too large for the overlay: rebuild after this long without a change… */
const BURST_QUIET_MS = 2_000;
/** …or this long after the burst began, whichever comes first: how far search may lag behind a long sync. */
const BURST_MAX_LAG_MS = 30_000;

/** Documents indexed between two turns of the event loop (~10 ms of work). */
const BUILD_SLICE = 1_000;

const unavailable = () =>
  new AppError(
    503,
    'SEARCH_UNAVAILABLE',
    'La búsqueda no está disponible en este momento. Inténtalo de nuevo.',
  );

/**
 * Search over an in-process index of the whole catalogue (ADR 003), kept fresh from the database. A few
 * changed products (an admin's edit, a re-score, a lookup) are read again and searched in a small overlay
 * index, their old entries left out of the main one's answers; a burst too large for it (a sync) rebuilds the
 * main index in the background once the burst pauses (the old index keeps serving meanwhile), as does a change
 * of unknown extent or a fingerprint change seen by polling (another process). Barcode lookups use the indexes
 * too, then the database, then (when given) Open Food Facts' product API for codes the catalogue lacks.
 */
export type SearchService = ReturnType<typeof createSearchService>;

export function createSearchService(deps: {
  db: Db;
  events: CatalogueSignal;
  log: FastifyBaseLogger;
  options: SearchServiceOptions;
  offLookup?: OffLiveLookup | null;
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
  /** Products changed since the serving index's snapshot was read: answered from `overlay` while it holds them. */
  let changed = new Set<number>();
  /** The same, since the rebuild in progress began reading (they may be old in its snapshot). */
  let changedDuringBuild: Set<number> | null = null;
  /** The changed products' fresh documents, and which products it was built for (their old entries are hidden). */
  let overlay: { index: SearchIndex<ProductSummary>; covers: Set<number> } | null = null;
  let overlayTimer: NodeJS.Timeout | undefined;
  let burstStartedAt: number | null = null;
  let builds = 0;
  // Popular searches repeat across shoppers ('leche', the home box and the results page ask alike):
  // answers are kept for the life of the index they came from, least recently asked dropped first.
  const answers = new LRUCache<string, SearchResponse>({ max: ANSWER_CACHE_SIZE });
  // The box's suggestions, one per prefix typed: kept the same way.
  const suggestAnswers = new LRUCache<string, SuggestResponse>({ max: ANSWER_CACHE_SIZE });
  const forgetAnswers = () => {
    answers.clear();
    suggestAnswers.clear();
  };

  async function buildOnce() {
    const started = performance.now();
    // Read the fingerprint first: a write during the load then shows up as a change at the next poll.
    const nextFingerprint = await repository.catalogueFingerprint();
    changedDuringBuild = new Set();
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
    builds += 1;
    changed = changedDuringBuild;
    changedDuringBuild = null;
    overlay = null;
    forgetAnswers();
    fingerprint = nextFingerprint;
    if (changed.size > 0) scheduleOverlay();
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
        changedDuringBuild = null;
      }
    })();
    return building;
  }

  function scheduleRebuild(delayMs = options.debounceMs) {
    if (stopped) return;
    clearTimeout(debounceTimer);
    debounceTimer = setTimeout(() => {
      burstStartedAt = null;
      void rebuild().catch(() => undefined);
    }, delayMs);
    debounceTimer.unref();
  }

  /** Reads the changed products again and indexes them apart; a few milliseconds for up to OVERLAY_MAX. */
  async function refreshOverlay() {
    if (stopped || changed.size === 0 || changed.size > OVERLAY_MAX) return;
    const ids = [...changed];
    const docs = await repository.docsByIds(ids);
    // A rebuild swapped in meanwhile, or more changes came: the next refresh covers them.
    if (ids.length !== changed.size || changed.size > OVERLAY_MAX) return;
    const builder = createSearchIndexBuilder<ProductSummary>();
    for (const doc of docs) builder.add(doc);
    overlay = { index: builder.build(), covers: new Set(ids) };
    forgetAnswers();
  }

  function scheduleOverlay() {
    if (stopped) return;
    clearTimeout(overlayTimer);
    overlayTimer = setTimeout(() => {
      refreshOverlay().catch((err: unknown) => log.warn({ err }, 'search overlay refresh failed'));
    }, options.debounceMs);
    overlayTimer.unref();
  }

  function onCatalogueChanged(change: CatalogueChange) {
    if (change.productIds === null) return scheduleRebuild();
    if (change.productIds.length === 0) return;
    for (const id of change.productIds) {
      changed.add(id);
      changedDuringBuild?.add(id);
    }
    if (changed.size <= OVERLAY_MAX) return scheduleOverlay();
    // A burst (a sync): the main index is rebuilt once it pauses, and at the latest BURST_MAX_LAG_MS after it began.
    overlay = null;
    const now = Date.now();
    burstStartedAt ??= now;
    scheduleRebuild(Math.min(BURST_QUIET_MS, Math.max(0, burstStartedAt + BURST_MAX_LAG_MS - now)));
  }

  /** Main index answers without the changed products' old entries, merged with the overlay's; one page of them. */
  function searchBoth(main: SearchIndex<ProductSummary>, q: string, limit: number, offset: number) {
    if (!overlay) return main.search(q, limit, { offset });
    const { index: fresh, covers } = overlay;
    // The best `offset + limit` of each, merged: the page is among them.
    const old = main.search(q, offset + limit, { exclude: covers });
    const changedHits = fresh.search(q, offset + limit);
    const hits = [...old.hits, ...changedHits.hits];
    hits.sort(
      (a, b) =>
        a.group - b.group ||
        a.tier - b.tier ||
        b.score - a.score ||
        (b.payload.healthScore ?? Number.NEGATIVE_INFINITY) - (a.payload.healthScore ?? Number.NEGATIVE_INFINITY),
    );
    return {
      hits: hits.slice(offset, offset + limit),
      total: old.total + changedHits.total,
      suggestions: old.suggestions,
    };
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
      unsubscribe = events.onCatalogueChanged(onCatalogueChanged);
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
      clearTimeout(overlayTimer);
      clearInterval(pollTimer);
      await building?.catch(() => undefined);
    },

    /** How many times the main index was built (a few changed products do not rebuild it). */
    builds: () => builds,

    /** One page (1-based) of `limit` results, best first, with the true count of every product that matches. */
    async search(q: string, limit: number, page = 1): Promise<SearchResponse> {
      const current = await currentIndex();
      const key = `${limit}|${page}|${q.trim()}`;
      const cached = answers.get(key);
      if (cached) return cached;
      const found = searchBoth(current, q, limit, (page - 1) * limit);
      const answer = {
        results: found.hits.map((h) => h.payload),
        total: found.total,
        page,
        suggestions: found.suggestions,
      };
      answers.set(key, answer);
      return answer;
    },

    /**
     * What the search box proposes while the shopper types: the first `SUGGEST_LIMIT` products of the same
     * search (same index, same order; the last word counts as being typed), with what names them.
     */
    async suggest(q: string): Promise<SuggestResponse> {
      const current = await currentIndex();
      const key = q.trim();
      const cached = suggestAnswers.get(key);
      if (cached) return cached;
      const found = searchBoth(current, key, SUGGEST_LIMIT, 0);
      const answer = {
        items: found.hits.map(({ payload: { id, name, brand } }) => ({ id, name, brand })),
      };
      suggestAnswers.set(key, answer);
      return answer;
    },

    /**
     * The product with this EAN-13, EAN-8 or UPC-A code, in whichever of its forms it was stored. The index
     * answers without a database round-trip; a code it does not know (a product added since the last rebuild)
     * is looked up in the database, and a code the catalogue lacks in Open Food Facts (stored when found there;
     * a 503 when OFF cannot be asked now) once its GS1 check digit holds (a 400 otherwise).
     */
    async findByBarcode(code: string, asker?: LookupAsker | null): Promise<{ id: number; barcode: string }> {
      const fresh = overlay?.index.findByBarcode(code);
      if (fresh) return { id: fresh.id, barcode: fresh.barcode };
      const indexed = index?.findByBarcode(code);
      // A changed product's old entry may carry a barcode it no longer has: the database knows.
      if (indexed && !overlay?.covers.has(indexed.id)) return { id: indexed.id, barcode: indexed.barcode };
      const stored = await repository.findIdByBarcodes(barcodeVariants(code));
      if (stored) return stored;
      // A code the catalogue lacks whose GS1 check digit is wrong is a slip, not a product: told at once, and never
      // spent on Open Food Facts. (Codes already stored answer above whatever their digit: OFF holds some.)
      if (!hasValidCheckDigit(code)) throw new AppError(400, 'BARCODE_CHECK_DIGIT', BARCODE_CHECK_MESSAGE);
      const found = (await deps.offLookup?.lookup(code, asker)) ?? null;
      // NOT_IN_CATALOGUE when Open Food Facts was not asked (live lookups off): the app must not say OFF lacks it.
      if (!found) throw new AppError(404, deps.offLookup ? 'NOT_FOUND' : 'NOT_IN_CATALOGUE', BARCODE_NOT_FOUND_MESSAGE);
      return found;
    },
  };
}
