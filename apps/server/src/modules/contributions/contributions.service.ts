import crypto from 'node:crypto';
import {
  contributionNutrientFields,
  type ContributionApproval,
  type ContributionForm,
  type ContributionPhotoKind,
  type ContributionStatus,
} from '@etiqueta/contracts';
import type { CatalogueTx, CatalogueWrites } from '../../lib/catalogue-writes.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { impossibleLabel } from '../../lib/nutrient-limits.ts';
import type { createAdditiveMatcherService } from '../additives/additive-matcher.service.ts';
import { recordAudit } from '../admin/audit.repository.ts';
import { computeProductFields } from '../products/product-analysis.ts';
import type { ProductRepository } from '../products/product.repository.ts';
import { barcodeVariants } from '../search/search-index.ts';
import { photoUrl, type ContributionRepository, type ContributionRow } from './contribution.repository.ts';
import { reencodePhoto, type PhotoStore, type StoredPhoto } from './photo-store.ts';

/** The product source of an approved contribution (shown with the product, and never overwritten by a sync). */
export const COMMUNITY_SOURCE = 'comunidad';

type Deps = {
  repo: ContributionRepository;
  products: ProductRepository;
  catalogue: CatalogueWrites;
  photos: PhotoStore;
  matcher: ReturnType<typeof createAdditiveMatcherService>;
  limits: { perUserPerDay: number; perIpPerDay: number };
};

export type ContributionsService = ReturnType<typeof createContributionsService>;

export type Submission = {
  userId: number;
  ip: string;
  form: ContributionForm;
  photos: Partial<Record<ContributionPhotoKind, Buffer>>;
};

const PHOTO_ORDER: ContributionPhotoKind[] = ['front', 'ingredients', 'nutrition'];
const TEXT_FIELDS = ['name', 'brand', 'ingredients'] as const;
type SentField = (typeof TEXT_FIELDS)[number] | (typeof contributionNutrientFields)[number];
const SENT_FIELDS: readonly SentField[] = [...TEXT_FIELDS, ...contributionNutrientFields];

/** Only a digest of the address is kept: enough to count, not to locate anyone. */
const hashIp = (ip: string) => crypto.createHash('sha256').update(`contribution:${ip}`).digest('hex');

const limitReached = (message: string) => new AppError(429, 'CONTRIBUTION_LIMIT', message);

/**
 * "Agregar este producto" (issue 14): shoppers send photos and what the label says for a code we lack; an admin
 * approves (the product joins the catalogue, source 'comunidad', the sent fields locked against the sync) or
 * rejects with a reason. Until approval nothing sent is shown to anyone but admins.
 */
