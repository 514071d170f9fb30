import { apiPaths } from '@etiqueta/contracts';
import type { CatalogueLoading, Category } from '@etiqueta/contracts';

type CatalogueFailure = NonNullable<CatalogueLoading['failure']>;
import { useQueryClient } from '@tanstack/react-query';
import { CloudOff, LoaderCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/error-message';
import { useRetryWhenOnline } from '@/lib/use-online-status';

import { useCategories } from '../api/get-categories';
import { FIRST_LOAD_POLL_MS, useFirstLoad } from '../api/get-first-load';
import { CategoryIcon } from './category-icon';
import { formatClock, productCount } from '@/lib/format';
import { Alert } from '@/components/ui/alert';

export const COMING_SOON = 'Próximamente';
export const FIRST_LOAD_TEXT = 'Cargando el catálogo de Open Food Facts…';

/** "No pudimos descargar el catálogo de Open Food Facts: no hay conexión con Open Food Facts. Lo intentaremos de nuevo a las 14:05." */
export const firstLoadFailureText = (failure: CatalogueFailure) =>
  `No pudimos descargar el catálogo de Open Food Facts: ${failure.reason}. ` +
  (failure.retryAt
    ? `Lo intentaremos de nuevo a las ${formatClock(failure.retryAt)}.`
    : 'Vuelve a intentarlo más tarde.');

const cardBase = 'flex min-h-28 flex-col items-start justify-between gap-3 rounded-2xl p-4';

/**
 * While the first load of an empty catalogue runs, says so with the count so far, and refreshes the cards as
 * they fill; when it ends, the categories are read once more.
 */
const useFirstLoadProgress = () => {
  const queryClient = useQueryClient();
  const { data } = useFirstLoad();
  const loading = data?.loading ?? false;
  const wasLoading = useRef(false);
  useEffect(() => {
    if (wasLoading.current && !loading)
      void queryClient.invalidateQueries({ queryKey: [apiPaths.categories.list] });
    wasLoading.current = loading;
    if (!loading) return;
    const timer = setInterval(
      () => void queryClient.invalidateQueries({ queryKey: [apiPaths.categories.list] }),
      FIRST_LOAD_POLL_MS,
    );
    return () => clearInterval(timer);
  }, [loading, queryClient]);
  return { loadedSoFar: loading ? (data?.products ?? 0) : null, failure: data?.failure ?? null };
};

/** The first load could not reach Open Food Facts: what happened and when the server tries again, not an empty grid. */
const FirstLoadFailure = ({ failure }: { failure: CatalogueFailure }) => (
  <p
    role="status"
    className="mb-3 flex items-start gap-2 rounded-2xl bg-amber-50 p-4 text-stone-800 ring-1 ring-amber-200"
    data-testid="first-load-failed"
  >
    <CloudOff aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-800" />
    <span>{firstLoadFailureText(failure)}</span>
  </p>
);

const FirstLoadNotice = ({ products }: { products: number }) => (
  <p
    role="status"
    className="mb-3 flex items-center gap-2 rounded-2xl bg-brand-50 p-4 text-stone-800 ring-1 ring-brand-200"
    data-testid="first-load"
  >
    <LoaderCircle aria-hidden="true" className="size-5 shrink-0 animate-spin text-brand-700" />
    <span>
      {FIRST_LOAD_TEXT} <span className="font-semibold">{productCount(products)}</span> hasta ahora.
    </span>
  </p>
);

export const categoriesErrorText = (message: string) => `No pudimos cargar las categorías. ${message}`;

/** Spec §2: categories by name; with products a card opens the category, without it is greyed out. */
export const CategoryGrid = () => {
  const { data, isPending, isError, error, refetch, isFetching } = useCategories();
  const { loadedSoFar, failure } = useFirstLoadProgress();
  useRetryWhenOnline(isError, refetch);

  if (isPending) {
    return (
      <ul
        aria-busy="true"
        aria-label="Cargando categorías"
        className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4"
      >
        {Array.from({ length: 12 }, (_, index) => (
          <li key={index}>
            <Skeleton className="h-28 rounded-2xl" />
          </li>
        ))}
      </ul>
    );
  }
  if (isError) {
    return (
      <Alert as="div">
        <p>{categoriesErrorText(errorMessage(error))}</p>
        <Button
          variant="secondary"
          size="sm"
          className="mt-3"
          disabled={isFetching}
          onClick={() => void refetch()}
        >
          {isFetching ? 'Cargando…' : 'Reintentar'}
        </Button>
      </Alert>
    );
  }

  // The first load: the categories that have products so far, and no wall of 'Próximamente' cards.
  if (loadedSoFar !== null) {
    const filled = data.filter((category) => category.productCount > 0);
    return (
      <>
        <FirstLoadNotice products={loadedSoFar} />
        {filled.length > 0 ? <CategoryCards categories={filled} /> : null}
      </>
    );
  }
  if (failure) {
    const filled = data.filter((category) => category.productCount > 0);
    return (
      <>
        <FirstLoadFailure failure={failure} />
        {filled.length > 0 ? <CategoryCards categories={filled} /> : null}
      </>
    );
  }
  return <CategoryCards categories={data} />;
};

const CategoryCards = ({ categories }: { categories: Category[] }) => (
  <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
    {categories.map((category) => (
      <li key={category.id}>
        {category.productCount > 0 ? (
          <Link
            to={`/category/${category.slug}`}
            className={`${cardBase} h-full bg-white shadow-sm ring-1 ring-stone-200 transition hover:-translate-y-0.5 hover:shadow-md hover:ring-brand-200`}
          >
            <span className="grid size-10 place-items-center rounded-full bg-brand-100 text-brand-800">
              <CategoryIcon icon={category.icon} className="size-5" />
            </span>
            <span>
              <span className="block leading-snug font-semibold text-stone-900">{category.name}</span>
              <span className="block text-sm text-stone-600">{productCount(category.productCount)}</span>
            </span>
          </Link>
        ) : (
          <div
            aria-disabled="true"
            data-testid="category-coming-soon"
            className={`${cardBase} h-full bg-stone-100 text-stone-500 ring-1 ring-stone-200`}
          >
            <span className="grid size-10 place-items-center rounded-full bg-stone-200 text-stone-500">
              <CategoryIcon icon={category.icon} className="size-5" />
            </span>
            <span>
              <span className="block leading-snug font-semibold text-stone-600">{category.name}</span>
              <span className="block text-sm text-stone-600">{COMING_SOON}</span>
            </span>
          </div>
        )}
      </li>
    ))}
  </ul>
);
