/**
 * The product answer, built in one place (ADR 008): a product's stored row with its derived fields — score label,
 * category slugs, additive details — validated against the contract. The in-memory pages are product-page-store.ts.
 */
import { product, type Product } from '@etiqueta/contracts';
import { scoreBand } from '@etiqueta/domain';
import type { CatalogueSignal } from '../../lib/catalogue-writes.ts';
import { createReadCache } from '../../lib/read-cache.ts';
import { PRODUCT_COLUMNS, SERVED_COLUMNS, type DerivedProductField } from './product-columns.ts';
import type { ProductDetailRow, ProductRepository } from './product.repository.ts';

/** What the additive table says of each code: function (class) and risk reason, empty when unset. */
export type AdditiveDetailRow = { code: string | null; category: string; reason: string };
type AdditiveDetails = Map<string, { function: string | null; reason: string | null }>;

/** The taxonomy's ids with their slugs or names (the catalogue's `taxonomyNames`), for the derived fields. */
export type TaxonomyNameRows = {
  cats: { id: number; slug: string }[];
  subs: { id: number; slug: string }[];
  sub2s: { id: number; name: string }[];
};
type TaxonomyNames = {
  categorySlug: Map<number, string>;
  subcategorySlug: Map<number, string>;
  sub2categoryName: Map<number, string>;
};

export type ProductDetails = ReturnType<typeof createProductDetails>;

/** The product contract, strict: a field the builder adds or forgets fails here, not in a shopper's browser. */
const productAnswer = product.strict();

/**
 * The product answer, built here and nowhere else: the served columns under their contract names (one table,
 * product-columns.ts), the dates as ISO text, and the derived fields — score label from the domain, category
 * and subcategory slugs and the sub-subcategory name from the taxonomy — validated against the contract.
 */
export function toProductAnswer(
  row: ProductDetailRow,
  derived: Pick<Product, DerivedProductField>,
  additiveDetails: AdditiveDetails = new Map(),
): Product {
  const answer: Record<string, unknown> = { ...derived };
  for (const column of SERVED_COLUMNS) answer[PRODUCT_COLUMNS[column].api] = row[column];
  answer.updatedAt = row.updatedAt.toISOString();
  // Each detected additive with what the additive table says of it now (issue 14: function and reason on the
  // product page); admin-written codes are stored upper-case ('E150D'), the catalogue's as printed ('E150d').
  answer.detectedAdditives = row.detectedAdditives.map((additive) => ({
    ...additive,
    function: null,
    reason: additive.reason ?? null,
    ...(additiveDetails.get(additive.code) ?? additiveDetails.get(additive.code.toUpperCase())),
  }));
  return productAnswer.parse(answer);
}

/**
 * The product page, as the JSON text the API answers: one primary-key read (see `findDetail`) and a small
 * in-process copy of the taxonomy for the derived names, so the hot read needs no join.
 */
export function createProductDetails(
  repo: ProductRepository,
  loadTaxonomyNames: () => Promise<TaxonomyNameRows>,
  events: CatalogueSignal,
  loadAdditiveDetails: () => Promise<AdditiveDetailRow[]>,
) {
  // The taxonomy is a few hundred rows; reloaded after any catalogue change and at least every 10 s, so a
  // change made by another process shows within that time.
  const taxonomyCache = createReadCache<TaxonomyNames>({ maxEntries: 1, ttlMs: 10_000 });
  // The additive table (~630 rows) likewise: additive writes signal a change of unknown extent.
  const additiveCache = createReadCache<AdditiveDetails>({ maxEntries: 1, ttlMs: 10_000 });
  events.onCatalogueChanged((change) => {
    if (change.categories) taxonomyCache.clear();
    if (change.productIds === null) additiveCache.clear();
  });
  const additiveDetails = () =>
    additiveCache.getOrLoad('additives', async () => {
      const details: AdditiveDetails = new Map();
      for (const row of await loadAdditiveDetails()) {
        if (row.code) details.set(row.code, { function: row.category || null, reason: row.reason || null });
      }
      return details;
    });

  const loadTaxonomy = async (): Promise<TaxonomyNames> => {
    const { cats, subs, sub2s } = await loadTaxonomyNames();
    return {
      categorySlug: new Map(cats.map((c) => [c.id, c.slug])),
      subcategorySlug: new Map(subs.map((s) => [s.id, s.slug])),
      sub2categoryName: new Map(sub2s.map((s) => [s.id, s.name])),
    };
  };

  const knows = (names: TaxonomyNames, row: ProductDetailRow) =>
    (row.categoryId === null || names.categorySlug.has(row.categoryId)) &&
    (row.subcategoryId === null || names.subcategorySlug.has(row.subcategoryId)) &&
    (row.sub2categoryId === null || names.sub2categoryName.has(row.sub2categoryId));

  async function taxonomyFor(rows: ProductDetailRow[]): Promise<TaxonomyNames> {
    const names = await taxonomyCache.getOrLoad('taxonomy', loadTaxonomy);
    if (rows.every((row) => knows(names, row))) return names;
    // Created since the copy was taken (e.g. by a sync in another process).
    taxonomyCache.clear();
    return taxonomyCache.getOrLoad('taxonomy', loadTaxonomy);
  }

  function compose(row: ProductDetailRow, names: TaxonomyNames, additives: AdditiveDetails): string {
    const pick = (map: Map<number, string>, key: number | null) => (key === null ? null : (map.get(key) ?? null));
    return JSON.stringify(
      toProductAnswer(
        row,
        {
          scoreLabel: scoreBand(row.healthScore).label,
          categorySlug: pick(names.categorySlug, row.categoryId),
          subcategorySlug: pick(names.subcategorySlug, row.subcategoryId),
          sub2categoryName: pick(names.sub2categoryName, row.sub2categoryId),
        },
        additives,
      ),
    );
  }

  async function json(id: number): Promise<string | null> {
    const row = await repo.findDetail(id);
    return row ? compose(row, await taxonomyFor([row]), await additiveDetails()) : null;
  }

  return {
    /** The product page's JSON text, or null when there is no such product. */
    json,
    async get(id: number): Promise<Product | null> {
      const text = await json(id);
      return text === null ? null : (JSON.parse(text) as Product);
    },
    /**
     * The answer for a product as it would be, not as it is stored: a contribution's provisional product (the
     * row the catalogue has, or a new one, with what the shopper sent, analysed like any product).
     */
    async answerFor(row: ProductDetailRow): Promise<Product> {
      return JSON.parse(compose(row, await taxonomyFor([row]), await additiveDetails())) as Product;
    },
    /** Every product page, a page of products at a time in id order (keyset). */
    async page(afterId: number, limit: number): Promise<{ id: number; json: string }[]> {
      const rows = await repo.detailPage(afterId, limit);
      const [names, additives] = [await taxonomyFor(rows), await additiveDetails()];
      return rows.map((row) => ({ id: row.id, json: compose(row, names, additives) }));
    },
    /** The pages of these products (those that exist). */
    async some(ids: readonly number[]): Promise<{ id: number; json: string }[]> {
      const rows = await repo.detailsByIds(ids);
      const [names, additives] = [await taxonomyFor(rows), await additiveDetails()];
      return rows.map((row) => ({ id: row.id, json: compose(row, names, additives) }));
    },
  };
}
