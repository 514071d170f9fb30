import type { Subcategory } from '@etiqueta/contracts';
import { Navigate } from 'react-router';

import { Page } from '@/components/layouts/page';
import { BackLink } from '@/components/ui/back-link';

import { useCategorySubcategories } from '../api/get-category-subcategories';
import { NO_SUBCATEGORIES_TEXT, SubcategoryGrid, SubcategoryGridSkeleton } from './subcategory-grid';

type CategorySubcategoriesProps = {
  categorySlug: string;
  hrefFor: (subcategory: Subcategory) => string;
  /**
   * Where to go when the category has no subcategories at all (spec §2: /category/{slug}/products).
   * Without it the empty text is shown instead.
   */
  redirectWhenEmpty?: string;
};

/** A category's subcategories: skeleton while loading, the grid, the redirect or 'No hay subcategorías disponibles'. */
const CategorySubcategories = ({ categorySlug, hrefFor, redirectWhenEmpty }: CategorySubcategoriesProps) => {
  const { data, isPending, isError } = useCategorySubcategories(categorySlug);
  if (isPending) return <SubcategoryGridSkeleton />;
  if (isError) {
    return <p className="mt-6 rounded-2xl bg-stone-100 p-6 text-center text-stone-700">{NO_SUBCATEGORIES_TEXT}</p>;
  }
  if (data.length === 0 && redirectWhenEmpty) return <Navigate to={redirectWhenEmpty} replace />;
  return <SubcategoryGrid subcategories={data} hrefFor={hrefFor} />;
};

/** A category's page (/category/{slug}, or a landing section): its title, the way home, and its subcategories. */
export const CategoryPage = ({ title, ...subcategories }: CategorySubcategoriesProps & { title: string }) => (
  <Page title={title}>
    <div className="mt-2">
      <BackLink to="/" label="Inicio" />
    </div>
    {/* Keyed by the slug: moving to another category mounts its list afresh. */}
    <CategorySubcategories key={subcategories.categorySlug} {...subcategories} />
  </Page>
);
