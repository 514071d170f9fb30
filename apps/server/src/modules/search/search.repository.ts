import type { ProductSummary } from '@etiqueta/contracts';
import type { ProductRepository } from '../products/product.repository.ts';
import { readDietaryFacts } from './dietary-claims.ts';
import type { SearchDoc } from './search-types.ts';

/** Rows per round-trip when loading the catalogue: short enough that other queries interleave on PGlite. */
const LOAD_PAGE_SIZE = 500;

type DocRow = Awaited<ReturnType<ProductRepository['searchDocsPage']>>[number];

/**
 * One shared copy of each distinct value: the summaries' small parts repeat across the catalogue (the same diets,
 * allergen statuses, ultra-processing suspects and additives, the empty gallery), and 50,000 parsed copies of them
 * were half the index's memory (ADR 028). Values are compared by their JSON, so an answer written from a shared
 * copy is byte for byte the one written from the product's own. Summaries are read, never changed.
 */
export function createInterner() {
  const known = new Map<string, unknown>();
  const strings = new Map<string, string>();
  const intern = <V>(value: V): V => {
    if (typeof value === 'string') {
      const found = strings.get(value);
      if (found !== undefined) return found as V;
      strings.set(value, value);
      return value;
    }
    if (value === null || typeof value !== 'object') return value;
    const shared = (Array.isArray(value) ? value.map(intern) : value) as V;
    const key = JSON.stringify(shared);
    const found = known.get(key);
    if (found !== undefined) return found as V;
    known.set(key, shared);
    return shared;
  };
  return {
    intern,
    /** The summary with each of its object and array fields replaced by the one shared copy of its value. */
    summary<S extends ProductSummary>(summary: S): S {
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(summary)) {
        if (key === 'images' && value && typeof value === 'object' && !Array.isArray(value)) {
          const images = value as Record<string, unknown>;
          // The URLs are the product's own (the thumbnail often the photo itself); the gallery is empty on most.
          out[key] = Object.fromEntries(Object.entries(images).map(([k, v]) => [k, intern(v)]));
        } else {
          out[key] = intern(value);
        }
      }
      return out as S;
    },
  };
}

type Interner = ReturnType<typeof createInterner>;

const toSearchDoc = (
  { summary, categoryName, subcategoryNames, ingredients }: DocRow,
  interner: Interner,
): SearchDoc<ProductSummary> => ({
  id: summary.id,
  barcode: summary.barcode,
  name: summary.name,
  brand: summary.brand,
  categoryNames: interner.intern(categoryName ? [categoryName] : []),
  subcategoryNames: interner.intern(subcategoryNames),
  healthScore: summary.healthScore,
  dietary: readDietaryFacts(summary.name, subcategoryNames, ingredients),
  payload: interner.summary(summary),
});

export type SearchRepository = ReturnType<typeof createSearchRepository>;

export function createSearchRepository(products: ProductRepository) {
  return {
    /** Every product as a search document carrying its summary, a page at a time in id order. */
    async *docPages(): AsyncGenerator<SearchDoc<ProductSummary>[]> {
      const interner = createInterner();
      let afterId = 0;
      for (;;) {
        const page = await products.searchDocsPage(afterId, LOAD_PAGE_SIZE);
        yield page.map((row) => toSearchDoc(row, interner));
        const last = page[page.length - 1];
        if (!last || page.length < LOAD_PAGE_SIZE) return;
        afterId = last.summary.id;
      }
    },

    /** These products as search documents (those that still exist). */
    async docsByIds(ids: readonly number[]): Promise<SearchDoc<ProductSummary>[]> {
      const interner = createInterner();
      return (await products.searchDocsByIds(ids)).map((row) => toSearchDoc(row, interner));
    },

    catalogueFingerprint: () => products.catalogueFingerprint(),

    findIdByBarcodes: (barcodes: string[]) => products.findIdByBarcodes(barcodes),
  };
}
