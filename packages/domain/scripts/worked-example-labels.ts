/**
 * The labels of docs/scoring.md §9's worked examples: ten kinds of product a Chilean shopper buys, values as their
 * labels typically print them. worked-examples.ts prints their analysis for the docs; the domain's tests read the
 * same labels, so the docs and the tests speak of the same cola.
 */
import type { ProductInput } from '../src/index.ts';

export type WorkedExample = { kind: string; input: ProductInput };

const none = { frutasPercentage: null, verdurasPercentage: null, legumesPercentage: null, nutsPercentage: null };
/** Typical Chilean labels of each kind, values rounded as printed per 100 g or 100 mL (our reading of labels). */
export const WORKED_EXAMPLES: readonly WorkedExample[] = [
  {
    kind: 'Bebida cola',
    input: {
      ...none,
      ingredients:
        'agua carbonatada, azúcar, colorante caramelo IV (INS 150d), acidulante ácido fosfórico (INS 338), saborizantes naturales, cafeína',
      organic: false,
      nutriscoreCategory: 'beverage',
      energyKcal100: 42,
      totalFatG100: 0,
      saturatedFatG100: 0,
      carbohydratesG100: 10.6,
      totalSugarsG100: 10.6,
      fiberG100: 0,
      proteinG100: 0,
      sodiumMg100: 10,
    },
  },
  {
    kind: 'Néctar de durazno',
    input: {
      ...none,
      frutasPercentage: 35,
      ingredients:
        'agua, pulpa de durazno (35%), azúcar, acidulante ácido cítrico, antioxidante ácido ascórbico, estabilizante pectina, edulcorantes sucralosa y acesulfamo de potasio',
      organic: false,
      nutriscoreCategory: 'beverage',
      energyKcal100: 30,
      totalFatG100: 0,
      saturatedFatG100: 0,
      carbohydratesG100: 7.3,
      totalSugarsG100: 7,
      fiberG100: 0.4,
      proteinG100: 0.2,
      sodiumMg100: 8,
    },
  },
  {
    kind: 'Leche entera',
    input: {
      ...none,
      ingredients: 'leche entera',
      organic: false,
      nutriscoreCategory: 'beverage',
      energyKcal100: 60,
      totalFatG100: 3,
      saturatedFatG100: 1.9,
      carbohydratesG100: 4.7,
      totalSugarsG100: 4.7,
      fiberG100: 0,
      proteinG100: 3.1,
      sodiumMg100: 44,
    },
  },
  {
    kind: 'Yogur natural',
    input: {
      ...none,
      ingredients: 'leche entera pasteurizada, cultivos lácticos',
      organic: false,
      nutriscoreCategory: 'solid',
      energyKcal100: 62,
      totalFatG100: 2.9,
      saturatedFatG100: 1.9,
      carbohydratesG100: 4.8,
      totalSugarsG100: 4.8,
      fiberG100: 0,
      proteinG100: 3.6,
      sodiumMg100: 50,
    },
  },
  {
    kind: 'Avena',
    input: {
      ...none,
      ingredients: 'avena integral',
      organic: false,
      nutriscoreCategory: 'solid',
      energyKcal100: 370,
      totalFatG100: 7,
      saturatedFatG100: 1.3,
      carbohydratesG100: 60,
      totalSugarsG100: 1,
      fiberG100: 10,
      proteinG100: 13,
      sodiumMg100: 5,
    },
  },
  {
    kind: 'Galletas rellenas de vainilla',
    input: {
      ...none,
      ingredients:
        'harina de trigo, azúcar, aceite vegetal, jarabe de glucosa, sal, emulsionante lecitina de soya, leudante bicarbonato de sodio, saborizante artificial',
      organic: false,
      nutriscoreCategory: 'solid',
      energyKcal100: 480,
      totalFatG100: 20,
      saturatedFatG100: 9,
      carbohydratesG100: 70,
      totalSugarsG100: 32,
      fiberG100: 1.5,
      proteinG100: 5,
      sodiumMg100: 250,
    },
  },
  {
    kind: 'Manjar',
    input: {
      ...none,
      ingredients: 'leche, azúcar, espesante almidón modificado, bicarbonato de sodio, saborizante idéntico al natural',
      organic: false,
      nutriscoreCategory: 'solid',
      energyKcal100: 315,
      totalFatG100: 7,
      saturatedFatG100: 4.5,
      carbohydratesG100: 55,
      totalSugarsG100: 50,
      fiberG100: 0,
      proteinG100: 7,
      sodiumMg100: 140,
    },
  },
  {
    kind: 'Papas fritas',
    input: {
      ...none,
      ingredients: 'papas, aceite vegetal, sal',
      organic: false,
      nutriscoreCategory: 'solid',
      energyKcal100: 540,
      totalFatG100: 34,
      saturatedFatG100: 4,
      carbohydratesG100: 52,
      totalSugarsG100: 0.5,
      fiberG100: 4,
      proteinG100: 6,
      sodiumMg100: 600,
    },
  },
  {
    kind: 'Agua mineral',
    input: {
      ...none,
      ingredients: 'agua mineral natural',
      organic: false,
      nutriscoreCategory: 'beverage',
      isWater: true,
      energyKcal100: 0,
      totalFatG100: 0,
      saturatedFatG100: 0,
      carbohydratesG100: 0,
      totalSugarsG100: 0,
      fiberG100: 0,
      proteinG100: 0,
      sodiumMg100: 2,
    },
  },
  {
    kind: 'Aceite de oliva extra virgen',
    input: {
      ...none,
      ingredients: 'aceite de oliva extra virgen',
      organic: false,
      nutriscoreCategory: 'added_fat',
      energyKcal100: 900,
      totalFatG100: 100,
      saturatedFatG100: 14,
      carbohydratesG100: 0,
      totalSugarsG100: 0,
      fiberG100: 0,
      proteinG100: 0,
      sodiumMg100: 0,
    },
  },
];

/** A worked example's label by its kind ('Bebida cola'); throws for a kind that is not one. */
export function workedExample(kind: string): ProductInput {
  const found = WORKED_EXAMPLES.find((example) => example.kind === kind);
  if (!found) throw new Error(`no worked example '${kind}'`);
  return found.input;
}
