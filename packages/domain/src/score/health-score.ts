/**
 * The 0–10 health score and its reasons (docs/scoring.md, rules in the order applied here).
 *
 * Why this shape (Yuka's published weighting 60 % nutrition / 30 % additives / 10 % organic):
 * - Nutrition, up to 6 points, calibrated on Nutri-Score 2023: 4.8 − 0.3 × Nutri-Score points for foods, and
 *   4.8 − 0.6 × points for beverages (their own, tighter scale: grade E starts at 10 points, not 19), so a
 *   food of grade A lands at 4.8–6, grade C at 1.8–3.9 and grade E at 0, and a cola reaches 0. Each Nutri-Score
 *   component is its own reason. Clamped to 0–6.
 * - Plain water gets the full 6 nutrition points (Nutri-Score grades it A whatever the numbers). The caller
 *   decides what plain water is (analyse-product: water category or name, ≤ 1 kcal, no additives).
 * - Processing, up to 3 points, only when the ingredient list was read well (readIngredientList: every
 *   ingredient recognised, no undeclared industrial preparation): minus 1.0 per 'Riesgoso' additive, 0.6 per
 *   'Debate', 0.2 per other additive; minus 0.6 per 'Riesgoso' suspect, 0.5 per 'alto', 0.3 per 'Debate', 0.1
 *   per other. Floored at 0. Unknown is not clean: without the list nothing is credited and the score is
 *   partial (held below 'Mejor'); with a list read with gaps nothing is credited either, and a note says which
 *   words kept it from being read.
 * - Each Chilean 'ALTO EN' seal, minus 0.5.
 * - Organic, 1 point.
 * - Caps, each a reason of its own: a 'Riesgoso' additive caps the total at 4.9 (Yuka caps such products at
 *   49/100); two or more seals cap it at 6.9 (never 'Mejor'), one seal at 8.9 (never 'Excelente'); a partial
 *   score at 6.9.
 * Everything is computed in tenths (integers), so the reasons add up exactly to the score.
 * Monotone by construction: every penalty grows with sugar, saturated fat, salt, energy, each additive, suspect
 * and seal; every bonus grows with fibre, protein and fruit; the clamps and caps are monotone.
 */
import type {
  DetectedAdditive,
  DetectedSuspect,
  NutriscoreCategory,
  ScoreReason,
  SuspectRisk,
} from '../types.ts';
import type { NutriscoreComponent, NutriscoreResult } from '../nutriscore/nutriscore-2023.ts';
import type { Seal } from '../seals/chile-seals.ts';
import { formatNumberEs, formatSignedPoints } from '../text/format-es.ts';

/** Bump on any change to the formula, the thresholds or the catalogue's risk levels: stored scores are recomputed. */
export const SCORE_VERSION = '2026.11.7';

export const HEALTH_SCORE_WEIGHTS = {
  nutritionBaseTenths: 50,
  /** Tenths per Nutri-Score point: foods, and beverages on their own scale. */
  tenthsPerNutriscorePoint: { food: 2, beverage: 4 },
  nutritionMaxTenths: 60,
  processingMaxTenths: 30,
  organicTenths: 10,
  sealPenaltyTenths: 5,
  riesgosoCapTenths: 49,
  /** Below 'Mejor' (6.95): two or more seals, or a partial score. */
  belowMejorCapTenths: 69,
  /** Below 'Excelente' (9): one seal. */
  belowExcelenteCapTenths: 89,
  additivePenaltyTenths: { Riesgoso: 10, 'Riesgo posible (Debate)': 6, 'Sin riesgo conocido': 2 },
  suspectPenaltyTenths: {
    Riesgoso: 6,
    alto: 5,
    'Riesgo posible (Debate)': 3,
    'Sin riesgo conocido': 1,
  } satisfies Record<SuspectRisk, number>,
} as const;

export type HealthScoreInput = {
  nutriscore: NutriscoreResult | null;
  category: NutriscoreCategory;
  /** Label values for the reasons' text. */
  display: { energyKcal100: number | null; sodiumMg100: number | null };
  /**
   * How the ingredient list was read (readIngredientList): 'missing' (no list: processing unknown, the score
   * partial), 'read-well' (every ingredient recognised: the processing credit applies), or what kept it from
   * being read well (an ingredient we do not recognise, an industrial preparation that does not declare its
   * parts): then no processing credit, said in words.
   */
  ingredientList: 'missing' | 'read-well' | IngredientListGaps;
  additives: readonly DetectedAdditive[];
  suspects: readonly DetectedSuspect[];
  seals: readonly Seal[];
  organic: boolean;
  /** Plain water: full nutrition points. */
  isWater?: boolean;
};

export type HealthScore = { score: number | null; reasons: ScoreReason[] };

/** What kept an ingredient list from being read well, as printed on the label. */
export type IngredientListGaps = { unrecognised: readonly string[]; undeclared: readonly string[] };

