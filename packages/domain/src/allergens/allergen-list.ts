/**
 * The one list of allergens and diets the app reads, with the Spanish words to show beside each id (the web app
 * shows these and never re-lists them; `@etiqueta/contracts` re-exports them and builds its schemas from them).
 *
 * The first nine are the allergens Chilean law makes every label declare (Reglamento Sanitario de los Alimentos
 * art. 107 h, Res. Exenta 427/2010): cereals with gluten (trigo, avena, cebada, centeno, espelta), crustáceos,
 * huevo, pescado, maní, soya, leche (lactose included), frutos secos and sulfitos (≥ 10 mg/kg). The other five
 * are declared in the EU but not always in Chile (`declaredInChile: false`): a Chilean label that does not name
 * them says nothing of them, so the page should add NOT_ALWAYS_DECLARED_IN_CHILE beside them.
 */
export const ALLERGENS = [
  { id: 'gluten', label: 'Gluten', noun: 'gluten', declaredInChile: true },
  { id: 'crustaceos', label: 'Crustáceos', noun: 'crustáceos', declaredInChile: true },
  { id: 'huevo', label: 'Huevo', noun: 'huevo', declaredInChile: true },
  { id: 'pescado', label: 'Pescado', noun: 'pescado', declaredInChile: true },
  { id: 'mani', label: 'Maní', noun: 'maní', declaredInChile: true },
  { id: 'soya', label: 'Soya', noun: 'soya', declaredInChile: true },
  { id: 'leche', label: 'Leche', noun: 'leche', declaredInChile: true },
  { id: 'frutos-secos', label: 'Frutos secos', noun: 'frutos secos', declaredInChile: true },
  { id: 'sulfitos', label: 'Sulfitos', noun: 'sulfitos', declaredInChile: true },
  { id: 'sesamo', label: 'Sésamo', noun: 'sésamo', declaredInChile: false },
  { id: 'apio', label: 'Apio', noun: 'apio', declaredInChile: false },
  { id: 'mostaza', label: 'Mostaza', noun: 'mostaza', declaredInChile: false },
  { id: 'lupino', label: 'Lupino', noun: 'lupino', declaredInChile: false },
  { id: 'moluscos', label: 'Moluscos', noun: 'moluscos', declaredInChile: false },
] as const satisfies readonly {
  id: string;
  /** As a list item or a checkbox: "Frutos secos". */
  label: string;
  /** Inside a sentence: "No apto: contiene frutos secos". */
  noun: string;
  /** false: Chilean law does not make labels declare it; show NOT_ALWAYS_DECLARED_IN_CHILE beside it. */
  declaredInChile: boolean;
}[];

export type AllergenId = (typeof ALLERGENS)[number]['id'];
export const ALLERGEN_IDS = ALLERGENS.map((a) => a.id) as unknown as readonly [AllergenId, ...AllergenId[]];

/** The note beside an allergen whose `declaredInChile` is false. */
export const NOT_ALWAYS_DECLARED_IN_CHILE = 'no siempre declarado en Chile';

/**
 * How well we know a product's allergens:
 * - 'complete': the ingredient list was read well (readIngredientList's `readWell`, the one rule for any claim of
 *   absence) or Open Food Facts says `en:none`: an allergen in neither `contains` nor `traces` is truly absent.
 * - 'partial': we have a list or OFF's tags, so what `contains` and `traces` name is true, but an allergen they do
 *   not name may still be there (a word we could not read, a flavouring that does not declare its parts).
 * - 'unknown': no ingredient list and no tags: nothing can be said, not even "contains".
 */
export const ALLERGEN_STATUSES = ['complete', 'partial', 'unknown'] as const;
export type AllergenStatus = (typeof ALLERGEN_STATUSES)[number];

/**
 * The diets and ingredients a shopper can choose to avoid, each answered 'yes' | 'no' | 'maybe' | 'unknown'.
 * Mind the direction, which follows the question each field asks:
 * - vegan, vegetarian: 'yes' = the product FITS the diet; 'no' = it has an animal (vegan) or meat/fish
 *   (vegetarian) ingredient; 'maybe' = an ingredient that may or may not be of animal origin (OFF's
 *   en:maybe-vegan), or a list we could not read whole.
 * - palmOil, sweeteners, lactose: 'yes' = the product CONTAINS palm oil / a non-nutritive sweetener / lactose;
 *   'no' = it does not (only said when the list was read well, or OFF says so for palm oil); 'maybe' = it may
 *   ("aceite vegetal" unnamed, OFF's en:may-contain-palm-oil, a milk ingredient with little lactose such as
 *   mantequilla). A lactose-free milk: `leche` in allergens.contains, lactose 'no'.
 * - 'unknown' = no list and no tags to tell.
 */
export const DIETS = [
  { id: 'vegan', label: 'Vegano', preference: 'Vegano' },
  { id: 'vegetarian', label: 'Vegetariano', preference: 'Vegetariano' },
  { id: 'palmOil', label: 'Aceite de palma', preference: 'Sin aceite de palma' },
  { id: 'sweeteners', label: 'Edulcorantes', preference: 'Sin edulcorantes' },
  { id: 'lactose', label: 'Lactosa', preference: 'Sin lactosa' },
] as const satisfies readonly {
  id: string;
  /** What the field is about: "Aceite de palma". */
  label: string;
  /** The shopper's choice on "Para ti": "Sin aceite de palma". */
  preference: string;
}[];
export type DietId = (typeof DIETS)[number]['id'];
export const DIET_IDS = DIETS.map((d) => d.id) as unknown as readonly [DietId, ...DietId[]];

export const DIET_ANSWERS = ['yes', 'no', 'maybe', 'unknown'] as const;
export type DietAnswer = (typeof DIET_ANSWERS)[number];

/** What a product holds, as the product answer and every card carry it (ids only). */
export type ProductAllergens = {
  status: AllergenStatus;
  /** Allergens the product contains, in ALLERGENS order. */
  contains: AllergenId[];
  /** Allergens it may contain (declared traces: "Puede contener…"), in ALLERGENS order, none also in `contains`. */
  traces: AllergenId[];
};
export type ProductDiets = Record<DietId, DietAnswer>;

/** What we say when nothing is known: the answer for a product without a list or tags. */
export const UNKNOWN_ALLERGENS: ProductAllergens = { status: 'unknown', contains: [], traces: [] };
export const UNKNOWN_DIETS: ProductDiets = {
  vegan: 'unknown',
  vegetarian: 'unknown',
  palmOil: 'unknown',
  sweeteners: 'unknown',
  lactose: 'unknown',
};
