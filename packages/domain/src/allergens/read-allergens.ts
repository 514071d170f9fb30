/**
 * Allergens, traces and diets of a product: what its ingredient list says (Spanish first, with the English,
 * French and a few German words of imported labels), what its "Contiene: …" and "Puede contener …" statements say,
 * and what Open Food Facts' `allergens_tags`, `traces_tags` and `ingredients_analysis_tags` say.
 *
 * Modelled on OFF (Ingredients.pm and the allergens taxonomy for the words, Attributes.pm for the meaning of
 * "absent"): an allergen is absent only when the list was read well (readIngredientList's `readWell`, the one
 * rule for every claim of absence) or OFF says `en:none`; never because a field is empty.
 *
 * - contains: an allergen named by an ingredient of the list, by a "Contiene: …" / "Contains: …" statement, or by
 *   OFF's allergens_tags. The list and OFF are joined: a shopper with an allergy is better served by one warning
 *   too many than by one too few.
 * - traces: an allergen named by a precautionary statement ("Puede contener …", "Elaborado en una planta/línea
 *   que (también) procesa …", "trazas de …", "May contain …", "Peut contenir …") or by OFF's traces_tags, and not
 *   already in contains.
 * - Words that look like an allergen and are not ("leche de coco", "mantequilla de maní", "manteca de cacao",
 *   "crema de coco", "queso vegano", "nuez moscada", "trigo sarraceno") and free-from claims ("sin gluten",
 *   "libre de lactosa", "gluten-free") are blanked before reading, by pattern, not by product.
 */
import { baseCodeKey, codeKey } from '../additives/additive-codes.ts';
import type { IngredientListReading } from '../ingredients/read-ingredient-list.ts';
import { foldText } from '../text/normalize-text.ts';
import type { DetectedAdditive } from '../types.ts';
import {
  ALLERGENS,
  type AllergenId,
  type DietAnswer,
  type ProductAllergens,
  type ProductDiets,
} from './allergen-list.ts';
import { blank, cleanForReading, findAllergens, splitStatements } from './allergen-text.ts';
import {
  ADDITIVES_MAYBE_ANIMAL,
  ADDITIVES_NOT_VEGAN,
  ADDITIVES_NOT_VEGETARIAN,
  LACTOSE_FREE,
  LACTOSE_WORD,
  LOW_LACTOSE_MILK,
  MAYBE_VEGAN,
  NOT_VEGAN,
  NOT_VEGETARIAN,
  PALM,
  PLANT_LECITHIN,
  SWEETENER_CODES,
  SWEETENER_WORDS,
  UNNAMED_FAT,
} from './diet-words.ts';

/** What OFF says of the product (its tags as stored; empty when the record has none). */
export type OffAllergenTags = {
  allergens: readonly string[];
  traces: readonly string[];
  analysis: readonly string[];
};

export type AllergenInput = {
  ingredients: string | null | undefined;
  /** readIngredientList of the same text (analyseProduct already has it). */
  reading: IngredientListReading;
  /** The additives detected in the same text (for sulfites E220–E228, sweeteners and animal-origin additives). */
  additives: readonly Pick<DetectedAdditive, 'code'>[];
  off?: OffAllergenTags | null;
};

export type AllergenReading = { allergens: ProductAllergens; diets: ProductDiets };

// ---- OFF's tags -------------------------------------------------------------------------------------------------

/** OFF's allergens taxonomy ids → ours. */
const OFF_ALLERGEN_IDS: Record<string, AllergenId> = {
  'en:gluten': 'gluten',
  'en:crustaceans': 'crustaceos',
  'en:eggs': 'huevo',
  'en:fish': 'pescado',
  'en:peanuts': 'mani',
  'en:soybeans': 'soya',
  'en:milk': 'leche',
  'en:nuts': 'frutos-secos',
  'en:sulphur-dioxide-and-sulphites': 'sulfitos',
  'en:sesame-seeds': 'sesamo',
  'en:celery': 'apio',
  'en:mustard': 'mostaza',
  'en:lupin': 'lupino',
  'en:molluscs': 'moluscos',
};

