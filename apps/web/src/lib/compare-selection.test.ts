import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import {
  clearComparePicks,
  COMPARE_STORAGE_KEY,
  compareHref,
  parseCompareIds,
  readComparePicks,
  removeComparePick,
  toggleComparePick,
  useComparePicks,
} from './compare-selection';

const galletas = { id: 6315, name: 'Galletas' };
const avena = { id: 42, name: 'Avena' };
const leche = { id: 7, name: 'Leche' };
const jugo = { id: 8, name: 'Jugo' };

afterEach(() => {
  vi.restoreAllMocks();
  clearComparePicks();
  window.localStorage.clear();
});

describe('the compare pick', () => {
  it("adds, keeps in localStorage under 'ec:compare', and removes on a second toggle", () => {
    expect(toggleComparePick(galletas)).toBe('added');
    expect(toggleComparePick(avena)).toBe('added');
    expect(JSON.parse(window.localStorage.getItem(COMPARE_STORAGE_KEY) ?? '')).toEqual([galletas, avena]);
    expect(toggleComparePick(galletas)).toBe('removed');
    expect(readComparePicks()).toEqual([avena]);
  });

  it('refuses a fourth product and changes nothing', () => {
    for (const product of [galletas, avena, leche]) toggleComparePick(product);
    expect(toggleComparePick(jugo)).toBe('full');
    expect(readComparePicks().map((pick) => pick.id)).toEqual([6315, 42, 7]);
    // Taking one out makes room again.
    removeComparePick(42);
    expect(toggleComparePick(jugo)).toBe('added');
  });

  it('reads what another tab wrote, and ignores what is not a pick', () => {
    window.localStorage.setItem(
      COMPARE_STORAGE_KEY,
      JSON.stringify([galletas, galletas, { id: -1, name: 'x' }, { id: 3 }, 'nada', avena, leche, jugo]),
    );
    expect(readComparePicks()).toEqual([galletas, avena, leche]);
    window.localStorage.setItem(COMPARE_STORAGE_KEY, '{no es json');
    expect(readComparePicks()).toEqual([]);
  });

  it('re-renders its readers on every change, and on a change made in another tab', () => {
    const { result } = renderHook(() => useComparePicks());
    expect(result.current).toEqual([]);
    act(() => void toggleComparePick(galletas));
    expect(result.current).toEqual([galletas]);
    act(() => {
      window.localStorage.setItem(COMPARE_STORAGE_KEY, JSON.stringify([avena]));
      window.dispatchEvent(new StorageEvent('storage', { key: COMPARE_STORAGE_KEY }));
    });
    expect(result.current).toEqual([avena]);
  });

  it('still works for this page when storage refuses to write', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    expect(toggleComparePick(galletas)).toBe('added');
    expect(readComparePicks()).toEqual([galletas]);
  });
});

describe('the comparison address', () => {
  it('is /comparar?ids= with the ids in order', () => {
    expect(compareHref([6315, 42])).toBe('/comparar?ids=6315,42');
  });

  it.each([
    { story: 'three ids', value: '6315,42,7', ids: [6315, 42, 7], invalid: [], dropped: [] },
    { story: 'spaces and empty parts', value: ' 6315 , ,42,', ids: [6315, 42], invalid: [], dropped: [] },
    { story: 'a repeated id counts once', value: '42,42,7', ids: [42, 7], invalid: [], dropped: [] },
    { story: 'parts that are not ids', value: 'abc,42,0,-3,1.5', ids: [42], invalid: ['abc', '0', '-3', '1.5'], dropped: [] },
    { story: 'a fourth id is left out', value: '1,2,3,4', ids: [1, 2, 3], invalid: [], dropped: [4] },
    { story: 'no ids at all', value: null, ids: [], invalid: [], dropped: [] },
  ])('reads $story', ({ value, ids, invalid, dropped }) => {
    expect(parseCompareIds(value)).toEqual({ ids, invalid, dropped });
  });
});
