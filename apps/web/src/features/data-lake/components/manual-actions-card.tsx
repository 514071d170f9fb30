import type { SyncStatus } from '@etiqueta/contracts';
import { DatabaseZap, RefreshCw } from 'lucide-react';

import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast-store';

import { type SyncKind, useRunSync } from '../api/run-sync';
import { errorMessage } from '@/lib/error-message';
import { StatusCard } from './status-card';

/** The toasts of spec §8 for each kind of run. */
const SUCCESS_TITLE: Record<SyncKind, string> = {
  bulk: 'Sincronización Completa',
  incremental: 'Sincronización Incremental',
};

type ManualActionsCardProps = { status: SyncStatus | undefined };

/** Spec §4: both buttons are disabled while a run is going or when the sync is not initialized. */
export const ManualActionsCard = ({ status }: ManualActionsCardProps) => {
  const run = useRunSync();
  const running = status?.running === true || run.isPending;
  const disabled = !status || !status.initialized || running;

  const start = (kind: SyncKind) =>
    run.mutate(kind, {
      onSuccess: (result) =>
        toast(
          result.success
            ? { title: SUCCESS_TITLE[kind], description: result.message }
            : { title: 'Sincronización Fallida', description: result.message, variant: 'destructive' },
        ),
      onError: (error) =>
        toast({ title: 'Error de Sincronización', description: errorMessage(error), variant: 'destructive' }),
    });

  return (
    <StatusCard
      title="Acciones manuales"
      headingId="manual-actions-heading"
      icon={<DatabaseZap aria-hidden="true" className="size-5 text-brand-700" />}
    >
      <p className="text-sm text-stone-700">
        La sincronización completa recorre toda la fuente; la incremental trae solo lo que cambió desde la
        última.
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button onClick={() => start('bulk')} disabled={disabled}>
          <DatabaseZap aria-hidden="true" className="size-4" />
          Sincronización completa
        </Button>
        <Button variant="secondary" onClick={() => start('incremental')} disabled={disabled}>
          <RefreshCw aria-hidden="true" className={`size-4 ${running ? 'animate-spin' : ''}`} />
          Sincronización incremental
        </Button>
      </div>
      {status && !status.initialized ? (
        <p className="mt-3 text-sm text-amber-800">
          La sincronización no está inicializada: revisa la fuente de datos.
        </p>
      ) : running ? (
        <p className="mt-3 text-sm text-stone-700">Hay una sincronización en curso; espera a que termine.</p>
      ) : null}
    </StatusCard>
  );
};
