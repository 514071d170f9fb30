import { QUICK_FILTERS, type QuickFilter, SUGAR_FILTER_MAX_G, SUGAR_FILTER_MIN_G, isBlockedSugarKey } from '@etiqueta/domain';
import { Check } from 'lucide-react';
import { useId } from 'react';

import type { QuickFiltersController } from '../hooks/use-quick-filters';

export const QUICK_FILTER_LABELS: Record<QuickFilter, string> = {
  'ancestral-natural': 'Ancestral / natural',
  'sin-aditivos-riesgosos': 'Sin aditivos riesgosos',
  'sin-aditivos': 'Sin aditivos',
};

const pillClass = (active: boolean) =>
  `inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-full px-4 text-sm font-medium whitespace-nowrap ring-1 transition-colors ${
    active ? 'bg-stone-900 text-white ring-stone-900' : 'bg-white text-stone-800 ring-stone-300 hover:bg-stone-50'
  }`;

type QuickFiltersProps = { controller: QuickFiltersController };

/**
 * Spec §4: 'ancestral-natural' excludes both additive filters, the two additive filters exclude each other,
 * each toggles; the sugar filter toggles by click and follows the number typed (0–99 g per 100 g).
 */
export const QuickFilters = ({ controller }: QuickFiltersProps) => {
  const sugarInputId = useId();
  const { filters, sugarText } = controller;
  return (
    // One swipeable row on a phone (the grid stays near the top of the screen), wrapped on wider screens.
    // `relative` keeps the sugar box's sr-only label inside the scroller: positioned absolutely against a
    // farther ancestor it would stick out and widen the whole page on a phone.
    <div
      role="group"
      aria-label="Filtros rápidos"
      className="relative -mx-4 flex items-center gap-2 overflow-x-auto px-4 pb-1 md:mx-0 md:flex-wrap md:overflow-visible md:px-0"
    >
      {QUICK_FILTERS.map((filter) => {
        const active = filters.active.has(filter);
        return (
          <button
            key={filter}
            type="button"
            aria-pressed={active}
            data-filter={filter}
            onClick={() => controller.toggle(filter)}
            className={pillClass(active)}
          >
            {active ? <Check aria-hidden="true" className="size-4" /> : null}
            {QUICK_FILTER_LABELS[filter]}
          </button>
        );
      })}
      <div
        className={`inline-flex min-h-11 shrink-0 items-center gap-1 rounded-full pr-3 ring-1 ${
          filters.sugarEnabled ? 'bg-stone-900 text-white ring-stone-900' : 'bg-white text-stone-800 ring-stone-300'
        }`}
      >
        <button
          type="button"
          aria-pressed={filters.sugarEnabled}
          data-filter="azucar"
          onClick={controller.toggleSugar}
          className="inline-flex min-h-11 items-center gap-1.5 rounded-full pl-4 text-sm font-medium whitespace-nowrap"
        >
          {filters.sugarEnabled ? <Check aria-hidden="true" className="size-4" /> : null}
          Azúcar hasta
        </button>
        <label htmlFor={sugarInputId} className="sr-only">
          Máximo de azúcar, en gramos por 100 g
        </label>
        <input
          id={sugarInputId}
          type="number"
          inputMode="numeric"
          min={SUGAR_FILTER_MIN_G}
          max={SUGAR_FILTER_MAX_G}
          step={1}
          value={sugarText}
          onKeyDown={(event) => {
            if (isBlockedSugarKey(event.key)) event.preventDefault();
          }}
          onChange={(event) => controller.typeSugar(event.target.value)}
          className="w-12 rounded-md bg-white px-1.5 py-1 text-center text-sm text-stone-900 ring-1 ring-stone-300 [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
        />
        <span className="text-sm" aria-hidden="true">
          g
        </span>
      </div>
    </div>
  );
};
