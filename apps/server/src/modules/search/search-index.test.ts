import { describe, expect, it } from 'vitest';
import { barcodeVariants } from './barcode-variants.ts';
import { buildSearchIndex } from './search-index.ts';
import type { SearchDoc, SearchIndex } from './search-types.ts';
import { stemSpanish, tokenizeWords } from './search-words.ts';
import { boundedEditDistance, maxTyposFor } from './typos.ts';
import { readDietaryFacts } from './dietary-claims.ts';

type Row = [
  id: number,
  barcode: string,
  name: string,
  brand: string,
  categories: [string, string],
  score: number | null,
];

const rows: Row[] = [
  [1, '7801000000011', 'Galletas de Chocolate', 'Costa', ['Snacks', 'Galletas dulces'], 4.5],
  [2, '7801000000028', 'Galletas de Avena', 'McKay', ['Snacks', 'Galletas dulces'], 6.8],
  [3, '7801000000035', 'Chocolate Amargo 70%', 'Costa', ['Chocolates, galletas y dulces', 'Chocolates'], 5.9],
  [4, '7801000000042', 'Leche Sin Lactosa', 'Colun', ['Lácteos', 'Leches'], 7.2],
  [5, '7801000000059', 'Leche Entera', 'Soprole', ['Lácteos', 'Leches'], 6.1],
  [6, '7801000000066', 'Azúcar Rubia', 'Iansa', ['Despensa', 'Endulzantes'], 2.0],
  [7, '7801000000073', 'Galleta Chocolate Chips', 'Nestlé', ['Snacks', 'Galletas dulces'], 3.1],
  [8, '7801000000080', 'Yogur Batido Frutilla', 'Soprole', ['Lácteos', 'Yogures'], 5.0],
  [9, '7801000000097', 'Nueces Mariposa', 'Frutos del Maipo', ['Snacks', 'Frutos secos'], 8.9],
  [10, '7801000000103', 'Bebida Chocolatada', 'Colun', ['Lácteos', 'Leches'], 3.5],
  [11, '012345678905', 'Mantequilla de Maní', 'Gourmet', ['Despensa', 'Untables'], null],
  [12, '7801000000127', 'Cereal Chocapic', 'Nestlé', ['Desayuno', 'Cereales'], 3.3],
  [13, '7801000000134', 'Galletas', 'Tritón', ['Snacks', 'Galletas dulces'], 2.5],
  [14, '96385074', 'Té Verde Limón', 'Lipton', ['Bebidas', 'Infusiones'], 9.1],
  [15, '7801000000141', 'Azucarera Candy Moreno', 'Candy', ['Despensa', 'Azúcares'], 9.9],
  [16, '7801000000158', 'Galletas Chocolate Extra Grandes', 'Costa', ['Snacks', 'Galletas dulces'], null],
  [17, '7801000000165', 'Galletas Chocolate Finas', 'Costa', ['Snacks', 'Galletas dulces'], null],
];

const docs: SearchDoc<string>[] = rows.map(
  ([id, barcode, name, brand, [category, subcategory], healthScore]) => ({
    id,
    barcode,
    name,
    brand,
    categoryNames: [category],
    subcategoryNames: [subcategory],
    healthScore,
    payload: name,
  }),
);
const index = buildSearchIndex(docs);
/** What a search of `idx` answers: the hits' payloads, best first. */
const payloadsOf =
  <T,>(idx: SearchIndex<T>) =>
  (q: string, limit = 30) =>
    idx.search(q, limit).hits.map((h) => h.payload);
const names = payloadsOf(index);

/** An index of bare names (no brand, category or score), each its own payload: for what the words alone do. */
const namesOnly = (catalogue: readonly string[]) =>
  buildSearchIndex(
    catalogue.map((name, i) => ({
      id: i + 1,
      barcode: String(1000 + i),
      name,
      brand: '',
      categoryNames: [],
      subcategoryNames: [],
      healthScore: null,
      payload: name,
    })),
  );

