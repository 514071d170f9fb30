import type { SyncProgress, SyncStatus } from '@etiqueta/contracts';
import { Activity, LoaderCircle, TriangleAlert } from 'lucide-react';

import { formatBytes, formatRunTime, formatEta, RUN_KIND_LABELS } from '../utils/format';
import { StatusCard, StatusCardSkeleton, StatusRow } from './status-card';
import { formatCount } from '@/lib/format';
import { Alert } from '@/components/ui/alert';

const YesNo = ({ value, yes, no }: { value: boolean; yes: string; no: string }) => (
  <span
    className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${value ? 'bg-green-100 text-green-900' : 'bg-stone-200 text-stone-800'}`}
  >
    {value ? yes : no}
  </span>
);

/** The running run's progress: a bar when the total is known, and the counts in words (not only the bar). */
const RunProgress = ({ progress }: { progress: SyncProgress }) => {
  const percent = progress.bytesTotal
    ? Math.min(100, Math.floor((100 * progress.bytesRead) / progress.bytesTotal))
    : null;
  return (
    <div
      className="mt-3 space-y-2 rounded-xl bg-brand-50 p-3 text-sm text-stone-800"
      data-testid="sync-progress"
    >
      {progress.stage ? <p className="font-medium break-all">{progress.stage}</p> : null}
      {percent !== null ? (
        <progress
          className="h-2 w-full accent-brand-700"
          max={100}
          value={percent}
          aria-label="Avance de la lectura"
        >
          {percent} %
        </progress>
      ) : null}
      <p>
        {formatBytes(progress.bytesRead)}
        {progress.bytesTotal ? ` de ${formatBytes(progress.bytesTotal)} (${percent} %)` : ''} leídos ·{' '}
        {formatCount(progress.recordsRead)} registros leídos · {formatCount(progress.recordsKept)} de Chile ·{' '}
        {formatCount(progress.recordsProcessed)} procesados
        {progress.etaSeconds !== null ? ` · ${formatEta(progress.etaSeconds)}` : ''}
      </p>
    </div>
  );
};

type SyncStatusCardProps = { status: SyncStatus | undefined; error: string | null };

/** Spec §3 sync status, read every 30 s (every 2 s while a run is going). */
export const SyncStatusCard = ({ status, error }: SyncStatusCardProps) => (
  <StatusCard
    title="Estado de sincronización"
    headingId="sync-status-heading"
    icon={<Activity aria-hidden="true" className="size-5 text-brand-700" />}
  >
    {error ? (
      <Alert compact>No se pudo leer el estado: {error}</Alert>
    ) : !status ? (
      <StatusCardSkeleton rows={5} rowClassName="h-5 w-full" className="space-y-3" />
    ) : (
      <>
        <dl className="divide-y divide-stone-100">
          <StatusRow term="Inicializado">
            <YesNo value={status.initialized} yes="Sí" no="No" />
          </StatusRow>
          <StatusRow term="Sincronización en tiempo real">
            <YesNo value={status.realtimeSyncActive} yes="Activa" no="Inactiva" />
          </StatusRow>
          <StatusRow term="Última sincronización completa">{formatRunTime(status.lastBulkSync)}</StatusRow>
          <StatusRow term="Última sincronización incremental">
            {formatRunTime(status.lastIncrementalSync)}
          </StatusRow>
          <StatusRow term="Última sincronización correcta">
            <span data-testid="last-success">
              {status.lastSuccess
                ? `${formatRunTime(status.lastSuccess.at)} (${RUN_KIND_LABELS[status.lastSuccess.kind]?.toLowerCase()})`
                : 'Nunca'}
            </span>
          </StatusRow>
          <StatusRow term="Próxima sincronización programada">
            {status.nextRun
              ? `${formatRunTime(status.nextRun.at)} (${RUN_KIND_LABELS[status.nextRun.kind]?.toLowerCase()})`
              : status.running
                ? 'Después de la actual'
                : 'Ninguna (programación desactivada)'}
          </StatusRow>
        </dl>
        {status.alert ? (
          <Alert tone="warning" role="alert" compact className="mt-3 flex items-start gap-2" data-testid="sync-alert">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-800" />
            <span>
              <span className="font-semibold">Atención: el catálogo puede estar desactualizado.</span>{' '}
              {status.alert}
            </span>
          </Alert>
        ) : null}
        <p
          role="status"
          aria-live="polite"
          className="mt-3 flex items-start gap-2 rounded-xl bg-stone-50 p-3 text-sm text-stone-800"
          data-testid="sync-message"
        >
          {status.running ? (
            <LoaderCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0 animate-spin text-brand-700" />
          ) : null}
          {status.message}
        </p>
        {status.progress ? <RunProgress progress={status.progress} /> : null}
      </>
    )}
  </StatusCard>
);
