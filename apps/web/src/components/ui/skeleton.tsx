type SkeletonProps = { className?: string };

/** A grey pulsing block standing in for content that is on its way. */
export const Skeleton = ({ className = '' }: SkeletonProps) => (
  <div aria-hidden="true" className={`animate-pulse rounded-md bg-stone-200 ${className}`} />
);

type SkeletonStackProps = {
  count: number;
  /** Each block's height (full width). */
  height: string;
  /** The gap between blocks. */
  gap: 'space-y-2' | 'space-y-3' | 'space-y-4';
  /** Says what is loading, and the stack is marked busy; without it the stack is hidden from screen readers. */
  label?: string;
};

/** A column of full-width grey blocks while a list of cards or rows is on its way. */
export const SkeletonStack = ({ count, height, gap, label }: SkeletonStackProps) => (
  <div
    className={gap}
    aria-hidden={label ? undefined : true}
    aria-busy={label ? true : undefined}
    aria-label={label}
  >
    {Array.from({ length: count }, (_, i) => (
      <Skeleton key={i} className={`${height} w-full`} />
    ))}
  </div>
);