describe('stemSpanish folds plural and gender, and leaves short words alone', () => {
  it.each([
    ['galletas', 'gallet'],
    ['galleta', 'gallet'],
    ['chocolates', 'chocolat'],
    ['chocolate', 'chocolat'],
    ['leches', 'lech'],
    ['leche', 'lech'],
    ['limones', 'limon'],
    ['limon', 'limon'],
    ['nueces', 'nuez'],
    ['nuez', 'nuez'],
    ['azucares', 'azucar'],
    ['azucar', 'azucar'],
    ['cafes', 'caf'],
    ['cafe', 'caf'],
    ['pan', 'pan'],
    ['sin', 'sin'],
    ['te', 'te'],
    ['7801', '7801'],
    ['70g', '70g'],
  ])('%s → %s', (word, stem) => {
    expect(stemSpanish(word)).toBe(stem);
  });
});

describe('tokenizeWords', () => {
  it.each([
    ['Azúcar RUBIA', ['azucar', 'rubia'], ['azúcar', 'rubia']],
    ['  Chocolate  70% ', ['chocolate', '70'], ['chocolate', '70']],
    ['Té-verde/limón', ['te', 'verde', 'limon'], ['té', 'verde', 'limón']],
    ['Ñandú', ['nandu'], ['ñandú']],
    ['', [], []],
  ])('%j → %j', (text, words, displays) => {
    const tokens = tokenizeWords(text);
    expect(tokens.map((t) => t.word)).toEqual(words);
    expect(tokens.map((t) => t.display)).toEqual(displays);
  });
});

describe('barcodeVariants', () => {
  it.each([
    ['7801000000011', ['7801000000011']],
    ['0012345678905', ['0012345678905', '012345678905']],
    ['012345678905', ['012345678905', '0012345678905']],
    ['96385074', ['96385074']],
    ['00012345678905', ['00012345678905', '0012345678905', '012345678905']],
    ['17801000000011', ['17801000000011']],
  ])('%s → %j', (code, variants) => {
    expect(barcodeVariants(code)).toEqual(variants);
  });
});

describe('boundedEditDistance', () => {
  it.each([
    ['chocolate', 'chocolate', 2, 0],
    ['chocolte', 'chocolate', 2, 1],
    ['cohcolate', 'chocolate', 2, 1],
    ['galeta', 'galleta', 1, 1],
    ['galetas', 'galleta', 2, 2],
    ['leche', 'noche', 1, 2],
    ['leche', 'lechera', 1, 2],
    ['a', 'abcd', 1, 2],
  ])('%s ↔ %s (max %i) = %i', (a, b, max, expected) => {
    expect(boundedEditDistance(a, b, max)).toBe(expected);
  });

  it.each([
    [3, 0],
    [4, 1],
    [7, 1],
    [8, 2],
  ])('a word of %i letters tolerates %i typos', (length, typos) => {
    expect(maxTyposFor(length)).toBe(typos);
  });
});

