import type { ProductSummary } from '@etiqueta/contracts';
import type { Db } from '../../db/client.ts';
import { createProductRepository } from '../products/product.repository.ts';
import { readDietaryFacts } from './dietary-claims.ts';
import type { SearchDoc } from './search-index.ts';

/** Rows per round-trip when loading the catalogue: short enough that other queries interleave on PGlite. */
const LOAD_PAGE_SIZE = 500;

type DocRow = Awaited<ReturnType<ReturnType<typeof createProductRepository>['searchDocsPage']>>[number];

const toSearchDoc = ({ summary, categoryName, subcategoryNames, ingredients }: DocRow): SearchDoc<ProductSummary> => ({
  id: summary.id,
  barcode: summary.barcode,
  name: summary.name,
  brand: summary.brand,
  categoryNames: categoryName ? [categoryName] : [],
  subcategoryNames,
  healthScore: summary.healthScore,
  dietary: readDietaryFacts(summary.name, subcategoryNames, ingredients),
  payload: summary,
});

export function createSearchRepository(db: Db) {
  const products = createProductRepository(db);
  return {
    /** Every product as a search document carrying its summary, a page at a time in id order. */
    async *docPages(): AsyncGenerator<SearchDoc<ProductSummary>[]> {
      let afterId = 0;
      for (;;) {
        const page = await products.searchDocsPage(afterId, LOAD_PAGE_SIZE);
        yield page.map(toSearchDoc);
        const last = page[page.length - 1];
        if (!last || page.length < LOAD_PAGE_SIZE) return;
        afterId = last.summary.id;
      }
    },

    /** These products as search documents (those that still exist). */
    docsByIds: async (ids: readonly number[]): Promise<SearchDoc<ProductSummary>[]> =>
      (await products.searchDocsByIds(ids)).map(toSearchDoc),

    catalogueFingerprint: () => products.catalogueFingerprint(),

    findIdByBarcodes: (barcodes: string[]) => products.findIdByBarcodes(barcodes),
  };
}
