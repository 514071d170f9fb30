import { ChevronRight } from 'lucide-react';
import { Link, type LinkProps } from 'react-router';

const tones = {
  brand: 'text-brand-800',
  /** Inside the green "better options" box. */
  green: 'text-green-900',
};

type MoreLinkProps = Omit<LinkProps, 'className'> & { tone?: keyof typeof tones; className?: string };

/**
 * A link onward to more of what a section shows (its detail page, every better option, "Para ti"): underlined
 * always, so it is never told by colour alone, with a chevron, and a touch target at least 44 px tall.
 */
export const MoreLink = ({ tone = 'brand', className = '', children, ...link }: MoreLinkProps) => (
  <Link
    {...link}
    className={`inline-flex min-h-11 items-center gap-1.5 font-semibold underline underline-offset-4 ${tones[tone]} ${className}`}
  >
    {children}
    <ChevronRight aria-hidden="true" className="size-4 shrink-0" />
  </Link>
);
