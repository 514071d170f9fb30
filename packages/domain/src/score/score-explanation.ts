/**
 * The score's reasons in a shopper's words (product page, '¿Por qué este puntaje?' and the strongest reasons
 * above the fold). The stored reasons (health-score.ts) are the calculation, rule by rule; this groups them
 * into what a shopper reads — nutrition, ingredients, seals, organic, caps — each section with its signed
 * points, so the sections add up exactly to the score, and each line a fact about the product ("Mucha azúcar:
 * 32 g por 100 g", "2 aditivos riesgosos: E150d, E211") rather than a step of the formula.
 */
import type { NovaGroup } from '../nova/estimate-nova.ts';
import {
  type NutrientId,
  type ProductNutrientRow,
  productNutrientRows,
  saltGramsFromSodiumMg,
} from '../nutrients/nutrient-bands.ts';
import type { Seal } from '../seals/chile-seals.ts';
import { formatNumberEs } from '../text/format-es.ts';
import type { NutriscoreCategory, RiskLevel, ScoreReason, SuspectRisk } from '../types.ts';
import { HEALTH_SCORE_WEIGHTS, SCORE_NOTE_RULES, quoteList } from './health-score.ts';

export type ScoreExplanationInput = {
  healthScore: number | null;
  reasons: readonly ScoreReason[];
  nutriscoreCategory: NutriscoreCategory;
  /** Sold by volume: values per 100 mL, judged on the liquid scale. Defaults to a beverage's category. */
  isLiquid?: boolean;
  energyKcal100: number | null;
  totalSugarsG100: number | null;
  saturatedFatG100: number | null;
  sodiumMg100: number | null;
  proteinG100: number | null;
  fiberG100: number | null;
  fruitsVegetablesPercent: number | null;
  novaGroup: number | null;
  ingredients: string | null;
  /** How the list was read (the analysis' ingredientReading); null without a list. */
  ingredientReading: {
    readWell: boolean;
    unrecognised: readonly string[];
    undeclared: readonly string[];
  } | null;
  organic: boolean;
  detectedAdditives: readonly { code: string; name: string; riskLevel: RiskLevel }[];
  ultraprocessed: readonly { name: string; riskLevel: SuspectRisk }[];
  seals: readonly Pick<Seal, 'id' | 'label'>[];
};

export type ExplanationLine = { text: string; points: number };

export type ExplanationSectionId = 'nutrition' | 'ingredients' | 'seals' | 'organic' | 'caps' | 'other';

export type ExplanationSection = {
  id: ExplanationSectionId;
  title: string;
  /** Signed points of the whole section; the sections add up to the score. */
  points: number;
  /** The most the section can give, when it has a ceiling ("1,6 de 6"). */
  max: number | null;
  lines: ExplanationLine[];
  /** One sentence on how the section counts, when its lines alone do not add up to its points. */
  note: string | null;
};

export type ScoreExplanation = { sections: ExplanationSection[]; total: number | null };

export type ScoreHighlight = { text: string; tone: 'good' | 'bad' };

const tenths = (points: number) => Math.round(points * 10);

/** "por 100 g" or "por 100 mL", as the label states the values (a product sold by volume, else a beverage). */
const basisOf = (input: Pick<ScoreExplanationInput, 'nutriscoreCategory' | 'isLiquid'>) =>
  (input.isLiquid ?? input.nutriscoreCategory === 'beverage') ? '100 mL' : '100 g';

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

type NutrientWords = { name: string; much: string; rich?: string; unit: string; decimals: number };

const NUTRIENT_WORDS: Record<NutrientId, NutrientWords> = {
  energy: { name: 'Calorías', much: 'Muchas calorías', unit: 'kcal', decimals: 0 },
  sugar: { name: 'Azúcares', much: 'Mucha azúcar', unit: 'g', decimals: 1 },
  saturatedFat: { name: 'Grasas saturadas', much: 'Muchas grasas saturadas', unit: 'g', decimals: 1 },
  sodium: { name: 'Sodio', much: 'Mucho sodio', unit: 'mg', decimals: 0 },
  protein: {
    name: 'Proteínas',
    much: 'Proteínas',
    rich: 'Buena fuente de proteínas',
    unit: 'g',
    decimals: 1,
  },
  fiber: { name: 'Fibra', much: 'Fibra', rich: 'Rico en fibra', unit: 'g', decimals: 1 },
  fruitsVegetables: {
    name: 'Frutas, verduras y legumbres',
    much: 'Frutas, verduras y legumbres',
    rich: 'Muchas frutas, verduras o legumbres',
    unit: '%',
    decimals: 0,
  },
};

