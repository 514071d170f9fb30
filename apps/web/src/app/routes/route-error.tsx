import { Link, useRouteError } from 'react-router';

import { OfflineScreen } from '@/components/layouts/offline-screen';
import { Button, buttonClassName } from '@/components/ui/button';
import { isOfflineError } from '@/lib/error-message';

/**
 * Shown inside the layout when a screen fails: "Sin conexión" when its code could not be downloaded (no
 * network and not kept by the service worker, or an old tab after a deploy removed it), else a short apology;
 * never the error's own text. The retry reloads the page (a failed screen download is not retried by the
 * router, and after a deploy only a reload finds the new one).
 */
export const RouteError = () => {
  const error = useRouteError();
  if (isOfflineError(error)) return <OfflineScreen />;
  return (
    <div role="alert" className="mx-auto w-full max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-stone-900">Algo salió mal</h1>
      <p className="mt-2 text-stone-700">No pudimos mostrar esta página. Vuelve a intentarlo o ve al inicio.</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Button onClick={() => window.location.reload()}>Reintentar</Button>
        <Link to="/" reloadDocument className={buttonClassName({ variant: 'secondary' })}>
          Ir al inicio
        </Link>
      </div>
    </div>
  );
};
