import { useParams } from 'react-router';

import { ErrorReportDialog } from '@/features/error-report/components/error-report-dialog';
import { useRecordProductView } from '@/features/history/hooks/use-record-product-view';
import { ProductScreen } from '@/features/product/components/product-screen';

/** /product/{id}: the product feature, with the error-report feature composed into its footer; each visit goes to Historial. */
export const ProductRoute = () => {
  const { id = '' } = useParams();
  useRecordProductView(id);
  return (
    <ProductScreen
      key={id}
      productId={id}
      renderReportAction={(product) => (
        <ErrorReportDialog productId={product.id} productName={product.name} />
      )}
    />
  );
};