/** Nutri-Score components that are one of the page's nutrient rows. */
const COMPONENT_NUTRIENT: Record<string, NutrientId> = {
  'nutrition.energy': 'energy',
  'nutrition.sugars': 'sugar',
  'nutrition.saturated_fat': 'saturatedFat',
  'nutrition.salt': 'sodium',
  'nutrition.proteins': 'protein',
  'nutrition.fiber': 'fiber',
  'nutrition.fruits_vegetables_legumes': 'fruitsVegetables',
};

/** "32 g por 100 g", "450 kcal por 100 g", "85 %", "1200 mg por 100 g (3 g de sal)". */
function amount(nutrient: NutrientId, value: number, basis: string): string {
  const w = NUTRIENT_WORDS[nutrient];
  const number = formatNumberEs(value, w.decimals);
  if (w.unit === '%') return `${number} %`;
  const salt = nutrient === 'sodium' ? ` (${formatNumberEs(saltGramsFromSodiumMg(value), 2)} g de sal)` : '';
  return `${number} ${w.unit} por ${basis}${salt}`;
}

/**
 * A nutrient in words that agree with its row: "Mucha azúcar" only when the row is negative, "Rico en fibra"
 * only when the row is a positive; otherwise the plain name.
 */
function nutrientText(
  nutrient: NutrientId,
  value: number,
  group: ProductNutrientRow['group'] | null,
  basis: string,
  points: number,
): string {
  const w = NUTRIENT_WORDS[nutrient];
  let words = w.name;
  if (points <= 0 && group === 'negative') words = w.much;
  if (points >= 0 && group === 'positive' && w.rich !== undefined) words = w.rich;
  return `${words}: ${amount(nutrient, value, basis)}`;
}

function nutrientValue(input: ScoreExplanationInput, nutrient: NutrientId): number | null {
  switch (nutrient) {
    case 'energy':
      return input.energyKcal100;
    case 'sugar':
      return input.totalSugarsG100;
    case 'saturatedFat':
      return input.saturatedFatG100;
    case 'sodium':
      return input.sodiumMg100;
    case 'protein':
      return input.proteinG100;
    case 'fiber':
      return input.fiberG100;
    case 'fruitsVegetables':
      return input.fruitsVegetablesPercent;
  }
}

/** The stored reason's own words, without its trailing points ("Energía 1.200 kJ/100 g: −0,4" → "Energía …"). */
const storedWords = (reason: ScoreReason) => reason.text.replace(/:\s*[+\u2212-]?\d+(?:[.,]\d+)?\s*$/, '');

const RISK_WORDS: Record<RiskLevel, { one: string; many: string }> = {
  Riesgoso: { one: 'aditivo riesgoso', many: 'aditivos riesgosos' },
  'Riesgo posible (Debate)': { one: 'aditivo en debate', many: 'aditivos en debate' },
  'Sin riesgo conocido': { one: 'aditivo sin riesgo conocido', many: 'aditivos sin riesgo conocido' },
};
const RISK_RULE: Record<RiskLevel, string> = {
  Riesgoso: 'additive.riesgoso',
  'Riesgo posible (Debate)': 'additive.debate',
  'Sin riesgo conocido': 'additive.sin-riesgo',
};

const sectionOf = (rule: string): ExplanationSectionId => {
  if (rule.startsWith('nutrition.')) return 'nutrition';
  if (rule.startsWith('processing.') || rule.startsWith('additive.') || rule.startsWith('suspect.'))
    return 'ingredients';
  if (rule.startsWith('seal.')) return 'seals';
  if (rule === 'organic') return 'organic';
  if (rule.startsWith('cap.') || rule === 'total.limit') return 'caps';
  return 'other';
};

