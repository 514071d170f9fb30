import type { HistoryEntry } from '@etiqueta/contracts';
import { Eye, ScanBarcode, X } from 'lucide-react';
import { useId, type ReactNode } from 'react';

import { Button } from '@/components/ui/button';
import { ProductRow } from '@/components/ui/product-row';
import { errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/toast-store';

import { useDeleteHistoryEntry } from '../api/change-history';
import { groupByDay, timeLabel } from '../lib/history-days';

/** The entries in days as counted in Chile, newest first. */
export const HistoryDays = ({
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
      <ProductRow
        product={product}
        look="list"
        marks={
          <span className="inline-flex items-center gap-1">
            {scanned ? (
              <ScanBarcode aria-hidden="true" className="size-3.5" />
            ) : (
              <Eye aria-hidden="true" className="size-3.5" />
            )}
            {scanned ? 'Escaneado' : 'Abierto'} · <time dateTime={entry.viewedAt}>{timeLabel(at)}</time>
          </span>
        }
      />
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
