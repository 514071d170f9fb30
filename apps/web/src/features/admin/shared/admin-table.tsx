import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

import { Button } from '@/components/ui/button';

type AdminTableProps = {
  /** Names the table for screen readers. */
  caption: string;
  /** The header row's cells (HeaderCell, SortableHeader). */
  head: ReactNode;
  /** The rows. */
  children: ReactNode;
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth: 'min-w-[40rem]' | 'min-w-[44rem]' | 'min-w-[48rem]';
  /** Rows of an earlier page shown while the next one loads: dimmed and marked busy. */
  stale?: boolean;
};

/** The admin tabs' table: ringed, scrolling sideways on a phone, with a caption and a header row. */
export const AdminTable = ({ caption, head, children, minWidth, stale = false }: AdminTableProps) => (
  <div
    className={`relative overflow-x-auto rounded-xl ring-1 ring-stone-200${stale ? ' opacity-60' : ''} transition-opacity`}
    aria-busy={stale || undefined}
  >
    <table className={`w-full ${minWidth} text-sm`}>
      <caption className="sr-only">{caption}</caption>
      <thead className="bg-stone-50 text-stone-700">
        <tr>{head}</tr>
      </thead>
      <tbody className="divide-y divide-stone-100">{children}</tbody>
    </table>
  </div>
);

type RowActionProps = {
  icon: LucideIcon;
  /** The word shown ("Editar"). */
  label: string;
  /** What the row is ("Leche Entera"): screen readers hear the label and it ("Editar Leche Entera"). */
  subject: string;
  /** An action that removes something: red. */
  danger?: boolean;
  onClick: () => void;
};

/** A button in a row's actions cell: small, quiet, an icon and a word. */
export const RowAction = ({ icon: Icon, label, subject, danger = false, onClick }: RowActionProps) => (
  <Button
    variant="ghost"
    size="sm"
    className={danger ? 'text-red-800 hover:bg-red-50' : undefined}
    aria-label={`${label} ${subject}`}
    onClick={onClick}
  >
    <Icon aria-hidden="true" className="size-4" />
    <span aria-hidden="true">{label}</span>
  </Button>
);
