import type { AdditiveWrite, AdditiveWriteResponse } from '@etiqueta/contracts';
import type { Db } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { createRescoreService } from '../products/product-rescore.service.ts';
import type { createAdditiveMatcherService } from './additive-matcher.service.ts';
import { createAdditiveRepository } from './additive.repository.ts';

type Deps = {
  db: Db;
  matcher: ReturnType<typeof createAdditiveMatcherService>;
  rescore: ReturnType<typeof createRescoreService>;
};

export type AdditiveService = ReturnType<typeof createAdditiveService>;

/** Admin writes to the additive table; each one recompiles the matcher and re-scores the catalogue. */
export function createAdditiveService({ db, matcher, rescore }: Deps) {
  const repo = createAdditiveRepository(db);

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
      const additive = await repo.create(values, actorUserId);
      return { additive, rescore: afterWrite() };
    },

    async update(id: number, input: AdditiveWrite, actorUserId: number): Promise<AdditiveWriteResponse> {
      const values = clean(input);
      await assertCodeFree(values.code, id);
      const additive = await repo.update(id, values, actorUserId);
      if (!additive) throw notFound('Aditivo no encontrado');
      return { additive, rescore: afterWrite() };
    },

    async remove(id: number, actorUserId: number): Promise<AdditiveWriteResponse> {
      const additive = await repo.remove(id, actorUserId);
      if (!additive) throw notFound('Aditivo no encontrado');
      return { additive, rescore: afterWrite() };
    },

    rescoreStatus: () => rescore.status(),
  };
}
