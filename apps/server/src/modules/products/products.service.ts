import { eq } from 'drizzle-orm';
import type { EditableProductField, Product, ProductPatch } from '@etiqueta/contracts';
import type { Db } from '../../db/client.ts';
import { auditLog, categories, products, sub2categories, subcategories } from '../../db/schema.ts';
import type { CatalogueEvents } from '../../lib/catalogue-events.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { impossibleLabel } from '../../lib/nutrient-limits.ts';
import type { createAdditiveMatcherService } from '../additives/additive-matcher.service.ts';
import { computeProductFields } from './product-analysis.ts';
import type { ProductDetails } from './product-detail.ts';
import { createProductRepository, type ProductRow } from './product.repository.ts';

type Deps = {
  db: Db;
  matcher: ReturnType<typeof createAdditiveMatcherService>;
  events: CatalogueEvents;
  details: ProductDetails;
};

/** Admin reads and edits of products. An edit re-scores at once and locks the edited fields against sync. */
export function createProductsService({ db, matcher, events, details }: Deps) {
  const repo = createProductRepository(db);

  async function categoryNames(row: ProductRow, exec: Pick<Db, 'select'>): Promise<string[]> {
    const names: string[] = [];
    if (row.categoryId) {
      const [c] = await exec.select({ n: categories.name }).from(categories).where(eq(categories.id, row.categoryId));
      if (c) names.push(c.n);
    }
    if (row.subcategoryId) {
      const [s] = await exec.select({ n: subcategories.name }).from(subcategories).where(eq(subcategories.id, row.subcategoryId));
      if (s) names.push(s.n);
    }
    if (row.sub2categoryId) {
      const [s] = await exec.select({ n: sub2categories.name }).from(sub2categories).where(eq(sub2categories.id, row.sub2categoryId));
      if (s) names.push(s.n);
    }
    return names;
  }

  return {
    adminPage: (q: string | undefined, page: number, pageSize: number) => repo.adminPage(q, page, pageSize),

    async update(id: number, patch: ProductPatch, actorUserId: number): Promise<Product> {
      const analysisMatcher = await matcher.get();
      // Read, merge and write in one transaction holding the row lock, so two admins editing at once each
      // keep their change and their field lock (the second waits for the first and merges on top of it).
      await db.transaction(async (tx) => {
        const [row] = await tx.select().from(products).where(eq(products.id, id)).for('update');
        if (!row) throw notFound('Producto no encontrado');

        const { unlockFields = [], ...fields } = patch;
        const changes: Record<string, { from: unknown; to: unknown }> = {};
        const next: ProductRow = { ...row };
        for (const [key, value] of Object.entries(fields) as [EditableProductField, unknown][]) {
          if (value === undefined || row[key] === value) continue;
          changes[key] = { from: row[key], to: value };
          (next as Record<string, unknown>)[key] = value;
        }
        // The sync's rules for a label no food can have hold for admins too.
        const impossible = impossibleLabel({
          energyKcal: next.energyKcal100,
          fatG: next.totalFatG100,
          saturatedFatG: next.saturatedFatG100,
          carbohydratesG: next.carbohydratesG100,
          sugarsG: next.totalSugarsG100,
          proteinG: next.proteinG100,
          sodiumMg: next.sodiumMg100,
        });
        if (impossible) throw new AppError(400, 'VALIDATION_ERROR', `${impossible}: revisa los valores por 100 g`);
        const locked = new Set([...row.lockedFields, ...Object.keys(changes)]);
        for (const f of unlockFields) locked.delete(f);
        next.lockedFields = [...locked].sort();

        const computed = computeProductFields(next, analysisMatcher, await categoryNames(next, tx));
        await tx
          .update(products)
          .set({
            ...Object.fromEntries(Object.entries(changes).map(([k, v]) => [k, v.to])),
            ...computed,
            lockedFields: next.lockedFields,
            updatedAt: new Date(),
          })
          .where(eq(products.id, id));
        await tx.insert(auditLog).values({
          actorUserId,
          action: 'product.update',
          entity: 'product',
          entityId: String(id),
          changes: { fields: changes, unlocked: unlockFields, healthScore: { from: row.healthScore, to: computed.healthScore } },
        });
      });
      events.catalogueChanged();
      const updated = await details.get(id);
      if (!updated) throw notFound('Producto no encontrado');
      return updated;
    },
  };
}
