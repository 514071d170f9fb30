/**
 * The sub-subcategory chip a shopper chose on a listing, remembered for this browser session (spec §2, §4) so
 * the product page's back link can return to /subcategory/{slug}?sub2categories={name} and the listing opens on
 * the same chip. Key: 'ec:sub2categories:{subcategorySlug}'.
 *
 * A cleared chip is remembered as '' (not removed), so "chose nothing" differs from "never chose": only the
 * latter lets the listing pick a chip by itself. Storage can be unavailable (private modes, quotas): then
 * nothing is remembered and nothing breaks.
 */
export const listingFilterKey = (subcategorySlug: string) => `ec:sub2categories:${subcategorySlug}`;

/** The remembered chip name, '' when the shopper cleared it, null when this session never chose. */
export const readListingFilter = (subcategorySlug: string): string | null => {
  try {
    return window.sessionStorage.getItem(listingFilterKey(subcategorySlug));
  } catch {
    return null;
  }
};

/** Remembers the chosen chip name, or that none is chosen (null). */
export const writeListingFilter = (subcategorySlug: string, name: string | null): void => {
  try {
    window.sessionStorage.setItem(listingFilterKey(subcategorySlug), name ?? '');
  } catch {
    // Storage unavailable: the listing still works, it just won't remember.
  }
};
