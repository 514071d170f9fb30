import { type Additive, type AdditiveWrite, additiveWrite, riskLevelSchema } from '@etiqueta/contracts';
import type { RiskLevel } from '@etiqueta/domain';
import { z } from 'zod';

/** Spec §4: a new additive starts as 'Sin riesgo conocido'. */
export const DEFAULT_RISK_LEVEL: RiskLevel = 'Sin riesgo conocido';

/** Spec §5: alternative names are typed as one comma-separated text: split, trimmed, blanks dropped. */
export const parseAlternativeNames = (text: string): string[] =>
  text
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');

export const formatAlternativeNames = (names: readonly string[]): string => names.join(', ');

/** The dialog's fields: the write contract, with the names as the text the admin types. */
export const additiveFormSchema = z.object({
  name: additiveWrite.shape.name,
  code: z.string().pipe(z.string().trim()).pipe(additiveWrite.shape.code.unwrap().unwrap()),
  riskLevel: riskLevelSchema,
  category: z.string().pipe(additiveWrite.shape.category.unwrap()),
  description: z.string().pipe(additiveWrite.shape.description.unwrap()),
  alternativeNames: z.string(),
});
export type AdditiveFormInput = z.input<typeof additiveFormSchema>;
export type AdditiveFormOutput = z.output<typeof additiveFormSchema>;

export const emptyAdditiveForm = (): AdditiveFormInput => ({
  name: '',
  code: '',
  riskLevel: DEFAULT_RISK_LEVEL,
  category: '',
  description: '',
  alternativeNames: '',
});

export const additiveToForm = (additive: Additive): AdditiveFormInput => ({
  name: additive.name,
  code: additive.code ?? '',
  riskLevel: additive.riskLevel,
  category: additive.category,
  description: additive.description,
  alternativeNames: formatAlternativeNames(additive.alternativeNames),
});

export const formToAdditiveWrite = (values: AdditiveFormOutput): AdditiveWrite => ({
  name: values.name,
  code: values.code === '' ? null : values.code,
  riskLevel: values.riskLevel,
  category: values.category,
  description: values.description,
  alternativeNames: parseAlternativeNames(values.alternativeNames),
});
