import { Alert } from '@/components/ui/alert';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/error-message';

import { useProductForEdit } from './api/get-product-for-edit';
import { ProductEditForm } from './product-edit-form';

type ProductEditDialogProps = {
  /** The product being edited, or null when the dialog is closed. */
  productId: number | null;
  onClose: () => void;
};

/** Mounted only while the dialog is open, so each opening reads the product again. */
const ProductEditBody = ({ productId, onClose }: { productId: number; onClose: () => void }) => {
  const { data: product, isError, error, isFetchedAfterMount } = useProductForEdit(productId);
  if (isError) {
    return (
      <Alert>
        Error cargando el producto: {errorMessage(error)}
      </Alert>
    );
  }
  if (!isFetchedAfterMount || !product) {
    return (
      <div className="space-y-4" aria-busy="true">
        <span className="sr-only">Cargando producto…</span>
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-10 w-2/3" />
      </div>
    );
  }
  return (
    <>
      <p className="mb-4 text-base font-semibold text-stone-900">
        {product.name}
        {product.brand ? <span className="font-normal text-stone-700"> · {product.brand}</span> : null}
        <span className="block text-sm font-normal text-stone-600">Código de barras {product.barcode}</span>
      </p>
      {/* The form starts from what the server has now, never from an older cached copy. */}
      <ProductEditForm product={product} onDone={onClose} />
    </>
  );
};

/** Spec §2 product edit dialog with the PATCH's every field and spec §5's validation; it resets on close. */
export const ProductEditDialog = ({ productId, onClose }: ProductEditDialogProps) => (
  <ModalDialog
    open={productId !== null}
    onOpenChange={(open) => {
      if (!open) onClose();
    }}
    size="lg"
    title="Editar producto"
    description="Al guardar, el puntaje se recalcula."
  >
    {productId !== null ? <ProductEditBody productId={productId} onClose={onClose} /> : null}
  </ModalDialog>
);
