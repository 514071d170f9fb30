import { HISTORY, RETENTION, type HistoryEntry, normalizeImages } from '@etiqueta/contracts';
import { Eye, History, ScanBarcode, Search, Trash2, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';

import { ProductImage } from '@/components/food/product-image';
import { ScoreBadge } from '@/components/food/score-badge';
import { VerdictMark } from '@/components/food/verdict-mark';
import { Page } from '@/components/layouts/page';
import { Button, buttonClassName } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { inputClassName } from '@/components/ui/form-field';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/toast-store';

import { useClearHistory, useDeleteHistoryEntry, useSetHistoryRecording } from '../api/change-history';
import { useHistory } from '../api/get-history';
import { groupByDay, timeLabel } from '../lib/history-days';
import { Alert } from '@/components/ui/alert';

export const HISTORY_TITLE = 'Historial';
export const EMPTY_HISTORY_TITLE = 'Todavía no hay nada en tu historial';

type HistoryScreenProps = {
  /** More actions on each entry, composed by the route (e.g. "Comparar"); shown beside "Quitar". */
  renderEntryActions?: (entry: HistoryEntry) => ReactNode;
  /** For tests: what "today" is. */
  now?: Date;
};

/**
 * /historial: the products this member opened or scanned, newest first, in days as counted in Chile. Searchable,
 * paged ("Ver más"), each entry removable, all of it erasable, and recording can be turned off. Everything it
 * shows comes from GET /api/history, so the copy the service worker keeps is enough to read it offline.
 */
export const HistoryScreen = ({ renderEntryActions, now }: HistoryScreenProps) => {
  const [typed, setTyped] = useState('');
  const q = useSettled(typed.trim());
  const history = useHistory(q);
  const entries = history.data?.pages.flatMap((page) => page.items) ?? [];
  const recording = history.data?.pages[0]?.recording ?? true;
  const searching = q !== '';
  const listRef = useRef<HTMLDivElement>(null);
  const searchId = useId();

  return (
    <Page title={HISTORY_TITLE} className="max-w-3xl">
      <p className="mt-2 text-stone-700">
        Los productos que abriste o escaneaste, del más reciente al más antiguo. Se guardan en tu cuenta, así
        que los ves en todos tus dispositivos.
      </p>

      <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1">
          <label htmlFor={searchId} className="mb-1 block text-sm font-medium text-stone-800">
            Buscar en tu historial
          </label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-stone-500"
            />
            <input
              id={searchId}
              type="search"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              placeholder="Nombre o marca"
              maxLength={100}
              autoComplete="off"
              enterKeyHint="search"
              className={`${inputClassName(false)} min-h-11 pl-10`}
            />
          </div>
        </div>
        <ClearHistoryButton count={entries.length} more={history.hasNextPage} />
      </div>

      <div ref={listRef} tabIndex={-1} className="mt-6 focus:outline-none" aria-label="Tu historial">
        {history.isPending ? (
          <HistorySkeleton />
        ) : history.isError && entries.length === 0 ? (
          <Alert as="div">
            <p className="font-semibold">No pudimos cargar tu historial.</p>
            <p className="mt-1">{errorMessage(history.error)}</p>
            <Button variant="secondary" className="mt-3" onClick={() => void history.refetch()}>
              Reintentar
            </Button>
          </Alert>
        ) : entries.length === 0 ? (
          searching ? (
            <NoMatches q={q} onClear={() => setTyped('')} />
          ) : (
            <EmptyHistory recording={recording} />
          )
        ) : (
          <>
            <p className="sr-only" role="status">
              {searching
                ? `${entries.length}${history.hasNextPage ? ' o más' : ''} productos coinciden con tu búsqueda`
                : ''}
            </p>
            <HistoryDays
              entries={entries}
              now={now ?? new Date()}
              renderEntryActions={renderEntryActions}
              onRemoved={() => listRef.current?.focus()}
            />
            {history.hasNextPage ? (
              <div className="mt-6 flex flex-col items-center gap-2">
                {history.isFetchNextPageError ? (
                  <Alert variant="inline">
                    No pudimos cargar más: {errorMessage(history.error)}
                  </Alert>
                ) : null}
                <Button
                  variant="secondary"
                  onClick={() => void history.fetchNextPage()}
                  disabled={history.isFetchingNextPage}
                >
                  {history.isFetchingNextPage ? 'Cargando...' : 'Ver más'}
                </Button>
              </div>
            ) : null}
          </>
        )}
      </div>

      {history.data ? <RecordingSetting recording={recording} /> : null}
    </Page>
  );
};

/** The search asks the server once typing pauses, not on every key. */
const SEARCH_PAUSE_MS = 250;
const useSettled = (value: string) => {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  // Clearing the box shows the whole history at once.
  return value === '' ? '' : settled;
};

const HistoryDays = ({
  entries,
  now,
  renderEntryActions,
  onRemoved,
}: {
  entries: HistoryEntry[];
  now: Date;
  renderEntryActions?: (entry: HistoryEntry) => ReactNode;
  onRemoved: () => void;
}) => (
  <div className="space-y-6">
    {groupByDay(entries, now).map((day) => (
      <DaySection key={day.day} label={day.label}>
        {day.entries.map((entry) => (
          <HistoryItem
            key={entry.id}
            entry={entry}
            actions={renderEntryActions?.(entry)}
            onRemoved={onRemoved}
          />
        ))}
      </DaySection>
    ))}
  </div>
);

const DaySection = ({ label, children }: { label: string; children: ReactNode }) => {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-2 text-base font-bold text-stone-800 first-letter:uppercase">
        {label}
      </h2>
      <ul className="divide-y divide-stone-100 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-stone-200">
        {children}
      </ul>
    </section>
  );
};

