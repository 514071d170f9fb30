import {
  impossibleLabel,
  inferNutriscoreCategory,
  KJ_PER_KCAL,
  NUTRIENT_LIMITS,
  type NutriscoreCategory,
  SALT_PER_SODIUM,
} from '@etiqueta/domain';
import type { products } from '../../db/schema.ts';
import type { SourceColumn } from '../products/product-columns.ts';
import { classifyProduct, type Classification } from './classifier/classify-product.ts';
import type { OffProduct } from '../off/off-product.ts';
import { normalizeBarcode, readNumber, readNutrition } from '../off/off-nutrition.ts';
import { productImages } from './product-images.ts';
import { storable } from './storable-text.ts';
import { findSubcategory } from './taxonomy.ts';

/**
 * What a sync writes for one product: every source column of `products` (product-columns.ts) but the category
 * ids, the substitute family, the source and the fields shoppers completed, which the sync adds when it places the
 * product. A new source column is a type error here until the mapper fills it.
 */
export type SourceFields = Omit<
  Pick<typeof products.$inferSelect, SourceColumn>,
  'categoryId' | 'subcategoryId' | 'sub2categoryId' | 'substituteFamily' | 'source' | 'nutriscoreCategory' | 'completedFields'
> & { nutriscoreCategory: NutriscoreCategory };

export type MappedProduct = SourceFields & { classification: Classification | null };

/** A rejected record keeps its barcode (when it had one) and a Spanish reason admins read. */
export type MapResult = { ok: true; product: MappedProduct } | { ok: false; barcode: string | null; reason: string };

/** GTIN-8 to GTIN-14 plus OFF's shorter internal codes; anything else is not a barcode. */
const BARCODE = /^\d{4,14}$/;

const NUTRIENT_LABELS = {
  fat: 'grasas totales',
  'saturated-fat': 'grasas saturadas',
  carbohydrates: 'hidratos de carbono',
  sugars: 'azúcares',
  fiber: 'fibra',
  proteins: 'proteínas',
  salt: 'sal',
  sodium: 'sodio',
} as const;
type NutrientKey = keyof typeof NUTRIENT_LABELS;

/**
 * Turns one OFF record into our product, or rejects it with a reason.
 * Spanish text is preferred (`*_es` fields), nutrients are per 100 g with kcal/kJ and salt/sodium reconciled,
 * and energy is estimated from the macronutrients (and flagged) when the record has none.
 */
