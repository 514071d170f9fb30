import type { Category, Sub2category, Subcategory } from '@etiqueta/contracts';
import type { CatalogueSignal } from '../../lib/catalogue-writes.ts';
import { notFound } from '../../lib/errors.ts';
import { createReadCache } from '../../lib/read-cache.ts';
import type { ProductRepository } from '../products/product.repository.ts';
import type { CatalogueRepository } from './catalogue.repository.ts';

/** A listing shows at most this many products; a shopper in an aisle narrows with chips and filters. */
export const LISTING_LIMIT = 300;

export type CatalogueService = ReturnType<typeof createCatalogueService>;

export function createCatalogueService(
  repo: CatalogueRepository,
  productsRepo: ProductRepository,
  events: CatalogueSignal,
  productPages: { json: (id: number) => Promise<string | Buffer | null> },
) {
  const cache = createReadCache<unknown>({ maxEntries: 2_000, ttlMs: 10_000 });
  events.onCatalogueChanged(() => cache.clear());
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

  return {
    listCategories: (): Promise<Category[]> => cached('categories', () => repo.listCategories()),
    getCategory,
    listSubcategories: (slug: string): Promise<Subcategory[]> =>
      cached(`subcategories:${slug}`, async () => repo.listSubcategories((await getCategory(slug)).id)),
    /** A category's products as JSON text (the `productList` contract), serialised once per cache entry. */
    listCategoryProductsJson: (slug: string, sub2?: string): Promise<string> =>
      cached(`category-products:${slug}:${sub2 ?? ''}`, async () =>
        JSON.stringify(await productsRepo.listBy('category', (await getCategory(slug)).id, sub2, LISTING_LIMIT)),
      ),
    getSubcategory,
    /** A subcategory's products as JSON text (the `productList` contract), serialised once per cache entry. */
    listSubcategoryProductsJson: (slug: string, sub2?: string): Promise<string> =>
      cached(`subcategory-products:${slug}:${sub2 ?? ''}`, async () =>
        JSON.stringify(await productsRepo.listBy('subcategory', (await getSubcategory(slug)).id, sub2, LISTING_LIMIT)),
      ),
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
