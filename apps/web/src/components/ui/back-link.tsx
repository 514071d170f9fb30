import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';

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
