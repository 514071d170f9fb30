import { Scale, X } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';

import { buttonClassName } from '@/components/ui/button';
import { clearComparePicks, compareHref, useComparePicks } from '@/lib/compare-selection';

export const COMPARE_TRAY_LABEL = 'Productos para comparar';

/**
 * The room the bar takes (the spacer's h-18), published as --compare-tray-space so what floats at the foot of the
 * screen (the community banner) sits above it.
 */
const TRAY_SPACE = '4.5rem';

/**
 * The compact bar at the foot of the screen while products are picked for comparing (issue 16): how many,
 * which (on wider screens), 'Comparar (2)' to open them side by side, and a way to empty the pick. With one
 * product it says to choose another. A spacer of its height keeps it from covering the end of the page. Not
 * shown on the comparison itself, which has its own controls.
 */
export const CompareTray = () => {
  const picks = useComparePicks();
  const { pathname } = useLocation();
  if (picks.length === 0 || pathname === '/comparar') return null;
  return <TrayBar picks={picks} />;
};

const TrayBar = ({ picks }: { picks: ReturnType<typeof useComparePicks> }) => {
  useEffect(() => {
    const root = document.documentElement;
    root.style.setProperty('--compare-tray-space', TRAY_SPACE);
    return () => {
      root.style.removeProperty('--compare-tray-space');
    };
  }, []);
  const names = picks.map((pick) => pick.name).join(' · ');
  return (
    <>
      <div aria-hidden="true" className="h-18 shrink-0" />
      <section
        aria-label={COMPARE_TRAY_LABEL}
        className="fixed inset-x-0 bottom-0 z-40 border-t border-stone-200 bg-white/95 px-4 py-2 shadow-[0_-4px_16px_rgba(0,0,0,0.08)] backdrop-blur"
        data-testid="compare-tray"
      >
        <div className="mx-auto flex max-w-6xl items-center gap-2">
          <p className="min-w-0 flex-1 text-sm leading-tight text-stone-800">
            <span className="block font-semibold">
              {picks.length === 1 ? 'Elige otro para comparar' : `${picks.length} productos elegidos`}
            </span>
            <span className="hidden truncate text-stone-600 sm:block">{names}</span>
          </p>
          <button
            type="button"
            onClick={clearComparePicks}
            aria-label="Vaciar la comparación"
            className={buttonClassName({ variant: 'ghost', size: 'md', className: 'shrink-0 px-2.5' })}
          >
            <X aria-hidden="true" className="size-5" />
            <span className="hidden sm:inline">Vaciar</span>
          </button>
          <Link
            to={compareHref(picks.map((pick) => pick.id))}
            className={buttonClassName({ className: 'shrink-0' })}
            data-testid="compare-tray-open"
          >
            <Scale aria-hidden="true" className="size-5" />
            Comparar ({picks.length})
          </Link>
        </div>
      </section>
    </>
  );
};
