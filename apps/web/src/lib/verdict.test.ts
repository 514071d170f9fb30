import type { ProductAllergens, ProductDiets } from '@etiqueta/domain';
import { describe, expect, it } from 'vitest';

import { NO_PREFERENCES, type Preferences } from './preferences';
import { joinEs, verdictFor, type VerdictProduct } from './verdict';

const dietsAll = (answer: ProductDiets['vegan']): ProductDiets => ({
  vegan: answer,
  vegetarian: answer,
  palmOil: answer,
  sweeteners: answer,
  lactose: answer,
});
/** A product read well: absent is absent. Vegan and vegetarian fit; no palm oil, sweeteners or lactose. */
const product = (
  over: Partial<Omit<VerdictProduct, 'allergens'>> & { allergens?: Partial<ProductAllergens> } = {},
): VerdictProduct => ({
  ingredients: 'harina de trigo, azúcar, aceite de maravilla, sal',
  detectedAdditives: [],
  ultraprocessed: [],
  ...over,
  allergens: { status: 'complete', contains: [], traces: [], ...over.allergens },
  diets: over.diets ?? { vegan: 'yes', vegetarian: 'yes', palmOil: 'no', sweeteners: 'no', lactose: 'no' },
});
const prefs = (over: Partial<Preferences>): Preferences => ({ ...NO_PREFERENCES, ...over });

const milkAndPeanutTraces = prefs({ allergens: { leche: 'evitar', mani: 'trazas' } });

