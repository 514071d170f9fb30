import { editableProductFields, type Product } from '@etiqueta/contracts';
import { UNKNOWN_PRODUCT_INPUT } from '@etiqueta/domain';
import { describe, expect, it } from 'vitest';

import {
  buildProductPatch,
  FORM_FIELDS,
  isOnStep,
  NUTRISCORE_CATEGORY_LABELS,
  parseNumberOrNull,
  productFormSchema,
  productFormSchemaFor,
  productToForm,
} from './product-form';

const product = {
  ...UNKNOWN_PRODUCT_INPUT,
  id: 7,
  name: 'Galletas de avena',
  brand: 'Marca',
  ingredients: 'avena, azúcar',
  energyKcal100: 450,
  totalFatG100: 18,
  saturatedFatG100: 6,
  totalSugarsG100: 22.5,
  proteinG100: 7,
  novaOverride: null,
  sodiumMg100: 300,
  lockedFields: [],
} as unknown as Product;

const messagesFor = (values: Record<string, unknown>) => {
  const initial = productToForm(product);
  const result = productFormSchemaFor(initial).safeParse({ ...initial, ...values });
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('numbers typed in the product dialog (empty or invalid stays unknown, a departure from spec §5)', () => {
  it.each([
    ['empty', '', null],
    ['blank', '   ', null],
    ['not a number', 'abc', null],
    ['a decimal point', '12.5', 12.5],
    ['a decimal comma', '12,5', 12.5],
    ['an integer', '40', 40],
  ])('%s → %s', (_case, text, expected) => {
    expect(parseNumberOrNull(text)).toBe(expected);
  });
});

describe('steps', () => {
  it.each([
    [12.3, 0.1, true],
    [12.34, 0.1, false],
    [0.3, 0.1, true],
    [250, 1, true],
    [250.5, 1, false],
  ])('%s on a step of %s is %s', (value, step, expected) => {
    expect(isOnStep(value, step)).toBe(expected);
  });
});

describe('validation messages in Spanish', () => {
  it.each([
    [
      'percentage above 100',
      { frutasPercentage: '100.1' },
      'El porcentaje de frutas debe estar entre 0 y 100',
    ],
    [
      'negative percentage',
      { nutsPercentage: '-1' },
      'El porcentaje de frutos secos debe estar entre 0 y 100',
    ],
    [
      'percentage with two decimals',
      { verdurasPercentage: '10.25' },
      'El porcentaje de verduras admite como máximo un decimal',
    ],
    ['negative sugar', { totalSugarsG100: '-3' }, 'Los azúcares deben estar entre 0 y 100 g'],
    ['sugar above 100 g', { totalSugarsG100: '101' }, 'Los azúcares deben estar entre 0 y 100 g'],
    ['kcal with decimals', { energyKcal100: '99.5' }, 'La energía debe ser un número entero de kcal'],
    ['blank name', { name: '  ' }, 'El nombre es obligatorio'],
  ])('%s', (_case, values, message) => {
    expect(messagesFor(values)).toContain(message);
  });

  it('a value from the data source with more decimals does not block saving', () => {
    const initial = productToForm({ ...product, saturatedFatG100: 1.35, energyKcal100: 52.5 });
    expect(productFormSchemaFor(initial).safeParse({ ...initial, totalSugarsG100: '3' }).success).toBe(true);
  });

  it.each([
    ['percentage exactly 100', { frutasPercentage: '100' }],
    ['percentage exactly 0', { frutasPercentage: '0' }],
    ['one decimal', { totalSugarsG100: '12.3' }],
    ['empty number', { fiberG100: '' }],
  ])('accepts %s', (_case, values) => {
    expect(messagesFor(values)).toEqual([]);
  });
});

describe('the PATCH body', () => {
  const initial = productToForm(product);
  const patchFor = (values: Record<string, unknown>, unlock: string[] = []) => {
    const current = { ...initial, ...values };
    return buildProductPatch(initial, current, productFormSchema.parse(current), unlock as never[]);
  };

  it('sends only what changed, so untouched fields are not locked against sync', () => {
    expect(patchFor({ totalSugarsG100: '30' })).toEqual({ totalSugarsG100: 30 });
  });
  it('an emptied number is sent as unknown (null), never as 0', () => {
    expect(patchFor({ proteinG100: '' })).toEqual({ proteinG100: null });
  });
  it("sends the admin's NOVA group, and null to go back to our estimate", () => {
    expect(patchFor({ novaOverride: '2' })).toEqual({ novaOverride: 2 });
    const overridden = productToForm({ ...product, novaOverride: 3 });
    expect(overridden.novaOverride).toBe('3');
    const current = { ...overridden, novaOverride: '' as const };
    expect(buildProductPatch(overridden, current, productFormSchema.parse(current), [])).toEqual({ novaOverride: null });
  });
  it('a field left empty that was empty is not sent', () => {
    expect(patchFor({})).toEqual({});
  });
  it('sends the organic flag and the Nutri-Score category when changed', () => {
    expect(patchFor({ organic: true, nutriscoreCategory: 'beverage' })).toEqual({
      organic: true,
      nutriscoreCategory: 'beverage',
    });
  });
  it('hands fields back to the sync with unlockFields', () => {
    expect(patchFor({}, ['totalSugarsG100'])).toEqual({ unlockFields: ['totalSugarsG100'] });
  });
  it("a product without a Nutri-Score category starts as 'solid'", () => {
    expect(
      productToForm({ ...product, nutriscoreCategory: undefined } as unknown as Product).nutriscoreCategory,
    ).toBe('solid');
  });
});

describe('the Nutri-Score categories', () => {
  it('are named in Spanish only, without the English ids', () => {
    for (const label of Object.values(NUTRISCORE_CATEGORY_LABELS)) expect(label).not.toMatch(/solid|beverage|added_fat|cheese|\(/);
  });
});

describe('the fields the dialog edits', () => {
  it('are exactly the fields the server lets an admin edit (editableProductFields, one per editable column)', () => {
    expect([...FORM_FIELDS].sort()).toEqual([...editableProductFields].sort());
  });
});
