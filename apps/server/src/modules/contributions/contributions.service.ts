import crypto from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { contributionNutrientFields } from '@etiqueta/contracts';
import {
  CHILE_TIME_ZONE,
  RETENTION,
  TRUSTED_RELEASE_HOURS,
  type AdminContribution,
  type ContributionListFilter,
  type OffSending,
  type ContributionApproval,
  type ContributionForm,
  type ContributionPhotoKind,
  type ContributionReadings,
  type ContributionStatus,
  type ContributionView,
  type FieldReading,
  type LabelBox,
  type Product,
} from '@etiqueta/contracts';
import { impossibleLabel, scoreBand } from '@etiqueta/domain';
import type { CatalogueTx, CatalogueWrites, ChangeRecorder } from '../../lib/catalogue-writes.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { createAdditiveMatcherService } from '../additives/additive-matcher.service.ts';
import { recordAudit } from '../admin/audit.repository.ts';
import { computeProductFields } from '../products/product-analysis.ts';
import type { ProductDetails } from '../products/product-detail.ts';
import { COMPUTED_COLUMNS } from '../products/product-columns.ts';
import type { ProductRepository, ProductRow } from '../products/product.repository.ts';
import { barcodeVariants } from '../search/search-index.ts';
import { blankProduct, missingParts, onlyChanges, PART_NAMES, SENT_FIELDS, withContribution, type SentValues } from './completion.ts';
import type { ContributionPhotoRow, ContributionRepository, ContributionRow } from './contribution.repository.ts';
import { offPhotos, offProductFields } from '../off/off-payload.ts';
import type { OffWriter } from '../off/off-write.service.ts';
import { reencodePhoto, type PhotoStore, type ReencodedPhoto, type StoredPhoto } from './photo-store.ts';

export { COMMUNITY_SOURCE } from './completion.ts';

type Deps = {
  repo: ContributionRepository;
  products: ProductRepository;
  details: ProductDetails;
  catalogue: CatalogueWrites;
  photos: PhotoStore;
  matcher: ReturnType<typeof createAdditiveMatcherService>;
  limits: { perUserPerDay: number; perIpPerDay: number };
  /** Approved contributions (and none rejected or reverted) after which a member's completions publish at once. */
  trustAfter: number;
  /** Approved contributions whose sender consented go to Open Food Facts through its outbox (issue 25). */
  offWriter: Pick<OffWriter, 'enqueue' | 'wake' | 'states' | 'status' | 'cancel' | 'retry'>;
};

export type ContributionsService = ReturnType<typeof createContributionsService>;

export type Submission = {
  userId: number;
  ip: string;
  form: ContributionForm;
  photos: Partial<Record<ContributionPhotoKind, Buffer>>;
};

const PHOTO_ORDER: ContributionPhotoKind[] = ['front', 'ingredients', 'nutrition'];

/** Only a digest of the address is kept: enough to count, not to locate anyone. */
const hashIp = (ip: string) => crypto.createHash('sha256').update(`contribution:${ip}`).digest('hex');

/** The day and hour a trusted publication goes to OFF on its own, as a Chilean admin reads it. */
const releaseDate = new Intl.DateTimeFormat('es-CL', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: CHILE_TIME_ZONE,
  hourCycle: 'h23',
});

/** A column's value as JSON keeps it (the before/after images are jsonb): what a revert compares. */
const jsonValue = (value: unknown): unknown => (value === undefined ? null : (JSON.parse(JSON.stringify(value)) as unknown));

const limitReached = (message: string) => new AppError(429, 'CONTRIBUTION_LIMIT', message);
const contributionMissing = () => notFound('Contribución no encontrada');

/**
 * "Agregar este producto" and "Completar este producto" (issues 14 and 24), one flow: shoppers send photos and
 * what the label says for a code we lack, or for a product whose record misses something. The sender sees the
 * product scored from what they sent at once (`view`: provisional); an admin approves (the product is added, or
 * completed, its fields recorded as completed: the sync keeps them until OFF has a newer value) or rejects with
 * a reason. Until approval nothing sent is shown to anyone but its sender and the admins.
 */
