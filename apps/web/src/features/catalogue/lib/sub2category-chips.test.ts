import type { Sub2category } from '@etiqueta/contracts';
import { describe, expect, it } from 'vitest';

import {
  initialSub2category,
  pickInitialSub2category,
  toggleSub2category,
  visibleSub2categories,
} from './sub2category-chips';

const chip = (name: string, productCount: number): Sub2category => ({
  name,
  slug: name.toLowerCase().replaceAll(' ', '-'),
  productCount,
});

describe('pickInitialSub2category (spec §4: most products, Cereales first)', () => {
  it.each<[string, Sub2category[], string | null]>([
    ['Cereales wins even with fewer products', [chip('Avenas', 30), chip('Cereales', 2)], 'Cereales'],
    ['Cereales is matched without case or accents', [chip('Granolas', 9), chip('cereales', 1)], 'cereales'],
    ['an empty Cereales does not win', [chip('Cereales', 0), chip('Avenas', 3)], 'Avenas'],
    ['otherwise the chip with most products', [chip('Té', 4), chip('Café', 12), chip('Infusiones', 7)], 'Café'],
    ['a tie goes to the first chip', [chip('Jugos', 5), chip('Néctares', 5)], 'Jugos'],
    ['no chip with products picks none', [chip('Helados', 0)], null],
    ['no chips picks none', [], null],
  ])('%s', (_case, chips, expected) => {
    expect(pickInitialSub2category(chips)).toBe(expected);
  });
});

describe('toggleSub2category (single select)', () => {
  it.each<[string | null, string, string | null]>([
    [null, 'Avenas', 'Avenas'],
    ['Avenas', 'Granolas', 'Granolas'],
    ['Avenas', 'Avenas', null],
    ['avenas', 'Avenas', null],
  ])('from %s, clicking %s gives %s', (current, clicked, expected) => {
    expect(toggleSub2category(current, clicked)).toBe(expected);
  });
});

describe('initialSub2category (address, then session, then automatic)', () => {
  it.each<[string, string | null, string | null, string | null | undefined]>([
    ['the address wins over the session', 'Avenas', 'Granolas', 'Avenas'],
    ['the session when the address has none', null, 'Granolas', 'Granolas'],
    ['a chip cleared in this session stays cleared', null, '', null],
    ['nothing chosen anywhere: pick automatically', null, null, undefined],
    ['an empty address parameter counts as none', '', null, undefined],
  ])('%s', (_case, fromAddress, fromSession, expected) => {
    expect(initialSub2category({ fromAddress, fromSession })).toBe(expected);
  });
});

describe('visibleSub2categories', () => {
  it('hides empty chips unless one is the chosen one', () => {
    const chips = [chip('Cereales', 3), chip('Avenas', 0), chip('Granolas', 0)];
    expect(visibleSub2categories(chips, null).map((c) => c.name)).toEqual(['Cereales']);
    expect(visibleSub2categories(chips, 'Avenas').map((c) => c.name)).toEqual(['Cereales', 'Avenas']);
  });
});
