import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import { SUGGEST_LIMIT, type SearchResponse, type SuggestResponse } from '@etiqueta/contracts';
import { BARCODE_CHECK_MESSAGE, hasValidCheckDigit } from '@etiqueta/domain';
import type { CatalogueSignal } from '../../lib/catalogue-writes.ts';
import { AppError } from '../../lib/errors.ts';
import type { LookupAsker, OffLiveLookup } from '../catalogue-import/off-live-lookup.ts';
import { barcodeVariants } from './barcode-variants.ts';
import { createIndexKeeper, type SearchServiceOptions } from './search-index-keeper.ts';
import type { SearchRepository } from './search.repository.ts';

/** Spec §7's 404 for a barcode nobody has. */
const BARCODE_NOT_FOUND_MESSAGE = 'Producto no encontrado para este código de barras';

/**
 * The kept search answers hold at most this many product summaries in all. Each summary is ~1 KB of JSON once the
 * route has written it (search.routes.ts keeps those bytes beside an answer asked twice): ~6 MB. Counted by
 * summaries, not answers: 1,000 answers of up to 30 summaries could keep 30 MB (issue 31).
 */
const KEPT_SUMMARIES = 6_000;
/** Suggestions are 5 names each: kept by count. */
const KEPT_SUGGESTIONS = 1_000;

/**
 * Search over an in-process index of the whole catalogue (ADR 003), kept fresh from the database by the index
 * keeper (search-index-keeper.ts); popular answers cached for the life of the index they came from. Barcode
 * lookups use the indexes too, then the database, then (when given) Open Food Facts' product API for codes the
 * catalogue lacks.
 */
export type SearchService = ReturnType<typeof createSearchService>;

export function createSearchService(deps: {
  repository: SearchRepository;
  events: CatalogueSignal;
  log: FastifyBaseLogger;
  options: SearchServiceOptions;
  offLookup?: OffLiveLookup | null;
}) {
  const { repository } = deps;
  // Popular searches repeat across shoppers ('leche', the home box and the results page ask alike):
  // answers are kept for the life of the index they came from, least recently asked dropped first.
  const answers = new LRUCache<string, SearchResponse>({
    maxSize: KEPT_SUMMARIES,
    sizeCalculation: (answer) => answer.results.length + 1,
  });
  // The box's suggestions, one per prefix typed: kept the same way.
  const suggestAnswers = new LRUCache<string, SuggestResponse>({ max: KEPT_SUGGESTIONS });
  /** Readers that keep what they built from the index (listings): told when it is swapped, as the answers are. */
  const swapListeners = new Set<() => void>();
  const forgetAnswers = () => {
    answers.clear();
    suggestAnswers.clear();
    for (const listener of swapListeners) listener();
  };
  const keeper = createIndexKeeper({ repository, events: deps.events, log: deps.log, options: deps.options, onSwap: forgetAnswers });
  const { currentIndex, searchBoth } = keeper;

  return {
    /** Builds the first index in the background and starts listening for changes. */
    start: () => keeper.start(),
    stop: () => keeper.stop(),
    /** How many times the main index was built (a few changed products do not rebuild it). */
    builds: () => keeper.builds(),
    /** A product's summary from the indexes when it is known to be current, else null (listings then ask the database). */
    indexedSummary: keeper.indexedSummary,
    /**
     * Calls `listener` whenever an index or overlay is swapped in: after this process's writes, and after a poll
     * noticed another process's (PostgreSQL), so what was built from the old one can be forgotten at once.
     */
    onIndexSwapped(listener: () => void): () => void {
      swapListeners.add(listener);
      return () => swapListeners.delete(listener);
    },

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
      const indexed = keeper.findByBarcode(code);
      if (indexed) return { id: indexed.id, barcode: indexed.barcode };
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