describe('search', () => {
  it.each([
    ['a query under 2 characters finds nothing', 'g', []],
    ['a blank query finds nothing', '   ', []],
  ])('%s', (_label, q, expected) => {
    expect(index.search(q, 30)).toEqual({ hits: [], total: 0, suggestions: expected });
  });

  it.each([
    ['accents do not matter', 'azucar', 'Azúcar Rubia'],
    ['case does not matter', 'AZÚCAR rubia', 'Azúcar Rubia'],
    ['the singular finds the plural', 'galleta avena', 'Galletas de Avena'],
    ['the plural finds the singular', 'galletas chips', 'Galleta Chocolate Chips'],
    ['plural -ces finds -z', 'nuez', 'Nueces Mariposa'],
    ['one typo', 'chocolte amargo', 'Chocolate Amargo 70%'],
    ['a transposition', 'lehce entera', 'Leche Entera'],
    ['two typos in a long word', 'mantequila mani', 'Mantequilla de Maní'],
    ['the last word as a prefix', 'yogur bat', 'Yogur Batido Frutilla'],
    ['brand', 'iansa', 'Azúcar Rubia'],
    ['category name', 'endulzantes', 'Azúcar Rubia'],
    ['stop words are optional', 'galletas de chocolate', 'Galletas de Chocolate'],
    ['an EAN-13 barcode typed as text', '7801000000097', 'Nueces Mariposa'],
    ['a UPC-A barcode typed with the EAN-13 zero', '0012345678905', 'Mantequilla de Maní'],
    ['an EAN-8 barcode', '96385074', 'Té Verde Limón'],
  ])('%s: %s → %s first', (_label, q, first) => {
    expect(names(q)[0]).toBe(first);
  });

  it('searches every field and requires every significant word', () => {
    expect(names('chocolate amargo')).toEqual(['Chocolate Amargo 70%']);
    expect(names('costa')).toEqual([
      'Chocolate Amargo 70%',
      'Galletas de Chocolate',
      'Galletas Chocolate Finas',
      'Galletas Chocolate Extra Grandes',
    ]);
  });

  it('ranks the exact name first, then names that start with the query, then by relevance and score', () => {
    // 'Galletas' is the whole name of 13; the next start with it (by score, then the shorter name);
    // the last matches by category only.
    expect(names('galletas')).toEqual([
      'Galletas',
      'Galletas de Avena',
      'Galletas de Chocolate',
      'Galleta Chocolate Chips',
      'Galletas Chocolate Finas',
      'Galletas Chocolate Extra Grandes',
      'Chocolate Amargo 70%',
    ]);
  });

  it('forgives one unknown word in a long query, never in a short one', () => {
    expect(names('galletas avena crujientes')).toEqual(['Galletas de Avena']);
    expect(names('azucar flor')).toEqual([]);
  });

  it('ranks a subcategory match above a broad category match', () => {
    // 'Galletas dulces' is the subcategory of six; 'dulces' is only in the category of the last.
    expect(names('dulces')).toEqual([
      'Galletas de Avena',
      'Galletas de Chocolate',
      'Galleta Chocolate Chips',
      'Galletas',
      'Galletas Chocolate Finas',
      'Galletas Chocolate Extra Grandes',
      'Chocolate Amargo 70%',
    ]);
  });

  it('ranks a name that starts with the whole word above one where it is only the start of a word', () => {
    // 'Azucarera…' has the better score, but the shopper typed a whole word: 'azucar'.
    expect(names('azucar')).toEqual(['Azúcar Rubia', 'Azucarera Candy Moreno']);
  });

  it('breaks ties by health score, then by the shorter name', () => {
    expect(names('galletas chocolate')).toEqual([
      'Galletas de Chocolate',
      'Galleta Chocolate Chips',
      'Galletas Chocolate Finas',
      'Galletas Chocolate Extra Grandes',
      'Chocolate Amargo 70%',
    ]);
  });

  it('ranks a name match above a category match, then by health score', () => {
    expect(names('leche')).toEqual(['Leche Sin Lactosa', 'Leche Entera', 'Bebida Chocolatada']);
  });

  it('reads the last word as a prefix, and any word the catalogue does not know', () => {
    expect(names('leche ent')).toEqual(['Leche Entera']);
    expect(names('choco')).toContain('Bebida Chocolatada');
    expect(names('chocol leches')).toEqual(['Bebida Chocolatada']);
  });

  it('respects the limit, barcode hit included', () => {
    expect(names('galletas', 2)).toEqual(['Galletas', 'Galletas de Avena']);
    expect(names('7801000000011', 1)).toEqual(['Galletas de Chocolate']);
  });

  it('counts every match and answers any page of them, skipping excluded products', () => {
    const all = names('galletas');
    expect(all.length).toBeGreaterThan(4);
    expect(index.search('galletas', 2)).toMatchObject({ total: all.length });
    expect(index.search('galletas', 2, { offset: 2 }).hits.map((h) => h.payload)).toEqual(all.slice(2, 4));
    expect(index.search('galletas', 2, { offset: all.length })).toMatchObject({ hits: [], total: all.length });
    const without = index.search('galletas', 30, { exclude: new Set([13, 2]) });
    expect(without.total).toBe(all.length - 2);
    expect(without.hits.map((h) => h.payload)).toEqual(all.filter((n) => n !== 'Galletas' && n !== 'Galletas de Avena'));
    expect(index.search('7801000000011', 5)).toMatchObject({ total: 1 });
  });

  it('a deep page is the same slice of one order as the first pages', () => {
    const many = buildSearchIndex(
      Array.from({ length: 900 }, (_, i) => ({
        id: i + 1,
        barcode: String(7802000000000 + i),
        name: i % 3 === 0 ? `Leche ${i}` : `Postre de leche ${i}`,
        brand: 'Marca',
        categoryNames: ['Lácteos'],
        subcategoryNames: ['Leches'],
        healthScore: (i * 37) % 100 / 10,
        payload: i,
      })),
    );
    const order: number[] = [];
    for (let page = 0; page < 30; page++) order.push(...many.search('leche', 30, { offset: page * 30 }).hits.map((h) => h.payload));
    expect(order).toHaveLength(900);
    expect(new Set(order).size).toBe(900);
    expect(many.search('leche', 30, { offset: 600 }).hits.map((h) => h.payload)).toEqual(order.slice(600, 630));
    expect(many.search('leche', 250).hits.map((h) => h.payload)).toEqual(order.slice(0, 250));
    expect(many.search('leche', 30).total).toBe(900);
  });

  it('suggests the real catalogue word for a typo, with accents as the catalogue writes them', () => {
    expect(index.search('chocolte', 30).suggestions).toEqual(['chocolate']);
    expect(index.search('azucr', 30).suggestions).toEqual(['azúcar']);
    expect(index.search('galletas chocolte', 30).suggestions).toEqual(['galletas chocolate']);
  });

  it('suggests nothing when every word was found', () => {
    expect(index.search('galletas chocolate', 30).suggestions).toEqual([]);
  });

  it('looks further for suggestions when nothing was found', () => {
    const out = index.search('yoguhrrt', 30);
    expect(out.hits).toEqual([]);
    expect(out.suggestions).toEqual(['yogur']);
  });

  it('finds nothing and suggests nothing for gibberish', () => {
    expect(index.search('qwxz zzkj', 30)).toEqual({ hits: [], total: 0, suggestions: [] });
  });

  it('never typo-corrects numbers', () => {
    // '1001' is one edit from '1000', but a size or a code typed wrong is another product.
    const small = buildSearchIndex([{ ...docs[0]!, name: 'Chocolate 1000 g', payload: 'Chocolate 1000 g' }]);
    expect(small.search('chocolate 1000', 30).hits).toHaveLength(1);
    expect(small.search('chocolate 1001', 30)).toEqual({ hits: [], total: 0, suggestions: [] });
  });

  it('finds by barcode in every EAN/UPC form', () => {
    expect(index.findByBarcode('012345678905')).toBe('Mantequilla de Maní');
    expect(index.findByBarcode('0012345678905')).toBe('Mantequilla de Maní');
    expect(index.findByBarcode('7801000000011')).toBe('Galletas de Chocolate');
    expect(index.findByBarcode('7801000000999')).toBeNull();
  });

  it('ranks a name by the word a typo was corrected to, as if it had been typed right', () => {
    const small = buildSearchIndex(
      (
        [
          [1, 'Chocolate semi amargo', 9.0],
          [2, 'Chocolate amargo', 3.0],
        ] as const
      ).map(([id, name, healthScore]) => ({
        id,
        barcode: String(id),
        name,
        brand: '',
        categoryNames: [],
        subcategoryNames: [],
        healthScore,
        payload: name,
      })),
    );
    expect(small.search('chocolte amargo', 30).hits.map((h) => h.payload)).toEqual([
      'Chocolate amargo',
      'Chocolate semi amargo',
    ]);
  });

  it('an empty catalogue answers empty', () => {
    expect(buildSearchIndex([]).search('leche', 30)).toEqual({ hits: [], total: 0, suggestions: [] });
  });
});