const COMPONENT_LABELS: Record<NutriscoreComponent['id'], string> = {
  energy: 'Energía',
  energy_from_saturated_fat: 'Energía de grasas saturadas',
  sugars: 'Azúcares',
  saturated_fat: 'Grasas saturadas',
  saturated_fat_ratio: 'Proporción de grasas saturadas',
  salt: 'Sodio',
  non_nutritive_sweeteners: 'Edulcorantes no calóricos',
  proteins: 'Proteínas',
  fiber: 'Fibra',
  fruits_vegetables_legumes: 'Frutas, verduras y legumbres',
};

const ADDITIVE_RISK_TEXT = {
  Riesgoso: 'Aditivo riesgoso',
  'Riesgo posible (Debate)': 'Aditivo en debate',
  'Sin riesgo conocido': 'Aditivo',
} as const;

const SUSPECT_RISK_TEXT: Record<SuspectRisk, string> = {
  Riesgoso: 'Ultraprocesado riesgoso',
  alto: 'Ultraprocesado (alto)',
  'Riesgo posible (Debate)': 'Ultraprocesado en debate',
  'Sin riesgo conocido': 'Ultraprocesado',
};

function componentText(c: NutriscoreComponent, input: HealthScoreInput): string {
  const per = input.category === 'beverage' ? '100 mL' : '100 g';
  const label = COMPONENT_LABELS[c.id];
  switch (c.id) {
    case 'energy':
      return input.display.energyKcal100 !== null
        ? `${label} ${formatNumberEs(input.display.energyKcal100, 0)} kcal/${per}`
        : `${label} ${formatNumberEs(c.value ?? 0, 0)} kJ/${per}`;
    case 'energy_from_saturated_fat':
      return `${label} ${formatNumberEs(c.value ?? 0, 0)} kJ/${per}`;
    case 'salt':
      return input.display.sodiumMg100 !== null
        ? `${label} ${formatNumberEs(input.display.sodiumMg100, 0)} mg/${per}`
        : `Sal ${formatNumberEs(c.value ?? 0, 2)} g/${per}`;
    case 'saturated_fat_ratio':
    case 'fruits_vegetables_legumes':
      return `${label} ${formatNumberEs(c.value ?? 0, 0)} %`;
    case 'non_nutritive_sweeteners':
      return `${label} en bebida`;
    default:
      return `${label} ${formatNumberEs(c.value ?? 0, 1)} g/${per}`;
  }
}

function reason(rule: string, text: string, tenths: number): ScoreReason {
  return { rule, text: `${text}: ${formatSignedPoints(tenths / 10)}`, points: tenths / 10 };
}

/** A reason that moves nothing but tells the shopper what the score does not know. */
function note(rule: string, text: string): ScoreReason {
  return { rule, text, points: 0 };
}

/** The note shown when the ingredient list is missing (docs/scoring.md, "Puntaje parcial"). */
export const PARTIAL_SCORE_TEXT = 'Puntaje parcial: falta la lista de ingredientes';

/**
 * Reasons that move no points but say what the score does not know: the ingredient list is missing (the score
 * is partial), or the label's values contradict each other (no score, each reason "Datos dudosos: …").
 */
export const SCORE_NOTE_RULES = {
  partial: 'processing.unknown',
  unread: 'processing.unread',
  dubious: 'data.dubious',
} as const;

/** "«a»", "«a» y «b»", "«a», «b» y 2 más": label words quoted in Spanish, at most three. */
export function quoteList(items: readonly string[]): string {
  const shown = items.slice(0, 3).map((item) => `«${item}»`);
  const more = items.length - shown.length;
  if (more > 0) return `${shown.join(', ')} y ${more} más`;
  return shown.length <= 1 ? (shown[0] ?? '') : `${shown.slice(0, -1).join(', ')} y ${shown.at(-1)}`;
}

/**
 * Why a list read with gaps earns no processing credit, in a shopper's words: "«concentrados Coca-Cola» es un
 * preparado industrial que no detalla su contenido; no reconocemos «xqz»".
 */
export function unreadListText(gaps: IngredientListGaps): string {
  const parts: string[] = [];
  const n = gaps.undeclared.length;
  if (n > 0)
    parts.push(
      `${quoteList(gaps.undeclared)} ${n === 1 ? 'es un preparado industrial que no detalla su contenido' : 'son preparados industriales que no detallan su contenido'}`,
    );
  if (gaps.unrecognised.length > 0) parts.push(`no reconocemos ${quoteList(gaps.unrecognised)}`);
  return parts.join('; ');
}

/** The stored note of a list read with gaps: "Sin crédito por procesamiento: …". */
export const UNREAD_LIST_PREFIX = 'Sin crédito por procesamiento: ';
export const DUBIOUS_DATA_PREFIX = 'Datos dudosos: ';

