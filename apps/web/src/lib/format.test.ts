import { describe, expect, it } from 'vitest';

import { countOf, formatClock, formatCount, formatDate, formatDateTime, formatDecimal, productCount } from './format';

describe('counts written the Chilean way', () => {
  it('puts a dot between thousands', () => {
    expect(formatCount(1235)).toBe('1.235');
    expect(formatCount(1234567)).toBe('1.234.567');
    expect(formatCount(999)).toBe('999');
  });

  it('makes the noun agree with the count', () => {
    expect(productCount(1)).toBe('1 producto');
    expect(productCount(0)).toBe('0 productos');
    expect(productCount(1235)).toBe('1.235 productos');
    expect(countOf(2, 'registro', 'registros')).toBe('2 registros');
  });

  it('measures with a decimal comma and a fixed number of decimals', () => {
    expect(formatDecimal(6)).toBe('6,0');
    expect(formatDecimal(2.75)).toBe('2,8');
    expect(formatDecimal(1234.5, 2)).toBe('1.234,50');
  });
});

describe("dates in Chile's time on a 24-hour clock, whatever this machine's time zone", () => {
  it('puts an instant on the day and hour it was in Santiago', () => {
    // 03:30 UTC on 27 November is 00:30 in Santiago (summer time, UTC−3): still the 27th there…
    expect(formatDateTime('2026-11-27T03:30:00Z')).toBe('27-11-2026, 00:30');
    // …and 02:30 UTC is 23:30 of the 26th.
    expect(formatDate('2026-11-27T02:30:00Z')).toBe('26-11-2026');
    // Winter time (UTC−4).
    expect(formatClock(new Date('2026-07-01T18:05:00Z'))).toBe('14:05');
  });
});
