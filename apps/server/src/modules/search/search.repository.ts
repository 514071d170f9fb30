import type { ProductSummary } from '@etiqueta/contracts';
import type { Db } from '../../db/client.ts';
import { createProductRepository } from '../products/product.repository.ts';
import type { SearchDoc } from './search-index.ts';

/** Rows per round-trip when loading the catalogue: short enough that other queries interleave on PGlite. */
const LOAD_PAGE_SIZE = 5_000;

export function createSearchRepository(db: Db) {
  const products = createProductRepository(db);
  return {
    /** Every product as a search document carrying its summary, a page at a time in id order. */
    async *docPages(): AsyncGenerator<SearchDoc<ProductSummary>[]> {
      let afterId = 0;
      for (;;) {
        const page = await products.searchDocsPage(afterId, LOAD_PAGE_SIZE);
        yield page.map(({ summary, categoryName, subcategoryNames }) => ({
          id: summary.id,
          barcode: summary.barcode,
          name: summary.name,
          brand: summary.brand,
          categoryNames: categoryName ? [categoryName] : [],
          subcategoryNames,
          healthScore: summary.healthScore,
          payload: summary,
        }));
        const last = page[page.length - 1];
        if (!last || page.length < LOAD_PAGE_SIZE) return;
        afterId = last.summary.id;
      }
    },

    catalogueFingerprint: () => products.catalogueFingerprint(),

    findIdByBarcodes: (barcodes: string[]) => products.findIdByBarcodes(barcodes),
  };
}
