import { useEffect, useState } from 'react';

import { readListingFilter, writeListingFilter } from '@/lib/listing-filter-storage';

import { useSub2categories } from '../api/get-sub2categories';
import { initialSub2category, pickInitialSub2category, toggleSub2category } from '../lib/sub2category-chips';

type Options = {
  /** The subcategory whose chips these are; null on category-wide listings, which have no chips. */
  subcategorySlug: string | null;
  /** `?sub2categories=` from the address when the screen opened. */
  fromAddress: string | null;
};

/**
 * The chosen sub-subcategory chip (spec §4): from the address, else what this session chose here, else — once
 * the chips arrive — 'Cereales' or the chip with most products. `selected` is `undefined` until known, so the
 * products are not fetched twice. Every choice is remembered for the session (the product page's back link).
 */
export const useSub2categorySelection = ({ subcategorySlug, fromAddress }: Options) => {
  const chipsQuery = useSub2categories(subcategorySlug ?? '', subcategorySlug !== null);
  const [chosen, setChosen] = useState<string | null | undefined>(() =>
    subcategorySlug === null
      ? null
      : initialSub2category({ fromAddress, fromSession: readListingFilter(subcategorySlug) }),
  );

  let selected = chosen;
  if (selected === undefined) {
    if (chipsQuery.isSuccess) selected = pickInitialSub2category(chipsQuery.data);
    else if (chipsQuery.isError) selected = null;
  }

  useEffect(() => {
    if (subcategorySlug !== null && selected !== undefined) writeListingFilter(subcategorySlug, selected);
  }, [subcategorySlug, selected]);

  const toggle = (name: string) => {
    setChosen(toggleSub2category(selected ?? null, name));
  };

  return { chipsQuery, selected, toggle };
};
