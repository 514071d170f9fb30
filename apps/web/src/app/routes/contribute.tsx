import { useParams, useSearchParams } from 'react-router';

import { ContributeScreen } from '@/features/contribute/components/contribute-screen';
import { knownProduct } from '@/features/contribute/known-product';
import { useProduct } from '@/features/product/api/get-product';
import { ProvisionalScreen } from '@/features/contribute/components/provisional-screen';
import { ProductLoadError } from '@/features/product/components/product-load-error';
import { ProductSkeleton } from '@/features/product/components/product-skeleton';
import { ProductView } from '@/features/product/components/product-view';

/**
 * /contribute/{barcode}: "Agregar este producto"; with `?completar=1` (from a product page that misses
 * something), "Completar este producto" — with `&producto={id}`, started from what the catalogue has of it and
 * asking only for what it lacks. Signed-in shoppers only (it sits behind the access gate).
 */
export const ContributeRoute = () => {
  const [search] = useSearchParams();
  const barcode = useParams().barcode ?? '';
  const productId = search.get('producto');
  if (search.get('completar') === '1' && productId) return <CompleteKnown barcode={barcode} productId={productId} />;
  return <ContributeScreen barcode={barcode} completing={search.get('completar') === '1'} />;
};

/** The product page's data (usually already in the cache) feeds the form: what we know, and what is missing. */
const CompleteKnown = ({ barcode, productId }: { barcode: string; productId: string }) => {
  const query = useProduct(productId);
  if (query.isPending) return <ProductSkeleton />;
  if (query.isError) return <ProductLoadError error={query.error} onRetry={() => void query.refetch()} />;
  return <ContributeScreen barcode={barcode} completing known={knownProduct(query.data)} />;
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
