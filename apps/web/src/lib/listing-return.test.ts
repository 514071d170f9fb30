import { afterEach, describe, expect, it, vi } from 'vitest';

import { listingViewKey, readFromListing, readListingView, writeListingView } from './listing-return';

afterEach(() => {
  window.sessionStorage.clear();
  vi.restoreAllMocks();
});

const anyChoice = (raw: unknown) => (typeof raw === 'object' && raw !== null ? (raw as { a: number }) : null);

describe('the view a listing keeps for the return from a product', () => {
  it("is kept per listing in this tab's session under 'ec:listing-view:{listing}'", () => {
    writeListingView('subcategory:cereales', { choice: { a: 1 }, pages: 3, scrollY: 1480 });
    expect(listingViewKey('subcategory:cereales')).toBe('ec:listing-view:subcategory:cereales');
    expect(readListingView('subcategory:cereales', anyChoice)).toEqual({ choice: { a: 1 }, pages: 3, scrollY: 1480 });
    expect(readListingView('subcategory:galletas', anyChoice)).toBeNull();
  });

  it.each([
    { story: 'text that is not JSON', text: '{nope' },
    { story: 'no page loaded', text: JSON.stringify({ choice: { a: 1 }, pages: 0, scrollY: 0 }) },
    { story: 'a negative scroll', text: JSON.stringify({ choice: { a: 1 }, pages: 1, scrollY: -5 }) },
    { story: 'a choice the listing refuses', text: JSON.stringify({ choice: 'x', pages: 1, scrollY: 0 }) },
  ])('reads as nothing kept: $story', ({ text }) => {
    window.sessionStorage.setItem(listingViewKey('l'), text);
    expect(readListingView('l', anyChoice)).toBeNull();
  });

  it('keeps nothing, and breaks nothing, when storage is unavailable', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    expect(() => writeListingView('l', { choice: { a: 1 }, pages: 1, scrollY: 0 })).not.toThrow();
    expect(readListingView('l', anyChoice)).toBeNull();
  });
});

describe('where a product page was opened from', () => {
  it.each([
    { story: 'a listing of this site', state: { fromListing: '/desayuno/cereales' }, from: '/desayuno/cereales' },
    { story: 'a search', state: { fromListing: '/search?q=leche' }, from: '/search?q=leche' },
    { story: 'no state', state: null, from: null },
    { story: 'another site (protocol-relative)', state: { fromListing: '//evil.example/x' }, from: null },
    { story: 'a full address', state: { fromListing: 'https://evil.example/' }, from: null },
    { story: 'not text', state: { fromListing: 3 }, from: null },
  ])('$story → $from', ({ state, from }) => {
    expect(readFromListing(state)).toBe(from);
  });
});