const HistoryItem = ({
  entry,
  actions,
  onRemoved,
}: {
  entry: HistoryEntry;
  actions?: ReactNode;
  onRemoved: () => void;
}) => {
  const remove = useDeleteHistoryEntry();
  const { product } = entry;
  const at = new Date(entry.viewedAt);
  const scanned = entry.via === 'scan';
  return (
    <li className="flex items-center gap-2 p-2 sm:gap-3 sm:p-3" data-history-entry={entry.id}>
      <Link
        to={`/product/${product.id}`}
        className="group flex min-w-0 flex-1 items-center gap-3 rounded-xl p-1 hover:bg-stone-50"
      >
        <ProductImage
          src={normalizeImages(product.images).thumbnail}
          alt=""
          loading="lazy"
          className="size-16 shrink-0 rounded-lg ring-1 ring-stone-100"
        />
        <span className="flex min-w-0 flex-1 flex-col gap-1">
          <span className="line-clamp-2 text-sm leading-snug font-semibold text-stone-900 group-hover:underline">
            {product.name}
          </span>
          {product.brand ? <span className="truncate text-xs text-stone-600">{product.brand}</span> : null}
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-stone-600">
            <ScoreBadge score={product.healthScore} />
            <VerdictMark product={product} />
            <span className="inline-flex items-center gap-1">
              {scanned ? (
                <ScanBarcode aria-hidden="true" className="size-3.5" />
              ) : (
                <Eye aria-hidden="true" className="size-3.5" />
              )}
              {scanned ? 'Escaneado' : 'Abierto'} · <time dateTime={entry.viewedAt}>{timeLabel(at)}</time>
            </span>
          </span>
        </span>
      </Link>
      <div className="flex shrink-0 items-center gap-1">
        {actions}
        <Button
          variant="ghost"
          size="sm"
          className="size-11 !px-0"
          aria-label={`Quitar ${product.name} del historial`}
          title="Quitar del historial"
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(entry.id, {
              onSuccess: () => {
                toast({ title: 'Quitado del historial', description: product.name });
                onRemoved();
              },
              onError: (err) =>
                toast({
                  title: 'No pudimos quitarlo',
                  description: errorMessage(err),
                  variant: 'destructive',
                }),
            })
          }
        >
          <X aria-hidden="true" className="size-5" />
        </Button>
      </div>
    </li>
  );
};

