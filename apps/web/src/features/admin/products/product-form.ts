import {
  type EditableProductField,
  nutrientFieldNames,
  type NutrientField,
  nutriscoreCategorySchema,
  percentageFieldNames,
  type PercentageField,
  type Product,
  type ProductPatch,
} from '@etiqueta/contracts';
import { NOVA_GROUPS, NOVA_MEANINGS, NUTRIENT_LIMITS, type NovaGroup, type NutriscoreCategory } from '@etiqueta/domain';
import { z } from 'zod';

/** The numbers the form edits: the contract's percentages and per-100 g nutrients, in its order. */
export type NumberFieldName = PercentageField | NutrientField;

export type NumberFieldSpec = {
  name: NumberFieldName;
  label: string;
  unit: string;
  /** Spec §5: kcal in steps of 1, everything else 0.1. */
  step: 1 | 0.1;
  min: 0;
  max: number;
  /** The Spanish messages, written out: gender and number differ from field to field. */
  messages: { range: string; step: string };
};

const percentage = (name: NumberFieldName, label: string, subject: string): NumberFieldSpec => ({
  name,
  label,
  unit: '%',
  step: 0.1,
  min: 0,
  max: 100,
  messages: {
    range: `${subject} debe estar entre 0 y 100`,
    step: `${subject} admite como máximo un decimal`,
  },
});

const nutrient = (
  name: NumberFieldName,
  label: string,
  unit: string,
  max: number,
  range: string,
  step: string,
): NumberFieldSpec => ({
  name,
  label,
  unit,
  step: name === 'energyKcal100' ? 1 : 0.1,
  min: 0,
  max,
  messages: { range, step },
});

/** Each percentage's label and the subject of its messages. */
const PERCENTAGE_WORDS: Record<PercentageField, [label: string, subject: string]> = {
  frutasPercentage: ['Frutas', 'El porcentaje de frutas'],
  verdurasPercentage: ['Verduras', 'El porcentaje de verduras'],
  legumesPercentage: ['Legumbres', 'El porcentaje de legumbres'],
  nutsPercentage: ['Frutos secos', 'El porcentaje de frutos secos'],
};

// The upper bounds are the domain's refusing limits (NUTRIENT_LIMITS' imposible level), which the server applies too.
const { max: maxKcal } = NUTRIENT_LIMITS.energyKcal.imposible;
const { max: maxG } = NUTRIENT_LIMITS.gramsPer100G.imposible;
const NUTRIENT_WORDS: Record<NutrientField, [label: string, unit: string, max: number, range: string, step: string]> = {
  energyKcal100: [
    'Energía',
    'kcal/100 g',
    maxKcal,
    `La energía debe estar entre 0 y ${maxKcal} kcal`,
    'La energía debe ser un número entero de kcal',
  ],
  totalFatG100: [
    'Grasa total',
    'g/100 g',
    maxG,
    `La grasa total debe estar entre 0 y ${maxG} g`,
    'La grasa total admite como máximo un decimal',
  ],
  saturatedFatG100: [
    'Grasa saturada',
    'g/100 g',
    maxG,
    `La grasa saturada debe estar entre 0 y ${maxG} g`,
    'La grasa saturada admite como máximo un decimal',
  ],
  carbohydratesG100: [
    'Hidratos de carbono',
    'g/100 g',
    maxG,
    `Los hidratos de carbono deben estar entre 0 y ${maxG} g`,
    'Los hidratos de carbono admiten como máximo un decimal',
  ],
  totalSugarsG100: [
    'Azúcares totales',
    'g/100 g',
    maxG,
    `Los azúcares deben estar entre 0 y ${maxG} g`,
    'Los azúcares admiten como máximo un decimal',
  ],
  fiberG100: ['Fibra', 'g/100 g', maxG, `La fibra debe estar entre 0 y ${maxG} g`, 'La fibra admite como máximo un decimal'],
  proteinG100: [
    'Proteína',
    'g/100 g',
    maxG,
    `La proteína debe estar entre 0 y ${maxG} g`,
    'La proteína admite como máximo un decimal',
  ],
  sodiumMg100: [
    'Sodio',
    'mg/100 g',
    100_000,
    'El sodio debe estar entre 0 y 100.000 mg',
    'El sodio admite como máximo un decimal',
  ],
};

/**
 * Spec §5: percentages 0–100 in steps of 0.1; nutrition 0 or more, kcal in steps of 1, others 0.1. The fields
 * are the contract's lists, in its order; only their Spanish words are written here.
 */
export const PERCENTAGE_FIELDS: readonly NumberFieldSpec[] = percentageFieldNames.map((name) =>
  percentage(name, ...PERCENTAGE_WORDS[name]),
);

export const NUTRIENT_FIELDS: readonly NumberFieldSpec[] = nutrientFieldNames.map((name) =>
  nutrient(name, ...NUTRIENT_WORDS[name]),
);

export const NUMBER_FIELDS: readonly NumberFieldSpec[] = [...PERCENTAGE_FIELDS, ...NUTRIENT_FIELDS];

/** Spec §4's Nutri-Score categories, in the admin's words (the ids stay in the data). */
export const NUTRISCORE_CATEGORY_LABELS: Record<NutriscoreCategory, string> = {
  solid: 'Alimento sólido',
  beverage: 'Bebida',
  added_fat: 'Grasas y aceites añadidos',
  cheese: 'Queso',
};

