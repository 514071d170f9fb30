/**
 * What a product says of sugar, lactose, gluten and salt, for queries such as 'yogur sin azúcar' and 'coca cola
 * zero' (issue 27). Read once per product when the index is built, from its name, its shelves and its ingredient
 * list through the domain's one reading of a list (`readIngredientList`):
 * - it *names* X when its list (or, for sugar and lactose, its name) names X as an ingredient ('azúcar', 'jarabe
 *   de glucosa'; 'leche entera'; 'harina de trigo'; 'sal'): a 'sin X' search never shows it;
 * - it is *free* of X when it says so ('Sin azúcar', 'Deslactosada', 'Sin gluten', 'Sin sal' in its name or
 *   shelf), or when its list was read well (every ingredient recognised: unknown is not clean) and names no X;
 * - otherwise nothing is known: it ranks after the products free of X.
 * 'Reduced' sugar: a light / zero / cero / diet / sin azúcar version, or one whose list, read well, names no sugar.
 */
import { normalizeText, readIngredientList } from '@etiqueta/domain';

export const WITHOUT_KINDS = ['azucar', 'lactosa', 'gluten', 'sal'] as const;
export type WithoutKind = (typeof WITHOUT_KINDS)[number];

/** One bit per kind, in `WITHOUT_KINDS` order. */
export const withoutBit = (kind: WithoutKind) => 1 << WITHOUT_KINDS.indexOf(kind);

/** The word after 'sin' that asks for each kind (folded): 'sin azúcar', 'sin azucares', 'sin sodio'. */
export const WITHOUT_WORDS: ReadonlyMap<string, WithoutKind> = new Map([
  ['azucar', 'azucar'],
  ['azucares', 'azucar'],
  ['lactosa', 'lactosa'],
  ['gluten', 'gluten'],
  ['tacc', 'gluten'],
  ['sal', 'sal'],
  ['sodio', 'sal'],
]);

/** Words that ask for the reduced or no-sugar version ('coca cola zero', 'yogur light'). */
export const REDUCED_WORDS: ReadonlySet<string> = new Set(['light', 'cero', 'zero', 'diet', 'dieta', 'lite']);

/** An ingredient that is X, as added (folded text). */
const NAMES: Record<WithoutKind, RegExp> = {
  azucar:
    /\b(azucar|azucares|sacarosa|jarabe|jarabes|fructosa|glucosa|dextrosa|miel|chancaca|melaza|panela|azucarad[oa]s?)\b/,
  lactosa: /\b(lactosa|leche|leches|lacteos?|suero|lactosuero|crema|mantequilla|queso|quesos|manjar|yogur|yoghurt)\b/,
  gluten: /\b(trigo|cebada|centeno|gluten|malta|semola|espelta|triticale|seitan)\b/,
  sal: /\b(sal|cloruro de sodio)\b/,
};

/** Not X although a word above is in it: plant 'leches', lactose broken down, a gluten-free flour. */
const NOT_NAMES: Record<WithoutKind, RegExp | null> = {
  // Polyols sold as syrups sweeten without sugar.
  azucar: /\bsin azucar|\b0 ?% azucar|\bjarabe de (sorbitol|maltitol|isomalt)/,
  lactosa:
    /\b(deslactosad[oa]s?|sin lactosa|lactasa|leche de (coco|almendras?|soya|soja|avena|arroz|mani)|crema de (cacao|mani|avellanas?)|mantequilla de (mani|cacao))\b/,
  gluten: /\bsin gluten\b|\bsin tacc\b/,
  sal: null,
};

/** The product says it has none (name or shelf, folded). */
const CLAIMS: Record<WithoutKind, RegExp> = {
  azucar: /\b(sin azucar(es)?( anadida?s?)?|0 ?% azucar|cero azucar|zero|sugar free)\b/,
  lactosa: /\b(sin lactosa|deslactosad[oa]s?|lactose free|0 ?% lactosa)\b/,
  gluten: /\b(sin gluten|libre de gluten|gluten free|sin tacc)\b/,
  sal: /\b(sin sal|sin sodio|sin sal agregada|sal 0)\b/,
};

const REDUCED_CLAIM =
  /\b(light|lite|zero|cero|diet|sin azucar(es)?|0 ?% azucar|reducid[oa] en azucar(es)?|bajo en azucar(es)?|menos azucar)\b/;

export type DietaryFacts = {
  /** Bits of the kinds the product names as ingredients. */
  names: number;
  /** Bits of the kinds it is known to be free of. */
  free: number;
  /** Bits of the kinds its own name or shelf says it is free of (a label claim: what 'sin X' shoppers look for). */
  claims: number;
  /** A reduced or no-sugar version. */
  reduced: boolean;
};

export function readDietaryFacts(
  name: string,
  shelves: readonly string[],
  ingredients: string | null | undefined,
): DietaryFacts {
  const said = normalizeText([name, ...shelves].join(' | '));
  const ownName = normalizeText(name);
  const reading = readIngredientList(ingredients);
  const items = reading.ingredients.map((i) => normalizeText(i.text));
  const wholeList = items.join(' , ');
  let names = 0;
  let free = 0;
  let claimed = 0;
  for (const kind of WITHOUT_KINDS) {
    const bit = withoutBit(kind);
    const claims = CLAIMS[kind].test(said);
    if (claims) claimed |= bit;
    const not = NOT_NAMES[kind];
    // Lactose broken down by lactase is gone although milk is listed; elsewhere the list is the truth.
    const listCleared = kind === 'lactosa' && (claims || (not !== null && not.test(wholeList)));
    const inList = !listCleared && items.some((i) => NAMES[kind].test(i) && !(not?.test(i) ?? false));
    // A name says the food it is ('Leche Entera', 'Cereal Azucarado') even without a list.
    const inName =
      (kind === 'lactosa' || kind === 'azucar') && !claims && NAMES[kind].test(ownName) && !(not?.test(ownName) ?? false);
    if (inList || inName) {
      names |= bit;
    } else if (claims || (reading.readWell && !inList)) {
      free |= bit;
    }
  }
  const reduced = REDUCED_CLAIM.test(said) || (free & withoutBit('azucar')) !== 0;
  return { names, free: free | (claimed & ~names), claims: claimed & ~names, reduced };
}
