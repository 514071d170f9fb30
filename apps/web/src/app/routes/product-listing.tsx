import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router';

import { Page } from '@/components/layouts/page';
import { BackLink } from '@/components/ui/back-link';
import { findLandingSection } from '@/config/sections';
import { CommunityBanner } from '@/features/community-banner/components/community-banner';
import { useCategory } from '@/features/catalogue/api/get-category';
import { useSubcategory } from '@/features/catalogue/api/get-subcategory';
import { type ListingSource, ProductListing } from '@/features/catalogue/components/product-listing';
import { productQueryOptions } from '@/features/product/api/get-product';

export const LISTING_TITLE_FALLBACK = 'Productos';

/** Where a category's "back" leads: its landing page when it has one, else /category/{slug}. */
const categoryHref = (categorySlug: string) =>
  findLandingSection(categorySlug) ? `/${categorySlug}` : `/category/${categorySlug}`;

/**
 * Which listing an address is (spec §2): /category/{c}/products lists a whole category; /subcategory/{s},
 * /category/{c}/subcategory/{s}, /{c}/{s} and the landing children /{section}/{s} list a subcategory.
 */
const useListingAddress = (): { source: ListingSource; categorySlug: string | null } => {
  const { categorySlug, subcategorySlug } = useParams();
  const { pathname } = useLocation();
  if (subcategorySlug) {
    const landing = findLandingSection(pathname.split('/')[1]);
    return {
      source: { kind: 'subcategory', slug: subcategorySlug },
      categorySlug: categorySlug ?? landing?.slug ?? null,
    };
  }
  return { source: { kind: 'category', slug: categorySlug ?? '' }, categorySlug: categorySlug ?? null };
};

/** The four listing routes and the landing pages' children share this screen. */
export const ProductListingRoute = () => {
  const { source, categorySlug } = useListingAddress();
  return <ListingScreen key={`${source.kind}:${source.slug}`} source={source} categorySlug={categorySlug} />;
};

type ListingScreenProps = { source: ListingSource; categorySlug: string | null };

const ListingScreen = ({ source, categorySlug }: ListingScreenProps) => {
  const [searchParams, setSearchParams] = useSearchParams();
  // The address's `sub2categories` and `highlight` are read once, then removed from the address (spec §2); so is
  // `aptos=1` ("Solo aptos para mí" on, from Mejores opciones: issue 28).
  const [fromAddress] = useState(() => {
    const highlight = Number(searchParams.get('highlight'));
    return {
      sub2category: searchParams.get('sub2categories') || null,
      highlightId: Number.isInteger(highlight) && highlight > 0 ? highlight : null,
      onlySuited: searchParams.get('aptos') === '1',
    };
  });
  const tidyAddress = useCallback(() => {
    setSearchParams(
      (current) => {
        if (!current.has('sub2categories') && !current.has('highlight') && !current.has('aptos')) return current;
        const next = new URLSearchParams(current);
        next.delete('sub2categories');
        next.delete('highlight');
        next.delete('aptos');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [setSearchParams]);

  // "Solo mejores que X" stays in the address while it is on (a link or a reload keeps it); its chip removes it.
  const betterThanParam = Number(searchParams.get('betterThan'));
  const betterThanId = Number.isInteger(betterThanParam) && betterThanParam > 0 ? betterThanParam : null;
  const betterThanProduct = useQuery({
    ...productQueryOptions(betterThanId ?? 0),
    enabled: betterThanId !== null,
  });
  const removeBetterThan = useCallback(() => {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('betterThan');
        return next;
      },
      { preventScrollReset: true },
    );
  }, [setSearchParams]);

  const subcategory = useSubcategory(source.kind === 'subcategory' ? source.slug : undefined);
  const category = useCategory(source.kind === 'category' ? source.slug : undefined);
  const title =
    (source.kind === 'subcategory' ? subcategory.data?.name : category.data?.name) || LISTING_TITLE_FALLBACK;
  const parentCategory =
    source.kind === 'subcategory' ? (categorySlug ?? subcategory.data?.parentCategory) : null;

  return (
    <Page title={title}>
      <div className="mt-2">
        <BackLink to={parentCategory ? categoryHref(parentCategory) : '/'} />
      </div>
      <ProductListing
        source={source}
        initialSub2category={fromAddress.sub2category}
        highlightId={fromAddress.highlightId}
        initialOnlySuited={fromAddress.onlySuited}
        onFirstLoad={tidyAddress}
        betterThan={
          betterThanId === null
            ? null
            : { id: betterThanId, name: betterThanProduct.data?.name ?? null, onRemove: removeBetterThan }
        }
      />
      <CommunityBanner />
    </Page>
  );
};
