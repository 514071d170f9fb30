/**
 * What a contribution writes, in the caller's transaction: the product it adds or completes, merged and scored
 * like any product (the provisional view uses the same merge), a trusted member's publication with the images a
 * revert restores, and its outbox row to Open Food Facts. Also the checks every path shares: the values a
 * contribution carries once corrected, and the refusal of a label no food can have.
 */
import crypto from 'node:crypto';
import type { contributionNutrientFields, ContributionApproval } from '@etiqueta/contracts';
import { impossibleLabel, scoreBand } from '@etiqueta/domain';
import type { CatalogueTx, CatalogueWrites, ChangeRecorder } from '../../lib/catalogue-writes.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { createAdditiveMatcherService } from '../additives/additive-matcher.service.ts';
import { recordAudit } from '../admin/audit.repository.ts';
import { offPhotos, offProductFields } from '../off/off-payload.ts';
import type { OffWriter } from '../off/off-write.service.ts';
import { computeProductFields } from '../products/product-analysis.ts';
import { COMPUTED_COLUMNS } from '../products/product-columns.ts';
import type { ProductDetails } from '../products/product-detail.ts';
import type { ProductRepository, ProductRow } from '../products/product.repository.ts';
import { barcodeVariants } from '../search/barcode-variants.ts';
import { blankProduct, SENT_FIELDS, withContribution, type SentValues } from './completion.ts';
import type { ContributionPhotoRow, ContributionRepository, ContributionRow } from './contribution.repository.ts';
import type { PhotoStore } from './photo-store.ts';

/** What the contributions service is built from (services.ts); each of its parts takes the pieces it uses. */
export type ContributionsDeps = {
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

export type ContributionPublishing = ReturnType<typeof createContributionPublishing>;

export const contributionMissing = () => notFound('Contribución no encontrada');

export function createContributionPublishing({ repo, products, matcher, offWriter }: Pick<ContributionsDeps, 'repo' | 'products' | 'matcher' | 'offWriter'>) {
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

  return { findProduct, merged, writeProduct, enqueueToOff, publishTrusted };
}

/** What a contribution carries once an admin's corrections are laid over it; empty values are "not given". */
export function sentValues(row: ContributionRow, corrections: ContributionApproval): SentValues {
  const fields: SentValues['fields'] = {};
  for (const f of SENT_FIELDS) {
    const value = corrections[f] !== undefined ? corrections[f] : row[f];
    if (value !== null && value !== undefined && value !== '') fields[f] = value;
  }
  return { fields, isLiquid: corrections.isLiquid ?? row.isLiquid };
}

type NutrientField = (typeof contributionNutrientFields)[number];

/** The sync's and the admin edit's rule: a label no food can have is refused, saying which values to check. */
export function assertPossibleLabel(value: (field: NutrientField) => number | null) {
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
