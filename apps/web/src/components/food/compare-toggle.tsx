import { Scale, SquareCheck } from 'lucide-react';

import {
  COMPARE_FULL_TEXT,
  COMPARE_FULL_TITLE,
  type ComparePick,
  toggleComparePick,
  useComparePicks,
} from '@/lib/compare-selection';
import { toast } from '@/lib/toast-store';

type CompareToggleProps = {
  product: ComparePick;
  /**
   * 'card' fills the foot of a product card; 'page' is a button of its own on the product page; 'compact' is a
   * small square beside a row of a list (the history): the icon, over a short word from 640 px (on a phone the
   * row's name and score need the room; the name, the tooltip and aria-pressed still say it).
   */
  variant?: 'card' | 'page' | 'compact';
  className?: string;
};

const VARIANT_CLASS = {
  card: 'min-h-11 w-full gap-1.5 rounded-none border-t border-stone-200 px-2 text-xs',
  page: 'min-h-11 gap-1.5 rounded-xl px-4 text-base ring-1 ring-inset',
  compact: 'min-h-11 min-w-11 flex-col gap-0.5 rounded-lg px-1 py-1 text-[11px] leading-none ring-1 ring-inset sm:min-w-16',
} as const;

/**
 * Picks a product for the comparison, or takes it out again (issue 16, "Comparar"). A toggle button:
 * 'Comparar' / 'Quitar de comparar' with aria-pressed, and the product's name in its accessible name so a
 * list of cards does not read as ten identical buttons. A fourth pick changes nothing and says why in a toast.
 * Any screen that lists products (cards, the product page, the history) can put it next to a product — never
 * inside a link.
 */
export const CompareToggle = ({ product, variant = 'card', className = '' }: CompareToggleProps) => {
  const picks = useComparePicks();
  const picked = picks.some((pick) => pick.id === product.id);
  const Icon = picked ? SquareCheck : Scale;
  const label = picked ? 'Quitar de comparar' : 'Comparar';
  // The compact square has room for one word; the accessible name still says it all.
  const shown = variant === 'compact' && picked ? 'Quitar' : label;
  return (
    <button
      type="button"
      aria-pressed={picked}
      aria-label={`${label} ${product.name}`}
      title={variant === 'compact' ? label : undefined}
      onClick={() => {
        if (toggleComparePick(product) === 'full') {
          toast({ title: COMPARE_FULL_TITLE, description: COMPARE_FULL_TEXT });
        }
      }}
      className={`inline-flex items-center justify-center font-semibold transition-colors select-none ${VARIANT_CLASS[variant]} ${
        picked
          ? 'bg-brand-50 text-brand-900 ring-brand-600 hover:bg-brand-100'
          : 'bg-white text-brand-800 ring-brand-200 hover:bg-brand-50'
      } ${className}`}
      data-testid="compare-toggle"
    >
      <Icon aria-hidden="true" className={variant === 'page' ? 'size-5 shrink-0' : 'size-4 shrink-0'} />
      <span className={variant === 'compact' ? 'hidden sm:inline' : undefined}>{shown}</span>
    </button>
  );
};
