import { House } from 'lucide-react';
import { Link } from 'react-router';

import { buttonClassName } from '@/components/ui/button';
import { APP_NAME } from '@/config/brand';

export const PRODUCT_NOT_FOUND_TEXT = 'Error: Producto no encontrado';

/** Spec §2: 'Error: Producto no encontrado' with a link home. */
export const ProductNotFound = () => (
  <div className="mx-auto w-full max-w-3xl px-4 py-12 text-center" data-testid="product-not-found">
    <title>{`Producto no encontrado · ${APP_NAME}`}</title>
    <h1 className="text-2xl font-bold text-stone-900">{PRODUCT_NOT_FOUND_TEXT}</h1>
    <Link to="/" className={buttonClassName({ className: 'mt-6' })}>
      <House aria-hidden="true" className="size-5" />
      Volver al inicio
    </Link>
  </div>
);
