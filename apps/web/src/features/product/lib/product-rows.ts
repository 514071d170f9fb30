import type { Product } from '@etiqueta/contracts';
import {
  fruitsVegetablesLegumesPercent,
  NUTRIENT_ORDER,
  nutrientBand,
  type NutrientId,
  type ProductNutrientRow,
  productNutrientRows,
  saltGramsFromSodiumMg,
} from '@etiqueta/domain';

import { readSeals } from './seals';

export type NutrientRow = { kind: 'nutrient' } & ProductNutrientRow;

export type ProductRow =
  | { kind: 'additives'; count: number }
  | { kind: 'suspects'; count: number }
  | { kind: 'no-additives' }
  | { kind: 'organic' }
  | NutrientRow;

export type ProductRowGroups = { negative: ProductRow[]; positive: ProductRow[] };

const nutrientRowsOf = (product: Product) =>
  productNutrientRows({
    ...product,
    fruitsVegetablesPercent: fruitsVegetablesLegumesPercent(product),
    seals: readSeals(product.seals),
  });

/**
 * The product page's two groups (spec §2): thumbs-down holds the additives, the other suspects and the
 * nutrients whose band is high or very high; thumbs-up holds 'Aditivos 0' when none were detected, the other
 * nutrients and 'Ecológico' when organic. Which nutrient goes where, and with which band, is the domain's
 * `productNutrientRows` (the same on the server): a row never contradicts its band or a seal.
 */
export const buildProductRows = (product: Product): ProductRowGroups => {
  const negative: ProductRow[] = [];
  const positive: ProductRow[] = [];

  if (product.detectedAdditives.length > 0) {
    negative.push({ kind: 'additives', count: product.detectedAdditives.length });
  } else {
    positive.push({ kind: 'no-additives' });
  }
  if (product.ultraprocessed.length > 0) {
    negative.push({ kind: 'suspects', count: product.ultraprocessed.length });
  }

  for (const row of nutrientRowsOf(product)) (row.group === 'negative' ? negative : positive).push({ kind: 'nutrient', ...row });

  if (product.organic) positive.push({ kind: 'organic' });
  return { negative, positive };
};

export type NutrientValue = Pick<ProductNutrientRow, 'value' | 'band' | 'sealed'>;

/**
 * Every nutrient the label gives, with its band, for putting products side by side (the comparison): the
 * page's own rows where it has one (so a band agrees with the page and with the seals), and also the target
 * nutrients the page leaves out for not being a virtue ("Fibra 0,3 g · Bajo" is a fact worth comparing). null
 * when the label does not give the value.
 */
export const nutrientValues = (product: Product): Record<NutrientId, NutrientValue | null> => {
  const raw: Record<NutrientId, number | null> = {
    energy: product.energyKcal100,
    sugar: product.totalSugarsG100,
    saturatedFat: product.saturatedFatG100,
    salt: product.sodiumMg100 === null ? null : saltGramsFromSodiumMg(product.sodiumMg100),
    protein: product.proteinG100,
    fiber: product.fiberG100,
    fruitsVegetables: fruitsVegetablesLegumesPercent(product),
  };
  const rows = nutrientRowsOf(product);
  return Object.fromEntries(
    NUTRIENT_ORDER.map((nutrient) => {
      const row = rows.find((candidate) => candidate.nutrient === nutrient);
      const value = raw[nutrient];
      if (row) return [nutrient, { value: row.value, band: row.band, sealed: row.sealed }];
      if (value === null) return [nutrient, null];
      return [nutrient, { value, band: nutrientBand(nutrient, value), sealed: false }];
    }),
  ) as Record<NutrientId, NutrientValue | null>;
};
