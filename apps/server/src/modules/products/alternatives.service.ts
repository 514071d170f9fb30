import { MAX_ALTERNATIVES, productAlternatives, type ProductAlternatives } from '@etiqueta/contracts';
import {
  BETTER_SCORE_MARGIN,
  betterReason,
  betterScoreFloor,
  isClearlyBetter,
  type ComparableProduct,
  rankAlternatives,
  scoreLabel,
  shownScoreTenths,
} from '@etiqueta/domain';
import type { CatalogueSignal } from '../../lib/catalogue-writes.ts';
import { notFound } from '../../lib/errors.ts';
import { createReadCache } from '../../lib/read-cache.ts';
import type { ComparableRow, ProductRepository, Shelf } from './product.repository.ts';

/** Candidates read at first: enough to rank the five best by closeness of kind on most shelves. */
const FIRST_READ = 20;
/**
 * At most this many: on a shelf where hundreds of products share the fifth-best score, closeness of kind is
 * judged among the first of them by id (ADR 015), so one page view never reads a whole shelf.
 */
const MAX_READ = 100;

export type AlternativesService = ReturnType<typeof createAlternativesService>;

/** What the domain compares: risky additives counted, unknown (null) without an ingredient list. */
const comparable = (row: ComparableRow): ComparableProduct => ({
  ...row,
  riskyAdditiveCount: row.ingredientsKnown
    ? row.detectedAdditives.filter((a) => a.riskLevel === 'Riesgoso').length
    : null,
});

/**
 * "Mejores opciones" (issue 16, ADR 015): up to five products of the same shelf and kind (solid or liquid)
 * that are clearly better, in the domain's order, each with its one reason. Read from the database (an index
 * range read) and kept as JSON text for 10 s per product; any catalogue change in this process (a re-score, an
 * admin edit, a sync batch) clears them all, since one score can reorder a whole shelf. Another process's
 * change shows within the 10 s, as for the listings.
 */
export function createAlternativesService({
  repo,
  events,
}: {
  repo: ProductRepository;
  events: CatalogueSignal;
}) {
  const cache = createReadCache<string>({ maxEntries: 5_000, ttlMs: 10_000 });
  events.onCatalogueChanged(() => cache.clear());

  /**
   * The clearly better products of the shelf, best first, including those whose shown score ties the fifth's
   * (up to MAX_READ): the order among equal scores is decided by closeness of kind, not by where a read cut.
   */
  async function candidates(shelf: Shelf, product: { id: number; isLiquid: boolean; healthScore: number }) {
    const floor = betterScoreFloor(product.healthScore);
    for (let limit = FIRST_READ; ; limit = MAX_READ) {
      const rows = await repo.betterOnShelf(shelf, product.isLiquid, floor, product.id, limit);
      const fifth = rows[MAX_ALTERNATIVES - 1]?.healthScore;
      const last = rows.at(-1)?.healthScore;
      const cutInsideATie =
        fifth != null && last != null && shownScoreTenths(last) === shownScoreTenths(fifth);
      if (rows.length < limit || !cutInsideATie || limit >= MAX_READ) return rows;
    }
  }

  async function of(id: number): Promise<ProductAlternatives> {
    const product = await repo.comparable(id);
    if (!product) throw notFound('Producto no encontrado');
    const answer = (
      unavailable: ProductAlternatives['unavailable'],
      items: ProductAlternatives['items'] = [],
    ) => ({
      productId: id,
      unavailable,
      minimumMargin: BETTER_SCORE_MARGIN,
      items,
    });
    const { healthScore } = product;
    if (healthScore === null) return answer('sin-puntaje');
    const shelf: Shelf | null =
      product.sub2categoryId !== null
        ? { level: 'sub2category', id: product.sub2categoryId }
        : product.subcategoryId !== null
          ? { level: 'subcategory', id: product.subcategoryId }
          : null;
    if (!shelf) return answer('sin-estante');

    const chosen = rankAlternatives(product, await candidates(shelf, { ...product, healthScore })).slice(0, MAX_ALTERNATIVES);
    const details = new Map((await repo.comparableByIds(chosen.map((c) => c.id))).map((row) => [row.id, row]));
    const items: ProductAlternatives['items'] = [];
    for (const { id: alternativeId } of chosen) {
      // A product deleted or re-scored between the two reads is left out rather than shown as better untruly.
      const alternative = details.get(alternativeId);
      if (!alternative || !isClearlyBetter(alternative.healthScore, healthScore)) continue;
      items.push({
        id: alternative.id,
        name: alternative.name,
        brand: alternative.brand,
        images: alternative.images,
        healthScore: alternative.healthScore!,
        scoreLabel: scoreLabel(alternative.healthScore),
        reason: betterReason(comparable(product), comparable(alternative)),
      });
    }
    return answer(null, items);
  }

  return {
    /** The answer as JSON text, validated against the strict contract once, when it is built. */
    json: (id: number): Promise<string> =>
      cache.getOrLoad(String(id), async () => JSON.stringify(productAlternatives.parse(await of(id)))),
  };
}
