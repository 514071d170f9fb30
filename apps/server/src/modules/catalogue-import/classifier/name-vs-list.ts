import type { SubstituteFamily } from '../substitute-families.ts';
import { familyOf, type TaxonomyPath } from '../taxonomy.ts';
import { COFFEE, DRINK_FRUIT, FAT_LIST, FISH_LIST, has, type IngredientKind, type IngredientProfile, itemIndex, leadIndex, LEGUME_LIST, MEAT_LIST, PICKLING, PLANT_PROTEIN_LIST, SUGARS, VEGETABLE_WORDS, YEAST } from './ingredient-profile.ts';
import { type Hit } from './name-hits.ts';
import { toPath } from './rule-set.ts';
import { type NutritionHints } from './shelf-from-ingredients.ts';

// When the product's own ingredient list rules out the shelf a name suggested, or shows it in another form
// (ready to drink, cooked in a jar).

export const DRINK_FAMILIES: readonly SubstituteFamily[] = ['water', 'soft-drink', 'juice-nectar', 'sports-energy-drink', 'alcoholic'];
/** First ingredients no drink of these families starts with. */
const NOT_A_DRINK: readonly IngredientKind[] = [
  'yogurt', 'cream', 'butter', 'milk', 'milk-powder', 'cheese', 'egg', 'semolina', 'corn', 'flour', 'cereal', 'cocoa',
  'chocolate', 'potato', 'meat', 'fish', 'seafood', 'oil', 'fat', 'nut', 'seed', 'soy', 'vegetable', 'salt', 'spice',
  'tea', 'coffee', 'vinegar', 'gelatin', 'starch', 'rice', 'oat', 'legume',
];

/**
 * First ingredients that a family's products never start with: a name's shelf is dropped when its product's own
 * list says otherwise (a cultured milk named "Zero…" is no sugar-free soda; "Pap's" crisps start with potato).
 */
