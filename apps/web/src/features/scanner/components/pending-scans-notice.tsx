import { CloudOff, PackageCheck, SearchX } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { useOnlineStatus } from '@/lib/use-online-status';

import {
  contributeAddress,
  dismissScanResults,
  lookUpPendingScans,
  usePendingScans,
} from '../lib/pending-scans';

export const PENDING_TITLE = 'Códigos guardados sin conexión';
export const RESULTS_TITLE = 'Buscamos los códigos que guardaste sin conexión';
const RETRY_MS = 10_000;

/**
 * In the layout, on every screen: the codes scanned offline that wait for the connection, and once it returns
 * (now, or the next time the app opens online) what their lookup found, with links, and what it did not.
 */
export const PendingScansNotice = () => {
  const { pending, found, missing } = usePendingScans();
  const online = useOnlineStatus();

  // At once when the connection returns, then now and again while codes still wait (the first requests after
  // a reconnection often fail, and Open Food Facts may not answer at once).
  useEffect(() => {
    if (!online || pending.length === 0) return undefined;
    void lookUpPendingScans();
    const timer = setInterval(() => void lookUpPendingScans(), RETRY_MS);
    return () => clearInterval(timer);
  }, [online, pending.length]);

  const hasResults = found.length + missing.length > 0;
  if (pending.length === 0 && !hasResults) return null;
  return (
    <div className="mx-auto w-full max-w-6xl px-4">
      {pending.length > 0 ? (
        <p
          role="status"
          className="mt-3 flex items-start gap-2 rounded-xl bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-200"
        >
          <CloudOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            <strong className="font-semibold">{PENDING_TITLE}: </strong>
            {online ? 'buscando ' : 'los buscaremos cuando vuelva la conexión: '}
            <span className="font-mono tabular-nums">{pending.join(', ')}</span>
            {online ? '…' : '.'}
          </span>
        </p>
      ) : null}
      {hasResults ? (
        <section
          role="status"
          aria-labelledby="pending-scans-results"
          className="mt-3 rounded-xl bg-white p-4 ring-1 ring-stone-200"
        >
          <h2 id="pending-scans-results" className="font-bold text-stone-900">
            {RESULTS_TITLE}
          </h2>
          {found.length > 0 ? (
            <ul className="mt-2 space-y-1" aria-label="Encontrados">
              {found.map((scan) => (
                <li key={scan.code} className="flex items-center gap-2">
                  <PackageCheck aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
                  <Link
                    to={`/product/${scan.id}`}
                    className="font-semibold text-brand-800 underline underline-offset-2"
                  >
                    {scan.name ?? `Producto ${scan.code}`}
                  </Link>
                  <span className="font-mono text-xs text-stone-600 tabular-nums">{scan.code}</span>
                </li>
              ))}
            </ul>
          ) : null}
          {missing.length > 0 ? (
            <ul className="mt-2 space-y-1" aria-label="No encontrados">
              {missing.map((code) => (
                <li key={code} className="flex flex-wrap items-center gap-2 text-stone-800">
                  <SearchX aria-hidden="true" className="size-4 shrink-0 text-amber-800" />
                  <span>
                    No encontramos <span className="font-mono tabular-nums">{code}</span>.
                  </span>
                  <Link
                    to={contributeAddress(code)}
                    className="font-semibold text-brand-800 underline underline-offset-2"
                  >
                    Agregar este producto
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
          <Button variant="secondary" size="sm" className="mt-3" onClick={dismissScanResults}>
            Entendido
          </Button>
        </section>
      ) : null}
    </div>
  );
};
