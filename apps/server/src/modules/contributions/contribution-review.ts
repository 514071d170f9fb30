/**
 * The admins' side of contributions: the list (each approved one with where it stands with Open Food Facts),
 * approve and reject, and a trusted member's publications — "Visto", "Revertir", their release to OFF after
 * TRUSTED_RELEASE_HOURS — and "Reintentar envío" of a sending in error. Every write is one transaction with its
 * audit entry.
 */
import { isDeepStrictEqual } from 'node:util';
import {
  CHILE_TIME_ZONE,
  TRUSTED_RELEASE_HOURS,
  type AdminContribution,
  type ContributionApproval,
  type ContributionListFilter,
  type OffSending,
} from '@etiqueta/contracts';
import { scoreBand } from '@etiqueta/domain';
import type { CatalogueTx } from '../../lib/catalogue-writes.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../admin/audit.repository.ts';
import type { ProductRow } from '../products/product.repository.ts';
import { contributionMissing, sentValues, type ContributionPublishing, type ContributionsDeps } from './contribution-publishing.ts';
import type { ContributionRow } from './contribution.repository.ts';

/** The day and hour a trusted publication goes to OFF on its own, as a Chilean admin reads it. */
const releaseDate = new Intl.DateTimeFormat('es-CL', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: CHILE_TIME_ZONE,
  hourCycle: 'h23',
});

/** A column's value as JSON keeps it (the before/after images are jsonb): what a revert compares. */
const jsonValue = (value: unknown): unknown => (value === undefined ? null : (JSON.parse(JSON.stringify(value)) as unknown));

