import { describe, expect, it } from 'vitest';
import { mapOffProduct, type MappedProduct } from './mapper.ts';
import { fromFlatRecord, type OffProduct } from '../off/off-product.ts';

const base: OffProduct = {
  code: '7801234567890',
  product_name: 'Galletas de avena',
  brands: 'Costa, Carozzi',
  ingredients_text: 'harina de trigo, avena, azúcar',
  nutriments: { 'energy-kcal_100g': 450, fat_100g: 18, 'saturated-fat_100g': 8, carbohydrates_100g: 65, sugars_100g: 25, proteins_100g: 7, salt_100g: 0.5 },
};

function mapped(record: OffProduct): MappedProduct {
  const result = mapOffProduct(record);
  if (!result.ok) throw new Error(`rejected: ${result.reason}`);
  return result.product;
}

function reason(record: OffProduct): string {
  const result = mapOffProduct(record);
  if (result.ok) throw new Error('expected a rejection');
  return result.reason;
}

describe('mapping an OFF record to our product', () => {
  it('takes barcode, name, first brand and nutrients per 100 g', () => {
    expect(mapped(base)).toMatchObject({
      barcode: '7801234567890',
      name: 'Galletas de avena',
      brand: 'Costa',
      energyKcal100: 450,
      energyEstimated: false,
      totalFatG100: 18,
      totalSugarsG100: 25,
      sodiumMg100: 200,
    });
  });

  it('prefers the Spanish name and ingredients', () => {
    const p = mapped({ ...base, product_name_es: 'Galletas', ingredients_text: 'wheat flour', ingredients_text_es: 'harina de trigo' });
    expect(p.name).toBe('Galletas');
    expect(p.ingredients).toBe('harina de trigo');
  });

  it('converts kJ to kcal when kcal is missing', () => {
    const p = mapped({ ...base, nutriments: { ...base.nutriments, 'energy-kcal_100g': undefined, 'energy-kj_100g': 1884 } });
    expect(p.energyKcal100).toBe(450.29);
    expect(p.energyEstimated).toBe(false);
  });

  it('estimates energy from the macronutrients when there is none, and says so', () => {
    const p = mapped({ ...base, nutriments: { fat_100g: 10, carbohydrates_100g: 50, proteins_100g: 5, fiber_100g: 3 } });
    expect(p.energyKcal100).toBe(9 * 10 + 4 * 50 + 4 * 5 + 2 * 3);
    expect(p.energyEstimated).toBe(true);
  });

  it('derives sodium from salt, and keeps sodium when both are given', () => {
    expect(mapped({ ...base, nutriments: { salt_100g: 1.25 } }).sodiumMg100).toBe(500);
    expect(mapped({ ...base, nutriments: { salt_100g: 1.3, sodium_100g: 0.52 } }).sodiumMg100).toBe(520);
  });

  it('reads numbers written as strings with a decimal comma (CSV exports)', () => {
    expect(mapped({ ...base, nutriments: { sugars_100g: '12,5', carbohydrates_100g: '40' } }).totalSugarsG100).toBe(12.5);
  });

  it.each([
    [{ code: '' }, 'Sin código de barras'],
    [{ code: null }, 'Sin código de barras'],
    [{ code: 'abc-123' }, 'Código de barras no válido'],
    [{ product_name: '  ' }, 'Sin nombre de producto'],
  ])('rejects %j: %s', (patch, expected) => {
    expect(reason({ ...base, ...patch })).toBe(expected);
  });

  it.each([
    ['300 g of sugar per 100 g', { sugars_100g: 300 }, /azúcares: 300 g/],
    ['negative fat', { fat_100g: -2 }, /Valor negativo de grasas totales/],
    ['sugar above carbohydrates', { sugars_100g: 60, carbohydrates_100g: 20 }, /Azúcares \(60 g\) mayores/],
    ['saturated above total fat', { fat_100g: 5, 'saturated-fat_100g': 9 }, /Grasas saturadas \(9 g\) mayores/],
    ['more than 100 g of nutrients', { fat_100g: 60, carbohydrates_100g: 60, proteins_100g: 10 }, /suman 130 g/],
    ['1,200 kcal per 100 g', { 'energy-kcal_100g': 1200 }, /Energía imposible/],
  ])('rejects impossible values: %s', (_label, nutriments, expected) => {
    expect(reason({ ...base, nutriments })).toMatch(expected);
  });

  it('keeps only http(s) images, with a thumbnail and a gallery', () => {
    const p = mapped({
      ...base,
      image_front_url: 'https://images.openfoodfacts.org/images/products/780/123/456/7890/front_es.3.400.jpg',
      image_nutrition_url: 'data:image/png;base64,xxx',
      image_ingredients_url: 'http://images.openfoodfacts.org/images/products/780/123/456/7890/ingredients_es.4.400.jpg',
    });
    expect(p.images).toEqual({
      primary: 'https://images.openfoodfacts.org/images/products/780/123/456/7890/front_es.3.400.jpg',
      thumbnail: 'https://images.openfoodfacts.org/images/products/780/123/456/7890/front_es.3.200.jpg',
      gallery: [
        'https://images.openfoodfacts.org/images/products/780/123/456/7890/front_es.3.400.jpg',
        'http://images.openfoodfacts.org/images/products/780/123/456/7890/ingredients_es.4.400.jpg',
      ],
    });
    expect(mapped({ ...base, image_front_url: 'ftp://x/y.jpg' }).images).toBeNull();
  });

  it('moves 2019 image URLs to the current OFF image host', () => {
    const p = mapped({ ...base, image_front_url: 'https://static.openfoodfacts.org/images/products/780/012/016/4438/front_es.4.400.jpg' });
    expect(p.images?.primary).toBe('https://images.openfoodfacts.org/images/products/780/012/016/4438/front_es.4.400.jpg');
  });

  it('reads organic from labels', () => {
    expect(mapped({ ...base, labels_tags: ['en:organic', 'en:eu-organic'] }).organic).toBe(true);
    expect(mapped({ ...base, labels_tags: ['es:es-eco-001-an'] }).organic).toBe(true);
    expect(mapped({ ...base, labels_tags: ['en:no-gluten'] }).organic).toBe(false);
  });

  it.each([
    [['en:beverages', 'en:sodas'], 'beverage', false],
    [['en:beverages', 'en:waters', 'en:mineral-waters'], 'beverage', true],
    [['en:dairies', 'en:cheeses'], 'cheese', false],
    [['en:fats', 'en:vegetable-oils', 'en:olive-oils'], 'added_fat', false],
    [['en:snacks', 'en:biscuits'], 'solid', false],
  ])('the Nutri-Score family of %j is %s', (tags, family, water) => {
    const p = mapped({ ...base, categories_tags: tags });
    expect(p.nutriscoreCategory).toBe(family);
    expect(p.isWater).toBe(water);
  });

  it('without OFF categories, takes the Nutri-Score family from our shelf', () => {
    const label = (product_name: string, ingredients_text: string, nutriments?: OffProduct['nutriments']) =>
      mapped({ ...base, product_name, ingredients_text, ...(nutriments ? { nutriments } : {}) }).nutriscoreCategory;
    expect(label('Queso gouda laminado', 'leche pasteurizada, sal, cuajo')).toBe('cheese');
    expect(label('Jugo de naranja', 'jugo de naranja', { sugars_100g: 9, carbohydrates_100g: 10 })).toBe('beverage');
    expect(label('Aceite de oliva', 'aceite de oliva', { fat_100g: 100, 'saturated-fat_100g': 14 })).toBe('added_fat');
  });

  it('marks red meat for the Nutri-Score protein cap', () => {
    expect(mapped({ ...base, categories_tags: ['en:meats', 'en:beef'] }).isRedMeat).toBe(true);
    expect(mapped({ ...base, categories_tags: ['en:meats', 'en:poultries', 'en:chickens'] }).isRedMeat).toBe(false);
  });

  it('keeps OFF fruit/vegetable/legume percentages when known', () => {
    expect(mapped({ ...base, nutriments: { 'fruits-vegetables-legumes_100g': 45 } }).frutasPercentage).toBe(45);
  });

  it('reads the modification time', () => {
    expect(mapped({ ...base, last_modified_t: 1_774_461_913 }).sourceModifiedAt?.toISOString()).toBe('2026-03-25T18:05:13.000Z');
  });
});

