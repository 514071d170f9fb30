
import { APP_NAME } from '@/config/brand';
import { HomeLink } from '@/components/ui/back-link';

export const PRODUCT_NOT_FOUND_TEXT = 'Error: Producto no encontrado';

/** Spec §2: 'Error: Producto no encontrado' with a link home. */
export const ProductNotFound = () => (
  <div className="mx-auto w-full max-w-3xl px-4 py-12 text-center" data-testid="product-not-found">
    <title>{`Producto no encontrado · ${APP_NAME}`}</title>
    <h1 className="text-2xl font-bold text-stone-900">{PRODUCT_NOT_FOUND_TEXT}</h1>
    <HomeLink className="mt-6" />
  </div>
);