const IMPOSSIBLE_FIRST: Partial<Record<SubstituteFamily, readonly IngredientKind[]>> = {
  water: [...NOT_A_DRINK, 'sugar', 'juice', 'fruit'],
  'soft-drink': [...NOT_A_DRINK, 'fruit', 'honey', 'sweetener', 'sugar'],
  'sports-energy-drink': [...NOT_A_DRINK, 'fruit'],
  'juice-nectar': NOT_A_DRINK.filter((k) => k !== 'vegetable'),
  alcoholic: NOT_A_DRINK.filter((k) => k !== 'rice' && k !== 'corn' && k !== 'cereal'),
  'plant-drink': ['milk', 'milk-powder', 'yogurt', 'cheese', 'meat', 'fish', 'flour', 'potato', 'carbonated-water', 'fruit', 'juice', 'cocoa', 'chocolate'],
  milk: ['carbonated-water', 'juice', 'plant-drink', 'soy', 'oat', 'rice', 'nut', 'flour', 'meat', 'fish', 'potato', 'oil', 'fruit', 'vegetable', 'cheese', 'sugar', 'cocoa', 'chocolate', 'corn', 'starch', 'gelatin'],
  'yogurt-fermented-milk': ['carbonated-water', 'breaded', 'flour', 'meat', 'fish', 'potato', 'oil', 'cocoa', 'chocolate', 'cheese', 'corn', 'legume'],
  cheese: ['water', 'carbonated-water', 'juice', 'flour', 'sugar', 'meat', 'fish', 'potato', 'fruit', 'cocoa', 'chocolate', 'starch', 'breaded'],
  'butter-cream': ['carbonated-water', 'sugar', 'cocoa', 'chocolate', 'vegetable', 'flour', 'meat', 'fish', 'potato', 'tomato', 'fruit', 'nut', 'breaded'],
  'coffee-tea-infusion': ['flour', 'egg', 'meat', 'fish', 'potato', 'oil', 'cheese', 'tomato', 'vegetable', 'legume', 'starch', 'breaded'],
  cereal: ['water', 'carbonated-water', 'milk', 'meat', 'fish', 'potato', 'oil', 'tomato', 'vegetable', 'cheese', 'egg', 'legume', 'juice', 'chocolate', 'cocoa'],
  'cereal-bar': ['water', 'milk', 'meat', 'fish', 'potato', 'oil', 'tomato', 'vegetable', 'cheese'],
  'cookie-biscuit': ['carbonated-water', 'fruit', 'meat', 'fish', 'potato', 'tomato', 'vegetable', 'cheese', 'juice', 'oil', 'legume', 'salt'],
  bread: ['carbonated-water', 'meat', 'fish', 'milk', 'potato', 'fruit', 'juice', 'sugar', 'cheese', 'vegetable', 'tomato', 'oil'],
  'chocolate-candy': ['water', 'carbonated-water', 'milk', 'meat', 'fish', 'potato', 'flour', 'vegetable', 'tomato', 'cheese', 'juice', 'rice', 'oil', 'salt', 'corn'],
  'salty-snack': ['water', 'carbonated-water', 'milk', 'sugar', 'fruit', 'juice', 'nut', 'seed', 'cocoa', 'chocolate', 'yogurt'],
  'nuts-seeds': ['water', 'milk', 'corn', 'potato', 'flour', 'sugar', 'meat', 'fish', 'cocoa', 'chocolate', 'rice', 'juice'],
  'sauce-condiment': ['carbonated-water', 'cocoa', 'chocolate', 'sugar', 'potato', 'flour', 'meat', 'fish', 'juice', 'nut', 'gelatin'],
  soup: ['carbonated-water', 'sugar', 'cocoa', 'chocolate', 'fruit', 'juice', 'yogurt', 'nut', 'gelatin'],
  'pasta-rice-grain': ['water', 'carbonated-water', 'milk', 'meat', 'fish', 'sugar', 'cocoa', 'chocolate', 'tomato', 'vegetable', 'juice', 'fruit', 'yogurt'],
  legume: ['sugar', 'milk', 'meat', 'fish', 'cocoa', 'chocolate', 'fruit', 'juice', 'carbonated-water', 'corn'],
  'oil-fat': ['water', 'flour', 'sugar', 'milk', 'meat', 'fish', 'tomato', 'vegetable', 'fruit', 'vinegar', 'cereal', 'potato'],
  'sweetener-sugar-honey': ['water', 'milk', 'meat', 'fish', 'flour', 'cocoa', 'chocolate', 'potato', 'vegetable', 'tomato', 'cheese', 'fruit'],
  'jam-spread': ['water', 'carbonated-water', 'meat', 'fish', 'potato', 'flour', 'vegetable', 'tomato', 'cheese'],
  'meat-product': ['flour', 'semolina', 'sugar', 'sweetener', 'cocoa', 'chocolate', 'milk', 'potato', 'fruit', 'nut', 'seed', 'soy', 'salt', 'juice', 'egg', 'vegetable', 'corn', 'rice', 'cheese', 'starch', 'legume'],
  'fish-seafood': ['flour', 'sugar', 'cocoa', 'chocolate', 'milk', 'potato', 'fruit', 'meat', 'juice', 'nut'],
  'fruit-vegetable': ['carbonated-water', 'sugar', 'milk', 'flour', 'cocoa', 'chocolate', 'meat', 'fish', 'egg', 'starch', 'cheese', 'gelatin', 'rice', 'salt', 'legume', 'juice', 'cereal', 'oil', 'soy', 'breaded'],
  'ready-meal': ['sugar', 'cocoa', 'chocolate', 'juice', 'carbonated-water', 'semolina', 'gelatin'],
  dessert: ['meat', 'fish', 'potato', 'oil', 'tomato', 'vegetable', 'cheese', 'carbonated-water', 'salt', 'legume', 'flour'],
  'ice-cream': ['meat', 'fish', 'potato', 'oil', 'tomato', 'vegetable', 'carbonated-water', 'salt', 'legume'],
  'spice-herb': ['water', 'carbonated-water', 'milk', 'sugar', 'meat', 'fish', 'cocoa', 'chocolate', 'flour', 'fruit', 'juice', 'starch'],
  'baby-food': ['carbonated-water'],
};

/** Shelves whose products are the food itself, fresh or dried: a list starting with water or sugar is something else. */
export const FRESH_SHELVES = new Set(['frutas', 'verduras']);

