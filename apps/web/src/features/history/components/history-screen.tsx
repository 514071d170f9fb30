import type { HistoryEntry } from '@etiqueta/contracts';
import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

import { Page } from '@/components/layouts/page';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { inputClassName } from '@/components/ui/form-field';
import { errorMessage } from '@/lib/error-message';

import { useHistory } from '../api/get-history';
import { HistoryDays } from './history-list';
import { ClearHistoryButton, RecordingSetting } from './history-settings';
import { EmptyHistory, HistorySkeleton, NoMatches } from './history-states';

export const HISTORY_TITLE = 'Historial';

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