describe('verdictFor', () => {
  it('says nothing when the person set no preferences', () => {
    expect(verdictFor(NO_PREFERENCES, product({ allergens: { contains: ['leche'] } }))).toBeNull();
  });

  it('"No apto: contiene leche" for a product with milk, with why', () => {
    const verdict = verdictFor(milkAndPeanutTraces, product({ allergens: { contains: ['leche'] } }));
    expect(verdict).toMatchObject({ level: 'no-apto', title: 'No apto: contiene leche', short: 'No apto' });
    expect(verdict?.reasons.join(' ')).toContain('contiene leche');
  });

  it('"Puede contener maní" when the label warns of traces and the person avoids traces too', () => {
    expect(verdictFor(milkAndPeanutTraces, product({ allergens: { traces: ['mani'] } }))).toMatchObject({
      level: 'puede',
      title: 'Puede contener maní',
    });
  });

  it('traces do not matter to someone who avoids only the allergen itself', () => {
    expect(verdictFor(milkAndPeanutTraces, product({ allergens: { traces: ['leche'] } }))?.title).toBe('Apto para ti');
  });

  it('"No sabemos: falta la lista de ingredientes" without a list', () => {
    expect(
      verdictFor(
        milkAndPeanutTraces,
        product({ ingredients: null, allergens: { status: 'unknown' }, diets: dietsAll('unknown') }),
      ),
    ).toMatchObject({ level: 'no-sabemos', title: 'No sabemos: falta la lista de ingredientes' });
  });

  it('"No apto" wins over "Puede contener", which wins over "No sabemos"', () => {
    const both = product({ allergens: { status: 'partial', contains: ['leche'], traces: ['mani'] } });
    expect(verdictFor(prefs({ allergens: { leche: 'evitar', mani: 'trazas', huevo: 'evitar' } }), both)).toMatchObject({
      level: 'no-apto',
      title: 'No apto: contiene leche',
    });
    const tracesAndUnsure = product({ allergens: { status: 'partial', traces: ['mani'] } });
    expect(verdictFor(prefs({ allergens: { mani: 'trazas', huevo: 'evitar' } }), tracesAndUnsure)).toMatchObject({
      level: 'puede',
      title: 'Puede contener maní',
    });
  });

  it('a partial reading cannot vouch for absence: "No sabemos si tiene huevo"', () => {
    expect(verdictFor(prefs({ allergens: { huevo: 'evitar' } }), product({ allergens: { status: 'partial' } }))).toMatchObject({
      level: 'no-sabemos',
      title: 'No sabemos si tiene huevo',
    });
  });

  it('names every allergen it contains, the Spanish way', () => {
    const verdict = verdictFor(
      prefs({ allergens: { leche: 'evitar', huevo: 'evitar', 'frutos-secos': 'trazas' } }),
      product({ allergens: { contains: ['huevo', 'leche', 'frutos-secos'] } }),
    );
    expect(verdict?.title).toBe('No apto: contiene huevo, leche y frutos secos');
    expect(joinEs(['a'])).toBe('a');
  });

  it('"Apto para ti" only when the list vouches for every absence', () => {
    expect(verdictFor(milkAndPeanutTraces, product())).toMatchObject({ level: 'apto', title: 'Apto para ti', short: 'Apto' });
  });

  describe('diets', () => {
    it('vegan and vegetarian: "no" fails, "maybe" may, "unknown" is not known', () => {
      expect(verdictFor(prefs({ diets: ['vegan'] }), product({ diets: { ...dietsAll('no'), vegan: 'no' } }))?.title).toBe(
        'No apto: no es vegano',
      );
      expect(verdictFor(prefs({ diets: ['vegetarian'] }), product({ diets: { ...dietsAll('no'), vegetarian: 'maybe' } }))?.title).toBe(
        'Puede no ser vegetariano',
      );
      expect(verdictFor(prefs({ diets: ['vegan'] }), product({ diets: { ...dietsAll('no'), vegan: 'unknown' } }))?.title).toBe(
        'No sabemos si es vegano',
      );
    });

    it('palm oil, sweeteners and lactose: "yes" means the product contains it', () => {
      const has = product({ diets: { vegan: 'yes', vegetarian: 'yes', palmOil: 'yes', sweeteners: 'yes', lactose: 'yes' } });
      expect(verdictFor(prefs({ diets: ['palmOil', 'sweeteners', 'lactose'] }), has)?.title).toBe(
        'No apto: contiene aceite de palma; contiene edulcorantes; contiene lactosa',
      );
      expect(verdictFor(prefs({ diets: ['palmOil'] }), product())?.level).toBe('apto');
    });

    it('a lactose-free milk suits "sin lactosa" but not someone avoiding milk', () => {
      const lactoseFreeMilk = product({ allergens: { contains: ['leche'] } });
      expect(verdictFor(prefs({ diets: ['lactose'] }), lactoseFreeMilk)?.level).toBe('apto');
      expect(verdictFor(prefs({ allergens: { leche: 'evitar' } }), lactoseFreeMilk)?.level).toBe('no-apto');
    });

    it('"Sin gluten" avoids gluten and its traces', () => {
      expect(verdictFor(prefs({ diets: ['gluten'] }), product({ allergens: { contains: ['gluten'] } }))?.title).toBe(
        'No apto: contiene gluten',
      );
      expect(verdictFor(prefs({ diets: ['gluten'] }), product({ allergens: { traces: ['gluten'] } }))?.title).toBe(
        'Puede contener gluten',
      );
    });
  });

  describe('ingredients and additives the person names', () => {
    it('an additive by its code, a suspect by its id, a word in the list', () => {
      const withThem = product({
        ingredients: 'Azúcar, jarabe de glucosa, glutamato monosódico',
        detectedAdditives: [{ code: 'E621' }],
        ultraprocessed: [{ id: 'jarabe-glucosa' }],
      });
      expect(
        verdictFor(prefs({ avoid: [{ kind: 'aditivo', code: 'E621', name: 'Glutamato monosódico' }] }), withThem)?.title,
      ).toBe('No apto: contiene glutamato monosódico (E621)');
      expect(
        verdictFor(prefs({ avoid: [{ kind: 'sospechoso', id: 'jarabe-glucosa', name: 'Jarabe de glucosa' }] }), withThem)?.title,
      ).toBe('No apto: contiene jarabe de glucosa');
      expect(verdictFor(prefs({ avoid: [{ kind: 'ingrediente', name: 'azucar' }] }), withThem)?.title).toBe(
        'No apto: contiene azucar',
      );
    });

    it('a word is matched whole: "sal" is not in "salsa"', () => {
      const salsa = product({ ingredients: 'tomate, salsa de soya' });
      expect(verdictFor(prefs({ avoid: [{ kind: 'ingrediente', name: 'Sal' }] }), salsa)?.level).toBe('apto');
    });

    it('a card that does not carry the list judges only what it carries', () => {
      const card: VerdictProduct = { allergens: { status: 'complete', contains: [], traces: [] }, diets: dietsAll('no') };
      expect(verdictFor(prefs({ avoid: [{ kind: 'ingrediente', name: 'azúcar' }] }), card)?.level).toBe('apto');
      expect(verdictFor(prefs({ avoid: [{ kind: 'ingrediente', name: 'azúcar' }] }), { ...card, allergens: { status: 'unknown', contains: [], traces: [] } })?.title).toBe(
        'No sabemos: falta la lista de ingredientes',
      );
    });
  });
});