export function mapOffProduct(record: OffProduct): MapResult {
  const rawCode = record.code === null || record.code === undefined ? '' : String(record.code).trim();
  if (!rawCode) return { ok: false, barcode: null, reason: 'Sin código de barras' };
  if (!BARCODE.test(rawCode)) return { ok: false, barcode: rawCode.slice(0, 40), reason: 'Código de barras no válido' };
  const barcode = normalizeBarcode(rawCode);

  const name = firstText(record.product_name_es, record.product_name, record.generic_name_es, record.generic_name);
  if (!name) return { ok: false, barcode, reason: 'Sin nombre de producto' };

  const nutrition = readNutrition(record);
  const values = {} as Record<NutrientKey, number | null>;
  const grams = NUTRIENT_LIMITS.gramsPer100G.imposible;
  for (const key of Object.keys(NUTRIENT_LABELS) as NutrientKey[]) {
    const value = nutrition.declared[key] ?? null;
    if (value !== null && value < grams.min) {
      return { ok: false, barcode, reason: `Valor negativo de ${NUTRIENT_LABELS[key]}: ${value} g por 100 g` };
    }
    if (value !== null && value > grams.max) {
      return { ok: false, barcode, reason: `Valor imposible de ${NUTRIENT_LABELS[key]}: ${value} g por 100 g` };
    }
    values[key] = value;
  }
  const { fat, carbohydrates, sugars, proteins } = values;
  // Sodium is what Chilean labels print (mg); salt is derived when only sodium is known, and vice versa.
  const sodiumG = values.sodium ?? (values.salt !== null ? values.salt / SALT_PER_SODIUM : null);

  const alcohol = nutrition.declared.alcohol ?? null;
  // kcal as declared first, else kJ ÷ 4.184 (OFF's plain `energy` is always kJ).
  let energyKcal = nutrition.declared['energy-kcal'] ?? null;
  if (energyKcal === null) {
    const kj = nutrition.declared['energy-kj'] ?? nutrition.declared.energy ?? null;
    if (kj !== null) energyKcal = kj / KJ_PER_KCAL;
  }
  let energyEstimated = false;
  if (energyKcal === null && nutrition.estimatedKcal !== null) {
    // OFF's own estimate: shown as estimated, never as the label's figure.
    energyKcal = nutrition.estimatedKcal;
    energyEstimated = true;
  }
  if (energyKcal === null && fat !== null && carbohydrates !== null && proteins !== null) {
    // Atwater factors (EU 1169/2011 Annex XIV): fat 9, carbohydrate 4, protein 4, fibre 2, alcohol 7 kcal/g.
    energyKcal = 9 * fat + 4 * carbohydrates + 4 * proteins + 2 * (values.fiber ?? 0) + 7 * (alcohol ?? 0);
    energyEstimated = true;
  }
  const impossible = impossibleLabel({
    energyKcal100: energyKcal,
    totalFatG100: fat,
    saturatedFatG100: values['saturated-fat'],
    carbohydratesG100: carbohydrates,
    totalSugarsG100: sugars,
    proteinG100: proteins,
    sodiumMg100: sodiumG === null ? null : sodiumG * 1000,
  });
  if (impossible) return { ok: false, barcode, reason: impossible };

  const tags = (record.categories_tags ?? []).map((t) => t.toLowerCase());
  const brand = firstListItem(record.brands);
  const ingredients = firstText(record.ingredients_text_es, record.ingredients_text);
  const classification = classifyProduct({
    categoriesTags: tags,
    comparedToCategory: record.compared_to_category ?? null,
    name,
    brand,
    ingredients,
    nutrition: { sugarsG: sugars, fatG: fat },
  });
  const family = nutriscoreFamily(tags, classification, name);

  return {
    ok: true,
    product: {
      barcode,
      name: name.slice(0, 300),
      brand: brand.slice(0, 200),
      ingredients,
      images: productImages(record, barcode),
      organic: isOrganic(record),
      nutriscoreCategory: family.category,
      isWater: family.isWater,
      isRedMeat: family.isRedMeat,
      isLiquid: soldByVolume(record, nutrition.liquid, family.category),
      frutasPercentage: nutrition.fruitsVegetables === null ? null : round(nutrition.fruitsVegetables),
      verdurasPercentage: null,
      legumesPercentage: null,
      nutsPercentage: null,
      energyKcal100: roundOrNull(energyKcal),
      energyEstimated,
      totalFatG100: roundOrNull(fat),
      saturatedFatG100: roundOrNull(values['saturated-fat']),
      carbohydratesG100: roundOrNull(carbohydrates),
      totalSugarsG100: roundOrNull(sugars),
      fiberG100: roundOrNull(values.fiber),
      proteinG100: roundOrNull(proteins),
      sodiumMg100: sodiumG === null ? null : round(sodiumG * 1000),
      offAllergenTags: readAllergenTags(record),
      // OFF never sends an admin's NOVA group: null, unless an admin's lock keeps theirs (mergeSource).
      novaOverride: null,
      sourceModifiedAt: readTimestamp(record.last_modified_t),
      classification,
    },
  };
}

function firstText(...candidates: (string | null | undefined)[]): string | null {
  for (const c of candidates) {
    const t = typeof c === 'string' ? storable(c).replace(/\s+/g, ' ').trim() : '';
    if (t) return t;
  }
  return null;
}

function firstListItem(list: string | null | undefined): string {
  return storable(list ?? '').split(',')[0]?.trim() ?? '';
}

/** At most this many tags of each kind are kept (OFF's own lists run to a few dozen at most). */
const MAX_TAGS = 60;
const TAG = /^[a-z]{2,3}:[^\s,]{1,100}$/;

function tagList(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const tags = new Set<string>();
  for (const item of value) {
    if (typeof item !== 'string') continue;
    const tag = storable(item).trim().toLowerCase().replace(/\s+/g, '-');
    if (TAG.test(tag)) tags.add(tag);
    if (tags.size >= MAX_TAGS) break;
  }
  return [...tags];
}

