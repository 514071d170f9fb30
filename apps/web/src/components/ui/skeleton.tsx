type SkeletonProps = { className?: string };

/** A grey pulsing block standing in for content that is on its way. */
export const Skeleton = ({ className = '' }: SkeletonProps) => (
  <div aria-hidden="true" className={`animate-pulse rounded-md bg-stone-200 ${className}`} />
);
