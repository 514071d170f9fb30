import type { Additive } from '@etiqueta/contracts';
import { describe, expect, it } from 'vitest';

import { matchesAdditiveSearch, paginate, sortAdditives } from './additive-table';

const additive = (
  id: number,
  code: string | null,
  name: string,
  riskLevel: Additive['riskLevel'],
  extra: Partial<Additive> = {},
): Additive => ({
  id,
  code,
  name,
  riskLevel,
  description: '',
  category: 'colorante',
  alternativeNames: [],
  reason: '',
  source: '',
  ...extra,
});

const tartrazina = additive(1, 'E102', 'Tartrazina', 'Riesgoso', { alternativeNames: ['amarillo 5'] });
const curcumina = additive(2, 'E100', 'Curcumina', 'Sin riesgo conocido');
const sucralosa = additive(3, 'E955', 'Sucralosa', 'Riesgo posible (Debate)', { category: 'edulcorante' });
const polisorbato = additive(4, 'E1000', 'Ácido cólico', 'Sin riesgo conocido', { category: 'emulsionante' });

describe('searching additives', () => {
  it.each([
    ['by code', 'e102', tartrazina, true],
    ['by code with a space', 'E 102', tartrazina, true],
    ['by name, without accents', 'acido colico', polisorbato, true],
    ['by alternative name', 'amarillo', tartrazina, true],
    ['by category', 'edulcor', sucralosa, true],
    ['not a match', 'sucralosa', tartrazina, false],
    ['an empty search matches all', '  ', curcumina, true],
  ])('%s', (_case, search, item, expected) => {
    expect(matchesAdditiveSearch(item, search)).toBe(expected);
  });
});

describe('sorting additives', () => {
  const all = [tartrazina, curcumina, sucralosa, polisorbato];
  it.each([
    ['codes by their number (E100 < E102 < E955 < E1000)', 'code', ['E100', 'E102', 'E955', 'E1000']],
    ['names in Spanish order, accents aside', 'name', ['Ácido cólico', 'Curcumina', 'Sucralosa', 'Tartrazina']],
  ] as const)('sorts %s', (_case, key, expected) => {
    expect(sortAdditives(all, { key, direction: 'asc' }).map((a) => a[key])).toEqual(expected);
  });
  it('sorts risk by severity, Riesgoso first', () => {
    expect(sortAdditives(all, { key: 'riskLevel', direction: 'asc' })[0]).toBe(tartrazina);
    expect(sortAdditives(all, { key: 'riskLevel', direction: 'desc' })[0]?.riskLevel).toBe(
      'Sin riesgo conocido',
    );
  });
});

describe('pages of a long table', () => {
  const rows = Array.from({ length: 612 }, (_, i) => i);
  it.each([
    ['first page', 1, 1, 0],
    ['last page holds the remainder', 25, 25, 600],
    ['a page past the end shows the last page', 40, 25, 600],
    ['a page before the start shows the first', 0, 1, 0],
  ])('%s', (_case, asked, shown, firstRow) => {
    const page = paginate(rows, asked, 25);
    expect(page.pageCount).toBe(25);
    expect(page.page).toBe(shown);
    expect(page.rows[0]).toBe(firstRow);
  });
  it('an empty table still has one page', () => {
    expect(paginate([], 1, 25)).toEqual({ rows: [], page: 1, pageCount: 1, total: 0 });
  });
});
