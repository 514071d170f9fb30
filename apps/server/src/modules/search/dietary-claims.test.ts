import { describe, expect, it } from 'vitest';
import { readDietaryFacts, withoutBit, type WithoutKind } from './dietary-claims.ts';

const says = (name: string, ingredients: string | null, shelves: string[] = []) => {
  const facts = readDietaryFacts(name, shelves, ingredients);
  const state = (kind: WithoutKind) =>
    facts.names & withoutBit(kind) ? 'names' : facts.free & withoutBit(kind) ? 'free' : 'unknown';
  return { azucar: state('azucar'), lactosa: state('lactosa'), gluten: state('gluten'), sal: state('sal'), reduced: facts.reduced };
};

describe('readDietaryFacts', () => {
  it('an ingredient that is X names X as added, whatever else is known', () => {
    expect(says('Galletas de Avena', 'harina de trigo, azúcar, avena, sal')).toMatchObject({
      azucar: 'names',
      gluten: 'names',
      sal: 'names',
    });
    expect(says('Jugo Néctar', 'agua, jarabe de maíz alto en fructosa, pulpa de durazno').azucar).toBe('names');
    expect(says('Yogur Frutilla', 'leche descremada, azúcar, frutilla').lactosa).toBe('names');
    expect(says('Mermelada Diet', 'fresa, agua, edulcorantes (jarabe de sorbitol, sucralosa)').azucar).not.toBe('names');
  });

  it('a list read well that names no X is free of it; an unknown word leaves it unknown', () => {
    expect(says('Yogur Natural', 'leche descremada, fermentos lácticos')).toMatchObject({ azucar: 'free', gluten: 'free' });
    expect(says('Producto', 'agua, xyzqwerty')).toMatchObject({ azucar: 'unknown', gluten: 'unknown', sal: 'unknown' });
    expect(says('Producto', null)).toMatchObject({ azucar: 'unknown', lactosa: 'unknown', reduced: false });
  });

  it("the product's own claim, in its name or shelf, makes it free", () => {
    expect(says('Yogur Batido Sin Azúcar', null)).toMatchObject({ azucar: 'free', reduced: true });
    expect(says('Leche Descremada', 'leche descremada, lactasa', ['Sin lactosa']).lactosa).toBe('free');
    expect(says('Leche Semidescremada Deslactosada', null).lactosa).toBe('free');
    expect(says('Pan de Molde', null, ['Sin gluten']).gluten).toBe('free');
  });

  it('a dairy or sugared name names lactose or sugar even without a list; plant drinks do not', () => {
    expect(says('Leche Entera', null).lactosa).toBe('names');
    expect(says('Cereal de Maíz Azucarado', null).azucar).toBe('names');
    expect(says('Leche de Almendras', null).lactosa).toBe('unknown');
  });

  it('light, zero, cero and diet are reduced versions', () => {
    for (const name of ['Coca-Cola Zero', 'Bebida Light', 'Mermelada Diet', 'Yogur Cero Azúcar']) {
      expect(says(name, null).reduced).toBe(true);
    }
    expect(says('Coca-Cola Original', 'agua carbonatada, azúcar').reduced).toBe(false);
  });
});
