import type { NutriscoreCategory } from '@etiqueta/domain';
import type { SubstituteFamily } from './substitute-families.ts';

/**
 * Our own product taxonomy: what a Chilean supermarket shelf looks like, in Spanish.
 * Open Food Facts' category tree is far too deep (7,000 entries) and mostly English/French, so products are
 * placed here by the classifier (classifier/classify-product.ts) and OFF's categories are only one of its signals.
 *
 * Slugs are stable URLs (/category/{slug}, /subcategory/{slug}); subcategory slugs are unique across the
 * whole tree because the spec addresses them without their parent. Changing a slug breaks shared links.
 */

/** A sub-subcategory; `family` only where it differs from its subcategory's. */
export type TaxonomySub2 = { slug: string; name: string; family?: SubstituteFamily };

export type TaxonomySubcategory = {
  slug: string;
  name: string;
  /** The substitute family of its products, unless their sub-subcategory says otherwise. */
  family: SubstituteFamily;
  /** Nutri-Score family when OFF gives no categories (beverages, cheeses, fats score differently). */
  nutriscoreCategory?: NutriscoreCategory;
  sub2: TaxonomySub2[];
};

export type TaxonomyCategory = { slug: string; name: string; subcategories: TaxonomySubcategory[] };

const s2 = (...names: string[]): TaxonomySub2[] => names.map((name) => ({ name, slug: slugify(name) }));
/** Sub-subcategories of another family than their subcategory's. */
const s2Of = (family: SubstituteFamily, ...names: string[]): TaxonomySub2[] => s2(...names).map((s) => ({ ...s, family }));

