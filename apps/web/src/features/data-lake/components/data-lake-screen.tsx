import { apiPaths, PRODUCT_DATA_PATHS } from '@etiqueta/contracts';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, FolderX, TriangleAlert } from 'lucide-react';
import { useEffect, useRef } from 'react';

import { AdminNav } from '@/components/layouts/admin-nav';

import { useSyncStatus } from '../api/get-sync-status';
import { errorMessage } from '@/lib/error-message';
import { ConnectionCard } from './connection-card';
import { ManualActionsCard } from './manual-actions-card';
import { ProductListCard } from './product-list-card';
import { SyncRunsCard } from './sync-runs-card';
import { SyncStatusCard } from './sync-status-card';
import { SystemInfoCard } from './system-info-card';
import { formatCount } from '@/lib/format';

export const DATA_LAKE_TITLE = 'Data Lake';

/** Cached reads that a finished run can change: the catalogue as shoppers and admins see it. */
const CATALOGUE_PREFIXES = [
  ...PRODUCT_DATA_PATHS,
  apiPaths.sync.uncategorized,
  apiPaths.sync.dubious,
  apiPaths.sync.runs,
];
const isCatalogueQuery = (queryKey: QueryKey) =>
  typeof queryKey[0] === 'string' &&
  CATALOGUE_PREFIXES.some((prefix) => (queryKey[0] as string).startsWith(prefix));

/** Spec §2 data-lake page: connection, sync status, manual actions, system info; plus history and leftovers. */
export const DataLakeScreen = () => {
  const { data: status, error } = useSyncStatus();
  const queryClient = useQueryClient();
  const wasRunning = useRef(false);

  // When a run ends, what it wrote shows everywhere: its counts, the leftovers, the catalogue.
  useEffect(() => {
    const running = status?.running === true;
    if (wasRunning.current && !running) {
      void queryClient.invalidateQueries({ predicate: (query) => isCatalogueQuery(query.queryKey) });
    }
    wasRunning.current = running;
  }, [status?.running, queryClient]);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 md:py-10">
      <title>{`${DATA_LAKE_TITLE} · Etiqueta Clara`}</title>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-stone-900 md:text-3xl">{DATA_LAKE_TITLE}</h1>
          <p className="mt-1 text-stone-700">
            Sincronización del catálogo con la fuente de datos de Open Food Facts.
          </p>
        </div>
        <AdminNav to="/admin" icon={<ArrowLeft aria-hidden="true" className="size-4" />} label="Panel de Administración" />
      </div>
      {/* minmax(0, 1fr): a card holding a wide table scrolls it instead of widening the whole page on a phone. */}
      <div className="mt-6 grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-2">
        <ConnectionCard />
        <SyncStatusCard status={status} error={error ? errorMessage(error) : null} />
        <ManualActionsCard status={status} />
        <SystemInfoCard status={status} />
        <SyncRunsCard />
        <ProductListCard
          title="Productos sin categoría"
          headingId="uncategorized-heading"
          icon={<FolderX aria-hidden="true" className="size-5 text-brand-700" />}
          address={apiPaths.sync.uncategorized}
          emptyText="Todos los productos tienen categoría."
          summary={(total) =>
            `${formatCount(total)} ${total === 1 ? 'producto no se pudo' : 'productos no se pudieron'} clasificar en nuestras categorías: están en el catálogo y en la búsqueda, pero no en los listados.`
          }
          noun="productos sin categoría"
          singularNoun="producto sin categoría"
        />
        <ProductListCard
          title="Productos con datos dudosos"
          headingId="dubious-heading"
          icon={<TriangleAlert aria-hidden="true" className="size-5 text-brand-700" />}
          address={apiPaths.sync.dubious}
          emptyText="Ningún producto tiene valores nutricionales contradictorios."
          summary={(total) =>
            `${formatCount(total)} ${total === 1 ? 'producto tiene' : 'productos tienen'} valores nutricionales que se contradicen: no tienen puntaje ni sellos hasta que alguien los corrija (editar el producto o reportarlo a Open Food Facts).`
          }
          noun="productos con datos dudosos"
          singularNoun="producto con datos dudosos"
        />
      </div>
    </div>
  );
};