/** The NOVA groups an admin can set instead of our estimate, with the meaning the product page shows. */
export const NOVA_OVERRIDE_OPTIONS = NOVA_GROUPS.map((group) => ({
  value: String(group),
  label: `NOVA ${group} · ${NOVA_MEANINGS[group]}`,
}));

/** Spec §4: the Nutri-Score category starts as 'solid'. */
export const DEFAULT_NUTRISCORE_CATEGORY: NutriscoreCategory = 'solid';

/**
 * An empty or invalid number stays unknown (null): a 0 g of sugar that nobody read would be a false fact on
 * the product page (spec §5 makes it 0; docs/spec-departures.md). A decimal comma is read like a point,
 * since that is how numbers are written in Chile.
 */
export const parseNumberOrNull = (text: string): number | null => {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
};

/** Whether `value` is a whole number of `step`s (0.1 steps allow one decimal). */
export const isOnStep = (value: number, step: number): boolean => {
  const steps = value / step;
  return Math.abs(steps - Math.round(steps)) < 1e-6;
};

const numberField = ({ min, max, messages }: NumberFieldSpec) =>
  z
    .string()
    .transform(parseNumberOrNull)
    .pipe(z.number().min(min, { error: messages.range }).max(max, { error: messages.range }).nullable());

const numberShape = Object.fromEntries(
  NUMBER_FIELDS.map((field) => [field.name, numberField(field)]),
) as Record<NumberFieldName, ReturnType<typeof numberField>>;

export const productFormSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: 'El nombre es obligatorio' })
    .max(300, { error: 'El nombre no puede tener más de 300 caracteres' }),
  brand: z.string().trim().max(200, { error: 'La marca no puede tener más de 200 caracteres' }),
  ingredients: z
    .string()
    .trim()
    .max(10_000, { error: 'Los ingredientes no pueden tener más de 10.000 caracteres' }),
  organic: z.boolean(),
  nutriscoreCategory: nutriscoreCategorySchema,
  /** '' keeps our estimate; '1'–'4' is the admin's group. */
  novaOverride: z.enum(['', '1', '2', '3', '4']).transform((v) => (v === '' ? null : Number(v) as NovaGroup)),
  ...numberShape,
});
export type ProductFormInput = z.input<typeof productFormSchema>;

/**
 * The dialog's schema for one product. The steps (kcal 1, the rest 0.1) are checked only on numbers the
 * admin changed: values that came from the data source (1.35 g) must not block saving an unrelated edit.
 */
export const productFormSchemaFor = (initial: ProductFormInput) =>
  productFormSchema.superRefine((values, ctx) => {
    for (const { name, step, messages } of NUMBER_FIELDS) {
      const value = values[name];
      if (value !== null && value !== parseNumberOrNull(initial[name]) && !isOnStep(value, step)) {
        ctx.addIssue({ code: 'custom', path: [name], message: messages.step });
      }
    }
  });
export type ProductFormOutput = z.output<typeof productFormSchema>;

const numberText = (value: number | null): string => (value === null ? '' : String(value));

export const productToForm = (product: Product): ProductFormInput => ({
  name: product.name,
  brand: product.brand,
  ingredients: product.ingredients ?? '',
  organic: product.organic,
  nutriscoreCategory: product.nutriscoreCategory ?? DEFAULT_NUTRISCORE_CATEGORY,
  novaOverride: product.novaOverride === null ? '' : (String(product.novaOverride) as ProductFormInput['novaOverride']),
  ...(Object.fromEntries(NUMBER_FIELDS.map(({ name }) => [name, numberText(product[name])])) as Record<
    NumberFieldName,
    string
  >),
});

/** What the dialog edits: every field the server lets an admin edit (a test holds them equal). */
export const FORM_FIELDS = [
  'name',
  'brand',
  'ingredients',
  'organic',
  'nutriscoreCategory',
  'novaOverride',
  ...NUMBER_FIELDS.map((f) => f.name),
] as const;

/**
 * The PATCH body: only what the admin changed (every changed field gets locked against the sync,
 * so untouched ones must not be sent), plus the fields handed back to the sync.
 */
export const buildProductPatch = (
  initial: ProductFormInput,
  current: ProductFormInput,
  parsed: ProductFormOutput,
  unlockFields: readonly EditableProductField[],
): ProductPatch => {
  const patch: Record<string, unknown> = {};
  for (const field of FORM_FIELDS) {
    const before = initial[field];
    const after = current[field];
    const changed =
      typeof before === 'string' && typeof after === 'string'
        ? before.trim() !== after.trim()
        : before !== after;
    if (changed) patch[field] = parsed[field];
  }
  if (unlockFields.length > 0) patch.unlockFields = [...unlockFields];
  return patch;
};

/** Names for the fields the server can lock, for the "locked against sync" notes. */
export const EDITABLE_FIELD_LABELS: Record<EditableProductField, string> = {
  name: 'Nombre',
  brand: 'Marca',
  ingredients: 'Ingredientes',
  organic: 'Orgánico',
  nutriscoreCategory: 'Categoría Nutri-Score',
  novaOverride: 'Grupo NOVA',
  ...(Object.fromEntries(NUMBER_FIELDS.map(({ name, label }) => [name, label])) as Record<
    NumberFieldName,
    string
  >),
};
