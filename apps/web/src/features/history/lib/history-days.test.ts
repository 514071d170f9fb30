import type { HistoryEntry } from '@etiqueta/contracts';
import { UNKNOWN_ALLERGENS, UNKNOWN_DIETS } from '@etiqueta/domain';
import { describe, expect, it } from 'vitest';

import { chileDay, dayLabel, groupByDay, timeLabel } from './history-days';

const entry = (id: number, viewedAt: string): HistoryEntry => ({
  id,
  via: 'open',
  viewedAt,
  product: { id, name: `Producto ${id}`, brand: 'Marca', images: null, healthScore: 5, allergens: UNKNOWN_ALLERGENS, diets: UNKNOWN_DIETS },
});

// Wednesday 25 November 2026, 10:00 in Santiago (UTC−3 in summer).
const now = new Date('2026-11-25T13:00:00Z');

describe('history days, in Chile time', () => {
  it('names today, yesterday, and other days by weekday and date, in Spanish', () => {
    expect(dayLabel(new Date('2026-11-25T12:00:00Z'), now)).toBe('Hoy');
    expect(dayLabel(new Date('2026-11-24T15:00:00Z'), now)).toBe('Ayer');
    expect(dayLabel(new Date('2026-11-23T15:00:00Z'), now)).toBe('lunes 23 de noviembre');
    expect(dayLabel(new Date('2025-12-31T15:00:00Z'), now)).toBe('miércoles 31 de diciembre de 2025');
  });

  it('counts days in Santiago, not in UTC or the phone zone: 23:30 on Tuesday is still "Ayer" on Wednesday', () => {
    const lateTuesday = new Date('2026-11-25T02:30:00Z'); // 23:30 on the 24th in Santiago, already the 25th in UTC
    expect(chileDay(lateTuesday)).toBe('2026-11-24');
    expect(dayLabel(lateTuesday, now)).toBe('Ayer');
    expect(timeLabel(lateTuesday)).toBe('23:30');
    // Just after midnight on the 1st of the month, "Ayer" is the last day of the previous month.
    expect(dayLabel(new Date('2026-11-30T20:00:00Z'), new Date('2026-12-01T04:00:00Z'))).toBe('Ayer');
  });

  it('groups newest-first entries into runs of one day, keeping their order', () => {
    const groups = groupByDay(
      [
        entry(1, '2026-11-25T12:59:00Z'),
        entry(2, '2026-11-25T11:00:00Z'),
        entry(3, '2026-11-25T02:30:00Z'),
        entry(4, '2026-11-23T15:00:00Z'),
      ],
      now,
    );
    expect(groups.map((g) => [g.label, g.entries.map((e) => e.id)])).toEqual([
      ['Hoy', [1, 2]],
      ['Ayer', [3]],
      ['lunes 23 de noviembre', [4]],
    ]);
  });
});
