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
import type { AlternativesRepository, ComparableRow, Shelf } from './alternatives.repository.ts';

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
 * "Mejores opciones" (issues 16 and 26, ADR 015): up to five clearly better products of the same substitute
 * family and kind (solid or liquid), by shelf first: the product's sub-subcategory, then its subcategory, then
 * the rest of its family; within each, the domain's order, each with its one reason. Never a product of another
 * family, whatever words its name shares. Per request, the product is read by its primary key; the best of each
 * place come from one index range read per place, family and kind, kept 10 s and cleared on every catalogue
 * change in this process (a re-score, an admin edit, a sync batch), since one score can reorder a shelf. Another
 * process's change shows within the 10 s, as for the listings.
 */
export function createAlternativesService({ repo, events }: { repo: AlternativesRepository; events: CatalogueSignal }) {
  const shelves = createReadCache<ComparableRow[]>({ maxEntries: 2_000, ttlMs: 10_000 });
  events.onCatalogueChanged(() => shelves.clear());
  const shelfTop = (shelf: Shelf, family: string, isLiquid: boolean) =>
    shelves.getOrLoad(`${shelf.level}:${'id' in shelf ? shelf.id : ''}:${family}:${isLiquid}`, () =>
      repo.shelfTop(shelf, family, isLiquid, SHELF_TOP),
    );

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
      if (product.subcategoryId === null) return answer('sin-estante');
      const places: Shelf[] = [
        ...(product.sub2categoryId !== null ? [{ level: 'sub2category', id: product.sub2categoryId } as const] : []),
        { level: 'subcategory', id: product.subcategoryId },
        // 'other' gathers what no family names (eggs, products of no shelf): past its shelf it has no kind.
        ...(product.substituteFamily !== 'other' ? [{ level: 'family' } as const] : []),
      ];

      // rankAlternatives keeps the clearly better ones (never the product itself) in the domain's order; a
      // farther place only fills what the nearer ones left.
      const ranked: ComparableRow[] = [];
      for (const place of places) {
        if (ranked.length >= MAX_ALTERNATIVES) break;
        const taken = new Set(ranked.map((r) => r.id));
        const candidates = (await shelfTop(place, product.substituteFamily, product.isLiquid)).filter((r) => !taken.has(r.id));
        ranked.push(...rankAlternatives(product, candidates, MAX_ALTERNATIVES - ranked.length));
      }
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
          allergens: alternative.allergens,
          diets: alternative.diets,
          reason: betterReason(original, comparable(alternative)),
        })),
      );
    },
  };
}
