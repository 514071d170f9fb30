import { CircleUserRound, HeartPulse, History } from 'lucide-react';
import { Link } from 'react-router';

import { APP_NAME, PARTNER_NAME } from '@/config/brand';

import { AppLogoMark, PartnerLogo } from './app-logo';

/**
 * Spec §2 header: logo to '/', the small 'un proyecto' credit with the partner logo, account icon to /login; and
 * Historial (issue 16) beside it, where a shopper in the aisle finds it with one tap (signed out, it asks to sign in
 * like every members' page).
 */
/**
 * The doors, as icons: "Para ti" (issue 28: what this person avoids, kept on the phone, open to everyone), their
 * history and their account.
 */
const HEADER_LINKS = [
  { to: '/para-ti', label: 'Para ti', Icon: HeartPulse },
  { to: '/historial', label: 'Historial', Icon: History },
  { to: '/login', label: 'Mi cuenta', Icon: CircleUserRound },
] as const;

export const SiteHeader = () => (
  <header className="sticky top-0 z-40 border-b border-stone-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
    <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4">
      <div className="flex min-w-0 flex-col justify-center">
        <Link to="/" className="flex w-fit items-center gap-2 rounded-lg" data-testid="site-logo">
          <AppLogoMark className="size-8 shrink-0" />
          <span className="text-lg leading-tight font-extrabold tracking-tight text-brand-900">
            {APP_NAME}
          </span>
        </Link>
        <p
          className="ml-10 flex min-w-0 items-center gap-1 text-[11px] leading-4 text-stone-600"
          data-testid="partner-credit"
        >
          <span className="whitespace-nowrap">un proyecto</span>
          <PartnerLogo className="size-4 shrink-0 text-accent-600" />
          <span className="truncate font-medium text-stone-700">{PARTNER_NAME}</span>
        </p>
      </div>
      <nav aria-label="Tu cuenta" className="flex shrink-0 items-center gap-1">
        {HEADER_LINKS.map(({ to, label, Icon }) => (
          <Link
            key={to}
            to={to}
            aria-label={label}
            title={label}
            className="grid size-11 shrink-0 place-items-center rounded-full text-brand-800 hover:bg-brand-50"
          >
            <Icon aria-hidden="true" className="size-7" strokeWidth={1.75} />
          </Link>
        ))}
      </nav>
    </div>
  </header>
);
