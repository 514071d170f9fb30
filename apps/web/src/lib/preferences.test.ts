import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { forgetPersonalOfflineData } from './offline-caches';
import {
  addAvoided,
  clearPreferences,
  NO_PREFERENCES,
  parsePreferences,
  PREFERENCES_STORAGE_KEY,
  readPreferences,
  removeAvoided,
  setAllergenAvoidance,
  setDiet,
  usePreferences,
} from './preferences';

afterEach(() => {
  clearPreferences();
  window.localStorage.clear();
});

const stored = () => JSON.parse(window.localStorage.getItem(PREFERENCES_STORAGE_KEY) ?? 'null') as unknown;

describe('the preferences kept on this phone', () => {
  it("are kept in localStorage under 'ec:para-ti' and read back", () => {
    setAllergenAvoidance('leche', 'evitar');
    setAllergenAvoidance('mani', 'trazas');
    setDiet('vegan', true);
    expect(addAvoided({ kind: 'aditivo', code: 'E621', name: 'Glutamato monosódico' })).toBe(true);
    expect(stored()).toEqual({
      allergens: { leche: 'evitar', mani: 'trazas' },
      diets: ['vegan'],
      avoid: [{ kind: 'aditivo', code: 'E621', name: 'Glutamato monosódico' }],
    });
    expect(readPreferences().allergens).toEqual({ leche: 'evitar', mani: 'trazas' });
  });

  it('change: an allergen no longer avoided, a diet off, a named item removed; the same thing is named once', () => {
    setAllergenAvoidance('leche', 'evitar');
    setAllergenAvoidance('leche', null);
    setDiet('vegan', true);
    setDiet('vegan', false);
    expect(addAvoided({ kind: 'ingrediente', name: 'Azúcar' })).toBe(true);
    expect(addAvoided({ kind: 'ingrediente', name: 'azucar' })).toBe(false);
    removeAvoided({ kind: 'ingrediente', name: 'azúcar' });
    expect(readPreferences()).toEqual(NO_PREFERENCES);
    // Nothing left: the key itself is gone.
    expect(window.localStorage.getItem(PREFERENCES_STORAGE_KEY)).toBeNull();
  });

  it('"Borrar mis preferencias" removes them from the browser', () => {
    setAllergenAvoidance('huevo', 'trazas');
    clearPreferences();
    expect(window.localStorage.getItem(PREFERENCES_STORAGE_KEY)).toBeNull();
    expect(readPreferences()).toEqual(NO_PREFERENCES);
  });

  it('survive a sign-out: forgetting the personal offline data leaves them', async () => {
    setAllergenAvoidance('leche', 'evitar');
    await forgetPersonalOfflineData();
    expect(readPreferences().allergens).toEqual({ leche: 'evitar' });
  });

  it('keep only what is well formed', () => {
    expect(
      parsePreferences({
        allergens: { leche: 'trazas', nada: 'evitar', huevo: 'siempre' },
        diets: ['vegan', 'carnivoro', 'gluten'],
        avoid: [{ kind: 'aditivo', name: 'sin código' }, { kind: 'ingrediente', name: '  ' }, { kind: 'ingrediente', name: 'Sal' }, 3],
      }),
    ).toEqual({ allergens: { leche: 'trazas' }, diets: ['vegan', 'gluten'], avoid: [{ kind: 'ingrediente', name: 'Sal' }] });
    expect(parsePreferences('leche')).toEqual(NO_PREFERENCES);
    window.localStorage.setItem(PREFERENCES_STORAGE_KEY, '{not json');
    expect(readPreferences()).toEqual(NO_PREFERENCES);
  });

  it('re-render every reader on a change, and another tab’s change through the storage event', () => {
    const { result } = renderHook(() => usePreferences());
    act(() => setDiet('palmOil', true));
    expect(result.current.diets).toEqual(['palmOil']);
    act(() => {
      window.localStorage.setItem(PREFERENCES_STORAGE_KEY, JSON.stringify({ allergens: { soya: 'evitar' } }));
      window.dispatchEvent(new StorageEvent('storage', { key: PREFERENCES_STORAGE_KEY }));
    });
    expect(result.current.allergens).toEqual({ soya: 'evitar' });
  });
});
