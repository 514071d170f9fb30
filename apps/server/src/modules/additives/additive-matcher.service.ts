import { buildAdditiveMatcher, ADDITIVE_CATALOGUE } from '@etiqueta/domain';
import { count } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { additives } from '../../db/schema.ts';

export type AdditiveMatcher = ReturnType<typeof buildAdditiveMatcher>;

/**
 * The matcher is compiled from the additive table (admins edit it), kept in memory and rebuilt
 * after every additive write. Compiling 600 entries takes milliseconds; matching is the hot path.
 */
export function createAdditiveMatcherService(db: Db) {
  let current: Promise<AdditiveMatcher> | null = null;

  async function load(): Promise<AdditiveMatcher> {
    const rows = await db.select().from(additives);
    const byCode = new Map(ADDITIVE_CATALOGUE.map((a) => [a.code, a]));
    return buildAdditiveMatcher(
      rows.map((r) => {
        const known = r.code ? byCode.get(r.code) : undefined;
        return {
          code: r.code ?? '',
          name: r.name,
          alternativeNames: r.alternativeNames,
          riskLevel: r.riskLevel as (typeof ADDITIVE_CATALOGUE)[number]['riskLevel'],
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

/** First start: fill the additive table from our curated catalogue. Later edits belong to admins. */
export async function seedAdditives(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(additives);
  if ((row?.n ?? 0) > 0) return 0;
  const values = ADDITIVE_CATALOGUE.map((a) => ({
    code: a.code,
    name: a.name,
    riskLevel: a.riskLevel,
    description: a.description ?? a.reason,
    category: a.category,
    alternativeNames: a.alternativeNames,
    englishNames: a.englishNames,
    reason: a.reason,
    source: a.source,
  }));
  await db.transaction(async (tx) => {
    for (let i = 0; i < values.length; i += 200) {
      await tx.insert(additives).values(values.slice(i, i + 200)).onConflictDoNothing();
    }
  });
  return values.length;
}