describe('search: joined words and Spanish over Catalan forms', () => {
  const catalogue = [
    'Coca-Cola Original',
    'Coca-Cola Sin Azúcar',
    'Cola de Mono',
    'Hojas de Coca',
    'Galletas María',
    'Galletas de Avena',
    'Galletas de Chocolate',
    'Galletas Soda',
    "Galetes d'espelta",
    'Galletón Integral',
    'Salsa de Tomate',
    'Sal de Mar',
  ];
  const joined = namesOnly(catalogue);
  const found = payloadsOf(joined);

  it("'cocacola' finds Coca-Cola, as 'coca cola' does", () => {
    expect(found('cocacola').sort()).toEqual(['Coca-Cola Original', 'Coca-Cola Sin Azúcar']);
    // Nothing known of either's sugar here: the one whose name says so ranks first.
    expect(found('cocacola sin azucar')[0]).toBe('Coca-Cola Sin Azúcar');
    expect(found('coca cola')).toEqual(found('cocacola'));
  });

  it('a word the catalogue knows is never cut', () => {
    expect(found('salsa')).toEqual(['Salsa de Tomate']);
  });

  it("'galetas' ranks the Spanish Galletas above the Catalan Galetes", () => {
    const hits = found('galetas');
    expect(hits).toContain("Galetes d'espelta");
    expect(hits.indexOf("Galetes d'espelta")).toBeGreaterThan(hits.indexOf('Galletas María'));
    expect(hits.slice(0, 4).every((name) => name.startsWith('Galletas'))).toBe(true);
    expect(joined.search('galetas', 30).suggestions).toEqual(['galletas']);
  });

  it('a word typed as the catalogue writes it is not corrected to a commoner one', () => {
    expect(found('galetes')[0]).toBe("Galetes d'espelta");
  });
});

