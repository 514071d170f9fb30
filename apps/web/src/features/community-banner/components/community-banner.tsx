import { ExternalLink, type LucideIcon, Minus, Users, X } from 'lucide-react';

import { buttonClassName } from '@/components/ui/button';
import { COMMUNITY_CHAT_URL } from '@/config/brand';

import { useBannerState } from '../hooks/use-banner-state';

export const BANNER_TITLE = 'Únete a nuestra comunidad';

/** The card's round icon buttons (minimise, close): a thumb-sized target on a phone, smaller from 640 px. */
const BannerIconButton = ({
  icon: Icon,
  label,
  onClick,
}: {
  icon: LucideIcon;
  label: string;
  onClick: () => void;
}) => (
  <button
    type="button"
    onClick={onClick}
    aria-label={label}
    className="grid size-11 place-items-center rounded-full text-brand-50 hover:bg-white/15 sm:size-9"
  >
    <Icon aria-hidden="true" className="size-4" />
  </button>
);

/**
 * Spec §2, §4: the community invitation on listing pages: shown after 10 s, can be minimised or closed. It floats
 * above the comparison's bar when that bar is shown (--compare-tray-space). On a phone it is a slim strip at the foot
 * (issue 30: the card covered most of a phone's listing); from 640 px, the card.
 */
export const CommunityBanner = () => {
  const { state, minimize, restore, close } = useBannerState();

  if (state === 'minimized') {
    return (
      <button
        type="button"
        onClick={restore}
        aria-label="Mostrar la invitación a la comunidad"
        title="Comunidad"
        className="fixed right-4 bottom-[calc(1rem+var(--compare-tray-space,0px))] z-30 grid size-14 place-items-center rounded-full bg-brand-700 text-white shadow-lg hover:bg-brand-800"
        data-testid="community-banner-minimized"
      >
        <Users aria-hidden="true" className="size-6" />
      </button>
    );
  }
  if (state !== 'shown') return null;

  return (
    <aside
      aria-labelledby="community-banner-title"
      data-testid="community-banner"
      className="fixed inset-x-0 bottom-[var(--compare-tray-space,0px)] z-30 bg-brand-900 px-3 py-1.5 text-white shadow-2xl motion-safe:animate-toast-in sm:right-4 sm:bottom-[calc(0.75rem+var(--compare-tray-space,0px))] sm:left-auto sm:w-96 sm:rounded-2xl sm:p-4"
    >
      {/* A phone gets one slim line (title, join, minimise, close); a wider screen the card with its words. */}
      <div className="flex flex-wrap items-center gap-x-2 sm:items-start sm:gap-x-3">
        <span className="hidden size-10 shrink-0 place-items-center rounded-full bg-white/15 sm:grid">
          <Users aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id="community-banner-title" className="text-sm font-semibold sm:text-base">
            {BANNER_TITLE}
          </h2>
          <p className="mt-1 hidden text-sm text-brand-50 sm:block">
            Conversa con quienes leen etiquetas como tú, comparte hallazgos y ayúdanos a verificar productos.
          </p>
        </div>
        <a
          href={COMMUNITY_CHAT_URL}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClassName({
            variant: 'secondary',
            size: 'sm',
            className: 'shrink-0 sm:order-last sm:mt-3 sm:min-h-11 sm:basis-full sm:text-base',
          })}
        >
          Unirme{' '}
          <span className="sr-only sm:not-sr-only">a la comunidad</span>
          <ExternalLink aria-hidden="true" className="size-4" />
          <span className="sr-only">(se abre en una pestaña nueva)</span>
        </a>
        <div className="-mr-1 flex shrink-0 sm:-mt-1">
          <BannerIconButton icon={Minus} label="Minimizar" onClick={minimize} />
          <BannerIconButton icon={X} label="Cerrar y no volver a mostrar" onClick={close} />
        </div>
      </div>
    </aside>
  );
};
