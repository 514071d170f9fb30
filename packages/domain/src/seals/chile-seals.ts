/**
 * Chilean front-of-pack warning seals "ALTO EN" (Ley 20.606; Decreto Supremo 13/2015 amending the Reglamento
 * Sanitario de los Alimentos, art. 120 bis), final phase in force since 27 June 2019.
 *
 * A seal applies when the nutrient exceeds the limit AND the food had the matching ingredient added:
 * sugars, honey or syrups (sugars seal); fats (saturated-fat seal); sodium (sodium seal); sugars/honey/syrups or
 * fats (energy seal). Without an ingredient list, or with one we could not read well (readIngredientList: a word
 * we do not know may be the sugar), we cannot rule the addition out, so limits alone decide (the cautious
 * reading for a shopper).
 */
import { normalizeToWords } from '../text/normalize-text.ts';
import { type TokenStream, WordTrie, tokenize } from '../text/token-stream.ts';
import type { Per100Basis } from '../types.ts';

/** The four seals, in the order a pack prints them. */
export const SEAL_IDS = ['alto-en-calorias', 'alto-en-sodio', 'alto-en-azucares', 'alto-en-grasas-saturadas'] as const;
export type SealId = (typeof SEAL_IDS)[number];

/** Text printed in each black octagon. */
export const SEAL_LABELS = {
  'alto-en-calorias': 'ALTO EN CALORÍAS',
  'alto-en-sodio': 'ALTO EN SODIO',
  'alto-en-azucares': 'ALTO EN AZÚCARES',
  'alto-en-grasas-saturadas': 'ALTO EN GRASAS SATURADAS',
} as const satisfies Record<SealId, string>;

export const SEAL_UNITS = ['kcal', 'mg', 'g'] as const;

export type Seal = {
  id: SealId;
  /** Text printed in the black octagon. */
  label: (typeof SEAL_LABELS)[SealId];
  value: number;
  limit: number;
  unit: (typeof SEAL_UNITS)[number];
  basis: Per100Basis;
};

/** Final-phase limits, DS 13/2015 table (solids per 100 g, liquids per 100 mL). */
export const CHILE_SEAL_LIMITS = {
  solid: { energyKcal: 275, sodiumMg: 400, sugarsG: 10, saturatedFatG: 4 },
  liquid: { energyKcal: 70, sodiumMg: 100, sugarsG: 5, saturatedFatG: 3 },
} as const;

export type AddedIngredients = { sugars: boolean; fats: boolean; sodium: boolean };

type Added = keyof AddedIngredients;

const ADDED_PHRASES: Record<Added, readonly string[]> = {
  sugars: [
    'azucar',
    'azucares',
    'azucar rubia',
    'azucar flor',
    'azucar morena',
    'azucar invertido',
    'sacarosa',
    'miel',
    'jarabe',
    'jarabes',
    'sirope',
    'glucosa',
    'fructosa',
    'dextrosa',
    'chancaca',
    'panela',
    'melaza',
    'manjar',
    'dulce de leche',
    'sugar',
    'sugars',
    'cane sugar',
    'brown sugar',
    'sucrose',
    'honey',
    'syrup',
    'glucose',
    'fructose',
    'dextrose',
    'molasses',
    'sucre',
    'sirop',
    'cassonade',
  ],
  fats: [
    'aceite',
    'aceites',
    'grasa',
    'grasas',
    'manteca',
    'mantequilla',
    'margarina',
    'crema',
    'oil',
    'oils',
    'fat',
    'fats',
    'butter',
    'shortening',
    'lard',
    'cream',
    'huile',
    'huiles',
    'graisse',
    'graisses',
    'beurre',
    'creme',
  ],
  sodium: [
    'sal',
    'sal de mar',
    'sal marina',
    'sodio',
    'sodica',
    'sodico',
    'monosodico',
    'disodico',
    'trisodico',
    'salt',
    'sea salt',
    'sodium',
    'monosodium',
    'disodium',
    'trisodium',
    'sel',
    'sel marin',
    'salmuera',
    'brine',
  ],
};

