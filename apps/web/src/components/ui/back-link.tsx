import { ArrowLeft, House } from 'lucide-react';
import { Link } from 'react-router';

import { buttonClassName } from './button';

type BackLinkProps = {
  to: string;
  label?: string;
  /** Navigation state for the screen it opens (e.g. "bring the listing back as it was left"). */
  state?: unknown;
};

/** The "back" control of listing screens: a real link (works without history, opens in a new tab). */
export const BackLink = ({ to, label = 'Volver', state }: BackLinkProps) => (
  <Link
    to={to}
    state={state}
    className="-ml-2 inline-flex min-h-11 items-center gap-1.5 rounded-xl px-2 text-sm font-semibold text-brand-800 hover:bg-brand-50"
  >
    <ArrowLeft aria-hidden="true" className="size-5" />
    {label}
  </Link>
);

type HomeLinkProps = Parameters<typeof buttonClassName>[0] & {
  /** The house's size: `size-4` beside a small or secondary button's text. */
  iconClassName?: string;
};

/** "Volver al inicio" as a button-looking link, for a screen that cannot go on (an error, a dead end, a refusal). */
export const HomeLink = ({ iconClassName = 'size-5', ...look }: HomeLinkProps) => (
  <Link to="/" className={buttonClassName(look)}>
    <House aria-hidden="true" className={iconClassName} />
    Volver al inicio
  </Link>
);
