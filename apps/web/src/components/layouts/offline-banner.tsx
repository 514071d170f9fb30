import { WifiOff } from 'lucide-react';

import { useOnlineStatus } from '@/lib/use-online-status';

export const OFFLINE_BANNER_TEXT = 'Sin conexión. Puedes ver los productos que ya abriste en este teléfono.';

/** A thin band under the header while the phone has no network, so what is shown is not taken for live. */
export const OfflineBanner = () => {
  const online = useOnlineStatus();
  if (online) return null;
  return (
    <p
      role="status"
      className="flex items-center justify-center gap-2 bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-950"
      data-testid="offline-banner"
    >
      <WifiOff aria-hidden="true" className="size-4 shrink-0" />
      {OFFLINE_BANNER_TEXT}
    </p>
  );
};
