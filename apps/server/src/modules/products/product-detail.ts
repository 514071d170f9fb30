import type { Product } from '@etiqueta/contracts';
import { scoreBand } from '@etiqueta/domain';
import type { Db } from '../../db/client.ts';
import { categories, sub2categories, subcategories } from '../../db/schema.ts';
import type { CatalogueEvents } from '../../lib/catalogue-events.ts';
import { createReadCache } from '../../lib/read-cache.ts';
import { createProductRepository, type ProductDetailRow } from './product.repository.ts';

type TaxonomyNames = {
  categorySlug: Map<number, string>;
  subcategorySlug: Map<number, string>;
  sub2categoryName: Map<number, string>;
};

/**
 * The product page, as the JSON text the API answers. The database builds the stored fields (one primary-key
 * read, see `findDetail`); the derived ones — score label, category and subcategory slugs, sub-subcategory
 * name — come from the domain and from a small in-process copy of the taxonomy, so the hot read needs no join.
 */
export function createProductDetails(db: Db, events: CatalogueEvents) {
  const repo = createProductRepository(db);
  // The taxonomy is a few hundred rows; reloaded after any catalogue change and at least every 10 s, so a
  // change made by another process shows within that time.
  const taxonomyCache = createReadCache<TaxonomyNames>({ maxEntries: 1, ttlMs: 10_000 });
  events.onCatalogueChanged(() => taxonomyCache.clear());

  const loadTaxonomy = async (): Promise<TaxonomyNames> => {
    const [cats, subs, sub2s] = await Promise.all([
      db.select({ id: categories.id, slug: categories.slug }).from(categories),
      db.select({ id: subcategories.id, slug: subcategories.slug }).from(subcategories),
      db.select({ id: sub2categories.id, name: sub2categories.name }).from(sub2categories),
    ]);
    return {
      categorySlug: new Map(cats.map((c) => [c.id, c.slug])),
      subcategorySlug: new Map(subs.map((s) => [s.id, s.slug])),
      sub2categoryName: new Map(sub2s.map((s) => [s.id, s.name])),
    };
  };

  async function taxonomyFor(row: ProductDetailRow): Promise<TaxonomyNames> {
    let names = await taxonomyCache.getOrLoad('taxonomy', loadTaxonomy);
    const missing =
      (row.categoryId !== null && !names.categorySlug.has(row.categoryId)) ||
      (row.subcategoryId !== null && !names.subcategorySlug.has(row.subcategoryId)) ||
      (row.sub2categoryId !== null && !names.sub2categoryName.has(row.sub2categoryId));
    if (missing) {
      // Created since the copy was taken (e.g. by a sync in another process).
      taxonomyCache.clear();
      names = await taxonomyCache.getOrLoad('taxonomy', loadTaxonomy);
    }
    return names;
  }

  async function json(id: number): Promise<string | null> {
    const row = await repo.findDetail(id);
    if (!row) return null;
    const names = await taxonomyFor(row);
    const pick = (map: Map<number, string>, key: number | null) => (key === null ? null : (map.get(key) ?? null));
    const derived = {
      scoreLabel: scoreBand(row.healthScore).label,
      categorySlug: pick(names.categorySlug, row.categoryId),
      subcategorySlug: pick(names.subcategorySlug, row.subcategoryId),
      sub2categoryName: pick(names.sub2categoryName, row.sub2categoryId),
    } satisfies Partial<Product>;
    // Both are JSON objects: the derived fields' members go first, then the stored ones.
    return `${JSON.stringify(derived).slice(0, -1)},${row.json.slice(1)}`;
  }

  return {
    /** The product page's JSON text, or null when there is no such product. */
    json,
    async get(id: number): Promise<Product | null> {
      const text = await json(id);
      return text === null ? null : (JSON.parse(text) as Product);
    },
  };
}