/**
 * One OFF allergen tag → our id. Canonical ids first; OFF's finer nut ids ("en:tree-nuts-hazelnuts"); then a tag OFF
 * could not place ("de:Weizenprotein", "es:Seitán", "en:Shellfish") is read with the same words as a label.
 */
export function offAllergenId(tag: string): AllergenId | null {
  const t = tag.trim().toLowerCase();
  const known = OFF_ALLERGEN_IDS[t];
  if (known) return known;
  if (/^en:(?:tree-)?nuts?-/.test(t)) return 'frutos-secos';
  if (t === 'en:none' || t === '') return null;
  if (/\bshellfish\b/.test(t)) return 'crustaceos';
  const words = cleanForReading(foldText(t.replace(/^[a-z]{2}:/, '').replace(/-/g, ' ')));
  const found = new Set<AllergenId>();
  findAllergens(words, found);
  return found.size === 1 ? [...found][0]! : null;
}

function offIds(tags: readonly string[]): AllergenId[] {
  return tags.map(offAllergenId).filter((id): id is AllergenId => id !== null);
}

// ---- diets ------------------------------------------------------------------------------------------------------

function dietFromOff(analysis: readonly string[], yes: string, no: string, maybe: string): DietAnswer | null {
  if (analysis.includes(no)) return 'no';
  if (analysis.includes(maybe)) return 'maybe';
  if (analysis.includes(yes)) return 'yes';
  return null;
}

// ---- the reading -----------------------------------------------------------------------------------------------

const ORDER = new Map(ALLERGENS.map((a, i) => [a.id, i]));
const ordered = (ids: Iterable<AllergenId>): AllergenId[] =>
  [...new Set(ids)].sort((a, b) => (ORDER.get(a) ?? 0) - (ORDER.get(b) ?? 0));

/** The allergens a text names as ingredients, in ALLERGENS order (free-from claims and false friends left out). */
export function allergensInText(text: string): AllergenId[] {
  const found = new Set<AllergenId>();
  findAllergens(cleanForReading(foldText(text)), found);
  return ordered(found);
}

/**
 * Reads a product's allergens and diets from its ingredient list, the additives detected in it and OFF's tags.
 * Pure; the list's `reading` decides whether an absence may be claimed (status 'complete').
 */
