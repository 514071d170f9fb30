import { describe, expect, it } from 'vitest';

import { countOf, formatCount, productCount } from './format';

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
});
