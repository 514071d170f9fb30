import type { NutriscoreCategory } from '@etiqueta/domain';

/**
 * Our own product taxonomy: what a Chilean supermarket shelf looks like, in Spanish.
 * Open Food Facts' category tree is far too deep (7,000 entries) and mostly English/French, so products are
 * placed here by the classifier (classifier.ts) and OFF's categories are only one of its signals.
 *
 * Slugs are stable URLs (/category/{slug}, /subcategory/{slug}); subcategory slugs are unique across the
 * whole tree because the spec addresses them without their parent. Changing a slug breaks shared links.
 */
export type TaxonomySub2 = { slug: string; name: string };

export type TaxonomySubcategory = {
  slug: string;
  name: string;
  /** Nutri-Score family when OFF gives no categories (beverages, cheeses, fats score differently). */
  nutriscoreCategory?: NutriscoreCategory;
  sub2: TaxonomySub2[];
};

export type TaxonomyCategory = { slug: string; name: string; subcategories: TaxonomySubcategory[] };

const s2 = (...names: string[]): TaxonomySub2[] => names.map((name) => ({ name, slug: slugify(name) }));

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
        sub2: s2(
          'Cereales',
          'Avenas',
          'Granolas y muesli',
          'Barras de cereal',
          'Leches',
          'Leches saborizadas',
          'Bebidas vegetales',
          'Leches en polvo',
        ),
      },
      { slug: 'panes-y-tostadas', name: 'Panes y tostadas', sub2: s2('Pan de molde', 'Tostadas y galletas de arroz', 'Tortillas y pan pita', 'Panes dulces') },
      { slug: 'untables', name: 'Untables', sub2: s2('Mermeladas', 'Manjar y dulce de leche', 'Cremas de cacao', 'Mantequilla de maní', 'Miel') },
      {
        slug: 'cafe-te-e-infusiones',
        name: 'Café, té e infusiones',
        sub2: s2('Café', 'Té', 'Infusiones', 'Cacao en polvo'),
      },
    ],
  },
  {
    slug: 'snacks',
    name: 'Snacks',
    subcategories: [
      { slug: 'papas-fritas', name: 'Papas fritas', sub2: s2('Papas fritas') },
      {
        slug: 'snacks-salados',
        name: 'Snacks salados',
        sub2: s2('Nachos y tortillas', 'Ramitas y suflés', 'Palomitas', 'Galletas saladas', 'Otros snacks'),
      },
      {
        slug: 'frutos-secos-y-semillas',
        name: 'Frutos secos y semillas',
        nutriscoreCategory: 'added_fat',
        sub2: s2('Frutos secos', 'Semillas', 'Mezclas'),
      },
      { slug: 'barritas', name: 'Barritas', sub2: s2('Barritas de proteína', 'Barritas de frutas') },
    ],
  },
  {
    slug: 'chocolates-galletas-y-dulces',
    name: 'Chocolates, galletas y dulces',
    subcategories: [
      { slug: 'chocolates', name: 'Chocolates', sub2: s2('Tabletas', 'Bombones', 'Barras de chocolate') },
      { slug: 'galletas', name: 'Galletas', sub2: s2('Galletas dulces', 'Galletas rellenas', 'Galletas con chocolate') },
      {
        slug: 'dulces-y-golosinas',
        name: 'Dulces y golosinas',
        sub2: s2('Caramelos', 'Gomitas', 'Chicles', 'Turrones y mazapanes'),
      },
      { slug: 'pasteleria', name: 'Pastelería', sub2: s2('Queques y bizcochos', 'Alfajores', 'Donas y pasteles') },
      { slug: 'helados', name: 'Helados', sub2: s2('Helados') },
    ],
  },
  {
    slug: 'bebidas',
    name: 'Bebidas',
    subcategories: [
      { slug: 'bebidas-gaseosas', name: 'Bebidas gaseosas', nutriscoreCategory: 'beverage', sub2: s2('Bebidas', 'Bebidas sin azúcar', 'Tónicas') },
      { slug: 'jugos-y-nectares', name: 'Jugos y néctares', nutriscoreCategory: 'beverage', sub2: s2('Jugos', 'Néctares') },
      { slug: 'aguas', name: 'Aguas', nutriscoreCategory: 'beverage', sub2: s2('Agua mineral', 'Agua saborizada') },
      {
        slug: 'bebidas-funcionales',
        name: 'Bebidas deportivas y energéticas',
        nutriscoreCategory: 'beverage',
        sub2: s2('Isotónicas', 'Energéticas'),
      },
      { slug: 'te-y-cafe-frios', name: 'Té y café fríos', nutriscoreCategory: 'beverage', sub2: s2('Té helado', 'Café frío') },
      { slug: 'bebidas-alcoholicas', name: 'Bebidas alcohólicas', sub2: s2('Cervezas', 'Vinos', 'Destilados') },
    ],
  },
  {
    slug: 'lacteos',
    name: 'Lácteos',
    subcategories: [
      { slug: 'yogures', name: 'Yogures', sub2: s2('Yogur natural', 'Yogur con sabor', 'Yogur bebible', 'Kéfir') },
      { slug: 'quesos', name: 'Quesos', nutriscoreCategory: 'cheese', sub2: s2('Quesos maduros', 'Quesos frescos', 'Quesos untables') },
      {
        slug: 'mantequillas-y-cremas',
        name: 'Mantequillas y cremas',
        nutriscoreCategory: 'added_fat',
        sub2: s2('Mantequilla', 'Margarina', 'Crema de leche'),
      },
      { slug: 'postres-lacteos', name: 'Postres lácteos', sub2: s2('Flanes y natillas', 'Postres') },
    ],
  },
  {
    slug: 'despensa',
    name: 'Despensa',
    subcategories: [
      { slug: 'arroz-y-legumbres', name: 'Arroz, legumbres y granos', sub2: s2('Arroz', 'Legumbres', 'Quínoa y otros granos') },
      { slug: 'pastas', name: 'Pastas', sub2: s2('Pastas', 'Fideos') },
      {
        slug: 'harinas-y-reposteria',
        name: 'Harinas y repostería',
        sub2: s2('Harinas', 'Azúcar y endulzantes', 'Postres en polvo', 'Gelatinas'),
      },
      { slug: 'aceites-y-vinagres', name: 'Aceites y vinagres', nutriscoreCategory: 'added_fat', sub2: s2('Aceites', 'Vinagres') },
      {
        slug: 'salsas-y-condimentos',
        name: 'Salsas y condimentos',
        sub2: s2('Salsas de tomate', 'Mayonesas y aderezos', 'Kétchup y mostaza', 'Especias y sazonadores', 'Sal', 'Salsas'),
      },
      {
        slug: 'conservas',
        name: 'Conservas',
        sub2: s2('Verduras en conserva', 'Frutas en conserva', 'Aceitunas y encurtidos', 'Legumbres cocidas'),
      },
      { slug: 'sopas-y-caldos', name: 'Sopas y caldos', sub2: s2('Sopas', 'Caldos', 'Cremas') },
      { slug: 'huevos', name: 'Huevos', sub2: s2('Huevos') },
    ],
  },
  {
    slug: 'carnes-y-embutidos',
    name: 'Carnes y embutidos',
    subcategories: [
      { slug: 'embutidos', name: 'Embutidos', sub2: s2('Jamón', 'Salchichas', 'Chorizos y longanizas', 'Patés', 'Fiambres') },
      { slug: 'carnes', name: 'Carnes', sub2: s2('Vacuno', 'Cerdo', 'Pollo y pavo', 'Hamburguesas') },
    ],
  },
  {
    slug: 'pescados-y-mariscos',
    name: 'Pescados y mariscos',
    subcategories: [
      { slug: 'pescados-en-conserva', name: 'Pescados en conserva', sub2: s2('Atún', 'Sardinas y jurel', 'Otros pescados') },
      { slug: 'mariscos', name: 'Mariscos', sub2: s2('Choritos y mejillones', 'Otros mariscos') },
      { slug: 'pescados', name: 'Pescados frescos y congelados', sub2: s2('Pescados') },
    ],
  },
  {
    slug: 'frutas-y-verduras',
    name: 'Frutas y verduras',
    subcategories: [
      { slug: 'frutas', name: 'Frutas', sub2: s2('Frutas', 'Frutas deshidratadas') },
      { slug: 'verduras', name: 'Verduras', sub2: s2('Verduras', 'Verduras congeladas') },
    ],
  },
  {
    slug: 'comidas-preparadas',
    name: 'Comidas preparadas',
    subcategories: [
      {
        slug: 'platos-preparados',
        name: 'Platos preparados',
        sub2: s2('Pizzas', 'Pastas preparadas', 'Empanadas y croquetas', 'Ensaladas', 'Otros platos'),
      },
      { slug: 'sandwiches', name: 'Sándwiches', sub2: s2('Sándwiches') },
    ],
  },
  {
    slug: 'alimentacion-vegetal',
    name: 'Alimentación vegetal',
    subcategories: [
      { slug: 'proteinas-vegetales', name: 'Proteínas vegetales', sub2: s2('Tofu', 'Seitán y tempeh', 'Hamburguesas vegetales') },
      { slug: 'hummus-y-untables-vegetales', name: 'Hummus y untables', sub2: s2('Hummus', 'Untables vegetales') },
    ],
  },
  {
    slug: 'bebes-y-ninos',
    name: 'Bebés y niños',
    subcategories: [{ slug: 'alimentos-infantiles', name: 'Alimentos infantiles', sub2: s2('Compotas', 'Papillas', 'Fórmulas infantiles') }],
  },
];

/** Lucide icon names; the web app draws them. Chosen by the category's name, as the spec asks. */
const ICON_RULES: readonly [RegExp, string][] = [
  [/desayuno/, 'coffee'],
  [/snack/, 'popcorn'],
  [/chocolate|galleta|dulce/, 'cookie'],
  [/bebida/, 'cup-soda'],
  [/lacteo|leche|queso|yogur/, 'milk'],
  [/despensa/, 'wheat'],
  [/carne|embutido/, 'beef'],
  [/pescado|marisco/, 'fish'],
  [/fruta|verdura/, 'apple'],
  [/comida|plato/, 'pizza'],
  [/vegetal|vegan/, 'leaf'],
  [/bebe|nino/, 'baby'],
];

export function iconForCategory(name: string): string {
  const key = foldKey(name);
  return ICON_RULES.find(([re]) => re.test(key))?.[1] ?? 'shopping-basket';
}

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
