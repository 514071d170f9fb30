import { QUICK_FILTERS, SUGAR_FILTER_MAX_G, SUGAR_FILTER_MIN_G } from '@etiqueta/domain';
import { z } from 'zod';
import { humanText, pageOf, wholeNumberParam } from './common.ts';
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
const pageSizeRange = 'El tamaño de página debe estar entre 1 y 120';
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
  sugarMaxG: wholeNumberParam('El máximo de azúcar', SUGAR_FILTER_MIN_G, SUGAR_FILTER_MAX_G, { tooSmall: sugarRange, tooLarge: sugarRange }).optional(),
  /** 'score': best score first, products without a score last (the default); 'name': A to Z. */
  sort: z.enum(listingSorts, { error: 'El orden debe ser score o name' }).default('score'),
  page: wholeNumberParam('La página', 1, 100_000, { tooLarge: 'La página es demasiado grande' }).default(1),
  pageSize: wholeNumberParam('El tamaño de página', 1, 120, { tooSmall: pageSizeRange, tooLarge: pageSizeRange }).default(LISTING_PAGE_SIZE),
  /** "Solo mejores que X": only the products clearly better than product X (issue 16). */
  betterThan: wholeNumberParam('El producto con que comparar', 1, 2_147_483_647, {
    tooSmall: 'El producto con que comparar debe ser un número positivo',
    tooLarge: 'El producto con que comparar no existe',
  }).optional(),
});
export type ListingQuery = z.input<typeof listingQuery>;

/** `total`: the products that pass the filters, on every page together. */
export const listingPage = pageOf(productSummary);
export type ListingPage = z.infer<typeof listingPage>;
