/**
 * What a shopper could buy instead (issue 26): "Mejores opciones" are offered only within a product's family,
 * so a herb is never offered for a cola, a cola for a milk or bread for cookies. Never shown; stored per product
 * (`products.substitute_family`). Every shelf belongs to exactly one family, so the family follows the shelf.
 * Where the closed list is wide, it holds: bread — loaves, toast, tortillas, crackers and rice or corn cakes;
 * cookie-biscuit — cookies and the sweet bakery (cakes, muffins, alfajores, croissants); coffee-tea-infusion —
 * the hot-drink powders too (cocoa, malted cocoa) and ready-to-drink teas and coffees; legume — tofu, seitán,
 * tempeh, plant burgers and hummus; sauce-condiment — vinegars and vegetable dips; spice-herb — salt; soup —
 * broths and bouillon cubes; pasta-rice-grain — flours and baking mixes; dessert — jellies and dessert powders;
 * other — eggs, and what fits no shelf.
 */
export const SUBSTITUTE_FAMILIES = [
  'water',
  'soft-drink',
  'juice-nectar',
  'plant-drink',
  'milk',
  'yogurt-fermented-milk',
  'cheese',
  'butter-cream',
  'coffee-tea-infusion',
  'alcoholic',
  'sports-energy-drink',
  'cereal',
  'cereal-bar',
  'cookie-biscuit',
  'bread',
  'chocolate-candy',
  'salty-snack',
  'nuts-seeds',
  'sauce-condiment',
  'soup',
  'pasta-rice-grain',
  'legume',
  'oil-fat',
  'sweetener-sugar-honey',
  'jam-spread',
  'meat-product',
  'fish-seafood',
  'fruit-vegetable',
  'ready-meal',
  'baby-food',
  'dessert',
  'ice-cream',
  'spice-herb',
  'other',
] as const;
export type SubstituteFamily = (typeof SUBSTITUTE_FAMILIES)[number];
