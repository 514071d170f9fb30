import type { Product } from '@etiqueta/contracts';
import {
  fruitsVegetablesLegumesPercent,
  judgeProductPageNutrient,
  nutrientBand,
  type NutrientBand,
  type NutrientId,
  saltGramsFromSodiumMg,
  warningFlags,
} from '@etiqueta/domain';

export type NutrientRow = {
  kind: 'nutrient';
  nutrient: NutrientId;
  /** Value in the unit of the nutrient's scale bar (salt in g, energy in kcal, fruit and vegetables in %). */
  value: number;
  band: NutrientBand;
};

export type ProductRow =
  | { kind: 'additives'; count: number }
  | { kind: 'suspects'; count: number }
  | { kind: 'no-additives' }
  | { kind: 'organic' }
  | NutrientRow;

export type ProductRowGroups = { negative: ProductRow[]; positive: ProductRow[] };

/** Nutrients the product page shows, in the order a shopper reads a label. */
const NUTRIENT_ORDER: readonly NutrientId[] = [
  'energy',
  'sugar',
  'saturatedFat',
  'salt',
  'protein',
  'fiber',
  'fruitsVegetables',
];

const nutrientValue = (product: Product, nutrient: NutrientId): number | null => {
  switch (nutrient) {
    case 'energy':
      return product.energyKcal100;
    case 'sugar':
      return product.totalSugarsG100;
    case 'saturatedFat':
      return product.saturatedFatG100;
    case 'salt':
      return product.sodiumMg100 === null ? null : saltGramsFromSodiumMg(product.sodiumMg100);
    case 'protein':
      return product.proteinG100;
    case 'fiber':
      return product.fiberG100;
    case 'fruitsVegetables':
      return fruitsVegetablesLegumesPercent(product);
  }
};

type Judgement = 'good' | 'bad' | null;

/**
 * Which group a nutrient goes to. The spec's product-page rules decide sugar, saturated fat (on total fat),
 * protein, fibre and fruit and vegetables. For salt and energy the spec gives no product-page rule, so the
 * spec's warning flags decide "bad" (sodium ≥ 900 mg, energy ≥ 360 kcal).
 *
 * A limit nutrient (energy, sugar, saturated fat, salt) that is not bad is shown on the good side, with its band
 * word ("Moderado", "Bajo"), so the shopper always sees the four numbers a label warns about. A target nutrient
 * (protein, fibre, fruit and vegetables) is shown only when the spec judges it good; fibre and fruit and
 * vegetables are "always good when shown", and we show them only when there is some (0 g of fibre is no virtue).
 */
const judge = (product: Product, nutrient: NutrientId, value: number): Judgement => {
  const flags = warningFlags(product);
  switch (nutrient) {
    case 'energy':
      return flags.energy ? 'bad' : 'good';
    case 'salt':
      return flags.salt ? 'bad' : 'good';
    case 'sugar':
      return judgeProductPageNutrient('sugar', value) === 'bad' ? 'bad' : 'good';
    case 'saturatedFat':
      return judgeProductPageNutrient('saturatedFat', value, product.totalFatG100) === 'bad' ? 'bad' : 'good';
    case 'protein':
      return judgeProductPageNutrient('protein', value) === 'good' ? 'good' : null;
    case 'fiber':
    case 'fruitsVegetables':
      return value > 0 && judgeProductPageNutrient(nutrient, value) === 'good' ? 'good' : null;
  }
};

/**
 * The product page's two groups (spec §2): thumbs-down holds the additives, the other suspects and the
 * nutrients judged bad; thumbs-up holds 'Aditivos 0' when none were detected, the good nutrients and
 * 'Ecológico' when organic.
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

  for (const nutrient of NUTRIENT_ORDER) {
    const value = nutrientValue(product, nutrient);
    if (value === null) continue;
    const verdict = judge(product, nutrient, value);
    if (verdict === null) continue;
    const row: NutrientRow = { kind: 'nutrient', nutrient, value, band: nutrientBand(nutrient, value) };
    (verdict === 'bad' ? negative : positive).push(row);
  }

  if (product.organic) positive.push({ kind: 'organic' });
  return { negative, positive };
};
