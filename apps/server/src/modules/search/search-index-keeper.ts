// Keeps the in-process search index (ADR 003) fresh from the database: the main index rebuilt in the background
// (slice by slice, the old one serving meanwhile) when the catalogue changes in bulk or of unknown extent, a few
// changed products indexed apart in a small overlay, and another process's writes noticed by polling.
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { ProductSummary } from '@etiqueta/contracts';
import type { CatalogueChange, CatalogueSignal } from '../../lib/catalogue-writes.ts';
import { AppError } from '../../lib/errors.ts';
import { releaseFreedMemory } from '../../lib/release-memory.ts';
import { rerunningJob } from '../../lib/rerunning-job.ts';
import { createSearchIndexBuilder } from './search-index.ts';
import type { SearchIndex } from './search-types.ts';
import type { SearchRepository } from './search.repository.ts';


/** From this many products a full rebuild's freed memory is given back at once (ADR 030's revision). */
const RELEASE_FROM_PRODUCTS = 5_000;
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

export type IndexKeeper = ReturnType<typeof createIndexKeeper>;

/** `onSwap`: an index or overlay was swapped in (answers cached from the old one are stale). */
export function createIndexKeeper(deps: {
  repository: SearchRepository;
  events: CatalogueSignal;
  log: FastifyBaseLogger;
  options: SearchServiceOptions;
  onSwap: () => void;
}) {
  const { repository, events, log, options, onSwap: forgetAnswers } = deps;
  let index: SearchIndex<ProductSummary> | null = null;
  let fingerprint: string | null = null;
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
  /**
   * Every change counts one generation. `dirty`: products whose latest change (its generation) no serving index
   * has read yet; `everythingAt`: the last change of unknown extent; `indexReadAt`: the generation the main index
   * began reading at. `indexedSummary` answers only what is known to be current, so a listing built from it
   * shows every committed write of this process at once.
   */
  let generation = 0;
  const dirty = new Map<number, number>();
  let everythingAt = 0;
  let indexReadAt = 0;
  const markRead = (ids: Iterable<number>, readFrom: number) => {
    for (const id of ids) if ((dirty.get(id) ?? Number.POSITIVE_INFINITY) <= readFrom) dirty.delete(id);
  };

  async function buildOnce() {
    const started = performance.now();
    const readFrom = generation;
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
    indexReadAt = readFrom;
    markRead([...dirty.keys()], readFrom);
    forgetAnswers();
    fingerprint = nextFingerprint;
    if (changed.size > 0) scheduleOverlay();
    const finished = performance.now();
    // The build's garbage and the replaced index, given back now rather than when the server next idles; a small
    // catalogue frees a few MB, not worth the pause.
    const releaseMs = next.size >= RELEASE_FROM_PRODUCTS ? releaseFreedMemory() : null;
    log.info(
      {
        products: next.size,
        words: next.vocabularySize,
        readAndIndexMs: Math.round(loaded - started),
        finishMs: Math.round(finished - loaded),
        releaseMs,
      },
      'search index built',
    );
  }

  /** Rebuilds; a failed build ends its series, and the previous index keeps serving. */
  const rebuilds = rerunningJob(async () => {
    try {
      await buildOnce();
    } catch (err) {
      log.error({ err }, 'search index rebuild failed; the previous index keeps serving');
      throw err;
    } finally {
      changedDuringBuild = null;
    }
  }, () => stopped);

  function scheduleRebuild(delayMs = options.debounceMs) {
    if (stopped) return;
    clearTimeout(debounceTimer);
    debounceTimer = setTimeout(() => {
      burstStartedAt = null;
      void rebuilds.run().catch(() => undefined);
    }, delayMs);
    debounceTimer.unref();
  }

  /** Reads the changed products again and indexes them apart; a few milliseconds for up to OVERLAY_MAX. */
  async function refreshOverlay() {
    if (stopped || changed.size === 0 || changed.size > OVERLAY_MAX) return;
    const ids = [...changed];
    const readFrom = generation;
    const docs = await repository.docsByIds(ids);
    // A rebuild swapped in meanwhile, or more changes came: the next refresh covers them.
    if (ids.length !== changed.size || changed.size > OVERLAY_MAX) return;
    const builder = createSearchIndexBuilder<ProductSummary>();
    for (const doc of docs) builder.add(doc);
    overlay = { index: builder.build(), covers: new Set(ids) };
    markRead(ids, readFrom);
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
    if (change.productIds?.length === 0) return;
    generation += 1;
    if (change.productIds === null) {
      everythingAt = generation;
      return scheduleRebuild();
    }
    for (const id of change.productIds) {
      dirty.set(id, generation);
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
    if (stopped || rebuilds.running()) return;
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
      // The first build under way is waited for; asking it to go again would read the whole catalogue twice.
      await (rebuilds.running() ?? rebuilds.run());
    } catch {
      throw unavailable();
    }
    if (!index) throw unavailable();
    return index;
  }

  /**
   * The indexed product with this code, in any of its forms: the overlay's fresh entry first; the main index's
   * unless the product changed since (its old entry may carry a barcode it no longer has). null: ask the database.
   */
  function findByBarcode(code: string): ProductSummary | null {
    const fresh = overlay?.index.findByBarcode(code);
    if (fresh) return fresh;
    const indexed = index?.findByBarcode(code);
    return indexed && !overlay?.covers.has(indexed.id) ? indexed : null;
  }

  /**
   * The product's summary as the indexes hold it, when that is known to be its current one; null when it is not
   * indexed yet, changed since (a write of this process not yet read back), or every product may have: ask the
   * database. Another process's writes show once the poll notices them (PostgreSQL), as in search.
   */
  function indexedSummary(id: number): ProductSummary | null {
    if (!index || everythingAt > indexReadAt || dirty.has(id)) return null;
    if (overlay?.covers.has(id)) return overlay.index.findById(id);
    // Changed since the main index read it, and no overlay holds it (a burst drops the overlay): not current.
    return changed.has(id) ? null : index.findById(id);
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
      void rebuilds.run().catch(() => undefined);
    },

    async stop() {
      stopped = true;
      unsubscribe?.();
      clearTimeout(debounceTimer);
      clearTimeout(overlayTimer);
      clearInterval(pollTimer);
      await rebuilds.running()?.catch(() => undefined);
    },

    /** How many times the main index was built (a few changed products do not rebuild it). */
    builds: () => builds,

    /** The serving main index; the first one is built (or waited for) when there is none yet: a 503 if that fails. */
    currentIndex,
    searchBoth,
    findByBarcode,
    indexedSummary,
  };
}
