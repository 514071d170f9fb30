import {
  type AllergenId,
  ALLERGENS,
  type DietAnswer,
  foldText,
  type ProductAllergens,
  type ProductDiets,
} from '@etiqueta/domain';

import { type AvoidedItem, type Preferences, hasPreferences } from './preferences';

/*
 * "¿Puedo comer esto?" (issue 28), decided on the phone from what the product answer or a card carries and the
 * preferences kept in this browser (ADR 024): nothing about the person is ever sent. Pure, so every screen (product
 * page, cards, "Solo aptos para mí", Mejores opciones) says the same. The health score is not touched.
 *
 * Order: "No apto" wins over "Puede contener", which wins over "No sabemos"; "Apto para ti" only when nothing
 * applies. Absence is claimed only where the product answer vouches for it (allergens.status 'complete', the domain's
 * "read well" rule); a partial reading leaves what it cannot vouch for as "No sabemos".
 */

export type VerdictLevel = 'no-apto' | 'puede' | 'no-sabemos' | 'apto';

export type Verdict = {
  level: VerdictLevel;
  /** "No apto: contiene leche", "Puede contener maní", "No sabemos: falta la lista de ingredientes", "Apto para ti". */
  title: string;
  /** A card's word: "No apto", "Puede contener", "No sabemos", "Apto". */
  short: string;
  /** Why, one sentence each. */
  reasons: string[];
};

/** What the verdict reads. Cards carry allergens and diets; some also carry additives and suspects; the page all. */
export type VerdictProduct = {
  allergens: ProductAllergens;
  diets: ProductDiets;
  /** The ingredient list (null: the product has none). Left out by cards, which then cannot judge named words. */
  ingredients?: string | null;
  detectedAdditives?: readonly { code: string }[];
  ultraprocessed?: readonly { id: string }[];
};

export const MISSING_LIST = 'falta la lista de ingredientes';

const NOUN = new Map<AllergenId, string>(ALLERGENS.map((a) => [a.id, a.noun]));
const noun = (id: AllergenId) => NOUN.get(id) ?? id;

