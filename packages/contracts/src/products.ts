import {
  BETTER_REASON_IDS,
  NOVA_GROUPS,
  NUTRIENT_FIELDS,
  NUTRIENT_LIMITS,
  NUTRISCORE_CATEGORIES,
  type NutrientField,
  PER_100_BASES,
  RISK_LEVELS,
  SCORE_LABELS,
  SEAL_IDS,
  SEAL_LABELS,
  SEAL_UNITS,
  type Seal,
  SUSPECT_RISKS,
} from '@etiqueta/domain';
import { z } from 'zod';
import { allergenDietFields } from './allergens.ts';
import { humanText, oneOf, pageOf, requiredText, wholeNumberParam } from './common.ts';

// Every literal below comes from the domain's lists: a value added to or dropped from a list there changes what
// the API accepts and answers here, and each schema that must match a domain type says so with `satisfies`.
export const riskLevelSchema = z.enum(RISK_LEVELS, { error: `El nivel de riesgo debe ser ${oneOf(RISK_LEVELS)}` });
export const suspectRiskSchema = z.enum(SUSPECT_RISKS);
export const nutriscoreCategorySchema = z.enum(NUTRISCORE_CATEGORIES, {
  error: `La categoría Nutri-Score debe ser ${oneOf(NUTRISCORE_CATEGORIES)}`,
});
/** The band's word next to a score ('Mejor', 'Excelente', …; 'Sin puntaje' without one). */
export const scoreLabelSchema = z.enum(SCORE_LABELS);
/** Solids per 100 g, drinks per 100 mL: a label's nutrition column and a seal's limit. */
export const per100Schema = z.enum(PER_100_BASES, { error: `La columna de la tabla debe ser ${oneOf(PER_100_BASES)}` });

/** A Chilean 'ALTO EN' seal the pack must carry (the domain's chileanSeals). */
export const seal = z.strictObject({
  id: z.enum(SEAL_IDS),
  label: z.enum(SEAL_LABELS),
  value: z.number(),
  limit: z.number(),
  unit: z.enum(SEAL_UNITS),
  basis: per100Schema,
}) satisfies z.ZodType<Seal, Seal>;

export const productImages = z.object({
  primary: z.string().nullable(),
  thumbnail: z.string().nullable(),
  gallery: z.array(z.string()),
});
export type ProductImagesDto = z.infer<typeof productImages>;

export const detectedAdditive = z.object({
  code: z.string(),
  name: z.string(),
  riskLevel: riskLevelSchema,
  matchedText: z.string(),
  /** Why this risk level, in plain Spanish (product page only; the listings leave it out). */
  reason: z.string().optional(),
});
/**
 * On the product page each additive also carries what the additive table says of it now: its function (our
 * class id such as 'colorante', or an admin's wording) and the one-line reason for its risk level; null when
 * the table has no entry for the code.
 */
export const detectedAdditiveDetail = detectedAdditive.extend({
  function: z.string().nullable(),
  reason: z.string().nullable(),
});
export const detectedSuspect = z.object({
  /** Stable id of the suspect in the domain's catalogue, e.g. "jarabe-glucosa". */
  id: z.string(),
  name: z.string(),
  riskLevel: suspectRiskSchema,
  matchedText: z.string(),
});
export const scoreReason = z.object({ rule: z.string(), text: z.string(), points: z.number() });

/** A product as every list names it: its id, barcode, name and brand. */
export const productIdentity = z.object({
  id: z.number().int(),
  barcode: z.string(),
  name: z.string(),
  brand: z.string(),
});

/**
 * What a listing card, a search result and the quick filters need; nothing more. `allergens` and `diets` (ids
 * only, see allergens.ts) let the phone mark and filter cards without sending anyone's preferences.
 */
export const productSummary = productIdentity.extend({
  images: productImages.nullable(),
  healthScore: z.number().nullable(),
  categorySlug: z.string().nullable(),
  subcategorySlug: z.string().nullable(),
  sub2categoryName: z.string().nullable(),
  totalSugarsG100: z.number().nullable(),
  novaGroup: z.number().int().nullable(),
  detectedAdditives: z.array(detectedAdditive),
  ultraprocessed: z.array(detectedSuspect),
  ...allergenDietFields,
});
export type ProductSummary = z.infer<typeof productSummary>;

