import type { EditableProductField, Product, ProductPatch } from '@etiqueta/contracts';
import { impossibleLabel } from '@etiqueta/domain';
import type { CatalogueWrites } from '../../lib/catalogue-writes.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../admin/audit.repository.ts';
import type { createAdditiveMatcherService } from '../additives/additive-matcher.service.ts';
import { computeProductFields } from './product-analysis.ts';
import type { ProductDetails } from './product-detail.ts';
import type { ProductRepository, ProductRow } from './product.repository.ts';

type Deps = {
  repo: ProductRepository;
  catalogue: CatalogueWrites;
  matcher: ReturnType<typeof createAdditiveMatcherService>;
  details: ProductDetails;
};

export type ProductsService = ReturnType<typeof createProductsService>;

/** Admin reads and edits of products. An edit re-scores at once and locks the edited fields against sync. */
export function createProductsService({ repo, catalogue, matcher, details }: Deps) {
  return {
    adminPage: (q: string | undefined, page: number, pageSize: number) => repo.adminPage(q, page, pageSize),

    async update(id: number, patch: ProductPatch, actorUserId: number): Promise<Product> {
      const analysisMatcher = await matcher.get();
      // Read, merge and write in one transaction holding the row lock, so two admins editing at once each
      // keep their change and their field lock (the second waits for the first and merges on top of it).
      await catalogue.write(async (tx, changed) => {
        const row = await repo.lockForEdit(tx, id);
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
        const impossible = impossibleLabel(next);
        if (impossible) throw new AppError(400, 'VALIDATION_ERROR', `${impossible}: revisa los valores por 100 g`);
        const locked = new Set([...row.lockedFields, ...Object.keys(changes)]);
        for (const f of unlockFields) locked.delete(f);
        next.lockedFields = [...locked].sort();

        const computed = computeProductFields(next, analysisMatcher, await repo.categoryNames(tx, next));
        await repo.applyEdit(tx, id, {
          ...Object.fromEntries(Object.entries(changes).map(([k, v]) => [k, v.to])),
          ...computed,
          lockedFields: next.lockedFields,
        });
        changed.products([id]);
        await recordAudit(tx, {
          actorUserId,
          action: 'product.update',
          entity: 'product',
          entityId: String(id),
          changes: { fields: changes, unlocked: unlockFields, healthScore: { from: row.healthScore, to: computed.healthScore } },
        });
      });
      const updated = await details.get(id);
      if (!updated) throw notFound('Producto no encontrado');
      return updated;
    },
  };
}
