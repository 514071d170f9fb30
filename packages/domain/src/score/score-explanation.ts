/**
 * The score's reasons in a shopper's words (product page, '¿Por qué este puntaje?'; the strongest reasons above
 * the fold are score-highlights.ts). The stored reasons (health-score.ts) are the calculation, rule by rule; this groups them
 * into what a shopper reads — nutrition, ingredients, seals, organic, caps — each section with its signed
 * points, so the sections add up exactly to the score, and each line a fact about the product ("Mucha azúcar:
 * 32 g por 100 g", "2 aditivos riesgosos: E150d, E211") rather than a step of the formula.
 */
import { productNutrientRows } from '../nutrients/nutrient-bands.ts';
import { formatNumberEs } from '../text/format-es.ts';
import type { RiskLevel, ScoreReason } from '../types.ts';
import { HEALTH_SCORE_WEIGHTS, SCORE_NOTE_RULES, quoteList } from './health-score.ts';
import {
  basisOf,
  COMPONENT_NUTRIENT,
  liquidRows,
  nutrientText,
  nutrientValue,
  plural,
  type ScoreExplanationInput,
  tenths,
} from './score-facts.ts';

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

