import { describe, expect, it } from 'vitest';
import {
  computeNutriscore2023,
  inferNutriscoreCategory,
  nutriscoreGrade,
  saturatedFatRatio,
  type NutriscoreInput,
} from '../src/index.ts';

const base: NutriscoreInput = {
  category: 'solid',
  energyKj: 0,
  sugarsG: 0,
  saturatedFatG: 0,
  fatG: 0,
  saltG: 0,
  fiberG: 0,
  proteinsG: 0,
  fruitsVegetablesLegumesPercent: 0,
};
const points = (input: Partial<NutriscoreInput>, id: string): number | undefined => {
  const r = computeNutriscore2023({ ...base, ...input });
  return [...r.components.negative, ...r.components.positive].find((c) => c.id === id)?.points;
};

describe('component points at their thresholds (points count thresholds strictly exceeded)', () => {
  it.each([
    ['energy exactly 335 kJ gives 0', { energyKj: 335 }, 'energy', 0],
    ['energy 335.1 kJ gives 1', { energyKj: 335.1 }, 'energy', 1],
    ['energy above 3350 kJ gives the maximum 10', { energyKj: 4000 }, 'energy', 10],
    ['sugars exactly 3.4 g gives 0', { sugarsG: 3.4 }, 'sugars', 0],
    ['sugars 3.41 g gives 1', { sugarsG: 3.41 }, 'sugars', 1],
    ['sugars above 51 g gives the maximum 15', { sugarsG: 60 }, 'sugars', 15],
    ['saturated fat exactly 1 g gives 0', { saturatedFatG: 1 }, 'saturated_fat', 0],
    ['saturated fat 10.1 g gives 10', { saturatedFatG: 10.1 }, 'saturated_fat', 10],
    ['salt exactly 0.2 g gives 0', { saltG: 0.2 }, 'salt', 0],
    ['salt above 4 g gives the maximum 20', { saltG: 4.5 }, 'salt', 20],
    ['fibre exactly 3.0 g gives 0', { fiberG: 3 }, 'fiber', 0],
    ['fibre 7.5 g gives the maximum 5', { fiberG: 7.5 }, 'fiber', 5],
    ['fruit 40 % gives 0', { fruitsVegetablesLegumesPercent: 40 }, 'fruits_vegetables_legumes', 0],
    ['fruit 60.1 % gives 2', { fruitsVegetablesLegumesPercent: 60.1 }, 'fruits_vegetables_legumes', 2],
    ['fruit 80.1 % jumps to 5', { fruitsVegetablesLegumesPercent: 80.1 }, 'fruits_vegetables_legumes', 5],
    ['protein 17.1 g gives the maximum 7', { proteinsG: 17.1 }, 'proteins', 7],
    ['unknown fibre counts 0', { fiberG: null }, 'fiber', 0],
  ])('%s', (_name, input, id, expected) => {
    expect(points(input, id)).toBe(expected);
  });
});

describe('category branches', () => {
  it.each([
    ['beverage energy 30 kJ gives 0', { category: 'beverage' as const, energyKj: 30 }, 'energy', 0],
    ['beverage energy 30.1 kJ gives 1', { category: 'beverage' as const, energyKj: 30.1 }, 'energy', 1],
    ['beverage sugars 0.5 g gives 0', { category: 'beverage' as const, sugarsG: 0.5 }, 'sugars', 0],
    [
      'beverage sugars 11.1 g gives the maximum 10',
      { category: 'beverage' as const, sugarsG: 11.1 },
      'sugars',
      10,
    ],
    [
      'beverage with sweeteners gets 4 points',
      { category: 'beverage' as const, hasNonNutritiveSweeteners: true },
      'non_nutritive_sweeteners',
      4,
    ],
    ['beverage protein 3.1 g gives 7', { category: 'beverage' as const, proteinsG: 3.1 }, 'proteins', 7],
    [
      'fat: energy from saturates 120 kJ (3.24 g) gives 0',
      { category: 'added_fat' as const, saturatedFatG: 120 / 37, fatG: 100 },
      'energy_from_saturated_fat',
      0,
    ],
    [
      'fat: saturated ratio exactly 10 % gives 1 (≥ rule)',
      { category: 'added_fat' as const, saturatedFatG: 10, fatG: 100 },
      'saturated_fat_ratio',
      1,
    ],
    [
      'fat: saturated ratio 9.9 % gives 0',
      { category: 'added_fat' as const, saturatedFatG: 9.9, fatG: 100 },
      'saturated_fat_ratio',
      0,
    ],
    ['red meat: protein capped at 2', { proteinsG: 50, isRedMeat: true }, 'proteins', 2],
  ])('%s', (_name, input, id, expected) => {
    expect(points(input, id)).toBe(expected);
  });

  it.each([
    ['general food: negative 10 counts protein', { saturatedFatG: 10.1 }, true],
    ['general food: negative 11 drops protein', { saturatedFatG: 10.1, sugarsG: 3.5 }, false],
    [
      'cheese always counts protein',
      { category: 'cheese' as const, saturatedFatG: 10.1, sugarsG: 10.1, proteinsG: 20 },
      true,
    ],
    [
      'fats: negative 6 counts protein',
      { category: 'added_fat' as const, saturatedFatG: 9.9, fatG: 100, saltG: 0.61 },
      true,
    ],
    [
      'fats: negative 7 drops protein',
      { category: 'added_fat' as const, saturatedFatG: 9.9, fatG: 100, saltG: 0.81 },
      false,
    ],
  ])('%s', (_name, input, expected) => {
    expect(computeNutriscore2023({ ...base, proteinsG: 10, ...input }).countProteins).toBe(expected);
  });

  it('plain water is grade A whatever the numbers', () => {
    expect(computeNutriscore2023({ ...base, category: 'beverage', isWater: true, sugarsG: 20 }).grade).toBe(
      'a',
    );
  });
});

