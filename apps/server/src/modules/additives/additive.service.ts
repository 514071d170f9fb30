import type { AdditiveWrite, AdditiveWriteResponse, RescoreStatusDto } from '@etiqueta/contracts';
import type { CatalogueWrites } from '../../lib/catalogue-writes.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { createAdditiveMatcherService } from './additive-matcher.service.ts';
import type { AdditiveRepository } from './additive.repository.ts';

type Deps = {
  repo: AdditiveRepository;
  matcher: ReturnType<typeof createAdditiveMatcherService>;
  /** The catalogue's re-score (products' product-rescore.service.ts, passed in: products build on additives, not the reverse). */
  rescore: { schedule(): void; status(): RescoreStatusDto };
  catalogue: CatalogueWrites;
};

export type AdditiveService = ReturnType<typeof createAdditiveService>;

/**
 * Admin writes to the additive table; each one recompiles the matcher and re-scores the catalogue. They go
 * through the catalogue's write path: every product page shows its additives' function and reason from this
 * table, so readers drop their copies when the write commits.
 */
export function createAdditiveService({ repo, matcher, rescore, catalogue }: Deps) {

  const clean = (input: AdditiveWrite) => ({
    name: input.name,
    code: input.code || null,
    riskLevel: input.riskLevel,
    description: input.description ?? '',
    category: input.category ?? '',
    alternativeNames: input.alternativeNames ?? [],
    ...(input.reason !== undefined ? { reason: input.reason } : {}),
    ...(input.source !== undefined ? { source: input.source } : {}),
  });

  async function assertCodeFree(code: string | null, exceptId?: number) {
    if (!code) return;
    const other = await repo.findByCode(code);
    if (other && other.id !== exceptId) throw conflict('ADDITIVE_CODE_TAKEN', `Ya existe un aditivo con el código ${code}`);
  }

  const afterWrite = () => {
    matcher.invalidate();
    rescore.schedule();
    return rescore.status();
  };

  return {
    list: () => repo.list(),

    async create(input: AdditiveWrite, actorUserId: number): Promise<AdditiveWriteResponse> {
      const values = clean(input);
      await assertCodeFree(values.code);
      const additive = await catalogue.write(async (tx, changed) => {
        changed.everything();
        return repo.create(tx, values, actorUserId);
      });
      return { additive, rescore: afterWrite() };
    },

    async update(id: number, input: AdditiveWrite, actorUserId: number): Promise<AdditiveWriteResponse> {
      const values = clean(input);
      await assertCodeFree(values.code, id);
      const additive = await catalogue.write(async (tx, changed) => {
        const updated = await repo.update(tx, id, values, actorUserId);
        if (updated) changed.everything();
        return updated;
      });
      if (!additive) throw notFound('Aditivo no encontrado');
      return { additive, rescore: afterWrite() };
    },

    async remove(id: number, actorUserId: number): Promise<AdditiveWriteResponse> {
      const additive = await catalogue.write(async (tx, changed) => {
        const removed = await repo.remove(tx, id, actorUserId);
        if (removed) changed.everything();
        return removed;
      });
      if (!additive) throw notFound('Aditivo no encontrado');
      return { additive, rescore: afterWrite() };
    },

    rescoreStatus: () => rescore.status(),
  };
}
