import type { Category, ListingPage, ProductSummary, Sub2category, Subcategory, listingQuery } from '@etiqueta/contracts';
import { isClearlyBetter, matchesFilters, type FilterState } from '@etiqueta/domain';
import type { z } from 'zod';
import type { CatalogueSignal } from '../../lib/catalogue-writes.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { createReadCache } from '../../lib/read-cache.ts';
import type { ProductRepository } from '../products/product.repository.ts';
import type { CatalogueRepository } from './catalogue.repository.ts';

export type ListingRequest = z.output<typeof listingQuery>;

const collator = new Intl.Collator('es', { sensitivity: 'base', numeric: true });
/** A to Z as a Spanish reader expects (accents and case do not reorder), then by id so pages never overlap. */
const compareNames = (a: ProductSummary, b: ProductSummary) => collator.compare(a.name, b.name) || a.id - b.id;

export type CatalogueService = ReturnType<typeof createCatalogueService>;

export function createCatalogueService(
  repo: CatalogueRepository,
  productsRepo: ProductRepository,
  events: CatalogueSignal,
  productPages: { json: (id: number) => Promise<string | Buffer | null> },
  /** The search index's summaries (search.service.ts): a product's when it is current, and when the index changed. */
  index: { indexedSummary: (id: number) => ProductSummary | null; onIndexSwapped: (listener: () => void) => void },
) {
  const { indexedSummary } = index;
  const cache = createReadCache<unknown>({ maxEntries: 2_000, ttlMs: 10_000 });
  events.onCatalogueChanged(() => cache.clear());
  // A listing holds the index's summaries: once another process's write reaches the index (its poll), the
  // listing is read again rather than kept for the rest of its 10 s.
  index.onIndexSwapped(() => cache.clear());
  const cached = <T>(key: string, load: () => Promise<T>) => cache.getOrLoad(key, load) as Promise<T>;

  const getCategory = (slug: string) =>
    cached(`category:${slug}`, async () => {
      const c = await repo.findCategory(slug);
      if (!c) throw notFound('Categoría no encontrada');
      return c;
    });
  const getSubcategory = (slug: string) =>
    cached(`subcategory:${slug}`, async () => {
      const s = await repo.findSubcategory(slug);
      if (!s) throw notFound('Subcategoría no encontrada');
      return s;
    });

  /**
   * Every product of a listing, best score first, then filtered and paged in memory: the ids and order from the
   * database, each summary the search index's own object (no second copy of the catalogue), read from the
   * database only for products the index does not hold current (changed a moment ago, or not indexed yet).
   */
  const listingProducts = (parent: 'category' | 'subcategory', id: number, sub2: string | undefined) =>
    cached(`listing:${parent}:${id}:${sub2?.toLowerCase() ?? ''}`, async () => {
      const entries = await productsRepo.listingEntries(parent, id, sub2);
      const summaries = entries.map((e) => indexedSummary(e.id));
      const missing = entries.filter((_, i) => summaries[i] === null).map((e) => e.id);
      const read = new Map((await productsRepo.summariesByIds(missing)).map((s) => [s.id, s]));
      return entries.flatMap(({ id: productId, substituteFamily }, i) => {
        const summary = summaries[i] ?? read.get(productId);
        // Deleted between the two reads: left out.
        return summary ? [{ summary, substituteFamily }] : [];
      });
    });

  /**
   * "Solo mejores que X": the score products must clearly beat and the substitute family they must share (the
   * alternatives' rule, ADR 015). A product that does not exist or has no score cannot be compared against: a
   * 400 saying so.
   */
  const betterThan = async (id: number): Promise<{ score: number; family: string }> => {
    const product = await productsRepo.scoreOf(id);
    if (!product) throw badRequest('El producto con que comparar no existe');
    if (product.healthScore === null) throw badRequest('Ese producto no tiene puntaje: no hay con qué comparar');
    return { score: product.healthScore, family: product.substituteFamily };
  };

  /**
   * One page of a listing with the domain's quick filters applied, so `total` counts what the shopper can
   * reach. Serialised once per cache entry.
   */
  const listingPageJson = (parent: 'category' | 'subcategory', id: number, request: ListingRequest) => {
    const filters = [...(request.filters ?? [])].sort();
    const { sort, page, pageSize, sugarMaxG } = request;
    const sub2 = request.sub2categories || undefined;
    const key = `listing-page:${parent}:${id}:${sub2?.toLowerCase() ?? ''}:${filters.join(',')}:${sugarMaxG ?? ''}:${sort}:${page}:${pageSize}:${request.betterThan ?? ''}`;
    return cached(key, async () => {
      const than = request.betterThan === undefined ? null : await betterThan(request.betterThan);
      const state: FilterState = {
        active: new Set(filters),
        sugarEnabled: sugarMaxG !== undefined,
        sugarMaxG: sugarMaxG ?? 0,
      };
      const passing = (await listingProducts(parent, id, sub2))
        .filter(
          ({ summary, substituteFamily }) =>
            matchesFilters(summary, state) &&
            (than === null || (substituteFamily === than.family && isClearlyBetter(summary.healthScore, than.score))),
        )
        .map((p) => p.summary);
      const ordered = sort === 'name' ? passing.toSorted(compareNames) : passing;
      const start = (page - 1) * pageSize;
      const items = ordered.slice(start, start + pageSize);
      const answer: ListingPage = { items, total: ordered.length, page, pageSize };
      return JSON.stringify(answer);
    });
  };

  return {
    listCategories: (): Promise<Category[]> => cached('categories', () => repo.listCategories()),
    getCategory,
    listSubcategories: (slug: string): Promise<Subcategory[]> =>
      cached(`subcategories:${slug}`, async () => repo.listSubcategories((await getCategory(slug)).id)),
    /** A page of a category's products as JSON text (the `listingPage` contract). */
    listCategoryProductsJson: async (slug: string, request: ListingRequest): Promise<string> =>
      listingPageJson('category', (await getCategory(slug)).id, request),
    getSubcategory,
    /** A page of a subcategory's products as JSON text (the `listingPage` contract). */
    listSubcategoryProductsJson: async (slug: string, request: ListingRequest): Promise<string> =>
      listingPageJson('subcategory', (await getSubcategory(slug)).id, request),
    listSub2categories: (slug: string): Promise<Sub2category[]> =>
      cached(`sub2categories:${slug}`, async () => repo.listSub2categories((await getSubcategory(slug)).id)),
    /** The product page as JSON text (the `product` contract), ready to send. */
    getProductJson: (id: number): Promise<string | Buffer> =>
      cached(`product:${id}`, async () => {
        const json = await productPages.json(id);
        if (json === null) throw notFound('Producto no encontrado');
        return json;
      }),
  };
}
