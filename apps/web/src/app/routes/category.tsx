import { useParams } from 'react-router';

import { useCategory } from '@/features/catalogue/api/get-category';
import { CategoryPage } from '@/features/catalogue/components/category-subcategories';
import { ApiError } from '@/lib/api-client';

import { NotFoundRoute } from './not-found';

export const CATEGORY_TITLE_FALLBACK = 'Categoría';

/**
 * /category/{categorySlug}: its subcategories (spec §2), or straight to its products when it has none; the 404 screen
 * for a category that does not exist (an empty 'Categoría' page would say it exists and is empty).
 */
export const CategoryRoute = () => {
  const { categorySlug = '' } = useParams();
  const category = useCategory(categorySlug);
  if (category.error instanceof ApiError && category.error.status === 404) return <NotFoundRoute />;
  return (
    <CategoryPage
      title={category.data?.name || CATEGORY_TITLE_FALLBACK}
      categorySlug={categorySlug}
      hrefFor={(subcategory) => `/subcategory/${subcategory.slug}`}
      redirectWhenEmpty={`/category/${categorySlug}/products`}
    />
  );
};