export function readAllergens(input: AllergenInput): AllergenReading {
  const off = input.off ?? { allergens: [], traces: [], analysis: [] };
  // A text the list reader finds no ingredient in may still be a statement ("Contiene sulfitos"): read it too.
  const text = input.ingredients ?? '';
  const cleaned = cleanForReading(foldText(text));
  const spans = splitStatements(cleaned);

  const contains = new Set<AllergenId>();
  const traces = new Set<AllergenId>();
  findAllergens(spans.rest, contains);
  for (const s of spans.traces) findAllergens(s, traces);
  const codes = input.additives.map((a) => baseCodeKey(codeKey(a.code)));
  if (codes.some((c) => /^e22[0-8]$/.test(c))) contains.add('sulfitos');
  if (codes.includes('e1105')) contains.add('huevo');
  for (const id of offIds(off.allergens)) contains.add(id);
  for (const id of offIds(off.traces)) traces.add(id);
  for (const id of contains) traces.delete(id);

  const offNone = off.allergens.some((t) => t.trim().toLowerCase() === 'en:none');
  const hasList = !input.reading.missing;
  const hasTags = off.allergens.length > 0 || off.traces.length > 0;
  const listWell = hasList && input.reading.readWell;
  const status =
    listWell || offNone ? 'complete' : hasList || hasTags || contains.size + traces.size > 0 ? 'partial' : 'unknown';
  const allergens: ProductAllergens = { status, contains: ordered(contains), traces: ordered(traces) };

  // Diets read the ingredients only (not the precautionary statements).
  const ingredientsText = spans.rest;
  const animalOrigin = ['leche', 'huevo', 'pescado', 'crustaceos', 'moluscos'] as const;
  const meatOrFish =
    NOT_VEGETARIAN.test(ingredientsText) ||
    contains.has('pescado') ||
    contains.has('crustaceos') ||
    contains.has('moluscos') ||
    codes.some((c) => ADDITIVES_NOT_VEGETARIAN.has(c));
  const animal =
    meatOrFish ||
    animalOrigin.some((id) => contains.has(id)) ||
    NOT_VEGAN.test(ingredientsText) ||
    codes.some((c) => ADDITIVES_NOT_VEGAN.has(c));
  // A lecithin the label says is soy or sunflower is plant-made, whatever OFF's generic E322 entry says.
  const plantLecithin = PLANT_LECITHIN.test(ingredientsText);
  const maybeAnimalAdditive = codes.some((c) => ADDITIVES_MAYBE_ANIMAL.has(c) && !(c === 'e322' && plantLecithin));
  const maybeAnimal = MAYBE_VEGAN.test(ingredientsText) || maybeAnimalAdditive;
  const fromList = (no: boolean, maybe: boolean): DietAnswer | null =>
    !hasList ? null : no ? 'no' : maybe ? 'maybe' : listWell ? 'yes' : null;
  const combine = (ours: DietAnswer | null, offs: DietAnswer | null): DietAnswer => {
    if (ours === 'no' || offs === 'no') return 'no';
    if (ours === 'maybe' || offs === 'maybe') return 'maybe';
    if (ours === 'yes' || offs === 'yes') return 'yes';
    return 'unknown';
  };
  const vegan = combine(
    fromList(animal, maybeAnimal),
    dietFromOff(off.analysis, 'en:vegan', 'en:non-vegan', 'en:maybe-vegan'),
  );
  const vegetarian = combine(
    fromList(meatOrFish, maybeAnimalAdditive),
    dietFromOff(off.analysis, 'en:vegetarian', 'en:non-vegetarian', 'en:maybe-vegetarian'),
  );

  // palmOil, sweeteners, lactose: 'yes' = contains.
  const palmOffNo = off.analysis.includes('en:palm-oil-free');
  const palmOffYes = off.analysis.includes('en:palm-oil');
  const palmOffMaybe = off.analysis.includes('en:may-contain-palm-oil');
  const palmOil: DietAnswer =
    PALM.test(ingredientsText) || palmOffYes
      ? 'yes'
      : (hasList && UNNAMED_FAT.test(ingredientsText)) || palmOffMaybe
        ? 'maybe'
        : listWell || palmOffNo
          ? 'no'
          : 'unknown';

  const sweeteners: DietAnswer =
    codes.some((c) => SWEETENER_CODES.has(c)) || SWEETENER_WORDS.test(ingredientsText)
      ? 'yes'
      : listWell
        ? 'no'
        : 'unknown';

  const rawFolded = foldText(text);
  const lactoseFree = LACTOSE_FREE.test(rawFolded);
  const lactoseNamed = LACTOSE_WORD.test(ingredientsText);
  const lactose: DietAnswer =
    lactoseNamed
      ? 'yes'
      : lactoseFree
        ? 'no'
        : contains.has('leche')
          ? milkOnlyLowLactose(ingredientsText)
            ? 'maybe'
            : 'yes'
          : listWell || offNone
            ? 'no'
            : 'unknown';

  return { allergens, diets: { vegan, vegetarian, palmOil, sweeteners, lactose } };
}

/** Whether every milk ingredient named is one with little lactose (butter, ghee, caseinate, hard cheese). */
function milkOnlyLowLactose(text: string): boolean {
  if (!LOW_LACTOSE_MILK.test(text)) return false;
  const withoutLow = text.replace(new RegExp(LOW_LACTOSE_MILK.source, 'g'), blank);
  const rest = new Set<AllergenId>();
  findAllergens(withoutLow, rest);
  return !rest.has('leche');
}

