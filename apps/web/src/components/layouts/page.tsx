import type { ReactNode } from 'react';

import { APP_NAME } from '@/config/brand';

type PageProps = {
  /** The visible h1 and the document title. */
  title: string;
  children?: ReactNode;
  className?: string;
};

/** A screen's frame: document title, one h1, the standard width. */
export const Page = ({ title, children, className = '' }: PageProps) => (
  <div className={`mx-auto w-full max-w-6xl px-4 py-6 md:py-10 ${className}`}>
    <title>{`${title} · ${APP_NAME}`}</title>
    <h1 className="text-2xl font-bold tracking-tight text-stone-900 md:text-3xl">{title}</h1>
    {children}
  </div>
);