const SECTION_TITLES: Record<ExplanationSectionId, string> = {
  nutrition: 'Nutrición',
  ingredients: 'Aditivos e ingredientes',
  seals: 'Sellos ALTO EN',
  organic: 'Ecológico',
  caps: 'Topes del puntaje',
  other: 'Otros',
};

const CAP_WORDS: Record<string, string> = {
  'cap.riesgoso': 'Tiene un aditivo riesgoso: el puntaje no pasa de',
  'cap.partial': 'Falta la lista de ingredientes: el puntaje no pasa de',
};

function nutritionLines(input: ScoreExplanationInput, reasons: readonly ScoreReason[]): ExplanationLine[] {
  const basis = basisOf(input);
  const rows = new Map(productNutrientRows(liquidRows(input)).map((row) => [row.nutrient, row]));
  const lines: ExplanationLine[] = [];
  for (const reason of reasons) {
    if (reason.rule === 'nutrition.base' || reason.rule === 'nutrition.limit') continue;
    if (reason.rule === 'nutrition.water') {
      lines.push({ text: 'Agua natural: la mejor bebida', points: reason.points });
      continue;
    }
    if (reason.rule === 'nutrition.non_nutritive_sweeteners') {
      lines.push({ text: 'Edulcorantes sin calorías en una bebida', points: reason.points });
      continue;
    }
    const nutrient = COMPONENT_NUTRIENT[reason.rule];
    const value = nutrient === undefined ? null : nutrientValue(input, nutrient);
    if (nutrient === undefined || value === null) {
      lines.push({ text: storedWords(reason), points: reason.points });
      continue;
    }
    // Judged as its row is (seals included), so the line and the row never disagree; a nutrient without a
    // row (protein below its good band) gets its plain name.
    const group = rows.get(nutrient)?.group ?? null;
    lines.push({ text: nutrientText(nutrient, value, group, basis, reason.points), points: reason.points });
  }
  return lines;
}

/** What kept the list from being read well, one line each: what a shopper can check on the package. */
function unreadLines(input: ScoreExplanationInput): ExplanationLine[] {
  const reading = input.ingredientReading;
  const lines: ExplanationLine[] = [];
  if (reading === null) return lines;
  const n = reading.undeclared.length;
  if (n > 0)
    lines.push({
      text: `${n === 1 ? 'Preparado industrial que no detalla su contenido' : 'Preparados industriales que no detallan su contenido'}: ${quoteList(reading.undeclared)}`,
      points: 0,
    });
  if (reading.unrecognised.length > 0)
    lines.push({ text: `Ingredientes que no reconocemos: ${quoteList(reading.unrecognised)}`, points: 0 });
  return lines;
}

function ingredientLines(input: ScoreExplanationInput, reasons: readonly ScoreReason[]): ExplanationLine[] {
  if (reasons.some((r) => r.rule === SCORE_NOTE_RULES.partial)) {
    return [{ text: 'Falta la lista de ingredientes: no sabemos si tiene aditivos', points: 0 }];
  }
  const unread = reasons.some((r) => r.rule === SCORE_NOTE_RULES.unread);
  const pointsOf = (predicate: (rule: string) => boolean) =>
    reasons.filter((r) => predicate(r.rule)).reduce((sum, r) => sum + tenths(r.points), 0) / 10;
  const lines: ExplanationLine[] = unread ? unreadLines(input) : [];
  for (const level of ['Riesgoso', 'Riesgo posible (Debate)', 'Sin riesgo conocido'] as const) {
    const found = input.detectedAdditives.filter((a) => a.riskLevel === level);
    if (found.length === 0) continue;
    const words = RISK_WORDS[level];
    const codes = level === 'Sin riesgo conocido' ? '' : `: ${found.map((a) => a.code).join(', ')}`;
    lines.push({
      text: `${found.length} ${plural(found.length, words.one, words.many)}${codes}`,
      points: pointsOf((rule) => rule === RISK_RULE[level]),
    });
  }
  if (input.ultraprocessed.length > 0) {
    const n = input.ultraprocessed.length;
    lines.push({
      text: `${n} ${plural(n, 'ingrediente ultraprocesado', 'ingredientes ultraprocesados')}: ${input.ultraprocessed
        .map((s) => s.name.toLowerCase())
        .join(', ')}`,
      points: pointsOf((rule) => rule.startsWith('suspect.')),
    });
  }
  if (lines.length === 0 && !unread) {
    lines.push({
      text: 'Sin aditivos ni ingredientes ultraprocesados',
      points: pointsOf((r) => r === 'processing.base'),
    });
  }
  return lines;
}

