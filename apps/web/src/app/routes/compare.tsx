import { CompareScreen } from '@/features/compare/components/compare-screen';
import { isProductMissing, productQueryOptions } from '@/features/product/api/get-product';

/** /comparar?ids=…: products side by side (issue 16, "Comparar"), read with the product page's own query. */
export const CompareRoute = () => <CompareScreen productQuery={productQueryOptions} isProductMissing={isProductMissing} />;
