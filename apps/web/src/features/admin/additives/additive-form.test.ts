import { describe, expect, it } from 'vitest';

import {
  additiveFormSchema,
  emptyAdditiveForm,
  formToAdditiveWrite,
  parseAlternativeNames,
} from './additive-form';

describe('alternative names typed as comma-separated text (spec §5)', () => {
  it.each([
    ['one name', 'ácido cítrico', ['ácido cítrico']],
    ['names are trimmed', '  citrato ,  ácido cítrico  ', ['citrato', 'ácido cítrico']],
    ['blank entries are dropped', 'a,, ,b,', ['a', 'b']],
    ['empty text gives no names', '', []],
    ['only commas give no names', ' , ,', []],
  ])('%s', (_case, text, expected) => {
    expect(parseAlternativeNames(text)).toEqual(expected);
  });
});

describe('the additive dialog form', () => {
  it("starts a new additive as 'Sin riesgo conocido' (spec §4)", () => {
    expect(emptyAdditiveForm().riskLevel).toBe('Sin riesgo conocido');
  });

  it('refuses a blank name with a Spanish message', () => {
    const result = additiveFormSchema.safeParse({ ...emptyAdditiveForm(), name: '   ' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain('El nombre es obligatorio');
  });

  it('refuses a code that is not an E-number', () => {
    const result = additiveFormSchema.safeParse({ ...emptyAdditiveForm(), name: 'X', code: 'XYZ' });
    expect(result.error?.issues.map((i) => i.message)).toContain(
      'El código debe tener la forma E330 o E150d',
    );
  });

  it('writes an empty code as null and the names as a list', () => {
    const parsed = additiveFormSchema.parse({
      ...emptyAdditiveForm(),
      name: ' Curcumina ',
      alternativeNames: 'cúrcuma, , E100 ',
    });
    expect(formToAdditiveWrite(parsed)).toEqual({
      name: 'Curcumina',
      code: null,
      riskLevel: 'Sin riesgo conocido',
      category: '',
      description: '',
      alternativeNames: ['cúrcuma', 'E100'],
    });
  });

  it('normalises a typed code (e 150 d → E150D)', () => {
    const parsed = additiveFormSchema.parse({ ...emptyAdditiveForm(), name: 'Caramelo', code: 'e 150 d' });
    expect(parsed.code).toBe('E150D');
  });
});
