import type { Product } from '@etiqueta/contracts';

import { useLocation } from 'react-router';

import { BackLink } from '@/components/ui/back-link';
import { readListingFilter } from '@/lib/listing-filter-storage';
import { RETURN_TO_LISTING, readFromListing } from '@/lib/listing-return';

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

/**
 * Opened from a listing or the search results (the card says so in the navigation state), "Volver" goes back to it
 * as it was left: chip, filters, order, pages and place (issue 30; docs/spec-departures.md). Otherwise, the spec's
 * address.
 */
export const ProductBackLink = ({ product }: ProductBackLinkProps) => {
  const from = readFromListing(useLocation().state);
  return from ? (
    <BackLink to={from} state={RETURN_TO_LISTING} label="Volver" />
  ) : (
    <BackLink to={productBackPath(product)} label="Volver" />
  );
};
