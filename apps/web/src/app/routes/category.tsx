import { useParams } from 'react-router';

import { Page } from '@/components/layouts/page';
import { BackLink } from '@/components/ui/back-link';
import { useCategory } from '@/features/catalogue/api/get-category';
import { CategorySubcategories } from '@/features/catalogue/components/category-subcategories';

export const CATEGORY_TITLE_FALLBACK = 'Categoría';

/** /category/{categorySlug}: its subcategories (spec §2), or straight to its products when it has none. */
export const CategoryRoute = () => {
  const { categorySlug = '' } = useParams();
  const category = useCategory(categorySlug);
  return (
    <Page title={category.data?.name || CATEGORY_TITLE_FALLBACK}>
      <div className="mt-2">
        <BackLink to="/" label="Inicio" />
      </div>
      <CategorySubcategories
        key={categorySlug}
        categorySlug={categorySlug}
        hrefFor={(subcategory) => `/subcategory/${subcategory.slug}`}
        redirectWhenEmpty={`/category/${categorySlug}/products`}
      />
    </Page>
  );
};
