import { ChevronLeft, ChevronRight } from 'lucide-react';

import { Button } from './button';
import { countOf, formatCount } from '@/lib/format';

type TablePaginationProps = {
  page: number;
  pageCount: number;
  total: number;
  /** What the rows are, plural, for "1.234 aditivos". */
  noun: string;
  /** The singular, for "1 aditivo"; the plural is used when not given. */
  singularNoun?: string;
  onPageChange: (page: number) => void;
  disabled?: boolean;
};

/** "Página 2 de 25 · 612 aditivos" with previous and next buttons, for tables of any size. */
export const TablePagination = ({
  page,
  pageCount,
  total,
  noun,
  singularNoun = noun,
  onPageChange,
  disabled = false,
}: TablePaginationProps) => (
  <nav
    aria-label={`Páginas de ${noun}`}
    className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm text-stone-700"
  >
    <p aria-live="polite">
      Página {formatCount(page)} de {formatCount(pageCount)} ·{' '}
      {countOf(total, singularNoun, noun)}
    </p>
    <div className="flex gap-2">
      <Button
        variant="secondary"
        size="sm"
        disabled={disabled || page <= 1}
        onClick={() => onPageChange(page - 1)}
      >
        <ChevronLeft aria-hidden="true" className="size-4" />
        Anterior
      </Button>
      <Button
        variant="secondary"
        size="sm"
        disabled={disabled || page >= pageCount}
        onClick={() => onPageChange(page + 1)}
      >
        Siguiente
        <ChevronRight aria-hidden="true" className="size-4" />
      </Button>
    </div>
  </nav>
);
