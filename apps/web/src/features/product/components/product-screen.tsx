import type { Product } from '@etiqueta/contracts';
import type { ReactNode } from 'react';

import { isProductMissing, useProduct } from '../api/get-product';
import { ProductLoadError } from './product-load-error';
import { ProductNotFound } from './product-not-found';
import { ProductSkeleton } from './product-skeleton';
import { ProductView } from './product-view';

export { isProductMissing };

type ProductScreenProps = {
  productId: string;
  /** The route composes the error-report dialog (another feature) into the page through this slot. */
  renderReportAction?: (product: Product) => ReactNode;
  /** The same dialog opened on 'Alérgenos', for the allergen box by the score (issue 28). */
  renderAllergenReport?: (product: Product) => ReactNode;
};

/** /product/{id}: skeleton while loading, 'Error: Producto no encontrado' on 404, the product otherwise. */
export const ProductScreen = ({ productId, renderReportAction, renderAllergenReport }: ProductScreenProps) => {
  const query = useProduct(productId);
  if (query.isPending) return <ProductSkeleton />;
  if (query.isError) {
    if (isProductMissing(query.error)) return <ProductNotFound />;
    return <ProductLoadError error={query.error} onRetry={() => void query.refetch()} />;
  }
  return (
    <ProductView
      product={query.data}
      reportAction={renderReportAction?.(query.data)}
      allergenReport={renderAllergenReport?.(query.data)}
    />
  );
};
