import { useLocation } from 'react-router';

import { Page } from '@/components/layouts/page';
import { BackLink } from '@/components/ui/back-link';
import { findLandingSection } from '@/config/sections';
import { CategorySubcategories } from '@/features/catalogue/components/category-subcategories';

/**
 * /desayuno, /snacks, /chocolates-galletas-y-dulces and /bebidas: the category of the same slug, its
 * subcategories leading to the child routes /{section}/{subcategorySlug}.
 */
export const LandingRoute = () => {
  const { pathname } = useLocation();
  const sectionSlug = pathname.split('/')[1] ?? '';
  const section = findLandingSection(sectionSlug);
  return (
    <Page title={section?.title ?? 'Categoría'}>
      <div className="mt-2">
        <BackLink to="/" label="Inicio" />
      </div>
      <CategorySubcategories
        key={sectionSlug}
        categorySlug={sectionSlug}
        hrefFor={(subcategory) => `/${sectionSlug}/${subcategory.slug}`}
      />
    </Page>
  );
};
