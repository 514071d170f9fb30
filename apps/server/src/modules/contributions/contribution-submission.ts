/**
 * A shopper's sending, "Agregar este producto" or "Completar este producto" (issues 14 and 24): the daily limits
 * (per account and per network) and the refusals that count toward them, then the submission itself — what a
 * completion must bring, the photos re-encoded and stored, the readings' boxes moved into the stored photos'
 * pixels, and the row written; a trusted member's completion is published in the same transaction.
 */
import crypto from 'node:crypto';
import type { ContributionForm, ContributionPhotoKind, ContributionReadings, ContributionStatus, FieldReading, LabelBox } from '@etiqueta/contracts';
import { AppError, badRequest, conflict } from '../../lib/errors.ts';
import { missingParts, onlyChanges, PART_NAMES, SENT_FIELDS } from './completion.ts';
import { assertPossibleLabel, type ContributionPublishing, type ContributionsDeps } from './contribution-publishing.ts';
import { reencodePhoto, type ReencodedPhoto, type StoredPhoto } from './photo-store.ts';

export type Submission = {
  userId: number;
  ip: string;
  form: ContributionForm;
  photos: Partial<Record<ContributionPhotoKind, Buffer>>;
};

const PHOTO_ORDER: ContributionPhotoKind[] = ['front', 'ingredients', 'nutrition'];

/** Only a digest of the address is kept: enough to count, not to locate anyone. */
const hashIp = (ip: string) => crypto.createHash('sha256').update(`contribution:${ip}`).digest('hex');

const limitReached = (message: string) => new AppError(429, 'CONTRIBUTION_LIMIT', message);

export function createContributionSubmission(
  { repo, products, catalogue, photos, matcher, limits, trustAfter }: Pick<
    ContributionsDeps,
    'repo' | 'products' | 'catalogue' | 'photos' | 'matcher' | 'limits' | 'trustAfter'
  >,
  { findProduct, publishTrusted }: Pick<ContributionPublishing, 'findProduct' | 'publishTrusted'>,
) {
  function checkLimits(counts: { byUser: number; byIp: number }) {
    if (counts.byUser >= limits.perUserPerDay) {
      throw limitReached(`Ya enviaste ${limits.perUserPerDay} productos en las últimas 24 horas. ¡Gracias! Mañana puedes enviar más.`);
    }
    if (counts.byIp >= limits.perIpPerDay) {
      throw limitReached('Desde esta red ya se enviaron muchos productos hoy. Inténtalo de nuevo mañana.');
    }
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
  };
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