export function createContributionsService({ repo, products, details, catalogue, photos, matcher, limits, trustAfter, offWriter }: Deps) {
  function checkLimits(counts: { byUser: number; byIp: number }) {
    if (counts.byUser >= limits.perUserPerDay) {
      throw limitReached(`Ya enviaste ${limits.perUserPerDay} productos en las últimas 24 horas. ¡Gracias! Mañana puedes enviar más.`);
    }
    if (counts.byIp >= limits.perIpPerDay) {
      throw limitReached('Desde esta red ya se enviaron muchos productos hoy. Inténtalo de nuevo mañana.');
    }
  }

  const findProduct = (barcode: string, tx?: CatalogueTx) => products.findIdByBarcodes(barcodeVariants(barcode), tx);

  /**
   * The product as it would be with a contribution, analysed like any product. The category names only feed the
   * search text, which a provisional product (never stored) does without.
   */
  async function merged(base: ProductRow, sent: SentValues, sentPhotos: readonly ContributionPhotoRow[], id: number, tx?: CatalogueTx) {
    const { row, changed } = withContribution(base, sent, sentPhotos, id);
    const names = tx && base.id !== 0 ? await products.categoryNames(tx, row) : [];
    return { row: { ...row, ...computeProductFields(row, await matcher.get(), names) }, changed };
  }

  /**
   * What an approval, or a trusted publication, does to the catalogue, in the caller's transaction: the product
   * added, or the one the catalogue has completed (locked for update), analysed and scored by the domain like any
   * import. Returns the columns it wrote on an existing product (`set`) and the product before (`base`).
   */
  async function writeProduct(tx: CatalogueTx, changed: ChangeRecorder, row: ContributionRow, sent: SentValues, sentPhotos: readonly ContributionPhotoRow[]) {
    const found = await findProduct(row.barcode, tx);
    const base = found ? await products.lockForEdit(tx, found.id) : null;
    if (!base && typeof sent.fields.name !== 'string') {
      throw badRequest('Escribe el nombre del producto (míralo en la foto del frente) para aprobarlo.', [{ field: 'name', message: 'Obligatorio' }]);
    }
    const { row: next, changed: fields } = await merged(base ?? blankProduct(row.barcode, new Date()), sent, sentPhotos, row.id, tx);
    assertPossibleLabel((f) => next[f]);

    let productId: number;
    let set: Partial<ProductRow> = {};
    if (base) {
      productId = base.id;
      set = {
        ...Object.fromEntries(fields.map((f) => [f, next[f as keyof ProductRow]])),
        energyEstimated: next.energyEstimated,
        completedFields: next.completedFields,
        // Every computed column: the reading of the list, allergens and diets follow the ingredients too.
        ...Object.fromEntries(COMPUTED_COLUMNS.map((c) => [c, next[c]])),
      };
      await products.applyEdit(tx, productId, set);
    } else {
      const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, ...values } = next;
      productId = await products.insertProduct(tx, values);
    }
    changed.products([productId]);
    return { productId, base, next, fields, set };
  }

  /**
   * The contribution's outbox row to Open Food Facts (consented ones only), in the caller's transaction. Its comment
   * says "revisado" only when an admin approved it or marked it seen.
   */
  async function enqueueToOff(tx: CatalogueTx, row: ContributionRow, sent: SentValues, sentPhotos: readonly ContributionPhotoRow[], reviewed = true) {
    if (!row.offConsent) return;
    await offWriter.enqueue(tx, {
      contributionId: row.id,
      barcode: row.barcode,
      fields: offProductFields(row.barcode, sent, reviewed),
      photos: offPhotos(sentPhotos),
      // The contributor's anonymous id; a random one when they erased their account meanwhile.
      appUuid: (row.userId !== null ? await repo.offAppUuid(tx, row.userId) : null) ?? crypto.randomUUID(),
    });
  }

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

  /**
   * A trusted member's completion, in its submission's transaction: the product completed like an approval, the
   * columns written kept as they were before and right after (what a revert restores, and how it knows nobody has
   * changed them since), and the audit entry. It goes to Open Food Facts only once seen or 48 h old (`releaseTrusted`).
   */
  async function publishTrusted(tx: CatalogueTx, changed: ChangeRecorder, row: ContributionRow, stored: readonly ContributionPhotoRow[]) {
    const sentPhotos = stored.map(({ kind, file, width, height }) => ({ kind, file, width, height }));
    const { productId, base, next, fields, set } = await writeProduct(tx, changed, row, sentValues(row, {}), sentPhotos);
    const after = await products.lockForEdit(tx, productId);
    const columns = Object.keys(set) as (keyof ProductRow)[];
    const image = {
      before: Object.fromEntries(columns.map((c) => [c, base?.[c] ?? null])),
      after: Object.fromEntries(columns.map((c) => [c, after?.[c] ?? null])),
    };
    await repo.setPublishedImage(tx, row.id, image);
    await recordAudit(tx, {
      actorUserId: row.userId,
      action: 'contribution.publish_trusted',
      entity: 'contribution',
      entityId: String(row.id),
      changes: {
        productId,
        fields,
        healthScore: { from: base?.healthScore ?? null, to: next.healthScore, label: scoreBand(next.healthScore).label },
      },
    });
  }

  return {
    /** Cheap refusal before a single byte of the photos is read. */
    async assertWithinLimits(userId: number, ip: string): Promise<void> {
      checkLimits(await repo.recentCounts(userId, hashIp(ip)));
    },

    /**
     * A sending the server received and refused (its photos uploaded and read, then an unreadable third photo, an
     * impossible label…) counts toward the daily limits like an accepted one: it is kept as a
     * `refused` row, with what was wrong and nothing of what was sent, for 24 hours (the retention job). Limits,
     * and failures that were ours (5xx), do not count.
     */
    async countRefusal(userId: number, ip: string, barcode: string | undefined, error: unknown): Promise<void> {
      if (!(error instanceof AppError) || error.statusCode < 400 || error.statusCode >= 500 || error.statusCode === 429) return;
      await repo.recordRefusal({
        userId,
        ipHash: hashIp(ip),
        barcode: barcode && /^\d{1,14}$/.test(barcode) ? barcode : '',
        reason: error.message,
      });
    },

    async submit({ userId, ip, form, photos: sent }: Submission): Promise<{ id: number; status: ContributionStatus }> {
      const existing = await findProduct(form.barcode);
      // A code we lack needs its front (what the product is); completing one we have needs a photo of what is added.
      if (!existing && !sent.front) throw badRequest('Falta la foto del frente del envase.', [{ field: 'photoFront', message: 'Obligatoria' }]);
      if (existing && !PHOTO_ORDER.some((kind) => sent[kind])) {
        throw badRequest('Envía al menos una foto de lo que falta: el frente, la lista de ingredientes o la tabla nutricional.', [
          { field: 'photoNutrition', message: 'Obligatoria' },
        ]);
      }
      // Completing: only what differs from the catalogue is a proposal (the form starts from its values); a
      // completion must bring a photo of a part the product lacks, or change something.
      const current = existing ? await products.findRowById(existing.id) : null;
      const proposal = current ? onlyChanges(form, current) : form;
      if (current) {
        const lacking = missingParts(current);
        const changes = SENT_FIELDS.some((f) => proposal[f] !== undefined) || proposal.per !== undefined;
        if (!changes && !lacking.some((part) => sent[part])) {
          throw badRequest(
            `Ya tenemos eso de este producto. ${lacking.length > 0 ? `Envía la foto de lo que falta: ${lacking.map((p) => PART_NAMES[p]).join(', ')}.` : 'Si ves un dato que no coincide con el envase, corrígelo antes de enviar.'}`,
            [{ field: `photo${lacking[0] === 'front' ? 'Front' : lacking[0] === 'ingredients' ? 'Ingredients' : 'Nutrition'}`, message: 'Obligatoria' }],
          );
        }
      }
      assertPossibleLabel((f) => (typeof form[f] === 'number' ? form[f] : null));
      // Re-encode every photo before storing any: one unreadable photo refuses the whole contribution.
      const encoded: (ReencodedPhoto & { kind: ContributionPhotoKind })[] = [];
      for (const kind of PHOTO_ORDER) {
        const buffer = sent[kind];
        if (buffer) encoded.push({ kind, ...(await reencodePhoto(buffer)) });
      }
      const readings = readingsInStoredPixels(form.readings ?? {}, encoded);
      const stored: (StoredPhoto & { kind: ContributionPhotoKind })[] = [];
      try {
        for (const photo of encoded) stored.push({ kind: photo.kind, ...(await photos.save(photo.data, photo)) });
        const ipHash = hashIp(ip);
        // A trusted member's completion is scored and published in this transaction (the analysis needs the
        // additive catalogue, loaded outside it: see `approve`).
        if (existing) await matcher.get();
        const row = await catalogue.write(async (tx, changed) => {
          // Counted again under a per-account lock: two submissions at once cannot both slip under the limit.
          await repo.lockUser(tx, userId);
          checkLimits(await repo.recentCounts(userId, ipHash, tx));
          if (await repo.hasPending(tx, userId, form.barcode)) {
            throw conflict('CONTRIBUTION_PENDING', 'Ya nos enviaste este producto y lo estamos revisando. ¡Gracias!');
          }
          // Trusted: only completions of a product we have (a new product always waits for an admin).
          const counts = existing ? await repo.trustCounts(tx, userId) : null;
          const trusted = counts !== null && counts.rejected === 0 && counts.approved >= trustAfter && (await findProduct(form.barcode, tx)) !== null;
          const fields = Object.fromEntries(SENT_FIELDS.map((f) => [f, proposal[f] ?? null]));
          const inserted = await repo.insert(
            tx,
            {
              barcode: form.barcode,
              userId,
              ipHash,
              status: trusted ? 'approved' : 'pending',
              trusted,
              reviewedAt: trusted ? new Date() : null,
              ...fields,
              isLiquid: proposal.per ? proposal.per === '100 mL' : null,
              readings,
              offConsent: form.offConsent,
              productId: existing?.id ?? null,
            },
            stored,
          );
          if (trusted) await publishTrusted(tx, changed, inserted, stored);
          return inserted;
        });
        return { id: row.id, status: row.status as ContributionStatus };
      } catch (error) {
        await photos.remove(stored.map((p) => p.file));
        throw error;
      }
    },

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

/** What a contribution carries once an admin's corrections are laid over it; empty values are "not given". */
function sentValues(row: ContributionRow, corrections: ContributionApproval): SentValues {
  const fields: SentValues['fields'] = {};
  for (const f of SENT_FIELDS) {
    const value = corrections[f] !== undefined ? corrections[f] : row[f];
    if (value !== null && value !== undefined && value !== '') fields[f] = value;
  }
  return { fields, isLiquid: corrections.isLiquid ?? row.isLiquid };
}

/**
 * The readings' boxes are in the pixels of the photo as the shopper's phone sent it to the reader; the stored
 * photo is that photo re-encoded (at most 2000 px). Each box is scaled to the stored photo it belongs to (the
 * list's or the table's) and kept inside it; a reading whose photo was not sent keeps no box.
 */
function readingsInStoredPixels(readings: ContributionReadings, encoded: readonly (ReencodedPhoto & { kind: ContributionPhotoKind })[]): ContributionReadings {
  const out: ContributionReadings = {};
  for (const [field, reading] of Object.entries(readings) as [keyof ContributionReadings, FieldReading | undefined][]) {
    if (!reading) continue;
    const photo = encoded.find((p) => p.kind === (field === 'ingredients' ? 'ingredients' : 'nutrition'));
    out[field] = { ...reading, box: photo && reading.box ? scaleBox(reading.box, photo) : null };
  }
  return out;
}

function scaleBox([x, y, w, h]: LabelBox, photo: ReencodedPhoto): LabelBox | null {
  const scale = photo.width / photo.source.width;
  const left = Math.max(0, Math.min(photo.width - 1, Math.round(x * scale)));
  const top = Math.max(0, Math.min(photo.height - 1, Math.round(y * scale)));
  const width = Math.min(photo.width - left, Math.round(w * scale));
  const height = Math.min(photo.height - top, Math.round(h * scale));
  return width > 0 && height > 0 ? [left, top, width, height] : null;
}

type NutrientField = (typeof contributionNutrientFields)[number];

/** The sync's and the admin edit's rule: a label no food can have is refused, saying which values to check. */
function assertPossibleLabel(value: (field: NutrientField) => number | null) {
  const impossible = impossibleLabel({
    energyKcal100: value('energyKcal100'),
    totalFatG100: value('totalFatG100'),
    saturatedFatG100: value('saturatedFatG100'),
    carbohydratesG100: value('carbohydratesG100'),
    totalSugarsG100: value('totalSugarsG100'),
    proteinG100: value('proteinG100'),
    sodiumMg100: value('sodiumMg100'),
  });
  if (impossible) throw badRequest(`${impossible}: revisa los valores por 100 g`);
}

function assertPending(row: ContributionRow) {
  if (row.status !== 'pending') {
    throw conflict('CONTRIBUTION_REVIEWED', row.status === 'approved' ? 'Esta contribución ya fue aprobada.' : 'Esta contribución ya fue rechazada.');
  }
}
