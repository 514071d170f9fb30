/**
 * The 0–10 health score and its reasons.
 *
 * Why this shape (ARCHITECTURE §6; Yuka's published weighting 60 % nutrition / 30 % additives / 10 % organic):
 * - Nutrition, up to 6 points: 4.2 − 0.2 × Nutri-Score 2023 points (so grade A ≈ 4.2–6, E ≤ 0.4), each
 *   Nutri-Score component shown as its own reason. Clamped to 0–6.
 * - Processing, up to 3 points: minus 1.0 per 'Riesgoso' additive, 0.6 per 'Debate', 0.2 per other additive;
 *   minus 0.6 per 'Riesgoso' suspect, 0.5 per 'alto', 0.3 per 'Debate', 0.1 per other. Floored at 0.
 * - Plain water gets the full 6 nutrition points (Nutri-Score grades it A whatever the numbers).
 * - Organic, 1 point.
 * - A 'Riesgoso' additive caps the total at 4.9, no better than 'Malo' (Yuka caps such products at 49/100).
 * Everything is computed in tenths (integers), so the reasons add up exactly to the score.
 * Monotone by construction: every penalty grows with sugar, saturated fat, salt, energy and each additive or
 * suspect, every bonus grows with fibre, protein and fruit, and the clamps and cap are monotone.
 */
import type {
  DetectedAdditive,
  DetectedSuspect,
  NutriscoreCategory,
  ScoreReason,
  SuspectRisk,
} from '../types.ts';
import type { NutriscoreComponent, NutriscoreResult } from '../nutriscore/nutriscore-2023.ts';
import { formatNumberEs, formatSignedPoints } from '../text/format-es.ts';

/** Bump on any change to the formula, the thresholds or the catalogue's risk levels: stored scores are recomputed. */
export const SCORE_VERSION = '2026.11.3';

export const HEALTH_SCORE_WEIGHTS = {
  nutritionBaseTenths: 42,
  tenthsPerNutriscorePoint: 2,
  nutritionMaxTenths: 60,
  processingMaxTenths: 30,
  organicTenths: 10,
  riesgosoCapTenths: 49,
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
  additives: readonly DetectedAdditive[];
  suspects: readonly DetectedSuspect[];
  organic: boolean;
  /** Plain water: full nutrition points. */
  isWater?: boolean;
};

export type HealthScore = { score: number | null; reasons: ScoreReason[] };

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

export function computeHealthScore(input: HealthScoreInput): HealthScore {
  const W = HEALTH_SCORE_WEIGHTS;
  const ns = input.nutriscore;
  if (ns === null) return { score: null, reasons: [] };
  const reasons: ScoreReason[] = [];

  // Nutrition.
  reasons.push(reason('nutrition.base', 'Base nutricional', W.nutritionBaseTenths));
  let nutrition: number = W.nutritionBaseTenths;
  for (const c of ns.components.negative) {
    if (c.points === 0) continue;
    const tenths = -c.points * W.tenthsPerNutriscorePoint;
    nutrition += tenths;
    reasons.push(reason(`nutrition.${c.id}`, componentText(c, input), tenths));
  }
  for (const c of ns.components.positive) {
    if (c.points === 0) continue;
    const tenths = c.points * W.tenthsPerNutriscorePoint;
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

  // Processing: additives and suspects.
  reasons.push(
    reason('processing.base', 'Procesamiento (sin aditivos ni sospechosos)', W.processingMaxTenths),
  );
  let processing: number = W.processingMaxTenths;
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

  let total = nutrition + processing;
  if (input.organic) {
    reasons.push(reason('organic', 'Ecológico', W.organicTenths));
    total += W.organicTenths;
  }
  if (total > W.riesgosoCapTenths && input.additives.some((a) => a.riskLevel === 'Riesgoso')) {
    reasons.push(
      reason('cap.riesgoso', 'Contiene un aditivo riesgoso, máximo 4,9', W.riesgosoCapTenths - total),
    );
    total = W.riesgosoCapTenths;
  }
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
