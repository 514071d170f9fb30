import { buildAdditiveMatcher, ADDITIVE_CATALOGUE } from '@etiqueta/domain';
import type { AdditiveRepository } from './additive.repository.ts';

export type AdditiveMatcher = ReturnType<typeof buildAdditiveMatcher>;

/**
 * The matcher is compiled from the additive table (admins edit it), kept in memory and rebuilt
 * after every additive write. Compiling 600 entries takes milliseconds; matching is the hot path.
 */
export function createAdditiveMatcherService(repo: AdditiveRepository) {
  let current: Promise<AdditiveMatcher> | null = null;

  async function load(): Promise<AdditiveMatcher> {
    const rows = await repo.listAll();
    const byCode = new Map(ADDITIVE_CATALOGUE.map((a) => [a.code, a]));
    return buildAdditiveMatcher(
      rows.map((r) => {
        const known = r.code ? byCode.get(r.code) : undefined;
        return {
          code: r.code ?? '',
          name: r.name,
          alternativeNames: r.alternativeNames,
          riskLevel: r.riskLevel as (typeof ADDITIVE_CATALOGUE)[number]['riskLevel'],
          reason: r.reason,
          englishNames: r.englishNames,
          // Matching hints that are not admin-editable come from our catalogue.
          ...(known?.frenchNames ? { frenchNames: known.frenchNames } : {}),
          ...(known?.nameRequiresClassWord ? { nameRequiresClassWord: true } : {}),
        };
      }),
    );
  }

  return {
    get(): Promise<AdditiveMatcher> {
      current ??= load().catch((err: unknown) => {
        current = null;
        throw err;
      });
      return current;
    },
    invalidate() {
      current = null;
    },
  };
}
