import { Skeleton } from '@/components/ui/skeleton';

/** The product page's shape while the product is on its way (a skeleton, not a spinner). */
export const ProductSkeleton = () => (
  <div className="mx-auto w-full max-w-6xl px-4 py-4 md:py-8" role="status" data-testid="product-skeleton">
    <span className="sr-only">Cargando producto...</span>
    <Skeleton className="h-9 w-24" />
    <div className="mt-4 grid gap-6 md:grid-cols-[minmax(0,20rem)_1fr]">
      <Skeleton className="aspect-square w-full max-w-80 justify-self-center rounded-2xl md:max-w-none" />
      <div className="space-y-4">
        <Skeleton className="h-8 w-4/5" />
        <Skeleton className="h-5 w-1/3" />
        <Skeleton className="h-10 w-48 rounded-full" />
        <Skeleton className="h-6 w-56" />
      </div>
    </div>
    <div className="mt-8 grid gap-6 md:grid-cols-2">
      {[0, 1].map((column) => (
        <div key={column} className="space-y-3">
          <Skeleton className="h-7 w-32" />
          <Skeleton className="h-14 w-full rounded-2xl" />
          <Skeleton className="h-14 w-full rounded-2xl" />
          <Skeleton className="h-14 w-full rounded-2xl" />
        </div>
      ))}
    </div>
  </div>
);
