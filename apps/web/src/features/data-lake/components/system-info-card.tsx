import type { SyncStatus } from '@etiqueta/contracts';
import { Server } from 'lucide-react';

import { useServerHealth } from '../api/get-server-health';
import { sourceLabel } from '../utils/format';
import { SYNC_STATUS_POLL_MS } from '../api/get-sync-status';
import { StatusCard, StatusRow } from './status-card';

const DATABASE_LABELS = { pglite: 'PGlite (integrada)', postgres: 'PostgreSQL' } as const;

const formatUptime = (seconds: number) => {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return hours > 0 ? `${hours} h ${minutes} min` : `${minutes} min`;
};

/**
 * Where the catalogue really came from (the last successful run's source), and the configured source when the
 * next runs will read another one.
 */
const DataSource = ({ status }: { status: SyncStatus | undefined }) => {
  if (!status) return <>…</>;
  const from = status.lastSuccess?.source ?? null;
  return (
    <span className="break-all" data-testid="data-source">
      {from ? sourceLabel(from) : 'Aún sin sincronizar'}
      {from !== status.source ? (
        <span className="block text-xs font-normal text-stone-600">
          Configurada: {sourceLabel(status.source)}
        </span>
      ) : null}
    </span>
  );
};

/** Where the data comes from and how the server is doing. */
export const SystemInfoCard = ({ status }: { status: SyncStatus | undefined }) => {
  const { data: health, isError } = useServerHealth();
  return (
    <StatusCard
      title="Información del sistema"
      headingId="system-info-heading"
      icon={<Server aria-hidden="true" className="size-5 text-brand-700" />}
    >
      <dl className="divide-y divide-stone-100">
        <StatusRow term="Fuente de datos">
          <DataSource status={status} />
        </StatusRow>
        <StatusRow term="Formato">Open Food Facts</StatusRow>
        <StatusRow term="Actualización del estado">cada {SYNC_STATUS_POLL_MS / 1000} s</StatusRow>
        <StatusRow term="Servidor">
          {isError ? 'Sin respuesta' : !health ? '…' : health.status === 'ok' ? 'En línea' : 'Con problemas'}
        </StatusRow>
        <StatusRow term="Base de datos">
          {health
            ? `${DATABASE_LABELS[health.database.kind]} · ${health.database.status === 'ok' ? `${Math.round(health.database.latencyMs)} ms` : health.database.status === 'unwritable' ? 'sin espacio para escribir' : 'sin respuesta'}`
            : '…'}
        </StatusRow>
        <StatusRow term="Tiempo en línea">{health ? formatUptime(health.uptimeSeconds) : '…'}</StatusRow>
      </dl>
    </StatusCard>
  );
};