/** "leche", "leche y maní", "leche, huevo y maní". */
export const joinEs = (words: readonly string[]) =>
  words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} y ${words[words.length - 1]}`;

const capitalise = (text: string) => text.charAt(0).toLocaleUpperCase('es') + text.slice(1);

/** A diet as a verdict reads it: which answer means "fails", and the words for each outcome. */
type DietRule = {
  answer: (diets: ProductDiets) => DietAnswer;
  /** The answer that means the product does not suit ('no' for vegan, 'yes' for "contains palm oil"). */
  fails: 'yes' | 'no';
  no: string;
  maybe: string;
  unknown: string;
};

const DIET_RULES: Record<Exclude<Preferences['diets'][number], 'gluten'>, DietRule> = {
  vegan: { answer: (d) => d.vegan, fails: 'no', no: 'no es vegano', maybe: 'puede no ser vegano', unknown: 'si es vegano' },
  vegetarian: {
    answer: (d) => d.vegetarian,
    fails: 'no',
    no: 'no es vegetariano',
    maybe: 'puede no ser vegetariano',
    unknown: 'si es vegetariano',
  },
  palmOil: {
    answer: (d) => d.palmOil,
    fails: 'yes',
    no: 'contiene aceite de palma',
    maybe: 'puede contener aceite de palma',
    unknown: 'si tiene aceite de palma',
  },
  sweeteners: {
    answer: (d) => d.sweeteners,
    fails: 'yes',
    no: 'contiene edulcorantes',
    maybe: 'puede contener edulcorantes',
    unknown: 'si tiene edulcorantes',
  },
  lactose: {
    answer: (d) => d.lactose,
    fails: 'yes',
    no: 'contiene lactosa',
    maybe: 'puede contener lactosa',
    unknown: 'si tiene lactosa',
  },
};

/** Whole words of `name` inside the ingredient list, accents and case aside ("Azúcar" finds "azucar"). */
const listNames = (ingredients: string, name: string) => {
  const words = (text: string) => foldText(text).replace(/[^a-z0-9]+/g, ' ').trim();
  const needle = words(name);
  return needle !== '' && ` ${words(ingredients)} `.includes(` ${needle} `);
};

type ItemAnswer = 'yes' | 'no' | 'unknown' | 'cannot-tell';

/** Whether the product holds a named item: 'cannot-tell' when this card does not carry what would say it. */
const holds = (item: AvoidedItem, product: VerdictProduct): ItemAnswer => {
  if (product.ingredients === null || product.allergens.status === 'unknown') return 'unknown';
  let found: boolean | undefined;
  if (item.kind === 'aditivo') {
    found = product.detectedAdditives?.some((a) => a.code.toUpperCase() === item.code.toUpperCase());
  } else if (item.kind === 'sospechoso') {
    found = product.ultraprocessed?.some((s) => s.id === item.id);
  } else if (typeof product.ingredients === 'string') {
    found = listNames(product.ingredients, item.name);
  }
  if (found === undefined) return 'cannot-tell';
  if (found) return 'yes';
  return product.allergens.status === 'complete' ? 'no' : 'unknown';
};

const itemNoun = (item: AvoidedItem) =>
  item.kind === 'aditivo' ? `${item.name.toLocaleLowerCase('es')} (${item.code})` : item.name.toLocaleLowerCase('es');

/**
 * The verdict for this product and these preferences; null when the person has set none (nothing to say, and
 * no mark on any card).
 */
export const verdictFor = (preferences: Preferences, product: VerdictProduct): Verdict | null => {
  if (!hasPreferences(preferences)) return null;
  const { allergens, diets } = product;

  const avoided = new Map<AllergenId, 'evitar' | 'trazas'>();
  for (const { id } of ALLERGENS) {
    const choice = preferences.allergens[id];
    if (choice) avoided.set(id, choice);
  }
  // "Sin gluten" is gluten and its traces.
  if (preferences.diets.includes('gluten')) avoided.set('gluten', 'trazas');

  const contains: string[] = [];
  const traces: string[] = [];
  const unsure: string[] = [];
  const dietsNo: string[] = [];
  const dietsMaybe: string[] = [];
  const dietsUnknown: string[] = [];
  const missingList = allergens.status === 'unknown' || product.ingredients === null;

  for (const [id, choice] of avoided) {
    if (allergens.contains.includes(id)) contains.push(noun(id));
    else if (allergens.traces.includes(id)) {
      if (choice === 'trazas') traces.push(noun(id));
    } else if (allergens.status !== 'complete') unsure.push(noun(id));
  }
  for (const diet of preferences.diets) {
    if (diet === 'gluten') continue;
    const rule = DIET_RULES[diet];
    const answer = rule.answer(diets);
    if (answer === rule.fails) dietsNo.push(rule.no);
    else if (answer === 'maybe') dietsMaybe.push(rule.maybe);
    else if (answer === 'unknown') dietsUnknown.push(rule.unknown);
  }
  for (const item of preferences.avoid) {
    const answer = holds(item, product);
    if (answer === 'yes') contains.push(itemNoun(item));
    else if (answer === 'unknown') unsure.push(itemNoun(item));
  }

  const noPhrases = [...(contains.length > 0 ? [`contiene ${joinEs(contains)}`] : []), ...dietsNo];
  if (noPhrases.length > 0) {
    return {
      level: 'no-apto',
      title: `No apto: ${noPhrases.join('; ')}`,
      short: 'No apto',
      reasons: [
        ...(contains.length > 0
          ? [`Su lista de ingredientes o su declaración de alérgenos dice que contiene ${joinEs(contains)}.`]
          : []),
        ...dietsNo.map((phrase) => `Según sus ingredientes, ${phrase}.`),
      ],
    };
  }

  const maybePhrases = [...(traces.length > 0 ? [`puede contener ${joinEs(traces)}`] : []), ...dietsMaybe];
  if (maybePhrases.length > 0) {
    return {
      level: 'puede',
      title: capitalise(maybePhrases.join('; ')),
      short: 'Puede contener',
      reasons: [
        ...(traces.length > 0
          ? [`La etiqueta advierte que puede contener ${joinEs(traces)} (trazas), y tú evitas también las trazas.`]
          : []),
        ...dietsMaybe.map(
          (phrase) => `${capitalise(phrase)}: tiene un ingrediente que puede ser de origen animal o que no detalla qué contiene.`,
        ),
      ],
    };
  }

  if (missingList && (avoided.size > 0 || dietsUnknown.length > 0 || unsure.length > 0)) {
    return {
      level: 'no-sabemos',
      title: `No sabemos: ${MISSING_LIST}`,
      short: 'No sabemos',
      reasons: ['Sin la lista de ingredientes no podemos saber qué contiene. Revisa la etiqueta del envase.'],
    };
  }
  const unknownPhrases = [...(unsure.length > 0 ? [`si tiene ${joinEs(unsure)}`] : []), ...dietsUnknown];
  if (unknownPhrases.length > 0) {
    return {
      level: 'no-sabemos',
      title: `No sabemos ${unknownPhrases.join(' ni ')}`,
      short: 'No sabemos',
      reasons: [
        'Hay palabras de su lista de ingredientes que no pudimos leer o que no detallan su contenido, así que no podemos asegurar que no lo tenga. Revisa la etiqueta del envase.',
      ],
    };
  }

  return {
    level: 'apto',
    title: 'Apto para ti',
    short: 'Apto',
    reasons: ['Según su lista de ingredientes y su declaración de alérgenos, no tiene nada de lo que evitas.'],
  };
};
