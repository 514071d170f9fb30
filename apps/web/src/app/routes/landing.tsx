import { useLocation } from 'react-router';

import { findLandingSection } from '@/config/sections';
import { CategoryPage } from '@/features/catalogue/components/category-subcategories';

/**
 * /desayuno, /snacks, /chocolates-galletas-y-dulces and /bebidas: the category of the same slug, its
 * subcategories leading to the child routes /{section}/{subcategorySlug}.
 */
export const LandingRoute = () => {
  const { pathname } = useLocation();
  const sectionSlug = pathname.split('/')[1] ?? '';
  const section = findLandingSection(sectionSlug);
  return (
    <CategoryPage
      title={section?.title ?? 'Categoría'}
      categorySlug={sectionSlug}
      hrefFor={(subcategory) => `/${sectionSlug}/${subcategory.slug}`}
    />
  );
};
