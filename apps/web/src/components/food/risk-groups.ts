import type { SuspectRisk } from '@etiqueta/domain';

export type RiskGroupId = 'riesgosos' | 'debate' | 'sin-riesgo';

export type RiskGroup<T> = { id: RiskGroupId; title: string; items: T[] };

/** The three groups of the additives and 'Otros sospechosos' pages, worst first (spec §2, §4). */
export const RISK_GROUP_TITLES: Record<RiskGroupId, string> = {
  riesgosos: 'Riesgosos',
  debate: 'Riesgo posible (Debate)',
  'sin-riesgo': 'Sin riesgo conocido',
};

const GROUP_ORDER: readonly RiskGroupId[] = ['riesgosos', 'debate', 'sin-riesgo'];

/**
 * Which group a risk level goes to. Suspects may also be 'alto' (spec §4), which the spec's three groups do not
 * name. 'alto' marks free sugars in syrup form (jarabe de glucosa, fructosa…): the health score takes 0.5 points
 * per 'alto' suspect, next to 0.6 for 'Riesgoso' and well above 0.3 for 'Debate', so 'alto' goes with the
 * 'Riesgosos'. Putting it under 'Debate' would tell the shopper the harm is disputed, which it is not.
 */
export const riskGroupOf = (riskLevel: SuspectRisk): RiskGroupId => {
  switch (riskLevel) {
    case 'Riesgoso':
    case 'alto':
      return 'riesgosos';
    case 'Riesgo posible (Debate)':
      return 'debate';
    case 'Sin riesgo conocido':
      return 'sin-riesgo';
  }
};

/**
 * All three groups, worst first, each keeping the items' original order. Empty groups stay (with count 0):
 * 'Riesgosos 0' is news a shopper wants.
 */
export const groupByRisk = <T extends { riskLevel: SuspectRisk }>(items: readonly T[]): RiskGroup<T>[] =>
  GROUP_ORDER.map((id) => ({
    id,
    title: RISK_GROUP_TITLES[id],
    items: items.filter((item) => riskGroupOf(item.riskLevel) === id),
  }));

/**
 * The word shown on each item: its group's word, so an item under 'Riesgosos' never says something else
 * ('alto' once showed 'Alto' there, a word the page explains nowhere).
 */
export const riskLevelWord = (riskLevel: SuspectRisk): string => (riskLevel === 'alto' ? 'Riesgoso' : riskLevel);