/** The per-100 g values a label gives, in the label's order (the domain's list): the product answer, admin edits and contributions. */
export const nutrientFieldNames = NUTRIENT_FIELDS;
export type { NutrientField };

export const nutrientFields = Object.fromEntries(nutrientFieldNames.map((f) => [f, z.number().nullable()])) as Record<
  NutrientField,
  z.ZodNullable<z.ZodNumber>
>;

/**
 * How the ingredient list was read (the domain's readIngredientList); null without a list. `readWell` is the one
 * condition for every claim of absence the page makes ("Sin aditivos", "Aditivos 0", a NOVA group below 4).
 */
export const ingredientReading = z.object({
  readWell: z.boolean(),
  ingredientCount: z.number().int(),
  recognisedCount: z.number().int(),
  /** Ingredients the reader did not recognise, as printed. */
  unrecognised: z.array(z.string()),
  /** Industrial preparations that do not declare their parts (flavourings, concentrates, bases), as printed. */
  undeclared: z.array(z.string()),
});

export const product = z.object({
  ...productSummary.shape,
  detectedAdditives: z.array(detectedAdditiveDetail),
  ingredients: z.string().nullable(),
  ingredientReading: ingredientReading.nullable(),
  organic: z.boolean(),
  nutriscoreCategory: nutriscoreCategorySchema,
  /** Sold by volume: the nutrients are per 100 mL, and so are the seals' limits. */
  isLiquid: z.boolean(),
  frutasPercentage: z.number().nullable(),
  verdurasPercentage: z.number().nullable(),
  legumesPercentage: z.number().nullable(),
  nutsPercentage: z.number().nullable(),
  ...nutrientFields,
  energyEstimated: z.boolean(),
  scoreLabel: scoreLabelSchema,
  nutriscore: z
    .object({ grade: z.string(), score: z.number() })
    .catchall(z.unknown())
    .nullable(),
  reasons: z.array(scoreReason),
  seals: z.array(seal),
  scoreVersion: z.string().nullable(),
  /** The NOVA group an admin set from the package (then `novaGroup` is this one), or null: `novaGroup` is our estimate. */
  novaOverride: z.number().int().nullable(),
  lockedFields: z.array(z.string()),
  source: z.string(),
  updatedAt: z.string(),
});
export type Product = z.infer<typeof product>;

const percentage = (label: string) =>
  z
    .number({ error: `${label} debe ser un número` })
    .min(0, { error: `${label} debe estar entre 0 y 100` })
    .max(100, { error: `${label} debe estar entre 0 y 100` })
    .nullable();
/**
 * A per-100 g value: 0 or more, below `max`, kept to 3 decimals (a label never prints more, and a value such as
 * 1e-46 would not survive the database's real type). Null, as for a percentage, says nobody read it: it stays
 * unknown, never 0 (a departure from spec §5, docs/spec-departures.md).
 */
const nutrient = (label: string, max = 100_000, maxError = `${label} es demasiado grande`) =>
  z
    .number({ error: `${label} debe ser un número` })
    .min(0, { error: `${label} no puede ser negativo` })
    .max(max, { error: maxError })
    .transform((v) => Math.round(v * 1000) / 1000)
    .nullable();

/** Each nutrient's bound and wording; `satisfies` fails the typecheck when the domain's list and this one differ. */
const { max: maxKcal } = NUTRIENT_LIMITS.energyKcal.imposible;
const { max: maxG } = NUTRIENT_LIMITS.gramsPer100G.imposible;
const nutrientPatch = {
  energyKcal100: nutrient('La energía', maxKcal, `La energía no puede superar ${maxKcal} kcal por 100 g`),
  totalFatG100: nutrient('La grasa total', maxG, `La grasa total no puede superar ${maxG} g`),
  saturatedFatG100: nutrient('La grasa saturada', maxG, `La grasa saturada no puede superar ${maxG} g`),
  carbohydratesG100: nutrient('Los hidratos de carbono', maxG, `Los hidratos de carbono no pueden superar ${maxG} g`),
  totalSugarsG100: nutrient('Los azúcares', maxG, `Los azúcares no pueden superar ${maxG} g`),
  fiberG100: nutrient('La fibra', maxG, `La fibra no puede superar ${maxG} g`),
  proteinG100: nutrient('La proteína', maxG, `La proteína no puede superar ${maxG} g`),
  sodiumMg100: nutrient('El sodio'),
} satisfies Record<NutrientField, z.ZodType>;