export function computeHealthScore(input: HealthScoreInput): HealthScore {
  const W = HEALTH_SCORE_WEIGHTS;
  const ns = input.nutriscore;
  if (ns === null) return { score: null, reasons: [] };
  const reasons: ScoreReason[] = [];
  const perPoint =
    input.category === 'beverage' ? W.tenthsPerNutriscorePoint.beverage : W.tenthsPerNutriscorePoint.food;

  // Nutrition.
  reasons.push(reason('nutrition.base', 'Base nutricional', W.nutritionBaseTenths));
  let nutrition: number = W.nutritionBaseTenths;
  for (const c of ns.components.negative) {
    if (c.points === 0) continue;
    const tenths = -c.points * perPoint;
    nutrition += tenths;
    reasons.push(reason(`nutrition.${c.id}`, componentText(c, input), tenths));
  }
  for (const c of ns.components.positive) {
    if (c.points === 0) continue;
    const tenths = c.points * perPoint;
    nutrition += tenths;
    reasons.push(reason(`nutrition.${c.id}`, componentText(c, input), tenths));
  }
  if (input.isWater === true && nutrition < W.nutritionMaxTenths) {
    // Nutri-Score grades plain water A whatever its numbers; water is the reference drink.
    reasons.push(reason('nutrition.water', 'Agua: nutrición máxima', W.nutritionMaxTenths - nutrition));
    nutrition = W.nutritionMaxTenths;
  }
  if (nutrition > W.nutritionMaxTenths) {
    reasons.push(reason('nutrition.limit', 'Nutrición: máximo 6,0', W.nutritionMaxTenths - nutrition));
    nutrition = W.nutritionMaxTenths;
  } else if (nutrition < 0) {
    reasons.push(reason('nutrition.limit', 'Nutrición: mínimo 0,0', -nutrition));
    nutrition = 0;
  }

  // Processing: additives and suspects, credited only when the ingredient list says what is in the product.
  let processing = 0;
  if (input.ingredientList === 'missing') {
    reasons.push(note(SCORE_NOTE_RULES.partial, PARTIAL_SCORE_TEXT));
  } else if (input.ingredientList !== 'read-well') {
    // Unknown is not clean: an ingredient we cannot read could be an additive, so nothing is credited.
    reasons.push(
      note(SCORE_NOTE_RULES.unread, `${UNREAD_LIST_PREFIX}${unreadListText(input.ingredientList)}`),
    );
  } else {
    reasons.push(
      reason('processing.base', 'Procesamiento (sin aditivos ni sospechosos)', W.processingMaxTenths),
    );
    processing = W.processingMaxTenths;
    for (const a of input.additives) {
      const tenths = -W.additivePenaltyTenths[a.riskLevel];
      processing += tenths;
      reasons.push(
        reason(
          `additive.${riskId(a.riskLevel)}`,
          `${ADDITIVE_RISK_TEXT[a.riskLevel]} ${a.code} ${a.name}`,
          tenths,
        ),
      );
    }
    for (const s of input.suspects) {
      const tenths = -W.suspectPenaltyTenths[s.riskLevel];
      processing += tenths;
      reasons.push(
        reason(`suspect.${riskId(s.riskLevel)}`, `${SUSPECT_RISK_TEXT[s.riskLevel]}: ${s.name}`, tenths),
      );
    }
    if (processing < 0) {
      reasons.push(reason('processing.limit', 'Procesamiento: mínimo 0,0', -processing));
      processing = 0;
    }
  }

  let total = nutrition + processing;
  for (const seal of input.seals) {
    reasons.push(reason(`seal.${seal.id}`, `Sello ${seal.label}`, -W.sealPenaltyTenths));
    total -= W.sealPenaltyTenths;
  }
  if (input.organic) {
    reasons.push(reason('organic', 'Ecológico', W.organicTenths));
    total += W.organicTenths;
  }
  if (total < 0) {
    reasons.push(reason('total.limit', 'Puntaje: mínimo 0,0', -total));
    total = 0;
  }

  const cap = (rule: string, text: string, limit: number) => {
    if (total <= limit) return;
    reasons.push(reason(rule, `${text}, máximo ${formatNumberEs(limit / 10, 1)}`, limit - total));
    total = limit;
  };
  if (input.additives.some((a) => a.riskLevel === 'Riesgoso')) {
    cap('cap.riesgoso', 'Contiene un aditivo riesgoso', W.riesgosoCapTenths);
  }
  if (input.seals.length >= 2)
    cap('cap.seals', `${input.seals.length} sellos ALTO EN`, W.belowMejorCapTenths);
  else if (input.seals.length === 1) cap('cap.seals', 'Un sello ALTO EN', W.belowExcelenteCapTenths);
  if (input.ingredientList === 'missing') cap('cap.partial', 'Puntaje parcial', W.belowMejorCapTenths);
  return { score: total / 10, reasons };
}

function riskId(risk: SuspectRisk): string {
  switch (risk) {
    case 'Riesgoso':
      return 'riesgoso';
    case 'Riesgo posible (Debate)':
      return 'debate';
    case 'Sin riesgo conocido':
      return 'sin-riesgo';
    case 'alto':
      return 'alto';
  }
}
