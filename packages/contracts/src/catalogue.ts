import { QUICK_FILTERS, SUGAR_FILTER_MAX_G, SUGAR_FILTER_MIN_G } from '@etiqueta/domain';
import { z } from 'zod';
import { humanText } from './common.ts';
import { productSummary } from './products.ts';

export const category = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  icon: z.string().nullable(),
  productCount: z.number().int(),
});
export type Category = z.infer<typeof category>;

export const subcategory = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  productCount: z.number().int(),
  /** Slug of the parent category. */
  parentCategory: z.string(),
});
export type Subcategory = z.infer<typeof subcategory>;

export const sub2category = z.object({
  name: z.string(),
  slug: z.string(),
  productCount: z.number().int(),
});
export type Sub2category = z.infer<typeof sub2category>;

export const listingSorts = ['score', 'name'] as const;
export type ListingSort = (typeof listingSorts)[number];
const sugarRange = `El máximo de azúcar debe estar entre ${SUGAR_FILTER_MIN_G} y ${SUGAR_FILTER_MAX_G} g`;
/** A listing page holds this many products unless the client asks for another size. */
export const LISTING_PAGE_SIZE = 60;

/**
 * A listing, a page at a time: the quick filters and the order are applied on the server, so `total` is the
 * true number of products the shopper can reach and every one of them is on some page.
 */
export const listingQuery = z.object({
  sub2categories: humanText(120, 'El filtro de subcategoría').optional(),
  /** Quick filters, comma-separated ('sin-aditivos,…'). */
  filters: z
    .string()
    .max(200, { error: 'Los filtros no son válidos' })
    .transform((s) => [...new Set(s.split(',').map((f) => f.trim()).filter(Boolean))])
    .pipe(z.array(z.enum(QUICK_FILTERS, { error: 'Ese filtro no existe' })))
    .optional(),
  /** The sugar filter: at most this many grams of sugars per 100 g. */
  sugarMaxG: z.coerce
    .number({ error: 'El máximo de azúcar debe ser un número' })
    .int({ error: 'El máximo de azúcar debe ser un número entero' })
    .min(SUGAR_FILTER_MIN_G, { error: sugarRange })
    .max(SUGAR_FILTER_MAX_G, { error: sugarRange })
    .optional(),
  /** 'score': best score first, products without a score last (the default); 'name': A to Z. */
  sort: z.enum(listingSorts, { error: 'El orden debe ser score o name' }).default('score'),
  page: z.coerce
    .number({ error: 'La página debe ser un número' })
    .int({ error: 'La página debe ser un número entero' })
    .min(1, { error: 'La página debe ser 1 o más' })
    .max(100_000, { error: 'La página es demasiado grande' })
    .default(1),
  pageSize: z.coerce
    .number({ error: 'El tamaño de página debe ser un número' })
    .int({ error: 'El tamaño de página debe ser un número entero' })
    .min(1, { error: 'El tamaño de página debe estar entre 1 y 120' })
    .max(120, { error: 'El tamaño de página debe estar entre 1 y 120' })
    .default(LISTING_PAGE_SIZE),
  /** "Solo mejores que X": only the products clearly better than product X (issue 16). */
  betterThan: z.coerce
    .number({ error: 'El producto con que comparar debe ser un número' })
    .int({ error: 'El producto con que comparar debe ser un número entero' })
    .min(1, { error: 'El producto con que comparar debe ser un número positivo' })
    .max(2_147_483_647, { error: 'El producto con que comparar no existe' })
    .optional(),
});
export type ListingQuery = z.input<typeof listingQuery>;

export const listingPage = z.object({
  items: z.array(productSummary),
  /** Products that pass the filters, on every page together. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ListingPage = z.infer<typeof listingPage>;
