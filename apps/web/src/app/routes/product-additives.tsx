import { useParams } from 'react-router';

import { ProductAdditivesScreen } from '@/features/product/components/product-additives-screen';

export const ProductAdditivesRoute = () => {
  const { id = '' } = useParams();
  return <ProductAdditivesScreen productId={id} />;
};
