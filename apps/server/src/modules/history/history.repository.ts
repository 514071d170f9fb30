import { and, desc, eq, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { HistoryVia } from '@etiqueta/contracts';
import type { Db } from '../../db/client.ts';
import { historyEntries, products, users } from '../../db/schema.ts';
import { escapeLike } from '../products/product.repository.ts';

/** Where a page starts: strictly older than this entry (time in ms, then id, both descending). */
export type HistoryCursor = { at: Date; id: number };

export type HistoryRow = {
  id: number;
  via: string;
  viewedAt: Date;
  product: {
    id: number;
    name: string;
    brand: string;
    images: typeof products.$inferSelect.images;
    healthScore: number | null;
    allergens: typeof products.$inferSelect.allergens;
    diets: typeof products.$inferSelect.diets;
  };
};

export type RecordOutcome = 'recorded' | 'recording-off' | 'no-product' | 'no-user';

export function createHistoryRepository(db: Db) {
  /**
   * Locks the person's account row for this transaction (FOR NO KEY UPDATE: other history writes of the same
   * person wait, sign-ins and foreign-key checks do not), and says whether they keep a history.
   */
  const lockOwner = async (tx: Db, userId: number) => {
    const [owner] = await tx
      .select({ historyEnabled: users.historyEnabled })
      .from(users)
      .where(eq(users.id, userId))
      .for('no key update');
    return owner ?? null;
  };

  const deleteAllOf = async (tx: Db, userId: number) =>
    (await tx.delete(historyEntries).where(eq(historyEntries.userId, userId)).returning({ id: historyEntries.id })).length;

  return {
    /**
     * Records a view: one row per person, product and day (the same product again that day moves to the top),
     * then drops the person's entries beyond `cap`, newest kept. One transaction, serialised per person by the
     * lock on their account row, so parallel views can neither duplicate a row nor leave more than `cap`.
     */
    async record(input: { userId: number; productId: number; via: HistoryVia; day: string; at: Date; cap: number }) {
      return db.transaction(async (tx): Promise<RecordOutcome> => {
        const owner = await lockOwner(tx, input.userId);
        if (!owner) return 'no-user';
        if (!owner.historyEnabled) return 'recording-off';
        const [product] = await tx.select({ id: products.id }).from(products).where(eq(products.id, input.productId));
        if (!product) return 'no-product';
        await tx
          .insert(historyEntries)
          .values({ userId: input.userId, productId: input.productId, via: input.via, day: input.day, viewedAt: input.at })
          .onConflictDoUpdate({
            target: [historyEntries.userId, historyEntries.productId, historyEntries.day],
            set: { via: input.via, viewedAt: input.at },
          });
        const beyondCap = tx
          .select({ id: historyEntries.id })
          .from(historyEntries)
          .where(eq(historyEntries.userId, input.userId))
          .orderBy(desc(historyEntries.viewedAt), desc(historyEntries.id))
          .offset(input.cap);
        await tx
          .delete(historyEntries)
          .where(and(eq(historyEntries.userId, input.userId), inArray(historyEntries.id, beyondCap)));
        return 'recorded';
      });
    },

    /**
     * A page of the person's history, newest first, with what a card shows of each product. `terms` (already
     * normalised words) must all appear in the product's name or brand, compared without case or accents.
     */
    async page(userId: number, options: { terms: string[]; cursor: HistoryCursor | null; limit: number }): Promise<HistoryRow[]> {
      const conditions: (SQL | undefined)[] = [eq(historyEntries.userId, userId)];
      const haystack = sql`f_unaccent(lower(${products.name} || ' ' || ${products.brand}))`;
      for (const term of options.terms) conditions.push(sql`${haystack} like ${`%${escapeLike(term)}%`}`);
      if (options.cursor) {
        const { at, id } = options.cursor;
        conditions.push(or(lt(historyEntries.viewedAt, at), and(eq(historyEntries.viewedAt, at), lt(historyEntries.id, id))));
      }
      return db
        .select({
          id: historyEntries.id,
          via: historyEntries.via,
          viewedAt: historyEntries.viewedAt,
          product: {
            id: products.id,
            name: products.name,
            brand: products.brand,
            images: products.images,
            healthScore: products.healthScore,
            allergens: products.allergens,
            diets: products.diets,
          },
        })
        .from(historyEntries)
        .innerJoin(products, eq(products.id, historyEntries.productId))
        .where(and(...conditions))
        .orderBy(desc(historyEntries.viewedAt), desc(historyEntries.id))
        .limit(options.limit);
    },

    async isRecording(userId: number): Promise<boolean> {
      const [owner] = await db.select({ historyEnabled: users.historyEnabled }).from(users).where(eq(users.id, userId));
      return owner?.historyEnabled ?? false;
    },

    /** Deletes one entry of this person; 0 when it is not theirs (or does not exist). */
    async deleteOne(userId: number, entryId: number): Promise<number> {
      const rows = await db
        .delete(historyEntries)
        .where(and(eq(historyEntries.id, entryId), eq(historyEntries.userId, userId)))
        .returning({ id: historyEntries.id });
      return rows.length;
    },

    deleteAll: (userId: number) => deleteAllOf(db, userId),

    /** Turns recording on or off; off deletes what was kept, in the same transaction. */
    async setRecording(userId: number, enabled: boolean): Promise<{ found: boolean; deleted: number }> {
      return db.transaction(async (tx) => {
        if (!(await lockOwner(tx, userId))) return { found: false, deleted: 0 };
        await tx.update(users).set({ historyEnabled: enabled }).where(eq(users.id, userId));
        return { found: true, deleted: enabled ? 0 : await deleteAllOf(tx, userId) };
      });
    },

    /** Entries last viewed before `cutoff` (the retention job: HISTORY.retentionDays). */
    async purgeBefore(cutoff: Date): Promise<number> {
      const rows = await db
        .delete(historyEntries)
        .where(lt(historyEntries.viewedAt, cutoff))
        .returning({ id: historyEntries.id });
      return rows.length;
    },
  };
}

export type HistoryRepository = ReturnType<typeof createHistoryRepository>;