describe('grade bands', () => {
  it.each([
    ['solid 0 is A', 0, 'solid', 'a'],
    ['solid 1 is B', 1, 'solid', 'b'],
    ['solid 2 is B', 2, 'solid', 'b'],
    ['solid 3 is C', 3, 'solid', 'c'],
    ['solid 10 is C', 10, 'solid', 'c'],
    ['solid 11 is D', 11, 'solid', 'd'],
    ['solid 18 is D', 18, 'solid', 'd'],
    ['solid 19 is E', 19, 'solid', 'e'],
    ['fat −6 is A', -6, 'added_fat', 'a'],
    ['fat −5 is B', -5, 'added_fat', 'b'],
    ['beverage 2 is B', 2, 'beverage', 'b'],
    ['beverage 3 is C', 3, 'beverage', 'c'],
    ['beverage 6 is C', 6, 'beverage', 'c'],
    ['beverage 7 is D', 7, 'beverage', 'd'],
    ['beverage 9 is D', 9, 'beverage', 'd'],
    ['beverage 10 is E', 10, 'beverage', 'e'],
    ['cheese uses the general bands', 0, 'cheese', 'a'],
  ] as const)('%s', (_name, score, category, grade) => {
    expect(nutriscoreGrade(score, category)).toBe(grade);
  });
});

describe('saturated fat ratio', () => {
  it.each([
    ['14 of 92 g is 15.2 %', 14, 92, 15.2174],
    ['no saturated fat is 0 %', 0, 10, 0],
    ['saturated fat without total fat counts as 100 %', 5, null, 100],
    ['unknown saturated fat is unknown', null, 10, null],
  ])('%s', (_name, sat, fat, expected) => {
    expect(saturatedFatRatio(sat, fat)).toBe(expected);
  });
});

describe('Nutri-Score category from OFF categories (data-lake mapper)', () => {
  const solid = { category: 'solid', isWater: false, isRedMeat: false };
  const redMeat = { ...solid, isRedMeat: true };
  const beverage = { ...solid, category: 'beverage' };
  const water = { ...beverage, isWater: true };
  const cheese = { ...solid, category: 'cheese' };
  const addedFat = { ...solid, category: 'added_fat' };
  it.each([
    ['a soda is a beverage', ['en:beverages', 'en:carbonated-drinks', 'en:sodas'], beverage],
    [
      'milk is a beverage in 2023 (OFF: "Milk and dairy drinks are considered beverages")',
      ['en:dairies', 'en:milks', 'en:beverages'],
      beverage,
    ],
    ['plain mineral water is water', ['en:beverages', 'en:waters', 'en:mineral-waters'], water],
    ['flavoured water is not water', ['en:beverages', 'en:waters', 'en:flavored-waters'], beverage],
    ['a cheese', ['en:dairies', 'en:cheeses'], cheese],
    ['olive oil is fats', ['en:fats', 'en:vegetable-oils', 'en:olive-oils'], addedFat],
    ['nuts are fats, oils, nuts and seeds', ['en:nuts'], addedFat],
    ['mayonnaise is a sauce, not a fat', ['en:fats', 'en:sauces', 'en:mayonnaises'], solid],
    ['beef is red meat', ['en:meats', 'en:beef', 'en:steaks'], redMeat],
    ['chicken is not red meat', ['en:meats', 'en:poultry', 'en:chickens'], solid],
    [
      'a coffee filed under beverages is not a Nutri-Score beverage',
      ['en:beverages', 'en:coffees', 'en:ground-coffees'],
      solid,
    ],
    [
      'tea bags and soups under beverages are not beverages',
      ['en:beverages', 'en:hot-beverages', 'en:teas', 'en:tea-bags'],
      solid,
    ],
    [
      'chocolate powder is not a beverage',
      ['en:beverages', 'en:beverage-preparations', 'en:chocolate-powders'],
      solid,
    ],
    [
      'plant milk is a beverage in 2023, like milk',
      ['en:beverages', 'en:dairy-substitutes', 'en:plant-milks', 'en:oat-milks'],
      beverage,
    ],
    ['an iced tea stays a beverage', ['en:beverages', 'en:teas', 'en:iced-teas'], beverage],
    ['a beverage preparation (syrup) is a beverage', ['en:beverage-preparations', 'en:syrups'], beverage],
    ['no categories: solid', [], solid],
  ])('%s', (_name, tags, expected) => {
    expect(inferNutriscoreCategory(tags)).toEqual(expected);
  });
});
