import { afterEach, describe, expect, it, vi } from 'vitest';

import { listingFilterKey, readListingFilter, writeListingFilter } from './listing-filter-storage';

afterEach(() => {
  window.sessionStorage.clear();
});

describe('listing filter storage', () => {
  it("keeps the chosen chip per subcategory under 'ec:sub2categories:{slug}'", () => {
    writeListingFilter('galletas', 'Galletas dulces');
    writeListingFilter('cereales', 'Avena');
    expect(listingFilterKey('galletas')).toBe('ec:sub2categories:galletas');
    expect(window.sessionStorage.getItem('ec:sub2categories:galletas')).toBe('Galletas dulces');
    expect(readListingFilter('galletas')).toBe('Galletas dulces');
    expect(readListingFilter('cereales')).toBe('Avena');
  });

  it.each([
    { story: 'a subcategory never chosen reads null', write: undefined, read: null },
    { story: 'a cleared chip reads as empty text', write: null, read: '' },
  ])('$story', ({ write, read }) => {
    if (write !== undefined) writeListingFilter('galletas', write);
    expect(readListingFilter('galletas')).toBe(read);
  });

  it('remembers nothing, and breaks nothing, when storage is unavailable', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(() => writeListingFilter('galletas', 'Galletas dulces')).not.toThrow();
    expect(readListingFilter('galletas')).toBeNull();
  });
});