describe("search: a Chilean word finds the food another region's label names otherwise", () => {
  const catalogue = [
    'Patatas fritas lisas',
    'Papas fritas corte americano',
    'Frijoles negros refritos',
    'Alubias blancas cocidas',
    'Mermelada de fresa',
    'Mermelada de frutilla',
    'Maíz dulce en grano',
    'Tortillas de maíz',
    'Chocolate negro 70% cacao',
    'Frijoles negros enteros',
  ];
  const regional = namesOnly(catalogue);
  const found = payloadsOf(regional);

  it("'papas fritas' finds the Spanish 'Patatas fritas', the word as typed first", () => {
    expect(found('papas fritas')).toEqual(['Papas fritas corte americano', 'Patatas fritas lisas']);
    expect(found('patatas fritas')).toEqual(['Patatas fritas lisas', 'Papas fritas corte americano']);
  });

  it("'porotos' finds Mexican frijoles and Spanish alubias, and suggests no correction for them", () => {
    expect(found('porotos').sort()).toEqual([
      'Alubias blancas cocidas',
      'Frijoles negros enteros',
      'Frijoles negros refritos',
    ]);
    expect(regional.search('porotos', 30).suggestions).toEqual([]);
  });

  it("'mermelada de frutilla' ranks the frutilla before the fresa, both as the word itself", () => {
    expect(found('mermelada de frutilla')).toEqual(['Mermelada de frutilla', 'Mermelada de fresa']);
  });

  it('one way where the other word is broader: choclo finds maíz, maíz never finds a choclo that is not maíz', () => {
    expect(found('choclo')).toEqual(['Maíz dulce en grano', 'Tortillas de maíz']);
    expect(found('chocolate bitter')).toEqual(['Chocolate negro 70% cacao']);
    // 'negro' is not 'bitter': black beans stay black beans.
    expect(found('frijoles negros')).toEqual(['Frijoles negros enteros', 'Frijoles negros refritos']);
  });
});