export const TAXONOMY: readonly TaxonomyCategory[] = [
  {
    slug: 'desayuno',
    name: 'Desayuno',
    subcategories: [
      // The breakfast shelf of milks and cereals: the spec's listings badge scores on subcategory 'leches' and
      // pre-select its 'Cereales' chip first.
      {
        slug: 'leches',
        name: 'Leches y cereales',
        family: 'milk',
        sub2: [
          ...s2Of('cereal', 'Cereales', 'Avenas', 'Granolas y muesli'),
          ...s2Of('cereal-bar', 'Barras de cereal'),
          ...s2('Leches', 'Leches saborizadas'),
          ...s2Of('plant-drink', 'Bebidas vegetales'),
          ...s2('Leches en polvo'),
        ],
      },
      {
        slug: 'panes-y-tostadas',
        name: 'Panes y tostadas',
        family: 'bread',
        sub2: [...s2('Pan de molde', 'Tostadas y galletas de arroz', 'Tortillas y pan pita'), ...s2Of('cookie-biscuit', 'Panes dulces')],
      },
      {
        slug: 'untables',
        name: 'Untables',
        family: 'jam-spread',
        sub2: [...s2('Mermeladas', 'Manjar y dulce de leche', 'Cremas de cacao', 'Mantequilla de maní'), ...s2Of('sweetener-sugar-honey', 'Miel')],
      },
      {
        slug: 'cafe-te-e-infusiones',
        name: 'Café, té e infusiones',
        family: 'coffee-tea-infusion',
        sub2: s2('Café', 'Té', 'Infusiones', 'Cacao en polvo'),
      },
    ],
  },
  {
    slug: 'snacks',
    name: 'Snacks',
    subcategories: [
      { slug: 'papas-fritas', name: 'Papas fritas', family: 'salty-snack', sub2: s2('Papas fritas') },
      {
        slug: 'snacks-salados',
        name: 'Snacks salados',
        family: 'salty-snack',
        sub2: [...s2('Nachos y tortillas', 'Ramitas y suflés', 'Palomitas'), ...s2Of('bread', 'Galletas saladas'), ...s2('Otros snacks')],
      },
      {
        slug: 'frutos-secos-y-semillas',
        name: 'Frutos secos y semillas',
        family: 'nuts-seeds',
        nutriscoreCategory: 'added_fat',
        sub2: s2('Frutos secos', 'Semillas', 'Mezclas'),
      },
      { slug: 'barritas', name: 'Barritas', family: 'cereal-bar', sub2: s2('Barritas de proteína', 'Barritas de frutas') },
    ],
  },
  {
    slug: 'chocolates-galletas-y-dulces',
    name: 'Chocolates, galletas y dulces',
    subcategories: [
      { slug: 'chocolates', name: 'Chocolates', family: 'chocolate-candy', sub2: s2('Tabletas', 'Bombones', 'Barras de chocolate') },
      { slug: 'galletas', name: 'Galletas', family: 'cookie-biscuit', sub2: s2('Galletas dulces', 'Galletas rellenas', 'Galletas con chocolate') },
      {
        slug: 'dulces-y-golosinas',
        name: 'Dulces y golosinas',
        family: 'chocolate-candy',
        sub2: s2('Caramelos', 'Gomitas', 'Chicles', 'Turrones y mazapanes'),
      },
      { slug: 'pasteleria', name: 'Pastelería', family: 'cookie-biscuit', sub2: s2('Queques y bizcochos', 'Alfajores', 'Donas y pasteles') },
      { slug: 'helados', name: 'Helados', family: 'ice-cream', sub2: s2('Helados') },
    ],
  },
  {
    slug: 'bebidas',
    name: 'Bebidas',
    subcategories: [
      { slug: 'bebidas-gaseosas', name: 'Bebidas gaseosas', family: 'soft-drink', nutriscoreCategory: 'beverage', sub2: s2('Bebidas', 'Bebidas sin azúcar', 'Tónicas') },
      { slug: 'jugos-y-nectares', name: 'Jugos y néctares', family: 'juice-nectar', nutriscoreCategory: 'beverage', sub2: s2('Jugos', 'Néctares') },
      { slug: 'aguas', name: 'Aguas', family: 'water', nutriscoreCategory: 'beverage', sub2: s2('Agua mineral', 'Agua saborizada') },
      {
        slug: 'bebidas-funcionales',
        name: 'Bebidas deportivas y energéticas',
        family: 'sports-energy-drink',
        nutriscoreCategory: 'beverage',
        sub2: s2('Isotónicas', 'Energéticas'),
      },
      { slug: 'te-y-cafe-frios', name: 'Té y café fríos', family: 'coffee-tea-infusion', nutriscoreCategory: 'beverage', sub2: s2('Té helado', 'Café frío') },
      { slug: 'bebidas-alcoholicas', name: 'Bebidas alcohólicas', family: 'alcoholic', sub2: s2('Cervezas', 'Vinos', 'Destilados') },
    ],
  },
  {
    slug: 'lacteos',
    name: 'Lácteos',
    subcategories: [
      { slug: 'yogures', name: 'Yogures', family: 'yogurt-fermented-milk', sub2: s2('Yogur natural', 'Yogur con sabor', 'Yogur bebible', 'Kéfir') },
      { slug: 'quesos', name: 'Quesos', family: 'cheese', nutriscoreCategory: 'cheese', sub2: s2('Quesos maduros', 'Quesos frescos', 'Quesos untables') },
      {
        slug: 'mantequillas-y-cremas',
        name: 'Mantequillas y cremas',
        family: 'butter-cream',
        nutriscoreCategory: 'added_fat',
        sub2: s2('Mantequilla', 'Margarina', 'Crema de leche'),
      },
      { slug: 'postres-lacteos', name: 'Postres lácteos', family: 'dessert', sub2: s2('Flanes y natillas', 'Postres') },
    ],
  },
  {
    slug: 'despensa',
    name: 'Despensa',
    subcategories: [
      {
        slug: 'arroz-y-legumbres',
        name: 'Arroz, legumbres y granos',
        family: 'pasta-rice-grain',
        sub2: [...s2('Arroz'), ...s2Of('legume', 'Legumbres'), ...s2('Quínoa y otros granos')],
      },
      { slug: 'pastas', name: 'Pastas', family: 'pasta-rice-grain', sub2: s2('Pastas', 'Fideos') },
      {
        slug: 'harinas-y-reposteria',
        name: 'Harinas y repostería',
        family: 'pasta-rice-grain',
        sub2: [...s2('Harinas'), ...s2Of('sweetener-sugar-honey', 'Azúcar y endulzantes'), ...s2Of('dessert', 'Postres en polvo', 'Gelatinas')],
      },
      {
        slug: 'aceites-y-vinagres',
        name: 'Aceites y vinagres',
        family: 'oil-fat',
        nutriscoreCategory: 'added_fat',
        sub2: [...s2('Aceites'), ...s2Of('sauce-condiment', 'Vinagres')],
      },
      {
        slug: 'salsas-y-condimentos',
        name: 'Salsas y condimentos',
        family: 'sauce-condiment',
        sub2: [
          ...s2('Salsas de tomate', 'Mayonesas y aderezos', 'Kétchup y mostaza'),
          ...s2Of('spice-herb', 'Especias y sazonadores', 'Sal'),
          ...s2('Salsas'),
        ],
      },
      {
        slug: 'conservas',
        name: 'Conservas',
        family: 'fruit-vegetable',
        sub2: [...s2('Verduras en conserva', 'Frutas en conserva', 'Aceitunas y encurtidos'), ...s2Of('legume', 'Legumbres cocidas')],
      },
      { slug: 'sopas-y-caldos', name: 'Sopas y caldos', family: 'soup', sub2: s2('Sopas', 'Caldos', 'Cremas') },
      { slug: 'huevos', name: 'Huevos', family: 'other', sub2: s2('Huevos') },
    ],
  },
  {
    slug: 'carnes-y-embutidos',
    name: 'Carnes y embutidos',
    subcategories: [
      { slug: 'embutidos', name: 'Embutidos', family: 'meat-product', sub2: s2('Jamón', 'Salchichas', 'Chorizos y longanizas', 'Patés', 'Fiambres') },
      { slug: 'carnes', name: 'Carnes', family: 'meat-product', sub2: s2('Vacuno', 'Cerdo', 'Pollo y pavo', 'Hamburguesas') },
    ],
  },
  {
    slug: 'pescados-y-mariscos',
    name: 'Pescados y mariscos',
    subcategories: [
      { slug: 'pescados-en-conserva', name: 'Pescados en conserva', family: 'fish-seafood', sub2: s2('Atún', 'Sardinas y jurel', 'Otros pescados') },
      { slug: 'mariscos', name: 'Mariscos', family: 'fish-seafood', sub2: s2('Choritos y mejillones', 'Otros mariscos') },
      { slug: 'pescados', name: 'Pescados frescos y congelados', family: 'fish-seafood', sub2: s2('Pescados') },
    ],
  },
  {
    slug: 'frutas-y-verduras',
    name: 'Frutas y verduras',
    subcategories: [
      { slug: 'frutas', name: 'Frutas', family: 'fruit-vegetable', sub2: s2('Frutas', 'Frutas deshidratadas') },
      { slug: 'verduras', name: 'Verduras', family: 'fruit-vegetable', sub2: s2('Verduras', 'Verduras congeladas') },
    ],
  },
  {
    slug: 'comidas-preparadas',
    name: 'Comidas preparadas',
    subcategories: [
      {
        slug: 'platos-preparados',
        name: 'Platos preparados',
        family: 'ready-meal',
        sub2: s2('Pizzas', 'Pastas preparadas', 'Empanadas y croquetas', 'Ensaladas', 'Otros platos'),
      },
      { slug: 'sandwiches', name: 'Sándwiches', family: 'ready-meal', sub2: s2('Sándwiches') },
    ],
  },
  {
    slug: 'alimentacion-vegetal',
    name: 'Alimentación vegetal',
    subcategories: [
      { slug: 'proteinas-vegetales', name: 'Proteínas vegetales', family: 'legume', sub2: s2('Tofu', 'Seitán y tempeh', 'Hamburguesas vegetales') },
      {
        slug: 'hummus-y-untables-vegetales',
        name: 'Hummus y untables',
        family: 'legume',
        sub2: [...s2('Hummus'), ...s2Of('sauce-condiment', 'Untables vegetales')],
      },
    ],
  },
  {
    slug: 'bebes-y-ninos',
    name: 'Bebés y niños',
    subcategories: [{ slug: 'alimentos-infantiles', name: 'Alimentos infantiles', family: 'baby-food', sub2: s2('Compotas', 'Papillas', 'Fórmulas infantiles') }],
  },
];

