import type { Product } from '@etiqueta/contracts';
import {
  fruitsVegetablesLegumesPercent,
  NUTRIENT_ORDER,
  nutrientBand,
  type NutrientId,
  type ProductNutrientRow,
  productNutrientRows,
  SCORE_NOTE_RULES,
} from '@etiqueta/domain';


export type NutrientRow = { kind: 'nutrient' } & ProductNutrientRow;

export type ProductRow =
  | { kind: 'additives'; count: number }
  | { kind: 'suspects'; count: number }
  | { kind: 'no-additives' }
  | { kind: 'organic' }
  | NutrientRow;

/** The two groups of spec §2, and the values the label contradicts, shown apart and neutral ('Datos dudosos'). */
export type ProductRowGroups = { negative: ProductRow[]; positive: ProductRow[]; doubtful: NutrientRow[] };

/** The label's values contradict each other: the page shows them without judging them. */
export const hasDoubtfulData = (product: Pick<Product, 'reasons'>) =>
  product.reasons.some((reason) => reason.rule === SCORE_NOTE_RULES.dubious);

const nutrientRowsOf = (product: Product) =>
  productNutrientRows({
    ...product,
    fruitsVegetablesPercent: fruitsVegetablesLegumesPercent(product),
    seals: product.seals,
    doubtful: hasDoubtfulData(product),
  });

/**
 * The product page's two groups (spec §2): thumbs-down holds the additives, the other suspects and the
 * nutrients whose band is high or very high; thumbs-up holds 'Aditivos 0' when none were detected in a list read
 * well (unknown is not clean: never from a missing list or one with words we could not read), the other
 * nutrients and 'Ecológico' when organic. Which nutrient goes where, and with which band, is the domain's
 * `productNutrientRows` (the same on the server, per 100 mL for a drink): a row never contradicts its band or a
 * seal. Doubtful values go to their own neutral group.
 */
export const buildProductRows = (product: Product): ProductRowGroups => {
  const negative: ProductRow[] = [];
  const positive: ProductRow[] = [];
  const doubtful: NutrientRow[] = [];

  if (product.detectedAdditives.length > 0) {
    negative.push({ kind: 'additives', count: product.detectedAdditives.length });
  } else if (product.ingredientReading?.readWell === true) {
    positive.push({ kind: 'no-additives' });
  }
  if (product.ultraprocessed.length > 0) {
    negative.push({ kind: 'suspects', count: product.ultraprocessed.length });
  }

  for (const row of nutrientRowsOf(product)) {
    if (row.group === 'doubtful') doubtful.push({ kind: 'nutrient', ...row });
    else (row.group === 'negative' ? negative : positive).push({ kind: 'nutrient', ...row });
  }

  if (product.organic) positive.push({ kind: 'organic' });
  return { negative, positive, doubtful };
};

export type NutrientValue = Pick<ProductNutrientRow, 'value' | 'band' | 'sealed' | 'saltG'>;

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
    sodium: product.sodiumMg100,
    protein: product.proteinG100,
    fiber: product.fiberG100,
    fruitsVegetables: fruitsVegetablesLegumesPercent(product),
  };
  const rows = nutrientRowsOf(product);
  return Object.fromEntries(
    NUTRIENT_ORDER.map((nutrient) => {
      const row = rows.find((candidate) => candidate.nutrient === nutrient);
      const value = raw[nutrient];
      if (row) return [nutrient, { value: row.value, band: row.band, sealed: row.sealed, saltG: row.saltG }];
      if (value === null) return [nutrient, null];
      const basis = product.isLiquid ? 'liquid' : 'solid';
      return [nutrient, { value, band: nutrientBand(nutrient, value, basis), sealed: false }];
    }),
  ) as Record<NutrientId, NutrientValue | null>;
};
