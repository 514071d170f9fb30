import { RotateCw } from 'lucide-react';

import { OfflineScreen } from '@/components/layouts/offline-screen';
import { Button } from '@/components/ui/button';
import { isOfflineError } from '@/lib/error-message';
import { HomeLink } from '@/components/ui/back-link';

type ProductLoadErrorProps = {
  /** The read failure; the API client words it '{status}: {body or status text}' (spec §8). */
  error: Error;
  onRetry: () => void;
};

/**
 * Any failure other than "not found": say what happened and offer to try again. Without a network, and with the
 * product not kept on this phone, "Sin conexión" (issue 16).
 */
export const ProductLoadError = ({ error, onRetry }: ProductLoadErrorProps) =>
  isOfflineError(error) ? (
    <OfflineScreen onRetry={onRetry} />
  ) : (
    <div className="mx-auto w-full max-w-3xl px-4 py-12 text-center" role="alert">
      <h1 className="text-2xl font-bold text-stone-900">No pudimos cargar el producto</h1>
      <p className="mt-2 break-words text-stone-700">{error.message}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Button onClick={onRetry}>
          <RotateCw aria-hidden="true" className="size-5" />
          Intentar de nuevo
        </Button>
        <HomeLink variant="secondary" />
      </div>
    </div>
  );
