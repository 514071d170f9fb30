/** What a member decides about the whole history: erase it all, and whether it is recorded at all. */
import { HISTORY, RETENTION } from '@etiqueta/contracts';
import { Trash2 } from 'lucide-react';
import { useId } from 'react';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useConfirm } from '@/components/ui/use-confirm';
import { errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/toast-store';

import { useClearHistory, useSetHistoryRecording } from '../api/change-history';

export const ClearHistoryButton = ({ count, more }: { count: number; more: boolean }) => {
  const confirm = useConfirm();
  const clear = useClearHistory();
  const empty = count === 0;
  return (
    <>
      {/* aria-disabled, not disabled: it keeps focus when the list empties, so focus returns here after the dialog. */}
      <Button
        variant="secondary"
        aria-disabled={empty || undefined}
        className={empty ? 'cursor-not-allowed opacity-50' : ''}
        onClick={() => {
          if (!empty) confirm.ask(true);
        }}
      >
        <Trash2 aria-hidden="true" className="size-5" />
        Borrar historial
      </Button>
      <ConfirmDialog
        confirm={confirm}
        title="¿Borrar todo tu historial?"
        description={
          <>
            {more || count > 1 ? 'Quitaremos todos los productos' : 'Quitaremos el producto'} de tu historial,
            en todos tus dispositivos. No se puede deshacer.
          </>
        }
        confirmLabel={clear.isPending ? 'Borrando...' : 'Borrar historial'}
        pending={clear.isPending}
        error={clear.error}
        onConfirm={() =>
          clear.mutate(undefined, {
            onSuccess: () => {
              confirm.close();
              toast({ title: 'Historial borrado' });
            },
          })
        }
      />
    </>
  );
};

/** Turning it off deletes what was kept (the person's opposition, Ley 21.719 art. 8), so it asks first. */
export const RecordingSetting = ({ recording }: { recording: boolean }) => {
  const confirm = useConfirm();
  const change = useSetHistoryRecording();
  const switchId = useId();
  const hintId = useId();
  return (
    <section aria-labelledby={switchId} className="mt-10 rounded-2xl bg-stone-50 p-4 ring-1 ring-stone-200">
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <h2 id={switchId} className="font-semibold text-stone-900">
            Guardar mi historial
          </h2>
          <p id={hintId} className="mt-1 text-sm text-stone-700">
            {recording
              ? `Guardamos hasta ${HISTORY.maxEntries} productos por ${RETENTION.historyDays} días. Si lo desactivas, dejamos de guardar lo que abres y borramos tu historial.`
              : 'Está desactivado: no guardamos los productos que abres. Puedes volver a activarlo cuando quieras.'}
          </p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={recording}
          aria-labelledby={switchId}
          aria-describedby={hintId}
          disabled={change.isPending}
          onClick={() => (recording ? confirm.ask(true) : change.mutate(true))}
          className={`relative mt-1 inline-flex h-8 w-14 shrink-0 items-center rounded-full ring-1 transition-colors disabled:opacity-50 ${
            recording ? 'bg-brand-700 ring-brand-800' : 'bg-stone-300 ring-stone-400'
          }`}
        >
          <span
            aria-hidden="true"
            className={`inline-block size-6 rounded-full bg-white shadow transition-transform ${recording ? 'translate-x-7' : 'translate-x-1'}`}
          />
          <span className="sr-only">{recording ? 'Activado' : 'Desactivado'}</span>
        </button>
      </div>
      {change.error ? (
        <Alert variant="inline" className="mt-2">
          {errorMessage(change.error)}
        </Alert>
      ) : null}
      <ConfirmDialog
        confirm={confirm}
        title="¿Dejar de guardar tu historial?"
        description="No guardaremos los productos que abras o escanees, y borraremos tu historial de todos tus dispositivos. Puedes volver a activarlo cuando quieras."
        confirmLabel={change.isPending ? 'Desactivando...' : 'Desactivar y borrar'}
        pending={change.isPending}
        onConfirm={() => change.mutate(false, { onSuccess: confirm.close })}
      />
    </section>
  );
};
