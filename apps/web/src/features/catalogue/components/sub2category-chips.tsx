import type { Sub2category } from '@etiqueta/contracts';
import { Check } from 'lucide-react';
import { useLayoutEffect, useRef } from 'react';

import { isSameSub2category, visibleSub2categories } from '../lib/sub2category-chips';
import { formatCount } from '@/lib/format';

type Sub2categoryChipsProps = {
  chips: readonly Sub2category[];
  selected: string | null;
  onToggle: (name: string) => void;
};

/**
 * Single-select chips (spec §4); the pressed one also shows a tick, so colour is not the only signal. On a phone
 * they are one row that scrolls sideways: the pressed chip is brought into view (centred when it can be), so a
 * chip chosen for the shopper is never off-screen.
 */
export const Sub2categoryChips = ({ chips, selected, onToggle }: Sub2categoryChipsProps) => {
  const visible = visibleSub2categories(chips, selected);
  const rowRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const row = rowRef.current;
    const active = row?.querySelector<HTMLElement>('[aria-pressed="true"]');
    if (!row || !active) return;
    // Only the row scrolls (scrollIntoView would also move the page).
    const left = active.offsetLeft - (row.clientWidth - active.offsetWidth) / 2;
    row.scrollLeft = Math.max(0, left);
  }, [selected, visible.length]);
  if (visible.length === 0) return null;
  return (
    <div ref={rowRef} role="group" aria-label="Tipo de producto" className="relative -mx-4 overflow-x-auto px-4 pb-1">
      <ul className="flex w-max gap-2 md:w-auto md:flex-wrap">
        {visible.map((chip) => {
          const active = isSameSub2category(selected, chip.name);
          return (
            <li key={chip.slug}>
              <button
                type="button"
                aria-pressed={active}
                onClick={() => onToggle(chip.name)}
                className={`inline-flex min-h-11 items-center gap-1.5 rounded-full px-4 text-sm font-medium whitespace-nowrap ring-1 transition-colors ${
                  active
                    ? 'bg-brand-700 text-white ring-brand-700 hover:bg-brand-800'
                    : 'bg-white text-stone-800 ring-stone-300 hover:bg-stone-50'
                }`}
              >
                {active ? <Check aria-hidden="true" className="size-4" /> : null}
                {chip.name}{' '}
                <span className={`text-xs ${active ? 'text-white' : 'text-stone-600'}`}>({formatCount(chip.productCount)})</span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
};

export const Sub2categoryChipsSkeleton = () => (
  <div aria-hidden="true" className="flex gap-2 overflow-hidden">
    {[24, 28, 20, 32].map((width) => (
      <div key={width} className="h-11 shrink-0 animate-pulse rounded-full bg-stone-200/70" style={{ width: `${width * 4}px` }} />
    ))}
  </div>
);
