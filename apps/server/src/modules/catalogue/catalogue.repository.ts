import { asc, eq } from 'drizzle-orm';
import type { Category, Sub2category, Subcategory } from '@etiqueta/contracts';
import type { Db } from '../../db/client.ts';
import { categories, sub2categories, subcategories } from '../../db/schema.ts';

const categoryColumns = {
  id: categories.id,
  name: categories.name,
  slug: categories.slug,
  icon: categories.icon,
  productCount: categories.productCount,
};

const subcategoryColumns = {
  id: subcategories.id,
  name: subcategories.name,
  slug: subcategories.slug,
  productCount: subcategories.productCount,
  parentCategory: categories.slug,
};

export type CatalogueRepository = ReturnType<typeof createCatalogueRepository>;

export function createCatalogueRepository(db: Db) {
  return {
    /** Ids with their slugs or names, for the product answer's derived fields (product-detail.ts). */
    taxonomyNames: async () => {
      const [cats, subs, sub2s] = await Promise.all([
        db.select({ id: categories.id, slug: categories.slug }).from(categories),
        db.select({ id: subcategories.id, slug: subcategories.slug }).from(subcategories),
        db.select({ id: sub2categories.id, name: sub2categories.name }).from(sub2categories),
      ]);
      return { cats, subs, sub2s };
    },

    listCategories(): Promise<Category[]> {
      return db
        .select(categoryColumns)
        .from(categories)
        .orderBy(asc(categories.name));
    },

    async findCategory(slug: string): Promise<Category | null> {
      const rows = await db
        .select(categoryColumns)
        .from(categories)
        .where(eq(categories.slug, slug))
        .limit(1);
      return rows[0] ?? null;
    },

    listSubcategories(categoryId: number): Promise<Subcategory[]> {
      return db
        .select(subcategoryColumns)
        .from(subcategories)
        .innerJoin(categories, eq(categories.id, subcategories.categoryId))
        .where(eq(subcategories.categoryId, categoryId))
        .orderBy(asc(subcategories.name));
    },

    async findSubcategory(slug: string): Promise<Subcategory | null> {
      const rows = await db
        .select(subcategoryColumns)
        .from(subcategories)
        .innerJoin(categories, eq(categories.id, subcategories.categoryId))
        .where(eq(subcategories.slug, slug))
        .limit(1);
      return rows[0] ?? null;
    },

    listSub2categories(subcategoryId: number): Promise<Sub2category[]> {
      return db
        .select({ name: sub2categories.name, slug: sub2categories.slug, productCount: sub2categories.productCount })
        .from(sub2categories)
        .where(eq(sub2categories.subcategoryId, subcategoryId))
        .orderBy(asc(sub2categories.name));
    },
  };
}
