import { apiPaths } from '@etiqueta/contracts';
import { WifiOff } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';

import { Button, buttonClassName } from '@/components/ui/button';
import { OFFLINE_TITLE } from '@/lib/error-message';

export const OFFLINE_SCREEN_TEXT = 'No pudimos cargar esta pantalla. Revisa tu conexión a internet y vuelve a intentarlo.';
export const STILL_OFFLINE_TEXT = 'Todavía no hay conexión. Inténtalo de nuevo en un momento.';
export const RETRY_LABEL = 'Reintentar';

/**
 * Whether the app's own server answers (the service worker never answers /api/health from a cache). A reload
 * while offline could trade the app for the browser's error page, so a retry goes ahead only once it does.
 */
const serverReachable = async () => {
  try {
    await fetch(apiPaths.health, { cache: 'no-store' });
    return true;
  } catch {
    return false;
  }
};

type OfflineScreenProps = {
  /** What "Reintentar" does once the server answers; by default the page reloads. */
  onRetry?: () => void;
};

/**
 * "Sin conexión" inside the layout (header and footer stay): a screen whose code or data could not be downloaded
 * and is not kept on this phone. The retry first checks that the server answers; still offline, it says so.
 */
export const OfflineScreen = ({ onRetry = () => window.location.reload() }: OfflineScreenProps) => {
  const [checking, setChecking] = useState(false);
  const [stillOffline, setStillOffline] = useState(false);

  const retry = async () => {
    setChecking(true);
    setStillOffline(false);
    const reachable = await serverReachable();
    setChecking(false);
    if (reachable) onRetry();
    else setStillOffline(true);
  };

  return (
    <div role="alert" className="mx-auto w-full max-w-xl px-4 py-16 text-center" data-testid="offline-screen">
      <WifiOff aria-hidden="true" className="mx-auto mb-4 size-10 text-stone-500" />
      <h1 className="text-2xl font-bold text-stone-900">{OFFLINE_TITLE}</h1>
      <p className="mt-2 text-stone-700">{OFFLINE_SCREEN_TEXT}</p>
      {stillOffline ? <p className="mt-2 text-sm font-medium text-red-800">{STILL_OFFLINE_TEXT}</p> : null}
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Button disabled={checking} onClick={() => void retry()}>
          {checking ? 'Comprobando…' : RETRY_LABEL}
        </Button>
        <Link to="/" className={buttonClassName({ variant: 'secondary' })}>
          Ir al inicio
        </Link>
      </div>
    </div>
  );
};
