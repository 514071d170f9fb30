import { and, asc, eq, sql } from 'drizzle-orm';
import { ADDITIVE_CATALOGUE, type AdditiveDef } from '@etiqueta/domain';
import type { Additive, AdditiveWrite } from '@etiqueta/contracts';
import type { Db } from '../../db/client.ts';
import { additives, auditLog } from '../../db/schema.ts';
import type { CatalogueTx } from '../../lib/catalogue-writes.ts';

type Row = typeof additives.$inferSelect;
type CleanWrite = Required<Omit<AdditiveWrite, 'code' | 'reason' | 'source'>> & {
  code: string | null;
  reason?: string;
  source?: string;
};

const toDto = (r: Row): Additive => ({
  id: r.id,
  name: r.name,
  code: r.code,
  riskLevel: r.riskLevel as Additive['riskLevel'],
  description: r.description,
  category: r.category,
  alternativeNames: r.alternativeNames,
  reason: r.reason,
  source: r.source,
});

export type AdditiveRepository = ReturnType<typeof createAdditiveRepository>;

export function createAdditiveRepository(db: Db) {
  return {
    /** Every row as stored, for compiling the matcher. */
    listAll: (): Promise<Row[]> => db.select().from(additives),

    async list(): Promise<Additive[]> {
      const rows = await db.select().from(additives).orderBy(asc(additives.code), asc(additives.name));
      return rows.map(toDto);
    },

    /** Code, function and risk reason of every additive, for the product page (product-detail.ts). */
    details: (): Promise<{ code: string | null; category: string; reason: string }[]> =>
      db.select({ code: additives.code, category: additives.category, reason: additives.reason }).from(additives),

    async findByCode(code: string): Promise<Additive | null> {
      const rows = await db.select().from(additives).where(eq(additives.code, code)).limit(1);
      return rows[0] ? toDto(rows[0]) : null;
    },

    async create(tx: CatalogueTx, input: CleanWrite, actorUserId: number): Promise<Additive> {
      const [row] = await tx.insert(additives).values({ ...input, editedByAdmin: true }).returning();
      await tx.insert(auditLog).values({
        actorUserId,
        action: 'additive.create',
        entity: 'additive',
        entityId: String(row!.id),
        changes: input,
      });
      return toDto(row!);
    },

    async update(tx: CatalogueTx, id: number, input: CleanWrite, actorUserId: number): Promise<Additive | null> {
      const [before] = await tx.select().from(additives).where(eq(additives.id, id)).limit(1);
      if (!before) return null;
      const [row] = await tx
        .update(additives)
        .set({ ...input, editedByAdmin: true, updatedAt: new Date() })
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
    },

    async remove(tx: CatalogueTx, id: number, actorUserId: number): Promise<Additive | null> {
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
    },
  };
}

export type SeedResult = { inserted: number; updated: number; keptAdminEdits: number };

/** The columns our catalogue owns, as the seed writes them. */
function catalogueRow(a: AdditiveDef) {
  return {
    code: a.code,
    name: a.name,
    riskLevel: a.riskLevel,
    description: a.description ?? a.reason,
    category: a.category,
    alternativeNames: a.alternativeNames,
    englishNames: a.englishNames,
    reason: a.reason,
    source: a.source,
  };
}
type CatalogueRow = ReturnType<typeof catalogueRow>;
const sameRow = (row: Record<keyof CatalogueRow, unknown>, next: CatalogueRow): boolean =>
  (Object.keys(next) as (keyof CatalogueRow)[]).every((k) => JSON.stringify(row[k]) === JSON.stringify(next[k]));

/**
 * At every start: the additive table follows our catalogue, except where an admin decided. A catalogue entry
 * missing from the table is inserted (unless an admin deleted it: the audit log says so); a row no admin has
 * created or edited (`edited_by_admin` false) is updated when the catalogue changed; an admin's row is kept as
 * it is. So a regenerated catalogue (new levels, names, reasons) reaches existing databases, and admin edits
 * survive it. When rows changed, the caller re-scores the stored products.
 */
export async function seedAdditives(tx: CatalogueTx): Promise<SeedResult> {
  {
    const rows = await tx.select().from(additives);
    const byCode = new Map(rows.filter((r) => r.code !== null).map((r) => [r.code!, r]));
    const deleted = await tx
      .select({ code: sql<string | null>`${auditLog.changes} -> 'before' ->> 'code'` })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'additive'), eq(auditLog.action, 'additive.delete')));
    const deletedCodes = new Set(deleted.map((d) => d.code).filter((c): c is string => c !== null));

    const inserts: CatalogueRow[] = [];
    let updated = 0;
    let keptAdminEdits = 0;
    for (const entry of ADDITIVE_CATALOGUE) {
      const next = catalogueRow(entry);
      const row = byCode.get(entry.code);
      if (!row) {
        if (!deletedCodes.has(entry.code)) inserts.push(next);
      } else if (row.editedByAdmin) {
        keptAdminEdits++;
      } else if (!sameRow(row, next)) {
        await tx
          .update(additives)
          .set({ ...next, updatedAt: new Date() })
          .where(and(eq(additives.id, row.id), eq(additives.editedByAdmin, false)));
        updated++;
      }
    }
    for (let i = 0; i < inserts.length; i += 200) {
      // Another process seeding at the same moment may have inserted the same codes first.
      await tx.insert(additives).values(inserts.slice(i, i + 200)).onConflictDoNothing();
    }
    return { inserted: inserts.length, updated, keptAdminEdits };
  }
}
