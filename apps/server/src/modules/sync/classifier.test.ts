import { describe, expect, it } from 'vitest';
import { classifyProduct } from './classifier.ts';
import { findSubcategory, iconForCategory, slugify, TAXONOMY } from './taxonomy.ts';

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
