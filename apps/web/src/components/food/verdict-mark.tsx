import { CircleCheck, CircleHelp, CircleX, TriangleAlert, type LucideIcon } from 'lucide-react';

import { usePreferences } from '@/lib/preferences';
import { type VerdictLevel, type VerdictProduct, verdictFor } from '@/lib/verdict';

/** Each verdict's icon and tint: the icon and the word say it, the colour only repeats it. */
export const VERDICT_STYLE: Record<VerdictLevel, { Icon: LucideIcon; box: string; icon: string; mark: string }> = {
  'no-apto': { Icon: CircleX, box: 'bg-red-50 ring-red-300', icon: 'text-red-700', mark: 'bg-red-50 text-red-900 ring-red-300' },
  puede: {
    Icon: TriangleAlert,
    box: 'bg-amber-50 ring-amber-300',
    icon: 'text-amber-700',
    mark: 'bg-amber-50 text-amber-950 ring-amber-300',
  },
  'no-sabemos': {
    Icon: CircleHelp,
    box: 'bg-stone-100 ring-stone-300',
    icon: 'text-stone-700',
    mark: 'bg-stone-100 text-stone-900 ring-stone-300',
  },
  apto: {
    Icon: CircleCheck,
    box: 'bg-green-50 ring-green-300',
    icon: 'text-green-700',
    mark: 'bg-green-50 text-green-900 ring-green-300',
  },
};

/**
 * The small mark on a product card (issue 28): "Apto", "No apto", "Puede contener" or "No sabemos", with its icon;
 * the whole sentence ("No apto: contiene leche") for screen readers and as a tooltip. Nothing when this person set
 * no preferences. Decided on the phone (lib/verdict.ts) from the ids the card carries.
 */
export const VerdictMark = ({ product, className = '' }: { product: VerdictProduct; className?: string }) => {
  const verdict = verdictFor(usePreferences(), product);
  if (!verdict) return null;
  const { Icon, mark, icon } = VERDICT_STYLE[verdict.level];
  return (
    <span
      className={`inline-flex max-w-full items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${mark} ${className}`}
      title={verdict.title}
      data-testid="verdict-mark"
      data-level={verdict.level}
    >
      <Icon aria-hidden="true" className={`size-3.5 shrink-0 ${icon}`} strokeWidth={2.5} />
      <span aria-hidden="true" className="truncate">
        {verdict.short}
      </span>
      <span className="sr-only">{verdict.title}</span>
    </span>
  );
};
