import { and, count, desc, eq, gt, inArray, isNotNull, isNull, lt, notExists, or, sql } from 'drizzle-orm';
import {
  apiPaths,
  nutrientFieldNames,
  normalizeImages,
  TRUSTED_RELEASE_HOURS,
  type AdminContribution,
  type ContributionListFilter,
  type ContributionPhotoKind,
  type ContributionStatus,
} from '@etiqueta/contracts';
import type { Db } from '../../db/client.ts';
import { contributionPhotos, contributions, offOutbox, products, users, type PublishedImage } from '../../db/schema.ts';

export type ContributionRow = typeof contributions.$inferSelect;
type Exec = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

const DAY_MS = 24 * 60 * 60 * 1000;
/** First key of the two-key advisory locks this module takes (the second is the user id). */
const CONTRIBUTION_LOCK_SPACE = 72_001;

export const photoUrl = (file: string): string => apiPaths.contributionPhoto(file);

/** The product columns the admin's review compares (a trusted publication's "Antes"). */
const REVIEWED_COLUMNS = new Set<string>(['name', 'brand', 'ingredients', 'isLiquid', ...nutrientFieldNames]);

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
export type ContributionPhotoRow = { kind: ContributionPhotoKind; file: string; width: number; height: number };

export function createContributionRepository(db: Db) {
  const photosOf = async (exec: Pick<Db, 'select'>, ids: number[]) =>
    ids.length
      ? exec.select().from(contributionPhotos).where(inArray(contributionPhotos.contributionId, ids)).orderBy(contributionPhotos.id)
      : [];

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

    async findById(id: number): Promise<ContributionRow | null> {
      const [row] = await db.select().from(contributions).where(eq(contributions.id, id));
      return row ?? null;
    },

    async findForUpdate(exec: Pick<Db, 'select'>, id: number): Promise<ContributionRow | null> {
      const [row] = await exec.select().from(contributions).where(eq(contributions.id, id)).for('update');
      return row ?? null;
    },

    async photos(contributionId: number, exec: Pick<Db, 'select'> = db): Promise<ContributionPhotoRow[]> {
      return (await photosOf(exec, [contributionId])).map((p) => ({ kind: p.kind as ContributionPhotoKind, file: p.file, width: p.width, height: p.height }));
    },

    /** Who may see a photo depends on its contribution's status and on who sent it. */
    async findPhoto(file: string): Promise<{ status: ContributionStatus; userId: number | null } | null> {
      const [row] = await db
        .select({ status: contributions.status, userId: contributions.userId })
        .from(contributionPhotos)
        .innerJoin(contributions, eq(contributions.id, contributionPhotos.contributionId))
        .where(eq(contributionPhotos.file, file))
        .limit(1);
      return row ? { status: row.status as ContributionStatus, userId: row.userId } : null;
    },

    /**
     * What makes a member trusted (CONTRIBUTIONS_TRUST_AFTER): their approved contributions (reviewed, or published
     * by trust and standing) and their rejected ones (a revert is one).
     */
    async trustCounts(exec: Exec, userId: number): Promise<{ approved: number; rejected: number }> {
      const rows = await exec
        .select({ status: contributions.status, n: count() })
        .from(contributions)
        .where(and(eq(contributions.userId, userId), inArray(contributions.status, ['approved', 'rejected'])))
        .groupBy(contributions.status);
      const of = (status: string) => rows.find((r) => r.status === status)?.n ?? 0;
      return { approved: of('approved'), rejected: of('rejected') };
    },

    /** Whether each contribution's sender consented to its going to Open Food Facts. */
    async offConsents(ids: number[]): Promise<Map<number, boolean>> {
      if (ids.length === 0) return new Map();
      const rows = await db.select({ id: contributions.id, consent: contributions.offConsent }).from(contributions).where(inArray(contributions.id, ids));
      return new Map(rows.map((r) => [r.id, r.consent]));
    },

    async setPublishedImage(exec: Exec, id: number, image: PublishedImage): Promise<void> {
      await exec.update(contributions).set({ publishedImage: image }).where(eq(contributions.id, id));
    },

    async markSeen(exec: Exec, id: number): Promise<void> {
      await exec.update(contributions).set({ seenAt: new Date() }).where(eq(contributions.id, id));
    },

    /** A revert: rejected (it counts against trust), by this admin, its image kept for the record. */
    async markReverted(exec: Exec, id: number, reviewedBy: number, reason: string): Promise<void> {
      const now = new Date();
      await exec
        .update(contributions)
        .set({ status: 'rejected', rejectReason: reason, reviewedBy: reviewedBy || null, reviewedAt: now, revertedAt: now })
        .where(eq(contributions.id, id));
    },

    /**
     * Trusted publications, consented, standing, that may go to Open Food Facts now — seen by an admin, or published
     * before `before` (TRUSTED_RELEASE_HOURS ago) — and have no outbox row yet.
     */
    async releasable(before: Date, limit = 500): Promise<number[]> {
      const rows = await db
        .select({ id: contributions.id })
        .from(contributions)
        .where(
          and(
            eq(contributions.trusted, true),
            eq(contributions.status, 'approved'),
            eq(contributions.offConsent, true),
            or(isNotNull(contributions.seenAt), lt(contributions.createdAt, before)),
            notExists(db.select({ one: sql`1` }).from(offOutbox).where(eq(offOutbox.contributionId, contributions.id))),
          ),
        )
        .orderBy(contributions.id)
        .limit(limit);
      return rows.map((r) => r.id);
    },

    /** The admin's list: newest first, with the photos, who sent it, and the product as the catalogue has it now. */
    async list(filter: ContributionListFilter, limit = 100): Promise<AdminContribution[]> {
      const rows = await db
        .select({ c: contributions, email: users.email })
        .from(contributions)
        .leftJoin(users, eq(users.id, contributions.userId))
        .where(filter === 'trusted' ? eq(contributions.trusted, true) : eq(contributions.status, filter))
        .orderBy(desc(contributions.createdAt), desc(contributions.id))
        .limit(limit);
      const photos = await photosOf(db, rows.map((r) => r.c.id));
      const productIds = [...new Set(rows.map((r) => r.c.productId).filter((id): id is number => id !== null))];
      const current = new Map(
        (productIds.length ? await db.select().from(products).where(inArray(products.id, productIds)) : []).map((p) => [
          p.id,
          {
            productId: p.id,
            name: p.name,
            brand: p.brand,
            ingredients: p.ingredients,
            isLiquid: p.isLiquid,
            ...Object.fromEntries(nutrientFieldNames.map((f) => [f, p[f]])),
            image: normalizeImages(p.images).primary,
          } as NonNullable<AdminContribution['current']>,
        ]),
      );
      return rows.map(({ c, email }) => ({
        id: c.id,
        barcode: c.barcode,
        status: c.status as ContributionStatus,
        name: c.name,
        brand: c.brand,
        ingredients: c.ingredients,
        ...(Object.fromEntries(nutrientFieldNames.map((f) => [f, c[f]])) as Pick<AdminContribution, (typeof nutrientFieldNames)[number]>),
        isLiquid: c.isLiquid,
        readings: c.readings,
        current: c.productId === null ? null : (current.get(c.productId) ?? null),
        photos: photos
          .filter((p) => p.contributionId === c.id)
          .map((p) => ({ kind: p.kind as ContributionPhotoKind, url: photoUrl(p.file), width: p.width, height: p.height })),
        contributorEmail: email,
        rejectReason: c.rejectReason,
        productId: c.productId,
        createdAt: c.createdAt.toISOString(),
        reviewedAt: c.reviewedAt?.toISOString() ?? null,
        offSending: null,
        trust: c.trusted
          ? {
              releaseAt: new Date(c.createdAt.getTime() + TRUSTED_RELEASE_HOURS * 3_600_000).toISOString(),
              seenAt: c.seenAt?.toISOString() ?? null,
              revertedAt: c.revertedAt?.toISOString() ?? null,
              before: Object.fromEntries(
                Object.entries(c.publishedImage?.before ?? {}).filter(([column]) => REVIEWED_COLUMNS.has(column)),
              ),
            }
          : null,
      }));
    },

    /** A refused sending, counted toward the limits for a day (contributions.service.ts `countRefusal`). */
    async recordRefusal(values: { userId: number; ipHash: string; barcode: string; reason: string }): Promise<void> {
      await db.insert(contributions).values({
        barcode: values.barcode,
        userId: values.userId,
        ipHash: values.ipHash,
        status: 'refused',
        rejectReason: values.reason,
      });
    },

    /** Which of these photo files a row still names. */
    async existingPhotoFiles(files: string[]): Promise<Set<string>> {
      const named = new Set<string>();
      // In slices: a query carries at most 65 535 parameters, and a folder or table may hold more photos.
      for (let at = 0; at < files.length; at += 1000) {
        const slice = files.slice(at, at + 1000);
        const rows = await db.select({ file: contributionPhotos.file }).from(contributionPhotos).where(inArray(contributionPhotos.file, slice));
        for (const r of rows) named.add(r.file);
      }
      return named;
    },

    /**
     * Contributions past their reason to be kept: refusals older than a day; rejected ones whose sender erased
     * their account; and theirs still pending after `erasedPendingDays`.
     */
    async expired(now: Date, erasedPendingDays: number): Promise<number[]> {
      const rows = await db
        .select({ id: contributions.id })
        .from(contributions)
        .where(
          or(
            and(eq(contributions.status, 'refused'), lt(contributions.createdAt, new Date(now.getTime() - DAY_MS))),
            and(isNull(contributions.userId), eq(contributions.status, 'rejected')),
            and(
              isNull(contributions.userId),
              eq(contributions.status, 'pending'),
              lt(contributions.createdAt, new Date(now.getTime() - erasedPendingDays * DAY_MS)),
            ),
          ),
        );
      return rows.map((r) => r.id);
    },

    /** Deletes contributions and their photo rows; returns the photo files to remove once committed. */
    async deleteWithPhotos(exec: Exec, ids: number[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const files = await exec
        .select({ file: contributionPhotos.file })
        .from(contributionPhotos)
        .where(inArray(contributionPhotos.contributionId, ids));
      await exec.delete(contributions).where(inArray(contributions.id, ids));
      return files.map((f) => f.file);
    },

    /** The account's anonymous Open Food Facts id (users.off_app_uuid). */
    async offAppUuid(exec: Pick<Db, 'select'>, userId: number): Promise<string | null> {
      const [row] = await exec.select({ uuid: users.offAppUuid }).from(users).where(eq(users.id, userId));
      return row?.uuid ?? null;
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
