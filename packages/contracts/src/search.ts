import { z } from 'zod';
import { productSummary } from './products.ts';

export const searchQuery = z.object({
  q: z.string().max(200, { error: 'La búsqueda es demasiado larga' }).default(''),
  limit: z.coerce
    .number({ error: 'El límite debe ser un número' })
    .int({ error: 'El límite debe ser un número entero' })
    .min(1, { error: 'El límite debe ser al menos 1' })
    .max(50, { error: 'El límite no puede ser mayor que 50' })
    .default(30),
});

export const searchResponse = z.object({
  results: z.array(productSummary),
  /** Real catalogue terms close to what was typed ('¿Quisiste decir?'). */
  suggestions: z.array(z.string()),
});
export type SearchResponse = z.infer<typeof searchResponse>;

export const barcodeParam = z.object({
  code: z
    .string()
    .max(64, { error: 'El código de barras es demasiado largo' })
    .regex(/^\d+$/, { error: 'El código de barras solo puede tener dígitos' })
    .refine((c) => [8, 12, 13, 14].includes(c.length), {
      error: 'El código de barras debe ser EAN-13, EAN-8 o UPC-A',
    }),
});
export const barcodeResponse = z.object({ id: z.number().int(), barcode: z.string() });
