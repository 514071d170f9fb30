import { z } from 'zod';
import { humanText } from './common.ts';

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

export const sub2categoriesQuery = z.object({
  sub2categories: humanText(120, 'El filtro de subcategoría').optional(),
});
