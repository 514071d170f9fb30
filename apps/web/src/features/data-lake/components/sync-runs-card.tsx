import type { SyncRun } from '@etiqueta/contracts';
import { History } from 'lucide-react';
import type { ReactNode } from 'react';

import { useSyncRuns } from '../api/get-sync-runs';
import {
  formatRunTime,
  formatDuration,
  RUN_KIND_LABELS,
  RUN_STATUS_LABELS,
} from '../utils/format';
import { StatusCard, StatusCardQuery } from './status-card';
import { formatCount } from '@/lib/format';

const statusClass: Record<string, string> = {
  running: 'bg-amber-100 text-amber-900',
  success: 'bg-green-100 text-green-900',
  failed: 'bg-red-100 text-red-900',
  interrupted: 'bg-stone-200 text-stone-800',
};

/** The counts a run reports, in the order of their columns. */
const COUNT_COLUMNS = ['inserted', 'updated', 'unchanged', 'rejected', 'removed'] as const;

/** A column heading; the numeric columns align right, like their cells. */
const ColumnHeader = ({ numeric = false, children }: { numeric?: boolean; children: ReactNode }) => (
  <th scope="col" className={`px-2 py-2 ${numeric ? 'text-right' : 'text-left'} font-semibold`}>
    {children}
  </th>
);

/** How many rejections a run lists before "y N más". */
const REJECTIONS_SHOWN = 50;

const Rejections = ({ run }: { run: SyncRun }) => {
  if (run.rejected === 0) return null;
  const shown = run.rejections.slice(0, REJECTIONS_SHOWN);
  const more = run.rejected - shown.length;
  return (
    <details className="mt-1 text-sm">
      <summary className="cursor-pointer font-medium text-brand-800">
        Ver registros rechazados ({formatCount(run.rejected)})
      </summary>
      <ul
        // Scrollable, so it takes keyboard focus (arrows scroll it).
        tabIndex={0}
        aria-label={`Registros rechazados de la sincronización del ${formatRunTime(run.startedAt)}`}
        className="mt-2 max-h-56 space-y-1 overflow-y-auto rounded-lg bg-stone-50 p-3 text-stone-800"
      >
        {shown.map((rejection, index) => (
          <li key={`${rejection.barcode ?? 'sin-codigo'}-${index}`}>
            <span className="font-mono">{rejection.barcode ?? 'sin código'}</span>: {rejection.reason}
          </li>
        ))}
        {more > 0 ? <li className="text-stone-600">y {formatCount(more)} más</li> : null}
      </ul>
    </details>
  );
};

/** The runs with their counts, their error and what each refused. */
const RunsTable = ({ runs }: { runs: SyncRun[] }) => (
  <div className="relative overflow-x-auto">
    <table className="w-full min-w-[44rem] text-sm">
      <caption className="sr-only">Últimas sincronizaciones con sus cantidades</caption>
      <thead className="text-stone-700">
        <tr className="border-b border-stone-200">
          <ColumnHeader>Inicio</ColumnHeader>
          <ColumnHeader>Tipo</ColumnHeader>
          <ColumnHeader>Estado</ColumnHeader>
          <ColumnHeader numeric>Nuevos</ColumnHeader>
          <ColumnHeader numeric>Actualizados</ColumnHeader>
          <ColumnHeader numeric>Sin cambios</ColumnHeader>
          <ColumnHeader numeric>Rechazados</ColumnHeader>
          <ColumnHeader numeric>
            <abbr
              title="Quitados porque Open Food Facts ya no los lista como vendidos en Chile"
              className="no-underline"
            >
              Quitados
            </abbr>
          </ColumnHeader>
          <ColumnHeader numeric>Duración</ColumnHeader>
        </tr>
      </thead>
      <tbody>
        {runs.map((run) => (
          <tr key={run.id} className="border-b border-stone-100 align-top" data-testid="sync-run">
            <td className="px-2 py-2 whitespace-nowrap">
              {formatRunTime(run.startedAt)}
              {run.error ? (
                <p className="mt-1 max-w-xs text-xs whitespace-normal text-red-800">{run.error}</p>
              ) : null}
              <Rejections run={run} />
            </td>
            <td className="px-2 py-2">{RUN_KIND_LABELS[run.kind] ?? run.kind}</td>
            <td className="px-2 py-2">
              <span
                className={`rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${statusClass[run.status] ?? 'bg-stone-100 text-stone-800'}`}
              >
                {RUN_STATUS_LABELS[run.status] ?? run.status}
              </span>
            </td>
            {COUNT_COLUMNS.map((column) => (
              <td key={column} className="px-2 py-2 text-right tabular-nums">
                {formatCount(run[column])}
              </td>
            ))}
            <td className="px-2 py-2 text-right whitespace-nowrap">
              {formatDuration(run.startedAt, run.finishedAt)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  </div>
);

/** Beyond the spec: the latest runs with what each one did and what it refused. */
export const SyncRunsCard = () => {
  const syncRuns = useSyncRuns();
  return (
    <StatusCard
      title="Sincronizaciones recientes"
      headingId="sync-runs-heading"
      icon={<History aria-hidden="true" className="size-5 text-brand-700" />}
      className="lg:col-span-2"
    >
      <StatusCardQuery query={syncRuns} errorText="No se pudo leer el historial" rowClassName="h-8 w-full">
        {(data) =>
          data.runs.length === 0 ? (
            <p className="text-sm text-stone-700">Todavía no hay sincronizaciones.</p>
          ) : (
            <RunsTable runs={data.runs} />
          )
        }
      </StatusCardQuery>
    </StatusCard>
  );
};
