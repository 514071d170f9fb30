import { RETENTION, type ContributionStatus, type ContributionView, type Product } from '@etiqueta/contracts';
import { notFound } from '../../lib/errors.ts';
import { blankProduct } from './completion.ts';
import { contributionMissing, createContributionPublishing, sentValues, type ContributionsDeps } from './contribution-publishing.ts';
import { createContributionReview } from './contribution-review.ts';
import { createContributionSubmission } from './contribution-submission.ts';

export type ContributionsService = ReturnType<typeof createContributionsService>;

/**
 * "Agregar este producto" and "Completar este producto" (issues 14 and 24), one flow: shoppers send photos and
 * what the label says for a code we lack, or for a product whose record misses something. The sender sees the
 * product scored from what they sent at once (`view`: provisional); an admin approves (the product is added, or
 * completed, its fields recorded as completed: the sync keeps them until OFF has a newer value) or rejects with
 * a reason. Until approval nothing sent is shown to anyone but its sender and the admins.
 *
 * The jobs live in their own files: the shopper's sending (contribution-submission.ts), what a contribution
 * writes to the catalogue and to OFF's outbox (contribution-publishing.ts) and the admins' review
 * (contribution-review.ts); here, the provisional view, the photos and the retention of what is no longer needed.
 */
export function createContributionsService(deps: ContributionsDeps) {
  const { repo, products, details, photos } = deps;
  const publishing = createContributionPublishing(deps);
  const { findProduct, merged } = publishing;

  return {
    ...createContributionSubmission(deps, publishing),
    ...createContributionReview(deps, publishing),

    /**
     * One contribution as its sender (or an admin) sees it: while it waits, the product scored from what was sent
     * over what the catalogue has ("Provisional: en revisión"). Anyone else: 404, as for one that does not exist.
     */
    async view(id: number, viewer: { id: number; isAdmin: boolean }): Promise<ContributionView> {
      const row = await repo.findById(id);
      // A refused sending is a count toward the limits, not a contribution: nothing of it to show (Mi cuenta says why).
      if (!row || row.status === 'refused' || (row.userId !== viewer.id && !viewer.isAdmin)) throw contributionMissing();
      let provisional: Product | null = null;
      if (row.status === 'pending') {
        const found = await findProduct(row.barcode);
        const base = (found && (await products.findRowById(found.id))) || blankProduct(row.barcode, row.createdAt);
        const { row: product } = await merged(base, sentValues(row, {}), await repo.photos(row.id), row.id);
        provisional = await details.answerFor({ ...product, source: base.id === 0 ? product.source : base.source, updatedAt: row.createdAt });
      }
      return {
        id: row.id,
        barcode: row.barcode,
        status: row.status as ContributionStatus,
        productId: row.productId,
        rejectReason: row.rejectReason,
        createdAt: row.createdAt.toISOString(),
        trusted: row.trusted,
        provisional,
      };
    },

    /**
     * Contributions that no longer have a reason to be kept: refusals once they no longer count (24 h), and what a
     * person who erased their account sent and was rejected, or waited for review longer than
     * RETENTION.erasedContributionDays. Their photo files are removed with them. Returns how many went.
     */
    async purgeExpired(now = new Date()): Promise<number> {
      const ids = await repo.expired(now, RETENTION.erasedContributionDays);
      if (ids.length === 0) return 0;
      await photos.remove(await repo.transaction((tx) => repo.deleteWithPhotos(tx, ids)));
      return ids.length;
    },

    /** Photos no row names (and, in the folder, parts of writes that never finished), past their grace (photo-store.ts). */
    sweepOrphanPhotos: () => photos.sweep((files) => repo.existingPhotoFiles(files)),

    /** The photo store's line in `/api/health` (the folder's room; always ok in PostgreSQL). */
    uploadsStatus: () => photos.status(),

    /**
     * A photo as its viewer may see it: admins always, its sender always (their provisional page shows it), others
     * only once its product is in the catalogue.
     */
    async photo(file: string, viewer: { id: number; isAdmin: boolean }): Promise<{ data: Buffer; approved: boolean }> {
      const found = await repo.findPhoto(file);
      if (!found || (found.status !== 'approved' && !viewer.isAdmin && found.userId !== viewer.id)) throw notFound('La foto no existe');
      try {
        return { data: await photos.read(file), approved: found.status === 'approved' };
      } catch {
        throw notFound('La foto no existe');
      }
    },
  };
}
