/**
 * The two or three strongest reasons for the top of the product page, good news too, ordered by the tenths each
 * fact moves the score.
 */
import type { NovaGroup } from '../nova/estimate-nova.ts';
import { productNutrientRows } from '../nutrients/nutrient-bands.ts';
import type { RiskLevel } from '../types.ts';
import { HEALTH_SCORE_WEIGHTS, quoteList } from './health-score.ts';
import {
  basisOf,
  COMPONENT_NUTRIENT,
  liquidRows,
  NUTRIENT_WORDS,
  nutrientText,
  plural,
  type ScoreExplanationInput,
  tenths,
} from './score-facts.ts';

export type ScoreHighlight = { text: string; tone: 'good' | 'bad' };

type Candidate = ScoreHighlight & { weight: number };

/**
 * The two or three strongest reasons, in plain Spanish, for the top of the product page: what weighs most on the
 * score first ("Mucha azúcar: 32 g por 100 g", "Contiene 2 aditivos de riesgo", "Ultraprocesado (NOVA 4)"), good
 * news too ("Sin aditivos", "Rico en fibra: 6 g por 100 g"). Weights are the tenths each fact moves the score
 * (a seal adds its own), so the order follows the calculation.
 */
export function scoreHighlights(input: ScoreExplanationInput, max = 3): ScoreHighlight[] {
  const W = HEALTH_SCORE_WEIGHTS;
  const basis = basisOf(input);
  const pointsOf = (rule: string) =>
    input.reasons.filter((r) => r.rule === rule).reduce((sum, r) => sum + tenths(r.points), 0);
  const candidates: Candidate[] = [];

  const componentOf = Object.fromEntries(Object.entries(COMPONENT_NUTRIENT).map(([rule, n]) => [n, rule]));
  for (const row of productNutrientRows(liquidRows(input))) {
    const moved = pointsOf(componentOf[row.nutrient] ?? '');
    if (row.group === 'negative') {
      candidates.push({
        text: nutrientText(row.nutrient, row.value, row.group, basis, Math.min(moved, 0)),
        tone: 'bad',
        weight: Math.max(1, -moved) + (row.sealed ? W.sealPenaltyTenths : 0),
      });
    } else if (NUTRIENT_WORDS[row.nutrient].rich !== undefined && moved > 0) {
      candidates.push({
        text: nutrientText(row.nutrient, row.value, row.group, basis, moved),
        tone: 'good',
        weight: moved,
      });
    }
  }

  // "Sin aditivos" is a claim of absence: only from a list read well (readIngredientList).
  const readWell = input.ingredientReading?.readWell === true;
  const risky = input.detectedAdditives.filter((a) => a.riskLevel !== 'Sin riesgo conocido');
  if (risky.length > 0) {
    const riesgoso = risky.some((a) => a.riskLevel === 'Riesgoso');
    candidates.push({
      text: `Contiene ${risky.length} ${plural(risky.length, 'aditivo de riesgo', 'aditivos de riesgo')}`,
      tone: 'bad',
      weight:
        -risky.reduce((sum, a) => sum + pointsOfAdditive(a.riskLevel), 0) +
        (riesgoso ? -pointsOf('cap.riesgoso') : 0),
    });
  } else if (readWell && input.detectedAdditives.length === 0) {
    candidates.push({ text: 'Sin aditivos', tone: 'good', weight: W.processingMaxTenths / 2 });
  }
  const gaps = input.ingredientReading;
  if (gaps !== null && !gaps.readWell) {
    // What cost the processing credit, in the label's own words.
    candidates.push({
      text:
        gaps.undeclared.length > 0
          ? `Ingrediente industrial sin detallar: ${quoteList(gaps.undeclared.slice(0, 1))}`
          : `Ingredientes que no reconocemos: ${quoteList(gaps.unrecognised.slice(0, 2))}`,
      tone: 'bad',
      // As much as the good news it replaces ("Sin aditivos").
      weight: W.processingMaxTenths / 2,
    });
  }

  const nova = input.novaGroup as NovaGroup | null;
  if (nova === 4) {
    // Its additives already speak for themselves; the suspects are what NOVA 4 adds.
    const suspects = -input.reasons
      .filter((r) => r.rule.startsWith('suspect.'))
      .reduce((sum, r) => sum + tenths(r.points), 0);
    candidates.push({ text: 'Ultraprocesado (NOVA 4)', tone: 'bad', weight: Math.max(5, suspects) });
  } else if (nova === 1) {
    candidates.push({ text: 'Sin procesar o mínimamente procesado (NOVA 1)', tone: 'good', weight: 5 });
  }
  if (input.organic) candidates.push({ text: 'Ecológico', tone: 'good', weight: W.organicTenths });

  // Stable: equal weights keep the order above (nutrients, additives, processing).
  return candidates
    .map((c, index) => ({ c, index }))
    .sort((a, b) => b.c.weight - a.c.weight || a.index - b.index)
    .slice(0, max)
    .map(({ c }) => ({ text: c.text, tone: c.tone }));
}

const pointsOfAdditive = (level: RiskLevel) => -HEALTH_SCORE_WEIGHTS.additivePenaltyTenths[level];
