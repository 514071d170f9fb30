import { describe, expect, it } from 'vitest';
import { readIngredientList } from '../src/index.ts';

const statuses = (text: string) => readIngredientList(text).ingredients.map((i) => `${i.text}:${i.status}`);

describe('readIngredientList: the read-well rule behind every claim of absence', () => {
  it('a missing list is missing, never read well', () => {
    for (const text of [null, undefined, '', '   ', 'Ingredientes:']) {
      const reading = readIngredientList(text);
      expect(reading.missing).toBe(true);
      expect(reading.readWell).toBe(false);
    }
  });

  it('the Coca-Cola label: a brand concentrate is an undeclared preparation, so the list is not read well', () => {
    const reading = readIngredientList('Agua carbonatada, azúcares y concentrados Coca-Cola.');
    expect(statuses('Agua carbonatada, azúcares y concentrados Coca-Cola.')).toEqual([
      'Agua carbonatada:recognised',
      'azúcares:recognised',
      'concentrados Coca-Cola:undeclared',
    ]);
    expect(reading.undeclared).toEqual(['concentrados Coca-Cola']);
    expect(reading.unrecognised).toEqual([]);
    expect(reading.readWell).toBe(false);
  });

  it.each([
    ['a base', 'Agua, azúcar, base para bebida sabor naranja'],
    ['a premix', 'Harina de trigo, premezcla vitamínica'],
    ['a flavouring', 'Leche descremada, azúcar, saborizante natural'],
    ['an aroma', 'Yogur natural, aroma'],
    ['an English flavour', 'Water, sugar, natural flavors'],
  ])('%s is an undeclared preparation', (_what, text) => {
    const reading = readIngredientList(text);
    expect(reading.undeclared.length).toBeGreaterThan(0);
    expect(reading.readWell).toBe(false);
  });

  it('a word nobody knows is unrecognised, quoted as printed', () => {
    const reading = readIngredientList('Azúcar, Xqzvortal, harina de trigo');
    expect(reading.unrecognised).toEqual(['Xqzvortal']);
    expect(reading.ingredients.find((i) => i.text === 'Xqzvortal')?.unknownWords).toEqual(['xqzvortal']);
    expect(reading.readWell).toBe(false);
  });

  it.each([
    ['cultured milk', 'Leche entera pasteurizada, cultivos lácticos.'],
    ['cookies', 'Harina de trigo, azúcar, aceite vegetal (soya), sal, bicarbonato de sodio'],
    ['percentages and codes in brackets', 'Leche (97 %), azúcar, acidulante (INS 330)'],
    ['plural and Chilean words', 'Porotos, papas, zapallo, palta, frutillas'],
    [
      'allergen and precautionary statements',
      'Avena integral. Contiene gluten. Puede contener trazas de maní.',
    ],
    ['a sweetener warning', 'Agua carbonatada, sucralosa. Fenilcetonúricos: contiene fenilalanina.'],
    ['English', 'Enriched wheat flour (niacin, reduced iron), sugar, salt'],
  ])('%s: read well', (_what, text) => {
    const reading = readIngredientList(text);
    expect(reading.unrecognised).toEqual([]);
    expect(reading.undeclared).toEqual([]);
    expect(reading.readWell).toBe(true);
  });

  it('reads a compound ingredient and its parts', () => {
    expect(statuses('Chocolate (azúcar, pasta de cacao), leche')).toEqual([
      'Chocolate:recognised',
      'azúcar:recognised',
      'pasta de cacao:recognised',
      'leche:recognised',
    ]);
    expect(
      readIngredientList('Chocolate (azúcar, pasta de cacao), leche').ingredients.map((i) => i.depth),
    ).toEqual([0, 1, 1, 0]);
  });

  it('a qualifier alone is not an ingredient it could vouch for', () => {
    expect(readIngredientList('Azúcar, concentrado').readWell).toBe(false);
  });

  it('counts what it recognised', () => {
    const reading = readIngredientList('Agua, azúcar, xqzvortal');
    expect(reading.recognisedCount).toBe(2);
    expect(reading.ingredients).toHaveLength(3);
  });
});

describe('readIngredientList: a list that stops mid-way is never read well', () => {
  it.each([
    'Agua, azúcar, sal,',
    'Agua, azúcar, pan rallado (harina de trigo, sal',
    'Agua, azúcar y',
    'BREAD CRUMBS (WHEAT FLOUR, SUGAR, ',
  ])('%s', (text) => {
    const reading = readIngredientList(text);
    expect(reading.cutShort).toBe(true);
    expect(reading.readWell).toBe(false);
  });

  it('a list that ends on a full stop or a closed bracket is whole', () => {
    expect(readIngredientList('Agua, azúcar, sal.')).toMatchObject({ cutShort: false, readWell: true });
    expect(readIngredientList('Agua, pan rallado (harina de trigo, sal)')).toMatchObject({ cutShort: false, readWell: true });
  });
});
