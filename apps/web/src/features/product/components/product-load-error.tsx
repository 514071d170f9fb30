import { House, RotateCw } from 'lucide-react';
import { Link } from 'react-router';

import { Button, buttonClassName } from '@/components/ui/button';

type ProductLoadErrorProps = {
  /** The read failure as the API client words it: '{status}: {body or status text}' (spec §8). */
  message: string;
  onRetry: () => void;
};

/** Any failure other than "not found": say what happened and offer to try again. */
export const ProductLoadError = ({ message, onRetry }: ProductLoadErrorProps) => (
  <div className="mx-auto w-full max-w-3xl px-4 py-12 text-center" role="alert">
    <h1 className="text-2xl font-bold text-stone-900">No pudimos cargar el producto</h1>
    <p className="mt-2 break-words text-stone-700">{message}</p>
    <div className="mt-6 flex flex-wrap justify-center gap-3">
      <Button onClick={onRetry}>
        <RotateCw aria-hidden="true" className="size-5" />
        Intentar de nuevo
      </Button>
      <Link to="/" className={buttonClassName({ variant: 'secondary' })}>
        <House aria-hidden="true" className="size-5" />
        Volver al inicio
      </Link>
    </div>
  </div>
);
