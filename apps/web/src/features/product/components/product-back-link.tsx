import type { Product } from '@etiqueta/contracts';

import { BackLink } from '@/components/ui/back-link';
import { readListingFilter } from '@/lib/listing-filter-storage';

/**
 * Spec §2: back to the product's subcategory listing, on the chip the shopper last chose there in this session
 * (?sub2categories=…), or home when the product has no category. A product with a category but no
 * subcategory goes back to its category.
 */
export const productBackPath = (product: Pick<Product, 'categorySlug' | 'subcategorySlug'>): string => {
  if (product.subcategorySlug) {
    const chip = readListingFilter(product.subcategorySlug);
    const base = `/subcategory/${encodeURIComponent(product.subcategorySlug)}`;
    return chip ? `${base}?${new URLSearchParams({ sub2categories: chip }).toString()}` : base;
  }
  if (product.categorySlug) return `/category/${encodeURIComponent(product.categorySlug)}`;
  return '/';
};

type ProductBackLinkProps = {
  product: Pick<Product, 'categorySlug' | 'subcategorySlug'>;
};

export const ProductBackLink = ({ product }: ProductBackLinkProps) => (
  <BackLink to={productBackPath(product)} label="Volver" />
);
