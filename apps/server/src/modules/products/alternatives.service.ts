import { MAX_ALTERNATIVES, type ProductAlternatives } from '@etiqueta/contracts';
import {
  BETTER_SCORE_MARGIN,
  betterReason,
  type ComparableProduct,
  rankAlternatives,
  scoreLabel,
} from '@etiqueta/domain';
import type { CatalogueSignal } from '../../lib/catalogue-writes.ts';
import { notFound } from '../../lib/errors.ts';
import { createReadCache } from '../../lib/read-cache.ts';
import type { ComparableRow, ProductRepository, Shelf } from './product.repository.ts';

/**
 * How many of a shelf's best products are read: every product's clearly better ones are a prefix of this list
 * (the shelf in score order, cut at the product's own score). When more than this many share the fifth-best
 * score, closeness of kind is judged among the first of them by id (ADR 015).
 */
const SHELF_TOP = 101;

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
 * that are clearly better, in the domain's order, each with its one reason. Per request, the product is read by
 * its primary key; the best of its shelf come from one index range read per shelf and kind, kept 10 s and
 * cleared on every catalogue change in this process (a re-score, an admin edit, a sync batch), since one score
 * can reorder a shelf. Another process's change shows within the 10 s, as for the listings.
 */
export function createAlternativesService({ repo, events }: { repo: ProductRepository; events: CatalogueSignal }) {
  const shelves = createReadCache<ComparableRow[]>({ maxEntries: 2_000, ttlMs: 10_000 });
  events.onCatalogueChanged(() => shelves.clear());
  const shelfTop = (shelf: Shelf, isLiquid: boolean) =>
    shelves.getOrLoad(`${shelf.level}:${shelf.id}:${isLiquid}`, () => repo.shelfTop(shelf, isLiquid, SHELF_TOP));

  return {
    async of(id: number): Promise<ProductAlternatives> {
      const product = await repo.comparable(id);
      if (!product) throw notFound('Producto no encontrado');
      const answer = (unavailable: ProductAlternatives['unavailable'], items: ProductAlternatives['items'] = []) => ({
        productId: id,
        unavailable,
        minimumMargin: BETTER_SCORE_MARGIN,
        items,
      });
      if (product.healthScore === null) return answer('sin-puntaje');
      const shelf: Shelf | null =
        product.sub2categoryId !== null
          ? { level: 'sub2category', id: product.sub2categoryId }
          : product.subcategoryId !== null
            ? { level: 'subcategory', id: product.subcategoryId }
            : null;
      if (!shelf) return answer('sin-estante');

      // rankAlternatives keeps the clearly better ones (never the product itself) in the domain's order.
      const ranked = rankAlternatives(product, await shelfTop(shelf, product.isLiquid), MAX_ALTERNATIVES);
      const original = comparable(product);
      return answer(
        null,
        ranked.map((alternative) => ({
          id: alternative.id,
          name: alternative.name,
          brand: alternative.brand,
          images: alternative.images,
          healthScore: alternative.healthScore!,
          scoreLabel: scoreLabel(alternative.healthScore),
          reason: betterReason(original, comparable(alternative)),
        })),
      );
    },
  };
}
