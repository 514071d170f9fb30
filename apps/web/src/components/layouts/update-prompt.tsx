import { RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';

import { Button } from '@/components/ui/button';
import { registerServiceWorkerAfterLoad, useServiceWorkerUpdate } from '@/lib/service-worker';

export const UPDATE_TITLE = 'Nueva versión disponible';
export const UPDATE_ACTION = 'Actualizar';

/**
 * Registers the service worker after the page has loaded, and when a new version of the app is waiting offers it
 * ("Nueva versión disponible" · "Actualizar"), without taking the focus: it appears as a status (read out by screen readers) and the
 * button is in the tab order at the end of the page. "Ahora no" hides it until the next visit; the new version
 * then starts by itself once every tab of the old one is closed.
 */
export const UpdatePrompt = () => {
  const update = useServiceWorkerUpdate();
  const [dismissed, setDismissed] = useState(false);
  useEffect(registerServiceWorkerAfterLoad, []);
  const shown = update !== null && !dismissed;

  if (!shown) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-0 z-[90] flex justify-center p-4">
      <div
        role="status"
        className="pointer-events-auto flex w-full max-w-md flex-wrap items-center gap-3 rounded-xl bg-white p-4 text-stone-900 shadow-lg ring-1 ring-stone-200"
        data-testid="update-prompt"
      >
        <RefreshCw aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
        <p className="min-w-0 flex-1 font-semibold">{UPDATE_TITLE}</p>
        <div className="flex gap-2">
          <Button variant="ghost" size="sm" onClick={() => setDismissed(true)}>
            Ahora no
          </Button>
          <Button size="sm" onClick={update}>
            {UPDATE_ACTION}
          </Button>
        </div>
      </div>
    </div>
  );
};
