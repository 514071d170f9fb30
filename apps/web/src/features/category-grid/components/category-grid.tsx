import { Link } from 'react-router';

import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/error-message';

import { useCategories } from '../api/get-categories';
import { CategoryIcon } from './category-icon';

export const COMING_SOON = 'Próximamente';

const productsText = (count: number) => (count === 1 ? '1 producto' : `${count} productos`);

const cardBase = 'flex min-h-28 flex-col items-start justify-between gap-3 rounded-2xl p-4';

/** Spec §2: categories by name; with products a card opens the category, without it is greyed out. */
export const CategoryGrid = () => {
  const { data, isPending, isError, error } = useCategories();

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
      <p role="alert" className="rounded-2xl bg-red-50 p-4 text-red-800 ring-1 ring-red-200">
        No pudimos cargar las categorías. {errorMessage(error)}
      </p>
    );
  }

  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      {data.map((category) => (
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
                <span className="block text-sm text-stone-600">{productsText(category.productCount)}</span>
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
};
