import type { SubstituteFamily } from '../substitute-families.ts';
import { familyOf, type TaxonomyPath } from '../taxonomy.ts';
import { categoryHit, DRINK_TAGS, stripLang } from './category-tags.ts';
import { readIngredients } from './ingredient-profile.ts';
import { type Hit, hitsAt, hitsOf, toWords } from './name-hits.ts';
import { contradicts, DRINK_FAMILIES, FRESH_SHELVES, readyForm } from './name-vs-list.ts';
import { BRAND_RULES, ENGLISH_RULES, NAME_RULES, WEAK_NAME_RULES } from './name-words.ts';
import { toPath } from './rule-set.ts';
import { type NutritionHints, shelfFromIngredients } from './shelf-from-ingredients.ts';

/**
 * Places a product in our taxonomy (and so in its substitute family). Signals, strongest first:
 *  1. OFF's specific categories (`compared_to_category`, then the most specific `categories_tags`);
 *  2. the product name: the keyword that appears earliest wins, because Spanish names lead with the head noun
 *     ("Galletas de chocolate" are galletas, "Chocolate con galletas" is a chocolate); on a tie the longer
 *     phrase wins ("crema de cacao" beats "crema"). English names put it last. Words after "sabor" name a
 *     taste, words after "con" a garnish; words that often mean something else ("cola", "zero", "crema", a brand
 *     line) count only when nothing else in the name places the product;
 *  3. brand-like words in the name (many Mexican and Spanish records are named "Yoplait fresa");
 *  4. the ingredient list, for the many records whose name is only a brand: what the first ingredient is and
 *     the cues that follow (yeast, cultures, carbonation), with the nutrition table telling a loaf from a biscuit;
 *  5. OFF's general parents (beverages, dairies…).
 * A name or brand word is never taken against the product's own list: "Cola de caballo" starting with a herb is
 * no soda, a cultured milk named "Zero…" no sugar-free soda (`contradicts`). A product nothing places is kept
 * without a category (family 'other') and listed for admins.
 */
export type ClassifyInput = {
  categoriesTags?: readonly string[] | null;
  /** OFF's own most specific category (`compared_to_category`), when the record has one. */
  comparedToCategory?: string | null;
  name: string;
  brand?: string | null;
  ingredients?: string | null;
  nutrition?: NutritionHints;
};

export type Classification = TaxonomyPath & {
  signal: 'categories' | 'name' | 'brand' | 'ingredients';
  /** What a shopper could buy instead: the shelf's family (taxonomy.ts). */
  family: SubstituteFamily;
};

const placed = (path: TaxonomyPath, signal: Classification['signal']): Classification => ({ ...path, signal, family: familyOf(path) });

/** Fresh produce is named by the produce itself; a fruit after a brand ("Belight Mango") is a flavour. */
const isProduceNamedLater = (hit: Hit, name: string, english: boolean) =>
  FRESH_SHELVES.has(hit.path.subcategory) &&
  !hit.head &&
  !(english && /^ ?(florets?|slices?|sprouts?|halves|spears|leaves|hearts|tips|crowns)\b/.test(name.slice(hit.index + hit.length)));

/** Words only an English name has; with one and no Spanish connecting word, the head noun comes last. */
const ENGLISH_WORDS = / (and|with|the|of|&|style|flavou?red|organic|assorted|roasted|salted|sweet|chunks|creamy|crunchy|spicy|hot|free|whole|baked|fried|sliced|diced) /;
const SPANISH_WORDS = / (de|del|con|sin|y|para|en|al|la|el|los|las|sabor) /;

export function classifyProduct(input: ClassifyInput): Classification | null {
  // OFF does not promise any order in `categories_tags` (a mineral water may end in en:unsweetened-beverages), so
  // the most specific category decides: OFF's `compared_to_category` first, then any tag matching a specific rule;
  // a general parent (beverages, dairies, groceries…) only when neither the name nor the list places the product.
  const compared = categoryHit(input.comparedToCategory ? [input.comparedToCategory] : []);
  const tagged = categoryHit(input.categoriesTags ?? []);
  const specific = compared && !compared.general ? compared : tagged && !tagged.general ? tagged : null;
  if (specific) return placed(specific.path, 'categories');
  const general = compared ?? tagged;
  const isDrink = (input.categoriesTags ?? []).some((t) => DRINK_TAGS.test(stripLang(t)));

  const profile = readIngredients(input.ingredients);
  const name = toWords(input.name);
  if (NOT_FOOD.test(` ${name} `)) return null;
  const possible = (hit: Hit) =>
    !contradicts(hit.path, profile, input.nutrition ?? {}) && !isProduceNamedLater(hit, name, hit.english === true) && (!isDrink || DRINK_FAMILY_SET.has(familyOf(hit.path)));
  // A word that names a food outright first, in reading order; English names (head noun last) next, or first
  // when the name reads as English; then words that are often something else ("cola", "zero", a brand line).
  // English hits are read first only for a name that reads as English; else after the Spanish ones, if needed.
  let englishHits: Hit[] | undefined;
  const english = () => (englishHits ??= [...hitsOf(name, ENGLISH_RULES, 'last')]);
  const readsEnglish = ENGLISH_WORDS.test(` ${name} `) && !SPANISH_WORDS.test(` ${name} `) && english().length > 0;
  // Candidates in order, each read only when the earlier ones are all ruled out.
  function* byName(): Generator<Hit> {
    if (readsEnglish) yield* english().filter((hit) => !hit.garnish);
    yield* hitsOf(name, NAME_RULES);
    yield* readsEnglish ? english().filter((hit) => hit.garnish) : english();
    // The legal name's head noun only: what follows it ("con azúcares y edulcorante") describes.
    if (profile?.legalName) yield* hitsAt(profile.legalName, NAME_RULES, 0, profile.legalName.length, 'first');
    yield* hitsOf(name, WEAK_NAME_RULES);
  }
  for (const hit of byName()) {
    const candidate = readyForm(hit, profile, input.nutrition ?? {});
    if (possible(candidate)) return placed(candidate.path, 'name');
  }
  for (const hit of hitsOf(`${name} ${toWords(input.brand ?? '')}`.trim(), BRAND_RULES)) {
    if (possible(hit)) return placed(hit.path, 'brand');
  }

  const fromList = profile ? shelfFromIngredients(profile, input.nutrition ?? {}) : null;
  if (fromList) return placed(toPath(fromList), 'ingredients');
  return general ? placed(general.path, 'categories') : null;
}

/** Records of OFF's food database that are no food: cosmetics, cleaning products, pet food. */
const NOT_FOOD = / (desodorantes?|shampoo|champu|acondicionador|jabon|detergentes?|suavizante|pasta dental|crema (dental|humectante|para peinar|corporal|facial|de manos)|locion|desmaquillante|protector solar|bloqueador|gel (de ducha|antibacterial)|espuma (modeladora|de afeitar)|toallas|panales|croquetas para (perro|gato)s?|alimento para (perros?|gatos?|mascotas)|pet food|dog food|cat food) /;

const DRINK_FAMILY_SET = new Set<SubstituteFamily>([...DRINK_FAMILIES, 'plant-drink', 'milk', 'coffee-tea-infusion', 'yogurt-fermented-milk']);
