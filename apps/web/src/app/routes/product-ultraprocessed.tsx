import { useParams } from 'react-router';

import { ProductSuspectsScreen } from '@/features/product/components/product-suspects-screen';

export const ProductUltraprocessedRoute = () => {
  const { id = '' } = useParams();
  return <ProductSuspectsScreen productId={id} />;
};
