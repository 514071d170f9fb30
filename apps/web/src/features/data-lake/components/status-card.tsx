import type { ReactNode } from 'react';

import { Skeleton } from '@/components/ui/skeleton';
import { QueryView, type QueryViewProps } from '@/components/ui/query-view';

type StatusCardProps = {
  title: string;
  icon: ReactNode;
  children: ReactNode;
  className?: string;
  headingId: string;
};

/** One card of the data-lake page; its heading names the region. */
export const StatusCard = ({ title, icon, children, className = '', headingId }: StatusCardProps) => (
  <section
    aria-labelledby={headingId}
    className={`rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200 ${className}`}
  >
    <h2 id={headingId} className="flex items-center gap-2 text-lg font-bold text-stone-900">
      {icon}
      {title}
    </h2>
    <div className="mt-4">{children}</div>
  </section>
);

/** A term and its value, in the cards' definition lists. */
export const StatusRow = ({ term, children }: { term: string; children: ReactNode }) => (
  <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
    <dt className="text-sm text-stone-600">{term}</dt>
    <dd className="text-sm font-medium text-stone-900">{children}</dd>
  </div>
);

/** Grey lines in the shape of a card's content while it loads. */
export const StatusCardSkeleton = ({
  rows,
  rowClassName,
  className = 'space-y-2',
}: {
  rows: number;
  rowClassName: string;
  className?: string;
}) => (
  <div className={className} aria-hidden="true">
    {Array.from({ length: rows }, (_, i) => (
      <Skeleton key={i} className={rowClassName} />
    ))}
  </div>
);

/** A card's content read by one query: a compact alert if it fails, three grey rows while it loads. */
export const StatusCardQuery = <T,>({
  rowClassName,
  ...view
}: Omit<QueryViewProps<T>, 'skeleton' | 'compact'> & { rowClassName: string }) => (
  <QueryView {...view} skeleton={<StatusCardSkeleton rows={3} rowClassName={rowClassName} />} compact />
);
