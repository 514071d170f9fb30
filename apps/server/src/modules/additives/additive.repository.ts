import { asc, count, eq } from 'drizzle-orm';
import { ADDITIVE_CATALOGUE } from '@etiqueta/domain';
import type { Additive, AdditiveWrite } from '@etiqueta/contracts';
import type { Db } from '../../db/client.ts';
import { additives, auditLog } from '../../db/schema.ts';

type Row = typeof additives.$inferSelect;
type CleanWrite = Required<Omit<AdditiveWrite, 'code'>> & { code: string | null };

const toDto = (r: Row): Additive => ({
  id: r.id,
  name: r.name,
  code: r.code,
  riskLevel: r.riskLevel as Additive['riskLevel'],
  description: r.description,
  category: r.category,
  alternativeNames: r.alternativeNames,
});

export function createAdditiveRepository(db: Db) {
  return {
    /** Every row as stored, for compiling the matcher. */
    listAll: (): Promise<Row[]> => db.select().from(additives),

    async list(): Promise<Additive[]> {
      const rows = await db.select().from(additives).orderBy(asc(additives.code), asc(additives.name));
      return rows.map(toDto);
    },

    async findByCode(code: string): Promise<Additive | null> {
      const rows = await db.select().from(additives).where(eq(additives.code, code)).limit(1);
      return rows[0] ? toDto(rows[0]) : null;
    },

    async create(input: CleanWrite, actorUserId: number): Promise<Additive> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(additives).values(input).returning();
        await tx.insert(auditLog).values({
          actorUserId,
          action: 'additive.create',
          entity: 'additive',
          entityId: String(row!.id),
          changes: input,
        });
        return toDto(row!);
      });
    },

    async update(id: number, input: CleanWrite, actorUserId: number): Promise<Additive | null> {
      return db.transaction(async (tx) => {
        const [before] = await tx.select().from(additives).where(eq(additives.id, id)).limit(1);
        if (!before) return null;
        const [row] = await tx
          .update(additives)
          .set({ ...input, updatedAt: new Date() })
          .where(eq(additives.id, id))
          .returning();
        await tx.insert(auditLog).values({
          actorUserId,
          action: 'additive.update',
          entity: 'additive',
          entityId: String(id),
          changes: { before: toDto(before), after: input },
        });
        return toDto(row!);
      });
    },

    async remove(id: number, actorUserId: number): Promise<Additive | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx.delete(additives).where(eq(additives.id, id)).returning();
        if (!row) return null;
        await tx.insert(auditLog).values({
          actorUserId,
          action: 'additive.delete',
          entity: 'additive',
          entityId: String(id),
          changes: { before: toDto(row) },
        });
        return toDto(row);
      });
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
