import { normalizeImages, type Product } from '@etiqueta/contracts';
import { useLocation, useParams } from 'react-router';

import { CompleteProductLink } from '@/features/contribute/components/complete-product-link';
import { ErrorReportDialog } from '@/features/error-report/components/error-report-dialog';
import { useRecordProductView } from '@/features/history/hooks/use-record-product-view';
import { ProductScreen } from '@/features/product/components/product-screen';
import { scoreNoticeKind } from '@/features/product/components/score-notice';
import { viaOfNavigationState } from '@/features/scanner/lib/scan-navigation';

import { NotFoundRoute } from './not-found';
import { isProductId } from './product-id';

export { isProductId };

/** What a shopper can add from the pack: a value the score needs, the ingredient list, the front photo. */
const needsCompletion = (product: Product) =>
  scoreNoticeKind(product) !== null || normalizeImages(product.images).primary === null;

/**
 * /product/{id}: the product feature, with "Completar este producto" and the error-report feature composed into its
 * footer; each visit goes to Historial, scanned when the scanner opened it (its navigation state).
 */
export const ProductRoute = () => {
  const { id = '' } = useParams();
  const valid = isProductId(id);
  useRecordProductView(valid ? id : '', viaOfNavigationState(useLocation().state));
  if (!valid) return <NotFoundRoute />;
  return (
    <ProductScreen
      key={id}
      productId={id}
      renderReportAction={(product) => (
        <div className="flex flex-wrap gap-2">
          {needsCompletion(product) ? <CompleteProductLink barcode={product.barcode} productId={product.id} /> : null}
          <ErrorReportDialog productId={product.id} productName={product.name} />
        </div>
      )}
      renderAllergenReport={(product) => (
        <ErrorReportDialog
          productId={product.id}
          productName={product.name}
          errorType="alergenos"
          label="Reportar un alérgeno mal indicado"
        />
      )}
    />
  );
};