describe('sold by volume (Chilean seals per 100 mL)', () => {
  const soda: OffProduct = { ...base, product_name: 'Bebida cola', categories_tags: ['en:beverages', 'en:sodas'], nutriments: { sugars_100g: 10, carbohydrates_100g: 10 } };
  const aggregated = (per: string): OffProduct => ({
    ...base,
    nutriments: null,
    nutrition: { aggregated_set: { per, preparation: 'as_sold', nutrients: { sugars: { value: 4, unit: 'g' }, carbohydrates: { value: 5, unit: 'g' } } } },
  });

  it.each([
    ['values per 100 mL (schema 1003 aggregated_set)', aggregated('100ml'), true],
    ['values per 100 g (schema 1003)', aggregated('100g'), false],
    ['values per 100 mL (legacy nutrition_data_per)', { ...base, nutrition_data_per: '100ml' }, true],
    ['quantity in mL, values per 100 g', { ...base, product_quantity_unit: 'ml' }, true],
    ['quantity in g', { ...base, product_quantity_unit: 'g' }, false],
    ['a Nutri-Score beverage whose record says nothing of volume', soda, true],
    ['a Nutri-Score beverage sold in grams (a powder)', { ...soda, product_quantity_unit: 'g' }, false],
    ['a solid whose record says nothing of volume', base, false],
  ])('%s → %s', (_label, record, liquid) => {
    expect(mapped(record).isLiquid).toBe(liquid);
  });
});