/**
 * OFF's allergen, trace and diet tags, kept as OFF writes them (ids of its taxonomies, lower case); null when the
 * record has none of the three. An empty list says nothing: the domain never reads an absence from it.
 */
function readAllergenTags(record: OffProduct): SourceFields['offAllergenTags'] {
  const allergens = tagList(record.allergens_tags);
  const traces = tagList(record.traces_tags);
  const analysis = tagList(record.ingredients_analysis_tags);
  return allergens.length + traces.length + analysis.length === 0 ? null : { allergens, traces, analysis };
}

function readTimestamp(value: unknown): Date | null {
  const seconds = readNumber(value);
  return seconds === null || seconds <= 0 ? null : new Date(Math.round(seconds) * 1000);
}

/** Two decimals: what labels print, and stable through the database's `real` columns. */
function round(n: number): number {
  return Math.round(n * 100) / 100;
}

function roundOrNull(n: number | null): number | null {
  return n === null ? null : round(n);
}

/** `en:organic` and its descendants in OFF's label taxonomy (EU, USDA, Canada organic, certifier codes…). */
const ORGANIC_LABEL = /(^|:)(organic|bio|eu-organic|usda-organic|canada-organic|organico|organica|ecologico|ecologica|biologique|ab-agriculture-biologique|demeter|bio-suisse|biologico|[a-z]{2}-(bio|eco|org|oko)-\d+.*)$|organic/;

function isOrganic(record: OffProduct): boolean {
  if ((record.labels_tags ?? []).some((t) => ORGANIC_LABEL.test(t.toLowerCase()))) return true;
  return /\b(org[aá]nic[oa]s?|ecol[oó]gic[oa]s?|organic)\b/i.test(record.labels ?? '');
}

/**
 * Sold by volume: OFF's values are per 100 mL, or its quantity is in mL. A record that says neither (no
 * `product_quantity_unit`, values per 100 g by default, as older records are) is a drink when it is a Nutri-Score
 * beverage; one whose quantity is in grams is not (a powder to prepare, a tea bag).
 */
function soldByVolume(record: OffProduct, per100ml: boolean, family: NutriscoreCategory): boolean {
  const unit = typeof record.product_quantity_unit === 'string' ? record.product_quantity_unit.trim().toLowerCase() : '';
  if (per100ml || unit === 'ml') return true;
  if (unit) return false;
  return family === 'beverage';
}

const WATER_NAME = /(^|[^\p{L}])(agua|water|eau)([^\p{L}]|$)/iu;

/** Nutri-Score 2023 families, from OFF's categories (the domain's definition), else from where our classifier put the product. */
function nutriscoreFamily(
  tags: readonly string[],
  classification: Classification | null,
  name: string,
): { category: NutriscoreCategory; isWater: boolean; isRedMeat: boolean } {
  if (tags.length > 0) return inferNutriscoreCategory(tags);
  if (!classification) return { category: 'solid', isWater: false, isRedMeat: false };
  const sub = findSubcategory(classification.subcategory)?.subcategory;
  const where = `${classification.subcategory}:${classification.sub2 ?? ''}`;
  let category: NutriscoreCategory = sub?.nutriscoreCategory ?? 'solid';
  // A first ingredient ("agua") does not tell a drink from a soup or a lasagna: what cannot be told is a food.
  if (category === 'beverage' && classification.signal === 'ingredients') category = 'solid';
  // Milk, drinkable yoghurt and plant drinks are beverages in Nutri-Score 2023; milk powder and tea leaves are not.
  if (/^leches:(leches|leches-saborizadas|bebidas-vegetales)$|^yogures:(yogur-bebible|kefir)$/.test(where)) category = 'beverage';
  return {
    category,
    // Water by what the product is called, never by its brand or first ingredient (a cereal of a mineral-water
    // brand is not water); the domain also checks it has no energy and no additive.
    isWater: where === 'aguas:agua-mineral' && WATER_NAME.test(name),
    isRedMeat: /^carnes:(vacuno|cerdo)$|^embutidos:(jamon|chorizos-y-longanizas)$/.test(where),
  };
}
