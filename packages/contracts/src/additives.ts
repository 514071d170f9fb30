import { z } from 'zod';
import { humanText, requiredText } from './common.ts';
import { riskLevelSchema } from './products.ts';

export const additive = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string().nullable(),
  riskLevel: riskLevelSchema,
  description: z.string(),
  category: z.string(),
  alternativeNames: z.array(z.string()),
  /** Why this risk level, in plain Spanish, and where the fact comes from (our catalogue; '' for an admin's own). */
  reason: z.string(),
  source: z.string(),
});
export type Additive = z.infer<typeof additive>;

export const additiveWrite = z.strictObject({
  name: requiredText(200, 'El nombre'),
  code: humanText(20, 'El código')
    .transform((c) => c.toUpperCase().replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^(E\d{3,4}[A-Z]?(\([IVX]+\)|[IVX]+)?)?$/, { error: 'El código debe tener la forma E330 o E150d' }))
    .optional()
    .nullable(),
  riskLevel: riskLevelSchema,
  description: humanText(2_000, 'La descripción').default(''),
  category: humanText(100, 'La categoría').default(''),
  alternativeNames: z
    .array(humanText(200, 'Cada nombre alternativo'), { error: 'Los nombres alternativos deben ser una lista' })
    .max(100, { error: 'Demasiados nombres alternativos' })
    .default([])
    .transform((names) => [...new Set(names.map((n) => n.trim()).filter(Boolean))]),
  /** Why this level, shown to shoppers; left as it is when absent. */
  reason: humanText(1_000, 'El motivo').optional(),
  source: humanText(500, 'La fuente').optional(),
});
export type AdditiveWrite = z.input<typeof additiveWrite>;

/** The background re-analysis of the catalogue that follows an additive change. */
export const rescoreStatus = z.object({
  running: z.boolean(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  processed: z.number().int(),
  /** Products whose analysis or score changed. */
  changed: z.number().int(),
});
export type RescoreStatusDto = z.infer<typeof rescoreStatus>;

export const additiveWriteResponse = z.object({ additive, rescore: rescoreStatus });
export type AdditiveWriteResponse = z.infer<typeof additiveWriteResponse>;