const ClearHistoryButton = ({ count, more }: { count: number; more: boolean }) => {
  const [confirming, setConfirming] = useState(false);
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
          if (!empty) setConfirming(true);
        }}
      >
        <Trash2 aria-hidden="true" className="size-5" />
        Borrar historial
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          if (!open) setConfirming(false);
        }}
        title="¿Borrar todo tu historial?"
        description={
          <>
            {more || count > 1 ? 'Quitaremos todos los productos' : 'Quitaremos el producto'} de tu historial,
            en todos tus dispositivos. No se puede deshacer.
            {clear.error ? (
              <Alert as="span" variant="inline" className="mt-2 block">
                {errorMessage(clear.error)}
              </Alert>
            ) : null}
          </>
        }
        confirmLabel={clear.isPending ? 'Borrando...' : 'Borrar historial'}
        pending={clear.isPending}
        onConfirm={() =>
          clear.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              toast({ title: 'Historial borrado' });
            },
          })
        }
      />
    </>
  );
};

/** Turning it off deletes what was kept (the person's opposition, Ley 21.719 art. 8), so it asks first. */
const RecordingSetting = ({ recording }: { recording: boolean }) => {
  const [confirming, setConfirming] = useState(false);
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
          onClick={() => (recording ? setConfirming(true) : change.mutate(true))}
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
        open={confirming}
        onOpenChange={(open) => {
          if (!open) setConfirming(false);
        }}
        title="¿Dejar de guardar tu historial?"
        description="No guardaremos los productos que abras o escanees, y borraremos tu historial de todos tus dispositivos. Puedes volver a activarlo cuando quieras."
        confirmLabel={change.isPending ? 'Desactivando...' : 'Desactivar y borrar'}
        pending={change.isPending}
        onConfirm={() => change.mutate(false, { onSuccess: () => setConfirming(false) })}
      />
    </section>
  );
};

const EmptyHistory = ({ recording }: { recording: boolean }) => (
  <div className="flex flex-col items-center rounded-2xl bg-white px-6 py-10 text-center shadow-sm ring-1 ring-stone-200">
    <History aria-hidden="true" className="size-10 text-brand-700" strokeWidth={1.5} />
    <h2 className="mt-3 text-lg font-bold text-stone-900">{EMPTY_HISTORY_TITLE}</h2>
    <p className="mt-1 max-w-md text-stone-700">
      {recording
        ? 'Escanea el código de barras de un producto o búscalo por su nombre: cada uno que abras aparecerá aquí, ordenado por día.'
        : 'Tu historial está desactivado. Actívalo más abajo para ver aquí los productos que abras.'}
    </p>
    <Link to="/" className={`${buttonClassName({ size: 'lg' })} mt-5`}>
      <ScanBarcode aria-hidden="true" className="size-5" />
      Escanear o buscar un producto
    </Link>
  </div>
);

const NoMatches = ({ q, onClear }: { q: string; onClear: () => void }) => (
  <div role="status" className="rounded-2xl bg-white px-6 py-8 text-center shadow-sm ring-1 ring-stone-200">
    <p className="font-semibold text-stone-900">Ningún producto de tu historial coincide con «{q}».</p>
    <p className="mt-1 text-stone-700">Prueba con otra palabra del nombre o de la marca.</p>
    <Button variant="secondary" className="mt-4" onClick={onClear}>
      Ver todo el historial
    </Button>
  </div>
);

const HistorySkeleton = () => (
  <div role="status" aria-busy="true" aria-label="Cargando tu historial" className="space-y-3">
    <Skeleton className="h-4 w-16" />
    <div className="divide-y divide-stone-100 rounded-2xl bg-white ring-1 ring-stone-200">
      {Array.from({ length: 5 }, (_, i) => (
        <div key={i} className="flex items-center gap-3 p-3">
          <Skeleton className="size-16 shrink-0 rounded-lg" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-3.5 w-3/4" />
            <Skeleton className="h-3 w-1/3" />
            <Skeleton className="h-4 w-24 rounded-full" />
          </div>
        </div>
      ))}
    </div>
  </div>
);