describe("search: 'sin X' and 'light / zero' are wishes about the product", () => {
  const shelf: [number, string, string | null, number][] = [
    [1, 'Yogur Azucarado Frutilla', 'leche descremada, azúcar, frutilla', 6.0],
    [2, 'Yogur Natural', 'leche descremada, fermentos lácticos', 5.0],
    [3, 'Yogur Batido Sin Azúcar', null, 4.0],
    [4, 'Yogur Griego', null, 7.0],
    [5, 'Yogur Endulzado', 'leche, jarabe de glucosa', 8.0],
    [6, 'Coca-Cola Original', 'agua carbonatada, azúcar, colorante caramelo', 2.0],
    [7, 'Coca-Cola Zero', null, 3.0],
    [8, 'Leche Entera', null, 6.5],
    [9, 'Leche Descremada Sin Lactosa', 'leche descremada, lactasa', 6.0],
  ];
  const shelfIndex = buildSearchIndex(
    shelf.map(([id, name, ingredients, healthScore]) => ({
      id,
      barcode: String(7803000000000 + id),
      name,
      brand: name.startsWith('Coca') ? 'Coca-Cola' : 'Soprole',
      categoryNames: ['Lácteos'],
      subcategoryNames: [],
      healthScore,
      dietary: readDietaryFacts(name, [], ingredients),
      payload: name,
    })),
  );
  const found = payloadsOf(shelfIndex);

  it('never shows a product that names X as added, and the ones known free of it first', () => {
    const yogures = found('yogur sin azucar');
    expect(yogures).not.toContain('Yogur Azucarado Frutilla');
    expect(yogures).not.toContain('Yogur Endulzado');
    expect(yogures.slice(0, 2).sort()).toEqual(['Yogur Batido Sin Azúcar', 'Yogur Natural']);
    expect(yogures).toContain('Yogur Griego');
    expect(shelfIndex.search('yogur sin azúcar', 30).total).toBe(yogures.length);
  });

  it("a product labelled 'sin X' ranks before one free of X only by its list, whatever its name's tier", () => {
    const galletas = buildSearchIndex(
      (
        [
          [1, 'Galletas de Arroz', 'arroz, sal'],
          [2, 'Almirón Galletas Sin Gluten', null],
          [3, 'Galletas de Trigo', 'harina de trigo, azúcar'],
        ] as const
      ).map(([id, name, ingredients]) => ({
        id,
        barcode: String(id),
        name,
        brand: '',
        categoryNames: [],
        subcategoryNames: [],
        healthScore: null,
        dietary: readDietaryFacts(name, [], ingredients),
        payload: name,
      })),
    );
    expect(galletas.search('galletas sin gluten', 30).hits.map((h) => h.payload)).toEqual([
      'Almirón Galletas Sin Gluten',
      'Galletas de Arroz',
    ]);
  });

  it("'yoghurt', 'yogurt' and 'yogur' are one word", () => {
    expect(stemSpanish('yoghurt')).toBe(stemSpanish('yogur'));
    expect(stemSpanish('yogurt')).toBe(stemSpanish('yogures'));
    expect(found('yoghurt natural')).toEqual(['Yogur Natural']);
  });

  it("'leche sin lactosa': the lactose-free milk, never the whole one", () => {
    expect(found('leche sin lactosa')).toEqual(['Leche Descremada Sin Lactosa']);
  });

  it("'coca cola zero' and 'coca cola light' put the no-sugar version first", () => {
    expect(found('coca cola zero')[0]).toBe('Coca-Cola Zero');
    expect(found('coca cola light')[0]).toBe('Coca-Cola Zero');
    expect(found('cocacola zero')[0]).toBe('Coca-Cola Zero');
  });
});
