import { describe, expect, it } from 'vitest';
import { classifyProduct } from './classifier/classify-product.ts';
import { iconForCategory } from './category-icons.ts';
import { SUBSTITUTE_FAMILIES } from './substitute-families.ts';
import { familyOf, findSubcategory, slugify, TAXONOMY } from './taxonomy.ts';

describe('our taxonomy', () => {
  it('has the four landing categories, and desayuno has leches with a Cereales chip', () => {
    const slugs = TAXONOMY.map((c) => c.slug);
    expect(slugs).toEqual(expect.arrayContaining(['desayuno', 'snacks', 'chocolates-galletas-y-dulces', 'bebidas', 'lacteos', 'despensa']));
    const leches = findSubcategory('leches');
    expect(leches?.category.slug).toBe('desayuno');
    expect(leches?.subcategory.sub2.map((s) => s.name)).toContain('Cereales');
  });

  it('has URL-safe, unique slugs at every level', () => {
    const subSlugs = TAXONOMY.flatMap((c) => c.subcategories.map((s) => s.slug));
    expect(new Set(subSlugs).size).toBe(subSlugs.length);
    for (const c of TAXONOMY) {
      for (const slug of [c.slug, ...c.subcategories.flatMap((s) => [s.slug, ...s.sub2.map((x) => x.slug)])]) {
        expect(slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      }
    }
  });

  it.each([
    ['Desayuno', 'coffee'],
    ['Bebidas', 'cup-soda'],
    ['Chocolates, galletas y dulces', 'cookie'],
    ['Lácteos', 'milk'],
    ['Pescados y mariscos', 'fish'],
    ['Algo nuevo', 'shopping-basket'],
  ])('the icon for "%s" is %s', (name, icon) => {
    expect(iconForCategory(name)).toBe(icon);
  });

  it('slugifies Spanish names', () => {
    expect(slugify('Café, té e infusiones')).toBe('cafe-te-e-infusiones');
    expect(slugify('Mantequilla de maní')).toBe('mantequilla-de-mani');
  });
});

describe('classifying a product', () => {
  const where = (input: Parameters<typeof classifyProduct>[0]) => {
    const c = classifyProduct(input);
    return c ? `${c.category}/${c.subcategory}/${c.sub2 ?? ''}` : null;
  };

  it.each([
    // the head noun comes first in Spanish names
    ['Galletas de chocolate', 'chocolates-galletas-y-dulces/galletas/galletas-con-chocolate'],
    ['Chocolate con leche y almendras', 'chocolates-galletas-y-dulces/chocolates/tabletas'],
    ['Leche con chocolate', 'desayuno/leches/leches-saborizadas'],
    ['Leche entera', 'desayuno/leches/leches'],
    ['Bebida de avena', 'desayuno/leches/bebidas-vegetales'],
    ['Corn Flakes', 'desayuno/leches/cereales'],
    ['Yogur de frutilla', 'lacteos/yogures/yogur-con-sabor'],
    ['Crema de calabaza', 'despensa/sopas-y-caldos/cremas'],
    ['Crema de cacao con avellanas', 'desayuno/untables/cremas-de-cacao'],
    ['Crema para batir', 'lacteos/mantequillas-y-cremas/crema-de-leche'],
    ['Papas fritas sabor queso', 'snacks/papas-fritas/papas-fritas'],
    ['Atún en aceite de oliva', 'pescados-y-mariscos/pescados-en-conserva/atun'],
    ['Agua mineral sin gas', 'bebidas/aguas/agua-mineral'],
    ['Coca-Cola Zero', 'bebidas/bebidas-gaseosas/bebidas-sin-azucar'],
    ['Huevos de gallina', 'despensa/huevos/huevos'],
  ])('"%s" goes to %s by its name', (name, expected) => {
    expect(where({ name })).toBe(expected);
  });

  it.each([
    ['Frog Prince Milk Chocolate', 'chocolates'],
    ['Pure Vermont Maple Syrup', 'harinas-y-reposteria'],
    ['Chicken Noodle Soup', 'sopas-y-caldos'],
  ])('English names put the head noun last: "%s" goes to %s', (name, subcategory) => {
    expect(classifyProduct({ name })).toMatchObject({ subcategory, signal: 'name' });
  });

  it('prefers OFF categories, most specific tag first', () => {
    const c = classifyProduct({ name: 'Producto X', categoriesTags: ['en:beverages', 'en:sodas', 'en:colas', 'en:diet-sodas'] });
    expect(c).toMatchObject({ subcategory: 'bebidas-gaseosas', sub2: 'bebidas-sin-azucar', signal: 'categories' });
  });

  it('falls back to the name when OFF categories say nothing we know', () => {
    expect(classifyProduct({ name: 'Galletas de avena', categoriesTags: ['en:null'] })).toMatchObject({ subcategory: 'galletas', signal: 'name' });
  });

  it.each([
    ['Chokis Choko Max', 'galletas'],
    ['Casillero del Diablo', 'bebidas-alcoholicas'],
    ['Crackelet', 'snacks-salados'],
  ])('uses brand words when the name is only a brand: "%s" goes to %s', (name, subcategory) => {
    expect(classifyProduct({ name })).toMatchObject({ subcategory, signal: 'brand' });
  });

  it.each([
    ['Viña Maipo Merlot', 'bebidas-alcoholicas'],
    ['Queso mantecoso', 'quesos'],
    ['Merquén ahumado', 'salsas-y-condimentos'],
  ])('knows Chilean shelf words: "%s" goes to %s', (name, subcategory) => {
    expect(classifyProduct({ name })).toMatchObject({ subcategory });
  });

  it('uses the first ingredient when the name says nothing', () => {
    expect(classifyProduct({ name: 'Xyz Plus', ingredients: 'Ingredientes: Leche semidescremada, azúcar, cacao' })).toMatchObject({
      subcategory: 'leches',
      signal: 'ingredients',
    });
  });

  it('leaves a product it cannot place without a category', () => {
    expect(classifyProduct({ name: 'Xyz 3000', ingredients: 'Contiene trazas' })).toBeNull();
  });
});

describe('the most specific category decides, not the list position', () => {
  it('a mineral water whose tags end in a general parent is still a mineral water', () => {
    const c = classifyProduct({
      categoriesTags: ['en:beverages', 'en:waters', 'en:mineral-waters', 'en:unsweetened-beverages'],
      name: 'Agua',
    });
    expect(c?.subcategory).toBe(classifyProduct({ categoriesTags: ['en:mineral-waters'], name: 'Agua' })?.subcategory);
    expect(c?.subcategory).not.toBe('bebidas-gaseosas');
  });

  it("OFF's compared_to_category wins over the tag list", () => {
    const c = classifyProduct({ categoriesTags: ['en:beverages'], comparedToCategory: 'en:mineral-waters', name: 'Agua' });
    expect(c?.subcategory).toBe(classifyProduct({ categoriesTags: ['en:mineral-waters'], name: 'Agua' })?.subcategory);
  });
});

describe('the ingredient list settles what a name cannot (issue 26)', () => {
  const shelf = (name: string, ingredients?: string, nutrition?: { sugarsG?: number | null; fatG?: number | null }) => {
    const c = classifyProduct({ name, ingredients, ...(nutrition ? { nutrition } : {}) });
    return c ? `${c.subcategory}:${c.sub2 ?? ''} ${c.family}` : null;
  };

  it.each([
    ['Cola de caballo plus 3', 'Cola de caballo 50%, hojas de ortosifón, solidago', 'cafe-te-e-infusiones:infusiones coffee-tea-infusion'],
    ['Hoja de coca entera', 'Coca', 'cafe-te-e-infusiones:infusiones coffee-tea-infusion'],
    ['Bebida de alpiste', 'Bebida de alpiste (agua, alpiste 13,5%), aceite de girasol', 'leches:bebidas-vegetales plant-drink'],
    ['Bebida de chufa light', 'Agua, chufas (7%), emulgente', 'leches:bebidas-vegetales plant-drink'],
    ['Zero Lacto Leche Cultivada Chirimoya', 'Leche fluida descremada, fructosa, gelatina, lactasa', 'yogures:yogur-bebible yogurt-fermented-milk'],
    ['Happy Cola Candy', 'Glucose syrup, sugar, dextrose, gelatin, citric acid', 'dulces-y-golosinas:caramelos chocolate-candy'],
    ['Soda Crackers Biscuits', 'Wheat flour, vegetable shortening, salt', 'snacks-salados:galletas-saladas bread'],
  ])('"%s" is placed by what it is, not by a word it shares with a drink', (name, ingredients, expected) => {
    expect(shelf(name, ingredients)).toBe(expected);
  });

  it.each([
    ['a cookie word over a list of flour and yeast is a loaf', 'Maxi hamburguesa', 'Harina de trigo, agua, levadura, azúcar, aceite de girasol, semillas de sésamo', 'panes-y-tostadas:pan-de-molde bread'],
    ["a drink's name over a list that starts with milk and cultures", 'Zero', 'Leche descremada, fermentos lácticos, fructosa', 'yogures:yogur-natural yogurt-fermented-milk'],
    ['a fruit after a brand is a flavour', 'Belight Mango', 'Agua, ácido cítrico, aspartame, saborizante', 'aguas:agua-saborizada water'],
    ['a dry tea whose list starts with water is an iced tea', 'Té verde limón', 'Agua, azúcar, extracto de té verde', 'te-y-cafe-frios:te-helado coffee-tea-infusion'],
  ])('%s', (_case, name, ingredients, expected) => {
    expect(shelf(name, ingredients)).toBe(expected);
  });

  it.each([
    ['Ondas', 'Harina de trigo, agua, levadura, aceite vegetal, sal', { sugarsG: 5, fatG: 4 }, 'panes-y-tostadas:pan-de-molde bread'],
    ['Xokas', 'Harina de trigo, azúcar, grasa vegetal, chispas sabor chocolate', { sugarsG: 30, fatG: 20 }, 'galletas:galletas-con-chocolate cookie-biscuit'],
    ['Cruji', 'Harina de trigo, grasa vegetal, sal, bicarbonato', { sugarsG: 2, fatG: 12 }, 'snacks-salados:galletas-saladas bread'],
    ['Nito', 'Harina de trigo, azúcar, leche, huevo, polvo de hornear, grasa', { sugarsG: 25, fatG: 14 }, 'pasteleria:queques-y-bizcochos cookie-biscuit'],
  ])('a brand named "%s" is a loaf, a biscuit, a cracker or a cake by its list and its sugar', (name, ingredients, nutrition, expected) => {
    expect(shelf(name, ingredients, nutrition)).toBe(expected);
  });

  it.each([
    ['Dill Relish', 'Cucumbers, water, vinegar, salt', 'salsas-y-condimentos:salsas sauce-condiment'],
    ['Kosher Baby Dills', 'Cucumbers, water, vinegar, salt', 'conservas:aceitunas-y-encurtidos fruit-vegetable'],
    ['Tomato & Gorgonzola pasta sauce', 'Tomates, gorgonzola, cebolla', 'salsas-y-condimentos:salsas sauce-condiment'],
  ])('English names put the head noun last: "%s"', (name, ingredients, expected) => {
    expect(shelf(name, ingredients)).toBe(expected);
  });

  it('places no product that is no food', () => {
    expect(classifyProduct({ name: 'Desodorante en spray', ingredients: 'Butano, alcohol, perfume' })).toBeNull();
  });

  it('gives each placed product the family of its shelf', () => {
    for (const category of TAXONOMY) {
      for (const sub of category.subcategories) {
        for (const sub2 of sub.sub2) {
          expect(familyOf({ category: category.slug, subcategory: sub.slug, sub2: sub2.slug })).toBe(sub2.family ?? sub.family);
        }
      }
    }
    expect(familyOf(null)).toBe('other');
    expect(SUBSTITUTE_FAMILIES).toHaveLength(34);
  });
});