/** "Café, té e infusiones" → "cafe-te-e-infusiones". */
export function slugify(text: string): string {
  return foldKey(text)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Lower-case without accents; ñ becomes n, which is what slugs and keyword rules expect. */
export function foldKey(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

/** A place in the taxonomy, by slugs. sub2 may be absent when only the shelf is known. */
export type TaxonomyPath = { category: string; subcategory: string; sub2?: string };

const subcategoryIndex = new Map<string, { category: TaxonomyCategory; subcategory: TaxonomySubcategory }>();
for (const category of TAXONOMY) {
  for (const subcategory of category.subcategories) {
    if (subcategoryIndex.has(subcategory.slug)) throw new Error(`duplicate subcategory slug ${subcategory.slug}`);
    subcategoryIndex.set(subcategory.slug, { category, subcategory });
  }
}

export function findSubcategory(slug: string) {
  return subcategoryIndex.get(slug);
}

/** The substitute family of a place in the taxonomy; a product placed nowhere is 'other'. */
export function familyOf(path: TaxonomyPath | null): SubstituteFamily {
  const found = path ? subcategoryIndex.get(path.subcategory) : undefined;
  if (!found) return 'other';
  return found.subcategory.sub2.find((s) => s.slug === path?.sub2)?.family ?? found.subcategory.family;
}
