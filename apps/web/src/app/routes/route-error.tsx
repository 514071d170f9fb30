import { WifiOff } from 'lucide-react';
import { useState } from 'react';
import { Link, useRouteError } from 'react-router';

import { Button, buttonClassName } from '@/components/ui/button';
import { OFFLINE_TITLE, isOfflineError } from '@/lib/error-message';

export const OFFLINE_SCREEN_TEXT = 'No pudimos cargar esta pantalla. Revisa tu conexión a internet y vuelve a intentarlo.';
export const STILL_OFFLINE_TEXT = 'Todavía no hay conexión. Inténtalo de nuevo en un momento.';
export const RETRY_LABEL = 'Reintentar';

/**
 * Whether the app's own server answers. A reload while offline would trade the app for the browser's error
 * page, so the retry reloads only once it does.
 */
const serverReachable = async () => {
  try {
    await fetch('/api/health', { cache: 'no-store' });
    return true;
  } catch {
    return false;
  }
};

/**
 * Shown inside the layout when a screen fails: "Sin conexión" when its code could not be downloaded (no
 * network, or an old tab after a deploy removed it), else a short apology; never the error's own text. The
 * retry reloads the page (a failed screen download is not retried by the router, and after a deploy only a
 * reload finds the new one).
 */
export const RouteError = () => {
  const error = useRouteError();
  const offline = isOfflineError(error);
  const [checking, setChecking] = useState(false);
  const [stillOffline, setStillOffline] = useState(false);

  const retry = async () => {
    setChecking(true);
    setStillOffline(false);
    if (await serverReachable()) {
      window.location.reload();
      return;
    }
    setChecking(false);
    setStillOffline(true);
  };

  return (
    <div role="alert" className="mx-auto w-full max-w-xl px-4 py-16 text-center">
      {offline ? <WifiOff aria-hidden="true" className="mx-auto mb-4 size-10 text-stone-500" /> : null}
      <h1 className="text-2xl font-bold text-stone-900">{offline ? OFFLINE_TITLE : 'Algo salió mal'}</h1>
      <p className="mt-2 text-stone-700">
        {offline ? OFFLINE_SCREEN_TEXT : 'No pudimos mostrar esta página. Vuelve a intentarlo o ve al inicio.'}
      </p>
      {stillOffline ? <p className="mt-2 text-sm font-medium text-red-800">{STILL_OFFLINE_TEXT}</p> : null}
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Button disabled={checking} onClick={() => void retry()}>
          {checking ? 'Comprobando…' : RETRY_LABEL}
        </Button>
        <Link to="/" reloadDocument className={buttonClassName({ variant: 'secondary' })}>
          Ir al inicio
        </Link>
      </div>
    </div>
  );
};
