import { describe, expect, it } from 'vitest';

import { groupByRisk, riskGroupOf, riskLevelWord } from './risk-groups';

describe('riskGroupOf', () => {
  it.each([
    { level: 'Riesgoso', group: 'riesgosos' },
    { level: 'alto', group: 'riesgosos' },
    { level: 'Riesgo posible (Debate)', group: 'debate' },
    { level: 'Sin riesgo conocido', group: 'sin-riesgo' },
  ] as const)('$level goes to $group', ({ level, group }) => {
    expect(riskGroupOf(level)).toBe(group);
  });
});

describe('groupByRisk', () => {
  it('gives all three groups worst first, keeping order inside each and empty groups at 0', () => {
    const groups = groupByRisk([
      { id: 'a', riskLevel: 'Sin riesgo conocido' as const },
      { id: 'b', riskLevel: 'alto' as const },
      { id: 'c', riskLevel: 'Sin riesgo conocido' as const },
    ]);
    expect(groups.map((g) => [g.title, g.items.map((i) => i.id)])).toEqual([
      ['Riesgosos', ['b']],
      ['Riesgo posible (Debate)', []],
      ['Sin riesgo conocido', ['a', 'c']],
    ]);
  });
});

describe('riskLevelWord', () => {
  it("writes 'alto' in its group's word, 'Riesgoso', and the other levels as they are", () => {
    expect(riskLevelWord('alto')).toBe('Riesgoso');
    expect(riskLevelWord('Riesgo posible (Debate)')).toBe('Riesgo posible (Debate)');
  });
});
