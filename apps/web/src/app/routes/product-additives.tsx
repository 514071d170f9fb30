import { useParams } from 'react-router';

import { ProductAdditivesScreen } from '@/features/product/components/product-additives-screen';

import { isProductId } from './product';
import { NotFoundRoute } from './not-found';

export const ProductAdditivesRoute = () => {
  const { id = '' } = useParams();
  if (!isProductId(id)) return <NotFoundRoute />;
  return <ProductAdditivesScreen productId={id} />;
};
