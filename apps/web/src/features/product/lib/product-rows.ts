import type { Product } from '@etiqueta/contracts';
import {
  fruitsVegetablesLegumesPercent,
  type ProductNutrientRow,
  productNutrientRows,
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

  const rows = productNutrientRows({
    ...product,
    fruitsVegetablesPercent: fruitsVegetablesLegumesPercent(product),
    seals: readSeals(product.seals),
  });
  for (const row of rows) (row.group === 'negative' ? negative : positive).push({ kind: 'nutrient', ...row });

  if (product.organic) positive.push({ kind: 'organic' });
  return { negative, positive };
};