/** Whether the product's own ingredient list rules out a shelf a name or brand word suggested. */
export function contradicts(path: TaxonomyPath, profile: IngredientProfile | null, nutrition: NutritionHints): boolean {
  if (!profile) return false;
  const family = familyOf(path);
  if (profile.kind && IMPOSSIBLE_FIRST[family]?.includes(profile.kind)) return true;
  if (FRESH_SHELVES.has(path.subcategory) && (profile.kind === 'water' || profile.kind === 'juice')) return true;
  // Tea leaves, ground coffee and cocoa powder are dry: a list starting with water is a drink made of them.
  if (path.subcategory === 'cafe-te-e-infusiones' && (profile.kind === 'water' || profile.kind === 'carbonated-water')) return true;
  // Breakfast cereals hold no yeast; a "12 cereales" loaf does.
  if ((family === 'cereal' || family === 'cereal-bar') && has(profile, YEAST)) return true;
  // A coffee or tea without coffee or tea in its list is named after a taste ("Latte creme" is a cake).
  if (path.sub2 === 'cafe' && profile.kind !== 'coffee' && !has(profile, COFFEE)) return true;
  // Cream is milk fat: sweetened and thickened it is a dessert; a list starting with water is a soup, unless a
  // creamer (caseinate, milk) follows.
  if (family === 'butter-cream' && profile.kind === 'milk' && itemIndex(profile, SUGARS) < 2 && has(profile, / (almidon|almidon de maiz|fecula|maicena|espesantes?) /)) return true;
  if (family === 'butter-cream' && profile.kind === 'starch' && leadIndex(profile, VEGETABLE_WORDS) < 6) return true;
  if (family === 'butter-cream' && profile.kind === 'water' && (leadIndex(profile, `${VEGETABLE_WORDS}|${LEGUME_LIST}`) < 3 || !has(profile, / (caseinato|caseinate|leche|crema|cream|milk|aceites?|oils?|grasas?) /))) return true;
  // A cocoa or coffee drink powder starts with sugar or cocoa, not with a cereal mix (barley coffee aside).
  if (family === 'coffee-tea-infusion' && (profile.kind === 'cereal' || profile.kind === 'corn' || profile.kind === 'rice') && !/^ (cebada|malta|achicoria)/.test(profile.items[0] ?? '')) return true;
  // Milk reconstituted in water is milk; water with milk and juice is a juice drink.
  if (family === 'milk' && profile.kind === 'water' && has(profile, DRINK_FRUIT)) return true;
  // Vegetables in vinegar are pickles, whatever the jar's name ("Sandwich stuffers", "Baby dills").
  if (profile.kind === 'vegetable' && itemIndex(profile, PICKLING) < 3 && family !== 'fruit-vegetable' && family !== 'sauce-condiment') return true;
  // Chiles or vegetables in vinegar or brine are pickles, not a snack ("Nachos … de jalapeño, lata").
  if (family === 'salty-snack' && (profile.kind === null || profile.kind === 'vegetable' || profile.kind === 'water') && itemIndex(profile, PICKLING) < 4 && leadIndex(profile, FAT_LIST) >= 3) return true;
  // A "salchicha" or "hamburguesa" of gluten, tofu or fish is no meat product when no meat leads its list.
  if (family === 'meat-product' && profile.kind !== 'meat' && leadIndex(profile, `${PLANT_PROTEIN_LIST}|${FISH_LIST}`) < 3 && leadIndex(profile, MEAT_LIST) >= 3) return true;
  // Potatoes fried in much oil are crisps, not a vegetable, whatever the name leads with ("Chips Jalapeño").
  if (profile.kind === 'potato' && family === 'fruit-vegetable' && (nutrition.fatG ?? 0) >= 15) return true;
  return false;
}

/**
 * The same kind of product in the form its list shows: a tea or a coffee whose list starts with water sold ready to
 * drink, pulses cooked in a jar, a lolly of flavoured water frozen ("paleta").
 */
export function readyForm(hit: Hit, profile: IngredientProfile | null, nutrition: NutritionHints): Hit {
  if (!profile) return hit;
  // Sugar and eggs make a sweet roll or a muffin of a "pan" or "panecillo": the sweet bakery's shelf.
  if (familyOf(hit.path) === 'bread' && (nutrition.sugarsG ?? 0) >= 15 && leadIndex(profile, 'huevos?|eggs?') < 6) return { ...hit, path: toPath('pasteleria:queques-y-bizcochos') };
  // Pulses with water among their first ingredients are cooked ones, in a jar or a can.
  if (hit.path.sub2 === 'legumbres' && leadIndex(profile, 'agua|water') < 3) return { ...hit, path: toPath('conservas:legumbres-cocidas') };
  if (profile.kind !== 'water' && profile.kind !== 'carbonated-water') return hit;
  const to = (target: string) => ({ ...hit, path: toPath(target) });
  if (hit.path.subcategory === 'cafe-te-e-infusiones') return to(hit.path.sub2 === 'cafe' ? 'te-y-cafe-frios:cafe-frio' : 'te-y-cafe-frios:te-helado');
  if (hit.path.sub2 === 'legumbres') return to('conservas:legumbres-cocidas');
  if (hit.path.subcategory === 'dulces-y-golosinas' && hit.path.sub2 === 'caramelos') return to('helados:helados');
  return hit;
}
