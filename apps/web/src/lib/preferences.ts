import { ALLERGEN_IDS, type AllergenId } from '@etiqueta/domain';

import { createStoredValue } from './stored-value';

/*
 * "Para ti" (issue 28): what this person avoids — allergens, diets, and ingredients or additives they name. Health
 * data (Ley 21.719 art. 16), so it stays in this browser: kept in localStorage under 'ec:para-ti' through the one
 * stored-value helper, never sent to the server nor kept in the account. It belongs to the phone, so signing out
 * leaves it (forgetPersonalOfflineData does not touch it); "Borrar mis preferencias" removes it. The product answer
 * and every card carry what the product holds (ids), and lib/verdict.ts decides on the phone (ADR 024).
 */

/** 'evitar': the product must not contain it; 'trazas': nor may it carry a "Puede contener" warning for it. */
export type AllergenAvoidance = 'evitar' | 'trazas';

/** The diets a person can follow on "Para ti"; 'gluten' is "Sin gluten" (gluten and its traces). */
export const DIET_PREFERENCES = [
  { id: 'vegan', label: 'Vegano' },
  { id: 'vegetarian', label: 'Vegetariano' },
  { id: 'palmOil', label: 'Sin aceite de palma' },
  { id: 'sweeteners', label: 'Sin edulcorantes' },
  { id: 'gluten', label: 'Sin gluten' },
  { id: 'lactose', label: 'Sin lactosa' },
] as const;
export type DietPreference = (typeof DIET_PREFERENCES)[number]['id'];
const DIET_PREFERENCE_IDS: readonly string[] = DIET_PREFERENCES.map((d) => d.id);

/**
 * Something named to avoid: an additive of our catalogue (matched by its code against the product's detected
 * additives), an ultra-processing suspect (by its id), or any other ingredient, as typed (matched in the
 * ingredient list's words).
 */
export type AvoidedItem =
  | { kind: 'aditivo'; code: string; name: string }
  | { kind: 'sospechoso'; id: string; name: string }
  | { kind: 'ingrediente'; name: string };

export type Preferences = {
  allergens: Partial<Record<AllergenId, AllergenAvoidance>>;
  diets: DietPreference[];
  avoid: AvoidedItem[];
};

export const PREFERENCES_STORAGE_KEY = 'ec:para-ti';
/** More names than a person would keep in mind in the aisle; keeps storage and every card's check small. */
export const MAX_AVOIDED = 30;
const MAX_NAME = 80;

export const NO_PREFERENCES: Preferences = { allergens: {}, diets: [], avoid: [] };

export const hasPreferences = (preferences: Preferences) =>
  Object.keys(preferences.allergens).length > 0 || preferences.diets.length > 0 || preferences.avoid.length > 0;

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' && value.length <= MAX_NAME ? value.trim() : null;

const parseItem = (value: unknown): AvoidedItem | null => {
  if (typeof value !== 'object' || value === null) return null;
  const item = value as Record<string, unknown>;
  const name = text(item.name);
  if (name === null) return null;
  if (item.kind === 'aditivo') {
    const code = text(item.code);
    return code ? { kind: 'aditivo', code, name } : null;
  }
  if (item.kind === 'sospechoso') {
    const id = text(item.id);
    return id ? { kind: 'sospechoso', id, name } : null;
  }
  return item.kind === 'ingrediente' ? { kind: 'ingrediente', name } : null;
};

/** The same thing named twice is kept once: by code, by suspect id, or by the name's folded words. */
export const avoidedKey = (item: AvoidedItem) =>
  item.kind === 'aditivo'
    ? `aditivo:${item.code.toUpperCase()}`
    : item.kind === 'sospechoso'
      ? `sospechoso:${item.id}`
      : `ingrediente:${item.name.toLocaleLowerCase('es').normalize('NFD').replace(/\p{M}/gu, '').replace(/\s+/g, ' ')}`;

/** Keeps only what is well formed (unknown allergen or diet ids, bad items and duplicates are dropped). */
export const parsePreferences = (stored: unknown): Preferences => {
  if (typeof stored !== 'object' || stored === null) return NO_PREFERENCES;
  const value = stored as Record<string, unknown>;
  const allergens: Preferences['allergens'] = {};
  if (typeof value.allergens === 'object' && value.allergens !== null) {
    for (const [id, choice] of Object.entries(value.allergens as Record<string, unknown>)) {
      if ((ALLERGEN_IDS as readonly string[]).includes(id) && (choice === 'evitar' || choice === 'trazas')) {
        allergens[id as AllergenId] = choice;
      }
    }
  }
  const diets = Array.isArray(value.diets)
    ? DIET_PREFERENCES.map((d) => d.id).filter((id) => (value.diets as unknown[]).includes(id))
    : [];
  const avoid: AvoidedItem[] = [];
  if (Array.isArray(value.avoid)) {
    for (const raw of value.avoid) {
      const item = parseItem(raw);
      if (item && !avoid.some((kept) => avoidedKey(kept) === avoidedKey(item))) avoid.push(item);
      if (avoid.length === MAX_AVOIDED) break;
    }
  }
  return { allergens, diets, avoid };
};

const stored = createStoredValue<Preferences>({
  key: PREFERENCES_STORAGE_KEY,
  parse: parsePreferences,
  empty: NO_PREFERENCES,
  isEmpty: (preferences) => !hasPreferences(preferences),
});

/** The preferences now; the same object while nothing changed. */
export const readPreferences = stored.get;
/** The preferences, re-rendering on every change (this tab's and other tabs'). */
export const usePreferences = stored.use;

const write = (next: Preferences) => stored.set(parsePreferences(next));

/** Sets how an allergen is avoided, or stops avoiding it (null). */
export const setAllergenAvoidance = (id: AllergenId, choice: AllergenAvoidance | null) => {
  const { allergens, ...rest } = readPreferences();
  const next = { ...allergens };
  if (choice === null) delete next[id];
  else next[id] = choice;
  write({ ...rest, allergens: next });
};

export const setDiet = (id: DietPreference, on: boolean) => {
  const current = readPreferences();
  const diets = current.diets.filter((d) => d !== id);
  write({ ...current, diets: on && DIET_PREFERENCE_IDS.includes(id) ? [...diets, id] : diets });
};

/** Adds a named item; false when it is already there or the list is full. */
export const addAvoided = (item: AvoidedItem): boolean => {
  const current = readPreferences();
  if (current.avoid.length >= MAX_AVOIDED || current.avoid.some((kept) => avoidedKey(kept) === avoidedKey(item))) {
    return false;
  }
  write({ ...current, avoid: [...current.avoid, item] });
  return true;
};

export const removeAvoided = (item: AvoidedItem) => {
  const current = readPreferences();
  write({ ...current, avoid: current.avoid.filter((kept) => avoidedKey(kept) !== avoidedKey(item)) });
};

/** "Borrar mis preferencias": nothing of them is left in this browser. */
export const clearPreferences = () => stored.set(NO_PREFERENCES);