describe("OFF's allergen, trace and diet tags", () => {
  it('keeps allergens_tags, traces_tags and ingredients_analysis_tags as OFF writes them, lower case, each once', () => {
    const p = mapped({
      ...base,
      allergens_tags: ['en:gluten', 'en:milk', 'en:milk', 'de:Weizenprotein'],
      traces_tags: ['en:nuts'],
      ingredients_analysis_tags: ['en:palm-oil-free', 'en:non-vegan', 'en:vegetarian'],
    });
    expect(p.offAllergenTags).toEqual({
      allergens: ['en:gluten', 'en:milk', 'de:weizenprotein'],
      traces: ['en:nuts'],
      analysis: ['en:palm-oil-free', 'en:non-vegan', 'en:vegetarian'],
    });
  });

  it('stores null when the record has none, and drops what is not a tag', () => {
    expect(mapped(base).offAllergenTags).toBeNull();
    expect(mapped({ ...base, allergens_tags: [], traces_tags: [] }).offAllergenTags).toBeNull();
    expect(mapped({ ...base, allergens_tags: ['milk', '', 'en:eggs'] as string[] }).offAllergenTags).toEqual({
      allergens: ['en:eggs'],
      traces: [],
      analysis: [],
    });
  });

  it("reads OFF's CSV export, whose allergen tags column is named `allergens`", () => {
    const row = fromFlatRecord({
      code: '7801234567890',
      product_name: 'Galletas',
      ingredients_text: 'harina de trigo, leche',
      allergens: 'en:gluten,en:milk',
      traces_tags: 'en:nuts,en:peanuts',
      ingredients_analysis_tags: 'en:palm-oil-free,en:non-vegan,en:vegetarian',
      'energy-kcal_100g': '450',
    });
    expect(mapped(row).offAllergenTags).toEqual({
      allergens: ['en:gluten', 'en:milk'],
      traces: ['en:nuts', 'en:peanuts'],
      analysis: ['en:palm-oil-free', 'en:non-vegan', 'en:vegetarian'],
    });
  });
});