/** The four percentages of fruit, vegetables, legumes and nuts an admin reads on the package (the score's inputs). */
export const percentageFieldNames = ['frutasPercentage', 'verdurasPercentage', 'legumesPercentage', 'nutsPercentage'] as const;
export type PercentageField = (typeof percentageFieldNames)[number];

export const editableProductFields = [
  'name',
  'brand',
  'ingredients',
  ...percentageFieldNames,
  'organic',
  'nutriscoreCategory',
  'novaOverride',
  ...nutrientFieldNames,
] as const;
export type EditableProductField = (typeof editableProductFields)[number];

/** PATCH /api/products/{id}: the spec's fields, all optional; unknown fields are refused. */
export const productPatch = z.strictObject({
  name: requiredText(300, 'El nombre'),
  brand: humanText(200, 'La marca'),
  ingredients: humanText(10_000, 'Los ingredientes'),
  frutasPercentage: percentage('El porcentaje de frutas'),
  verdurasPercentage: percentage('El porcentaje de verduras'),
  legumesPercentage: percentage('El porcentaje de legumbres'),
  nutsPercentage: percentage('El porcentaje de frutos secos'),
  organic: z.boolean({ error: 'Ecológico debe ser verdadero o falso' }),
  nutriscoreCategory: nutriscoreCategorySchema,
  /** The NOVA group an admin read on the package, or null to go back to our estimate. */
  novaOverride: z
    .literal(NOVA_GROUPS, {
      error: `El grupo NOVA debe ser ${oneOf(NOVA_GROUPS)} (o vacío para usar nuestra estimación)`,
    })
    .nullable(),
  ...nutrientPatch,
  /** Fields to hand back to the sync (remove the admin lock). */
  unlockFields: z.array(z.enum(editableProductFields)).max(editableProductFields.length).optional(),
}).partial();
export type ProductPatch = z.infer<typeof productPatch>;

export const adminProductsQuery = z.object({
  q: humanText(200, 'La búsqueda').optional(),
  page: wholeNumberParam('La página', 1, 100_000).default(1),
  pageSize: wholeNumberParam('El tamaño de página', 1, 200).default(50),
  // Cache-busting parameter the spec's client sends; accepted and ignored.
  _: z.string().max(50).optional(),
  t: z.string().max(50).optional(),
});

export const adminProductRow = productIdentity.extend({
  healthScore: z.number().nullable(),
  categorySlug: z.string().nullable(),
  subcategorySlug: z.string().nullable(),
  /** The shelf's Spanish names ("Despensa", "Harinas y repostería"), which the table shows. */
  categoryName: z.string().nullable(),
  subcategoryName: z.string().nullable(),
  lockedFields: z.array(z.string()),
  updatedAt: z.string(),
});
export const adminProductsPage = pageOf(adminProductRow);
export type AdminProductsPage = z.infer<typeof adminProductsPage>;

/** Up to this many "Mejores opciones" on a product page. */
export const MAX_ALTERNATIVES = 5;

/** A clearly better product of the same shelf (issue 16), as its card needs it, with the one reason it is better. */
export const productAlternative = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  brand: z.string(),
  images: productImages.nullable(),
  healthScore: z.number(),
  scoreLabel: scoreLabelSchema,
  /** So the phone keeps only the alternatives that suit the shopper's preferences, without sending them. */
  ...allergenDietFields,
  reason: z.strictObject({
    id: z.enum(BETTER_REASON_IDS),
    /** "Menos azúcar" */
    text: z.string(),
    /** "4 g frente a 22 g por 100 g" */
    detail: z.string(),
  }),
});
export type ProductAlternative = z.infer<typeof productAlternative>;

/**
 * GET /api/products/{id}/alternatives. `unavailable` says why there can be no list: the product has no score
 * ('sin-puntaje'), or no shelf to look on ('sin-estante'); null when `items` is the true answer (possibly empty:
 * nothing on the shelf is clearly better).
 */
export const productAlternatives = z.strictObject({
  productId: z.number().int(),
  unavailable: z.enum(['sin-puntaje', 'sin-estante']).nullable(),
  /** How much higher (as shown, one decimal) a score must be to count as better. */
  minimumMargin: z.number(),
  items: z.array(productAlternative).max(MAX_ALTERNATIVES),
});
export type ProductAlternatives = z.infer<typeof productAlternatives>;