export function createContributionsService({ repo, products, catalogue, photos, matcher, limits }: Deps) {
  function checkLimits(counts: { byUser: number; byIp: number }) {
    if (counts.byUser >= limits.perUserPerDay) {
      throw limitReached(`Ya enviaste ${limits.perUserPerDay} productos en las últimas 24 horas. ¡Gracias! Mañana puedes enviar más.`);
    }
    if (counts.byIp >= limits.perIpPerDay) {
      throw limitReached('Desde esta red ya se enviaron muchos productos hoy. Inténtalo de nuevo mañana.');
    }
  }

  const productExists = async (barcode: string, tx?: CatalogueTx) => !!(await products.findIdByBarcodes(barcodeVariants(barcode), tx));

  return {
    /** Cheap refusal before a single byte of the photos is read. */
    async assertWithinLimits(userId: number, ip: string): Promise<void> {
      checkLimits(await repo.recentCounts(userId, hashIp(ip)));
    },

    async submit({ userId, ip, form, photos: sent }: Submission): Promise<{ id: number; status: ContributionStatus }> {
      if (!sent.front) throw badRequest('Falta la foto del frente del envase.', [{ field: 'photoFront', message: 'Obligatoria' }]);
      if (await productExists(form.barcode)) {
        throw conflict('PRODUCT_EXISTS', 'Este producto ya está en Etiqueta Clara: búscalo por su código.');
      }
      assertPossibleLabel((f) => (typeof form[f] === 'number' ? form[f] : null));
      // Re-encode every photo before storing any: one unreadable photo refuses the whole contribution.
      const encoded: { kind: ContributionPhotoKind; data: Buffer; width: number; height: number }[] = [];
      for (const kind of PHOTO_ORDER) {
        const buffer = sent[kind];
        if (buffer) encoded.push({ kind, ...(await reencodePhoto(buffer)) });
      }
      const stored: (StoredPhoto & { kind: ContributionPhotoKind })[] = [];
      try {
        for (const photo of encoded) stored.push({ kind: photo.kind, ...(await photos.save(photo.data, photo)) });
        const ipHash = hashIp(ip);
        const row = await repo.transaction(async (tx) => {
          // Counted again under a per-account lock: two submissions at once cannot both slip under the limit.
          await repo.lockUser(tx, userId);
          checkLimits(await repo.recentCounts(userId, ipHash, tx));
          if (await repo.hasPending(tx, userId, form.barcode)) {
            throw conflict('CONTRIBUTION_PENDING', 'Ya nos enviaste este producto y lo estamos revisando. ¡Gracias!');
          }
          const fields = Object.fromEntries(SENT_FIELDS.map((f) => [f, form[f] ?? null]));
          return repo.insert(tx, { barcode: form.barcode, userId, ipHash, status: 'pending', ...fields }, stored);
        });
        return { id: row.id, status: 'pending' };
      } catch (error) {
        await photos.remove(stored.map((p) => p.file));
        throw error;
      }
    },

    list: (status: ContributionStatus) => repo.list(status),

    /**
     * Adds the product: what the shopper sent, corrected by the admin, scored by the domain like any product,
     * with every given field locked so a later sync of the same code cannot overwrite it.
     */
    async approve(id: number, corrections: ContributionApproval, actorUserId: number): Promise<{ productId: number }> {
      const analysisMatcher = await matcher.get();
      // The catalogue's one write path: the product, the contribution's status and the audit entry commit
      // together, then search, caches and product pages hear of the new product.
      return catalogue.write(async (tx, changed) => {
        const row = await repo.findForUpdate(tx, id);
        if (!row) throw notFound('Contribución no encontrada');
        assertPending(row);
        if (await productExists(row.barcode, tx)) {
          throw conflict('PRODUCT_EXISTS', 'Ese código ya está en el catálogo: rechaza esta contribución o edita el producto en Productos.');
        }
        const fields: Partial<Record<SentField, string | number | null>> = {};
        for (const f of SENT_FIELDS) {
          const value = corrections[f] !== undefined ? corrections[f] : row[f];
          if (value !== null && value !== '') fields[f] = value;
        }
        const name = typeof fields.name === 'string' ? fields.name : '';
        if (!name) throw badRequest('Escribe el nombre del producto (míralo en la foto del frente) para aprobarlo.', [{ field: 'name', message: 'Obligatorio' }]);
        const nutrient = (f: NutrientField) => (typeof fields[f] === 'number' ? fields[f] : null);
        assertPossibleLabel(nutrient);

        const files = await repo.photoFiles(tx, id);
        const urls = files.map((p) => photoUrl(p.file));
        const front = files.find((p) => p.kind === 'front');
        const input = {
          name,
          brand: typeof fields.brand === 'string' ? fields.brand : '',
          ingredients: typeof fields.ingredients === 'string' ? fields.ingredients : null,
          organic: false,
          nutriscoreCategory: 'solid',
          // The form asks for values per 100 g: a solid food until an admin says otherwise.
          isLiquid: false,
          isWater: false,
          isRedMeat: false,
          frutasPercentage: null,
          verdurasPercentage: null,
          legumesPercentage: null,
          nutsPercentage: null,
          energyKcal100: nutrient('energyKcal100'),
          totalFatG100: nutrient('totalFatG100'),
          saturatedFatG100: nutrient('saturatedFatG100'),
          carbohydratesG100: nutrient('carbohydratesG100'),
          totalSugarsG100: nutrient('totalSugarsG100'),
          fiberG100: nutrient('fiberG100'),
          proteinG100: nutrient('proteinG100'),
          sodiumMg100: nutrient('sodiumMg100'),
        };
        const productId = await products.insertProduct(tx, {
          ...input,
          barcode: row.barcode,
          images: { primary: front ? photoUrl(front.file) : null, thumbnail: front ? photoUrl(front.file) : null, gallery: urls },
          ...computeProductFields(input, analysisMatcher, []),
          source: COMMUNITY_SOURCE,
          lockedFields: Object.keys(fields).sort(),
        });
        changed.products([productId]);
        await repo.markReviewed(tx, id, { status: 'approved', reviewedBy: actorUserId, productId });
        await recordAudit(tx, {
          actorUserId: actorUserId || null,
          action: 'contribution.approve',
          entity: 'contribution',
          entityId: String(id),
          changes: { productId, corrections },
        });
        return { productId };
      });
    },

    async reject(id: number, reason: string, actorUserId: number): Promise<void> {
      await repo.transaction(async (tx) => {
        const row = await repo.findForUpdate(tx, id);
        if (!row) throw notFound('Contribución no encontrada');
        assertPending(row);
        await repo.markReviewed(tx, id, { status: 'rejected', reviewedBy: actorUserId, rejectReason: reason });
        await recordAudit(tx, {
          actorUserId: actorUserId || null,
          action: 'contribution.reject',
          entity: 'contribution',
          entityId: String(id),
          changes: { reason },
        });
      });
    },

    /** A photo as its viewer may see it: admins always; others only once its product is in the catalogue. */
    async photo(file: string, viewerIsAdmin: boolean): Promise<{ data: Buffer; approved: boolean }> {
      const found = await repo.findPhoto(file);
      if (!found || (found.status !== 'approved' && !viewerIsAdmin)) throw notFound('La foto no existe');
      try {
        return { data: await photos.read(file), approved: found.status === 'approved' };
      } catch {
        throw notFound('La foto no existe');
      }
    },
  };
}

type NutrientField = (typeof contributionNutrientFields)[number];

/** The sync's and the admin edit's rule: a label no food can have is refused, saying which values to check. */
function assertPossibleLabel(value: (field: NutrientField) => number | null) {
  const impossible = impossibleLabel({
    energyKcal: value('energyKcal100'),
    fatG: value('totalFatG100'),
    saturatedFatG: value('saturatedFatG100'),
    carbohydratesG: value('carbohydratesG100'),
    sugarsG: value('totalSugarsG100'),
    proteinG: value('proteinG100'),
    sodiumMg: value('sodiumMg100'),
  });
  if (impossible) throw badRequest(`${impossible}: revisa los valores por 100 g`);
}

function assertPending(row: ContributionRow) {
  if (row.status !== 'pending') {
    throw conflict('CONTRIBUTION_REVIEWED', row.status === 'approved' ? 'Esta contribución ya fue aprobada.' : 'Esta contribución ya fue rechazada.');
  }
}
