import { useParams, useSearchParams } from 'react-router';

import { ContributeScreen } from '@/features/contribute/components/contribute-screen';
import { ProvisionalScreen } from '@/features/contribute/components/provisional-screen';
import { ProductLoadError } from '@/features/product/components/product-load-error';
import { ProductSkeleton } from '@/features/product/components/product-skeleton';
import { ProductView } from '@/features/product/components/product-view';

/**
 * /contribute/{barcode}: "Agregar este producto"; with `?completar=1` (from a product page that misses
 * something), "Completar este producto". Signed-in shoppers only (it sits behind the access gate).
 */
export const ContributeRoute = () => {
  const [search] = useSearchParams();
  return <ContributeScreen barcode={useParams().barcode ?? ''} completing={search.get('completar') === '1'} />;
};

/** /contribute/sent/{id}: the product scored from what the shopper just sent, marked provisional. */
export const ProvisionalRoute = () => (
  <ProvisionalScreen
    id={Number(useParams().id)}
    loading={<ProductSkeleton />}
    renderError={(error, retry) => <ProductLoadError error={error} onRetry={retry} />}
    renderProduct={(product) => <ProductView product={product} />}
  />
);
