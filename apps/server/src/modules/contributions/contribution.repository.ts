import { and, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { apiPaths, type AdminContribution, type ContributionPhotoKind, type ContributionStatus } from '@etiqueta/contracts';
import type { Db } from '../../db/client.ts';
import { contributionPhotos, contributions, users } from '../../db/schema.ts';

export type ContributionRow = typeof contributions.$inferSelect;
type Exec = Pick<Db, 'select' | 'insert' | 'update' | 'execute'>;

const DAY_MS = 24 * 60 * 60 * 1000;
/** First key of the two-key advisory locks this module takes (the second is the user id). */
const CONTRIBUTION_LOCK_SPACE = 72_001;

export const photoUrl = (file: string): string => apiPaths.contributionPhoto(file);

/** Contributions sent in the last 24 h by one account and from one network. */
async function recentCounts(exec: Exec, userId: number, ipHash: string): Promise<{ byUser: number; byIp: number }> {
  const since = new Date(Date.now() - DAY_MS);
  const [byUser] = await exec
    .select({ n: count() })
    .from(contributions)
    .where(and(eq(contributions.userId, userId), gt(contributions.createdAt, since)));
  const [byIp] = await exec
    .select({ n: count() })
    .from(contributions)
    .where(and(eq(contributions.ipHash, ipHash), gt(contributions.createdAt, since)));
  return { byUser: byUser?.n ?? 0, byIp: byIp?.n ?? 0 };
}

export type ContributionRepository = ReturnType<typeof createContributionRepository>;
export type ContributionTx = Parameters<Parameters<Db['transaction']>[0]>[0];

export function createContributionRepository(db: Db) {
  return {
    /** Runs `work` in one transaction (a submission's limit check and insert; a rejection and its audit entry). */
    transaction: <T>(work: (tx: ContributionTx) => Promise<T>): Promise<T> => db.transaction(work),

    /** Contributions sent in the last 24 h by one account and from one network (inside `exec`'s transaction). */
    recentCounts: (userId: number, ipHash: string, exec: Exec = db) => recentCounts(exec, userId, ipHash),

    /** Serialises one account's submissions (and their limit check) until the transaction ends. */
    async lockUser(exec: Exec, userId: number): Promise<void> {
      await exec.execute(sql`select pg_advisory_xact_lock(${CONTRIBUTION_LOCK_SPACE}, ${userId})`);
    },

    async hasPending(exec: Exec, userId: number, barcode: string): Promise<boolean> {
      const [row] = await exec
        .select({ id: contributions.id })
        .from(contributions)
        .where(and(eq(contributions.userId, userId), eq(contributions.barcode, barcode), eq(contributions.status, 'pending')))
        .limit(1);
      return !!row;
    },

    async insert(
      exec: Exec,
      values: typeof contributions.$inferInsert,
      photos: { kind: ContributionPhotoKind; file: string; width: number; height: number; bytes: number }[],
    ): Promise<ContributionRow> {
      const [row] = await exec.insert(contributions).values(values).returning();
      if (photos.length > 0) {
        await exec.insert(contributionPhotos).values(photos.map((p) => ({ ...p, contributionId: row!.id })));
      }
      return row!;
    },

    async findForUpdate(exec: Pick<Db, 'select'>, id: number): Promise<ContributionRow | null> {
      const [row] = await exec.select().from(contributions).where(eq(contributions.id, id)).for('update');
      return row ?? null;
    },

    async photoFiles(exec: Pick<Db, 'select'>, contributionId: number) {
      return exec
        .select({ kind: contributionPhotos.kind, file: contributionPhotos.file })
        .from(contributionPhotos)
        .where(eq(contributionPhotos.contributionId, contributionId))
        .orderBy(contributionPhotos.id);
    },

    /** Who may see a photo depends on its contribution's status. */
    async findPhoto(file: string): Promise<{ status: ContributionStatus } | null> {
      const [row] = await db
        .select({ status: contributions.status })
        .from(contributionPhotos)
        .innerJoin(contributions, eq(contributions.id, contributionPhotos.contributionId))
        .where(eq(contributionPhotos.file, file))
        .limit(1);
      return row ? { status: row.status as ContributionStatus } : null;
    },

    /** The admin's list: newest first, with the photos and who sent it. */
    async list(status: ContributionStatus, limit = 100): Promise<AdminContribution[]> {
      const rows = await db
        .select({ c: contributions, email: users.email })
        .from(contributions)
        .leftJoin(users, eq(users.id, contributions.userId))
        .where(eq(contributions.status, status))
        .orderBy(desc(contributions.createdAt), desc(contributions.id))
        .limit(limit);
      const ids = rows.map((r) => r.c.id);
      const photos = ids.length
        ? await db.select().from(contributionPhotos).where(inArray(contributionPhotos.contributionId, ids)).orderBy(contributionPhotos.id)
        : [];
      return rows.map(({ c, email }) => ({
        id: c.id,
        barcode: c.barcode,
        status: c.status as ContributionStatus,
        name: c.name,
        brand: c.brand,
        ingredients: c.ingredients,
        energyKcal100: c.energyKcal100,
        totalFatG100: c.totalFatG100,
        saturatedFatG100: c.saturatedFatG100,
        carbohydratesG100: c.carbohydratesG100,
        totalSugarsG100: c.totalSugarsG100,
        fiberG100: c.fiberG100,
        proteinG100: c.proteinG100,
        sodiumMg100: c.sodiumMg100,
        photos: photos
          .filter((p) => p.contributionId === c.id)
          .map((p) => ({ kind: p.kind as ContributionPhotoKind, url: photoUrl(p.file), width: p.width, height: p.height })),
        contributorEmail: email,
        rejectReason: c.rejectReason,
        productId: c.productId,
        createdAt: c.createdAt.toISOString(),
        reviewedAt: c.reviewedAt?.toISOString() ?? null,
      }));
    },

    async markReviewed(
      exec: Exec,
      id: number,
      change: { status: 'approved' | 'rejected'; reviewedBy: number; productId?: number; rejectReason?: string },
    ) {
      await exec
        .update(contributions)
        .set({ ...change, reviewedBy: change.reviewedBy || null, reviewedAt: new Date() })
        .where(eq(contributions.id, id));
    },
  };
}