/**
 * The score in sections a shopper reads, each with its signed points; the sections add up exactly to the score
 * (computed in tenths, like the score). Reasons that move nothing (the 'Datos dudosos' notes) are left to the
 * page's notice. `total` is null when the product has no score.
 */
export function explainScore(input: ScoreExplanationInput): ScoreExplanation {
  if (input.healthScore === null) return { sections: [], total: null };
  const bySection = new Map<ExplanationSectionId, ScoreReason[]>();
  for (const reason of input.reasons) {
    if (reason.rule === SCORE_NOTE_RULES.dubious) continue;
    const id = sectionOf(reason.rule);
    bySection.set(id, [...(bySection.get(id) ?? []), reason]);
  }
  const W = HEALTH_SCORE_WEIGHTS;
  const sections: ExplanationSection[] = [];
  for (const id of ['nutrition', 'ingredients', 'seals', 'organic', 'caps', 'other'] as const) {
    const reasons = bySection.get(id);
    if (reasons === undefined) continue;
    const points = reasons.reduce((sum, r) => sum + tenths(r.points), 0) / 10;
    let lines: ExplanationLine[];
    let note: string | null = null;
    let max: number | null = null;
    switch (id) {
      case 'nutrition':
        lines = nutritionLines(input, reasons);
        max = W.nutritionMaxTenths / 10;
        note = `Según el Nutri-Score: se parte de ${formatNumberEs(W.nutritionBaseTenths / 10)} puntos, cada nutriente suma o resta, y la nutrición queda entre 0 y ${formatNumberEs(max)}.`;
        break;
      case 'ingredients': {
        lines = ingredientLines(input, reasons);
        max = W.processingMaxTenths / 10;
        const partial = reasons.some((r) => r.rule === SCORE_NOTE_RULES.partial);
        const unread = reasons.some((r) => r.rule === SCORE_NOTE_RULES.unread);
        note = partial
          ? 'Sin la lista de ingredientes esta parte no suma puntos.'
          : unread
            ? 'Lo que no podemos leer podría ser un aditivo: sin una lista leída completa esta parte no suma puntos.'
            : `Se parte de ${formatNumberEs(max)} puntos y cada aditivo o ingrediente ultraprocesado resta según su riesgo (nunca menos de 0).`;
        break;
      }
      case 'seals':
        lines = reasons.map((r) => ({ text: storedWords(r).replace(/^Sello /, ''), points: r.points }));
        break;
      case 'organic':
        lines = [];
        break;
      case 'caps':
        lines = reasons.map((r) => {
          const cap = storedWords(r).match(/máximo (\d+,\d)$/)?.[1];
          if (r.rule === 'total.limit') return { text: 'El puntaje no baja de 0', points: r.points };
          if (r.rule === 'cap.seals' && cap !== undefined) {
            const n = input.seals.length;
            return {
              text: `${n === 1 ? 'Tiene un sello' : `Tiene ${n} sellos`} ALTO EN: el puntaje no pasa de ${cap}`,
              points: r.points,
            };
          }
          const words = CAP_WORDS[r.rule];
          return {
            text: words !== undefined && cap !== undefined ? `${words} ${cap}` : storedWords(r),
            points: r.points,
          };
        });
        break;
      case 'other':
        lines = reasons.map((r) => ({ text: storedWords(r), points: r.points }));
        break;
    }
    sections.push({ id, title: SECTION_TITLES[id], points, max, lines, note });
  }
  return { sections, total: input.healthScore };
}

type Candidate = ScoreHighlight & { weight: number };

/** The rows' input with the basis the explanation states ("por 100 mL" for a beverage without isLiquid). */
const liquidRows = (input: ScoreExplanationInput) => ({
  ...input,
  isLiquid: input.isLiquid ?? input.nutriscoreCategory === 'beverage',
});

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