export function createContributionReview(
  { repo, products, catalogue, photos, matcher, offWriter }: Pick<ContributionsDeps, 'repo' | 'products' | 'catalogue' | 'photos' | 'matcher' | 'offWriter'>,
  { writeProduct, enqueueToOff }: Pick<ContributionPublishing, 'writeProduct' | 'enqueueToOff'>,
) {
  /** A trusted publication, locked for update, that an admin may still act on (see it, revert it). */
  async function standingTrusted(tx: CatalogueTx, id: number): Promise<ContributionRow> {
    const row = await repo.findForUpdate(tx, id);
    if (!row) throw contributionMissing();
    if (!row.trusted) {
      throw conflict('CONTRIBUTION_NOT_TRUSTED', 'Esta contribución no se publicó por confianza: se aprueba o se rechaza.');
    }
    if (row.revertedAt) throw conflict('CONTRIBUTION_REVERTED', 'Esta contribución ya fue revertida.');
    return row;
  }

  return {
    /** Whether approved contributions go to Open Food Facts at all (the admin's contributions page says so). */
    offWriteStatus: () => offWriter.status(),

    /** The admin's list, each approved contribution with where it stands with Open Food Facts. */
    async list(filter: ContributionListFilter): Promise<AdminContribution[]> {
      const rows = await repo.list(filter);
      const sending = await offWriter.states(rows.filter((r) => r.status === 'approved' || r.trust?.revertedAt).map((r) => r.id));
      const offConsentOf = await repo.offConsents(rows.map((r) => r.id));
      const offSendingOf = (r: AdminContribution): OffSending | null => {
        const found = sending.get(r.id);
        if (found) return found;
        if (r.status !== 'approved') return null;
        if (!offConsentOf.get(r.id)) {
          return { state: 'not_consented', label: 'No se envía a Open Food Facts: quien lo envió no dio su consentimiento.', sentAt: null, retryable: false };
        }
        // A trusted publication not yet released: it waits for "Visto" or its 48 h.
        return {
          state: 'waiting',
          label: `Se envía a Open Food Facts cuando lo marques como visto, o el ${releaseDate.format(new Date(r.trust?.releaseAt ?? r.createdAt))} si nadie lo revierte.`,
          sentAt: null,
          retryable: false,
        };
      };
      return rows.map((r) => ({ ...r, offSending: offSendingOf(r) }));
    },

    /**
     * Adds the product, or completes the one the catalogue has (it may have arrived since the shopper sent it):
     * what the shopper sent, corrected by the admin, scored by the domain like any product, each field recorded as
     * completed so the sync keeps it until OFF's record carries a newer value.
     */
    async approve(id: number, corrections: ContributionApproval, actorUserId: number): Promise<{ productId: number }> {
      // The catalogue's one write path: the product, the contribution's status, its outbox row to OFF and the audit
      // entry commit together, then search, caches and product pages hear of the change.
      // The additive catalogue is loaded (once) before the transaction: loading it reads outside the transaction,
      // which on PGlite's one connection would wait for this transaction forever (the first approval after a start).
      await matcher.get();
      const approved = await catalogue.write(async (tx, changed) => {
        const row = await repo.findForUpdate(tx, id);
        if (!row) throw contributionMissing();
        assertPending(row);
        const sent = sentValues(row, corrections);
        const sentPhotos = await repo.photos(id, tx);
        const { productId, base, next, fields } = await writeProduct(tx, changed, row, sent, sentPhotos);
        await repo.markReviewed(tx, id, { status: 'approved', reviewedBy: actorUserId, productId });
        await enqueueToOff(tx, row, sent, sentPhotos);
        await recordAudit(tx, {
          actorUserId: actorUserId || null,
          action: 'contribution.approve',
          entity: 'contribution',
          entityId: String(id),
          changes: {
            productId,
            completed: base !== null,
            fields,
            corrections,
            healthScore: { from: base?.healthScore ?? null, to: next.healthScore, label: scoreBand(next.healthScore).label },
          },
        });
        return { productId };
      });
      offWriter.wake();
      return approved;
    },

    async reject(id: number, reason: string, actorUserId: number): Promise<void> {
      const purged = await repo.transaction(async (tx) => {
        const row = await repo.findForUpdate(tx, id);
        if (!row) throw contributionMissing();
        assertPending(row);
        await recordAudit(tx, {
          actorUserId: actorUserId || null,
          action: 'contribution.reject',
          entity: 'contribution',
          entityId: String(id),
          changes: { reason },
        });
        // Its sender erased their account: once reviewed, nothing of it has a reason to stay (docs/privacy.md).
        if (row.userId === null) return repo.deleteWithPhotos(tx, [id]);
        await repo.markReviewed(tx, id, { status: 'rejected', reviewedBy: actorUserId, rejectReason: reason });
        return [];
      });
      await photos.remove(purged);
    },

    /**
     * "Visto": an admin looked at a trusted publication and let it stand. It goes to Open Food Facts now (with its
     * sender's consent), and the 48 h wait ends.
     */
    async markSeen(id: number, actorUserId: number): Promise<void> {
      await catalogue.write(async (tx) => {
        const row = await standingTrusted(tx, id);
        if (row.seenAt) throw conflict('CONTRIBUTION_SEEN', 'Esta contribución ya estaba marcada como vista.');
        await repo.markSeen(tx, id);
        await enqueueToOff(tx, row, sentValues(row, {}), await repo.photos(id, tx));
        await recordAudit(tx, { actorUserId: actorUserId || null, action: 'contribution.seen', entity: 'contribution', entityId: String(id), changes: {} });
      });
      offWriter.wake();
    },

    /**
     * "Revertir": the product returns exactly to what it was before a trusted publication (the columns it wrote,
     * from their before-image), in one transaction with the contribution's status (rejected: it counts against its
     * sender's trust), the end of its sending to OFF (what OFF already received stays in OFF's own history) and the
     * audit entry. If anyone changed those columns since (another contribution, an admin's edit, the sync), 409:
     * restoring would undo their change too.
     */
    async revert(id: number, actorUserId: number): Promise<{ productId: number; offAlreadySent: boolean }> {
      return catalogue.write(async (tx, changed) => {
        const row = await standingTrusted(tx, id);
        const image = row.publishedImage;
        const current = row.productId !== null ? await products.lockForEdit(tx, row.productId) : null;
        if (!image || !current) {
          throw conflict('PRODUCT_GONE', 'El producto de esta contribución ya no está en el catálogo: no hay nada que revertir.');
        }
        const moved = Object.keys(image.after).filter(
          (c) => !isDeepStrictEqual(jsonValue(current[c as keyof ProductRow]), jsonValue(image.after[c])),
        );
        if (moved.length > 0) {
          throw conflict(
            'PRODUCT_CHANGED_SINCE',
            'El producto cambió después de esta publicación (otra contribución, una edición o la sincronización). Revertir borraría ese cambio: corrígelo a mano en Productos.',
          );
        }
        await products.applyEdit(tx, current.id, image.before);
        changed.products([current.id]);
        await repo.markReverted(tx, id, actorUserId, 'Revertida por un administrador.');
        const off = await offWriter.cancel(tx, id);
        await recordAudit(tx, {
          actorUserId: actorUserId || null,
          action: 'contribution.revert',
          entity: 'contribution',
          entityId: String(id),
          changes: { productId: current.id, fields: Object.keys(image.before), restored: image.before, offState: off },
        });
        return { productId: current.id, offAlreadySent: off === 'sent' };
      });
    },

    /**
     * The periodic sweep (the retention job's schedule): trusted publications seen by an admin, or unreverted for
     * TRUSTED_RELEASE_HOURS, get their outbox row to Open Food Facts. Each in its own transaction, rechecked under
     * its lock (a revert at the same moment wins); one that fails is logged by the caller's next run, the rest go.
     */
    async releaseTrusted(now = new Date()): Promise<number> {
      const ids = await repo.releasable(new Date(now.getTime() - TRUSTED_RELEASE_HOURS * 3_600_000));
      let released = 0;
      for (const id of ids) {
        try {
          released += await catalogue.write(async (tx) => {
            const row = await repo.findForUpdate(tx, id);
            if (!row || !row.trusted || row.status !== 'approved' || row.revertedAt) return 0;
            await enqueueToOff(tx, row, sentValues(row, {}), await repo.photos(id, tx), row.seenAt !== null);
            await recordAudit(tx, { actorUserId: null, action: 'contribution.off_release', entity: 'contribution', entityId: String(id), changes: { seen: row.seenAt !== null } });
            return 1;
          });
        } catch {
          // One bad record never stops the batch: it stays releasable for the next run.
        }
      }
      if (released > 0) offWriter.wake();
      return released;
    },

    /** "Reintentar envío": an outbox row in error is due again now (audited); the sender is woken. */
    async retryOffSending(id: number, actorUserId: number): Promise<void> {
      await catalogue.write(async (tx) => {
        const outcome = await offWriter.retry(tx, id);
        if (outcome === 'missing') throw notFound('Esta contribución no tiene envío a Open Food Facts.');
        if (outcome === 'not_in_error') throw conflict('OFF_SENDING_NOT_IN_ERROR', 'Este envío no tiene error: no hay nada que reintentar.');
        await recordAudit(tx, { actorUserId: actorUserId || null, action: 'contribution.off_retry', entity: 'contribution', entityId: String(id), changes: {} });
      });
      offWriter.wake();
    },
  };
}

function assertPending(row: ContributionRow) {
  if (row.status !== 'pending') {
    throw conflict('CONTRIBUTION_REVIEWED', row.status === 'approved' ? 'Esta contribución ya fue aprobada.' : 'Esta contribución ya fue rechazada.');
  }
}
