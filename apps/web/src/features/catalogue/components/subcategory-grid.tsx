import type { Subcategory } from '@etiqueta/contracts';
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { productCount } from '@/lib/format';

export const NO_SUBCATEGORIES_TEXT = 'No hay subcategorías disponibles';
export const COMING_SOON_TEXT = 'Próximamente';


type SubcategoryGridProps = {
  subcategories: readonly Subcategory[];
  /** Where a subcategory with products leads (/subcategory/{slug} or a landing's /{section}/{slug}). */
  hrefFor: (subcategory: Subcategory) => string;
};

/**
 * Spec §2: each subcategory with its count links to its listing when it has products; an empty one is greyed
 * out, not a link, and says 'Próximamente'.
 */
export const SubcategoryGrid = ({ subcategories, hrefFor }: SubcategoryGridProps) => {
  if (subcategories.length === 0) {
    return <p className="mt-6 rounded-2xl bg-stone-100 p-6 text-center text-stone-700">{NO_SUBCATEGORIES_TEXT}</p>;
  }
  return (
    <ul className="mt-6 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Subcategorías">
      {subcategories.map((subcategory) => (
        <li key={subcategory.slug}>
          {subcategory.productCount > 0 ? (
            <Link
              to={hrefFor(subcategory)}
              className="flex min-h-16 items-center justify-between gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200 transition hover:shadow-md"
            >
              <span className="min-w-0">
                <span className="block font-semibold text-stone-900">{subcategory.name}</span>
                <span className="block text-sm text-stone-600">{productCount(subcategory.productCount)}</span>
              </span>
              <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
            </Link>
          ) : (
            <div
              aria-disabled="true"
              className="flex min-h-16 items-center justify-between gap-3 rounded-2xl bg-stone-100 p-4 text-stone-500 ring-1 ring-stone-200"
            >
              <span className="font-semibold">{subcategory.name}</span>
              <span className="shrink-0 rounded-full bg-stone-200 px-2.5 py-0.5 text-xs font-medium text-stone-700">
                {COMING_SOON_TEXT}
              </span>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
};

export const SubcategoryGridSkeleton = () => (
  <div role="status" aria-label="Cargando subcategorías" aria-busy="true" className="mt-6 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
    {Array.from({ length: 6 }, (_, index) => (
      <div key={index} className="h-16 animate-pulse rounded-2xl bg-stone-200/70" />
    ))}
  </div>
);
