import { z } from 'zod';
import { limitParam, wholeNumberParam } from './common.ts';
import { productSummary } from './products.ts';

export const searchQuery = z.object({
  q: z.string().max(200, { error: 'La búsqueda es demasiado larga' }).default(''),
  limit: limitParam(50, 30),
  /** 1-based: page 2 holds results `limit + 1` to `2 × limit`. */
  page: wholeNumberParam('La página', 1, 10_000).default(1),
});

export const searchResponse = z.object({
  /** This page of results, best first. */
  results: z.array(productSummary),
  /** How many products match in all (every page). */
  total: z.number().int(),
  /** The page answered, 1-based. */
  page: z.number().int(),
  /** Real catalogue terms close to what was typed ('¿Quisiste decir?'). */
  suggestions: z.array(z.string()),
});
export type SearchResponse = z.infer<typeof searchResponse>;

/** The search box's suggestions while typing (issue 27): at least 2 characters, as a search (spec §5). */
export const SUGGEST_MIN_LENGTH = 2;
/** Spec §7: the search box asks for 5 products. */
export const SUGGEST_LIMIT = 5;

export const suggestQuery = z.object({
  q: z
    .string({ error: 'Escribe al menos 2 letras para ver sugerencias' })
    .max(200, { error: 'La búsqueda es demasiado larga' })
    .refine((q) => q.trim().length >= SUGGEST_MIN_LENGTH, {
      error: 'Escribe al menos 2 letras para ver sugerencias',
    }),
});

/** A product the box proposes: enough to name it and open its page. */
export const searchSuggestion = z.object({
  id: z.number().int(),
  name: z.string(),
  brand: z.string(),
});
export type SearchSuggestion = z.infer<typeof searchSuggestion>;

export const suggestResponse = z.object({
  /** At most 5 products, best first, in the order a search for the same text gives. */
  items: z.array(searchSuggestion).max(SUGGEST_LIMIT),
});
export type SuggestResponse = z.infer<typeof suggestResponse>;

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