const ADDED_TRIE: WordTrie<Added> = (() => {
  const trie = new WordTrie<Added>();
  for (const kind of Object.keys(ADDED_PHRASES) as Added[]) {
    for (const phrase of ADDED_PHRASES[kind]) trie.add(normalizeToWords(phrase).split(' '), kind);
  }
  return trie;
})();

/** Which critical nutrients the ingredient list shows as added ("sin azúcar añadida" does not count). */
export function findAddedIngredientsInStream(stream: TokenStream): AddedIngredients {
  const added: AddedIngredients = { sugars: false, fats: false, sodium: false };
  const { words } = stream;
  for (let i = 0; i < words.length; i++) {
    const match = ADDED_TRIE.longestMatch(stream, i);
    if (!match) continue;
    const previous = words[i - 1];
    if (previous !== 'sin' && previous !== 'no' && previous !== 'without' && previous !== 'sans')
      added[match.value] = true;
    i = match.last;
  }
  return added;
}

export function findAddedIngredients(ingredients: string): AddedIngredients {
  return findAddedIngredientsInStream(tokenize(ingredients));
}

export type SealInput = {
  energyKcal100: number | null;
  sodiumMg100: number | null;
  totalSugarsG100: number | null;
  saturatedFatG100: number | null;
  isLiquid: boolean;
  /** null when the ingredient list is unknown: limits alone decide. */
  added: AddedIngredients | null;
};

/** Whether any nutrient is above its limit; when none is, the ingredient list need not be read. */
export function exceedsAnySealLimit(input: Omit<SealInput, 'added'>): boolean {
  const limits = input.isLiquid ? CHILE_SEAL_LIMITS.liquid : CHILE_SEAL_LIMITS.solid;
  return (
    (input.energyKcal100 ?? 0) > limits.energyKcal ||
    (input.sodiumMg100 ?? 0) > limits.sodiumMg ||
    (input.totalSugarsG100 ?? 0) > limits.sugarsG ||
    (input.saturatedFatG100 ?? 0) > limits.saturatedFatG
  );
}

/** Seals exceed the limit strictly ("superior a", DS 13 art. 120 bis). */
export function chileanSeals(input: SealInput): Seal[] {
  const limits = input.isLiquid ? CHILE_SEAL_LIMITS.liquid : CHILE_SEAL_LIMITS.solid;
  const basis = input.isLiquid ? '100 mL' : '100 g';
  const added = input.added ?? { sugars: true, fats: true, sodium: true };
  const seals: Seal[] = [];
  const exceeds = (value: number | null, limit: number): value is number => value !== null && value > limit;
  if ((added.sugars || added.fats) && exceeds(input.energyKcal100, limits.energyKcal)) {
    seals.push({
      id: 'alto-en-calorias',
      label: SEAL_LABELS['alto-en-calorias'],
      value: input.energyKcal100,
      limit: limits.energyKcal,
      unit: 'kcal',
      basis,
    });
  }
  if (added.sodium && exceeds(input.sodiumMg100, limits.sodiumMg)) {
    seals.push({
      id: 'alto-en-sodio',
      label: SEAL_LABELS['alto-en-sodio'],
      value: input.sodiumMg100,
      limit: limits.sodiumMg,
      unit: 'mg',
      basis,
    });
  }
  if (added.sugars && exceeds(input.totalSugarsG100, limits.sugarsG)) {
    seals.push({
      id: 'alto-en-azucares',
      label: SEAL_LABELS['alto-en-azucares'],
      value: input.totalSugarsG100,
      limit: limits.sugarsG,
      unit: 'g',
      basis,
    });
  }
  if (added.fats && exceeds(input.saturatedFatG100, limits.saturatedFatG)) {
    seals.push({
      id: 'alto-en-grasas-saturadas',
      label: SEAL_LABELS['alto-en-grasas-saturadas'],
      value: input.saturatedFatG100,
      limit: limits.saturatedFatG,
      unit: 'g',
      basis,
    });
  }
  return seals;
}
