import { useParams } from 'react-router';

import { ProductSuspectsScreen } from '@/features/product/components/product-suspects-screen';

import { isProductId } from './product';
import { NotFoundRoute } from './not-found';

export const ProductUltraprocessedRoute = () => {
  const { id = '' } = useParams();
  if (!isProductId(id)) return <NotFoundRoute />;
  return <ProductSuspectsScreen productId={id} />;
};
