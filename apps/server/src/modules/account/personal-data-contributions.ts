/**
 * Contributions in the personal-data registry: what a person sent (with its photos) and, for an admin, what they
 * reviewed; on erasure, what was refused or rejected goes, the rest stays without them (ADR 013).
 */
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import { contributionNutrientFields, type ContributionNutrientField, type ContributionPhotoKind } from '@etiqueta/contracts';
import { contributionPhotos, contributions } from '../../db/schema.ts';
import { photoUrl } from '../contributions/contribution.repository.ts';
import { forgetContributor } from '../off/off-outbox.repository.ts';
import { iso, isoNow, type PersonalTable } from './personal-table.ts';

export const contributionsData: PersonalTable<'contributions'> = {
    kind: 'contributions',
    table: contributions,
    // What they sent, and (for an admin) what they reviewed.
    owned: (s) => (s.userId === null ? null : or(eq(contributions.userId, s.userId), eq(contributions.reviewedBy, s.userId))!),
    view: async (db, _where, s) => {
      if (s.userId === null) return [];
      const sent = await db
        .select()
        .from(contributions)
        .where(eq(contributions.userId, s.userId))
        .orderBy(asc(contributions.createdAt), asc(contributions.id));
      const photos = sent.length
        ? await db
            .select()
            .from(contributionPhotos)
            .where(inArray(contributionPhotos.contributionId, sent.map((c) => c.id)))
            .orderBy(asc(contributionPhotos.id))
        : [];
      return sent.map((c) => ({
        id: c.id,
        barcode: c.barcode,
        status: c.status as 'pending' | 'approved' | 'rejected' | 'refused',
        name: c.name,
        brand: c.brand,
        ingredients: c.ingredients,
        nutrients: Object.fromEntries(contributionNutrientFields.map((f) => [f, c[f]])) as Record<ContributionNutrientField, number | null>,
        isLiquid: c.isLiquid,
        photos: photos
          .filter((p) => p.contributionId === c.id)
          .map((p) => ({ kind: p.kind as ContributionPhotoKind, url: photoUrl(p.file), width: p.width, height: p.height })),
        createdAt: isoNow(c.createdAt),
        reviewedAt: iso(c.reviewedAt),
        rejectReason: c.rejectReason,
      }));
    },
    none: [],
    // What was refused or rejected has no reason to stay: deleted, photos and all. What waits for review stays until
    // an admin reviews it (rejected: deleted then) or for RETENTION.erasedContributionDays; an approved product and
    // its photos (no EXIF, no GPS) stay in the catalogue. Who sent or reviewed them, and the network digest, do not.
    erase: async (tx, s) => {
      if (s.userId === null) return [];
      const done = await tx
        .select({ id: contributions.id })
        .from(contributions)
        .where(and(eq(contributions.userId, s.userId), inArray(contributions.status, ['refused', 'rejected'])));
      const ids = done.map((c) => c.id);
      const files = ids.length
        ? (await tx.select({ file: contributionPhotos.file }).from(contributionPhotos).where(inArray(contributionPhotos.contributionId, ids))).map((p) => p.file)
        : [];
      if (ids.length) await tx.delete(contributions).where(inArray(contributions.id, ids));
      // What goes to Open Food Facts keeps going (consented, nothing personal), under a random id instead of theirs.
      const kept = await tx.select({ id: contributions.id }).from(contributions).where(eq(contributions.userId, s.userId));
      await forgetContributor(tx, kept.map((c) => c.id));
      await tx.update(contributions).set({ userId: null, ipHash: '' }).where(eq(contributions.userId, s.userId));
      await tx.update(contributions).set({ reviewedBy: null }).where(eq(contributions.reviewedBy, s.userId));
      return files;
    },
  };
