import { SCORE_VERSION } from '@etiqueta/domain';
import type { CompletedFields } from '../../db/schema.ts';
import type { CatalogueTx, ChangeRecorder } from '../../lib/catalogue-writes.ts';
import type { AdditiveMatcher } from '../additives/additive-matcher.service.ts';
import { computeProductFields } from '../products/product-analysis.ts';
import type { CatalogueImportRepository, ExistingRow, ProductWrite, TaxonomyIds } from './catalogue-import.repository.ts';
import type { MappedProduct } from './mapper.ts';

/** Fields the mapper may fill that an admin can lock; the category ids are locked together as 'category'. */
const CATEGORY_FIELDS = ['categoryId', 'subcategoryId', 'sub2categoryId'] as const;

/**
 * Writes mapped products into the catalogue inside the caller's `catalogue.write`: each row merged with what an
 * admin locked, scored, upserted when its source values or the scoring version changed, the category counts
 * moved by the net change, and what changed recorded for the signal after commit. The sync's batches and the
 * live barcode lookup both write through here.
 */
export async function writeMappedProducts(
  tx: CatalogueTx,
  changed: ChangeRecorder,
  repo: CatalogueImportRepository,
  mapped: Iterable<MappedProduct>,
  taxonomy: TaxonomyIds,
  matcher: AdditiveMatcher,
  /** `off` from the export and delta files; `off-lookup` for a product a shopper's scan fetched (docs/data-lake.md). */
  source: 'off' | 'off-lookup' = 'off',
): Promise<{ inserted: number; updated: number; unchanged: number }> {
  const list = [...mapped];
  const existing = new Map((await repo.findForUpdate(tx, list.map((p) => p.barcode))).map((r) => [r.barcode, r]));
  const writes: ProductWrite[] = [];
  const deltas = { categories: new Map<number, number>(), subcategories: new Map<number, number>(), sub2categories: new Map<number, number>() };
  const bump = (map: Map<number, number>, id: number | null, by: number) => {
    if (id !== null) map.set(id, (map.get(id) ?? 0) + by);
  };
  let inserted = 0;
  let updated = 0;
  let unchanged = 0;
  for (const product of list) {
    const before = existing.get(product.barcode);
    const merged = mergeSource(product, before, taxonomy, source);
    // Same source values, same scoring version: nothing to compute or write (a re-run costs reads only).
    if (before && before.scoreVersion === SCORE_VERSION && sameSource(before, merged.fields)) {
      unchanged++;
      continue;
    }
    const write: ProductWrite = { ...merged.fields, ...computeProductFields(merged.fields, matcher, merged.names) };
    if (!before) inserted++;
    else updated++;
    writes.push(write);
    bump(deltas.categories, before?.categoryId ?? null, -1);
    bump(deltas.subcategories, before?.subcategoryId ?? null, -1);
    bump(deltas.sub2categories, before?.sub2categoryId ?? null, -1);
    bump(deltas.categories, write.categoryId, 1);
    bump(deltas.subcategories, write.subcategoryId, 1);
    bump(deltas.sub2categories, write.sub2categoryId, 1);
  }
  changed.products(await repo.upsertProducts(tx, writes));
  await repo.applyCountDeltas(tx, deltas);
  if (writes.length > 0) changed.categories();
  return { inserted, updated, unchanged };
}

type SourceWrite = Omit<ProductWrite, keyof ReturnType<typeof computeProductFields>>;

/**
 * The source columns to write for one mapped product: the record's values, except those an admin locked and
 * those a shopper completed that OFF has not replaced (kept from the stored row), with our category ids. Also the category names search and scoring use.
 */
function mergeSource(
  product: MappedProduct,
  before: ExistingRow | undefined,
  taxonomy: TaxonomyIds,
  origin: 'off' | 'off-lookup',
): { fields: SourceWrite; names: (string | undefined)[] } {
  const c = product.classification;
  const sub = c ? taxonomy.subcategories.get(c.subcategory) : undefined;
  const cat = c ? taxonomy.categories.get(c.category) : undefined;
  const sub2 = c?.sub2 ? taxonomy.sub2categories.get(`${c.subcategory}:${c.sub2}`) : undefined;
  const { classification: _classification, ...source } = product;
  const fields: SourceWrite = {
    ...source,
    categoryId: cat?.id ?? null,
    subcategoryId: sub?.id ?? null,
    sub2categoryId: sub2?.id ?? null,
    substituteFamily: c?.family ?? 'other',
    // A product the export lists is the sync's from then on; a looked-up one already stored stays a lookup.
    source: origin === 'off-lookup' && before ? before.source : origin,
    completedFields: {},
  };
  let names = [cat?.name, sub?.name, sub2?.name];
  if (before) fields.completedFields = keepCompleted(fields, before);
  if (before && before.lockedFields.length > 0) {
    const locked = new Set(before.lockedFields);
    const target = fields as Record<string, unknown>;
    for (const field of locked) {
      if (field in target && field !== 'barcode') target[field] = (before as Record<string, unknown>)[field];
    }
    // An admin's energy value is a real one, not our estimate.
    if (locked.has('energyKcal100')) fields.energyEstimated = before.energyEstimated;
    if (locked.has('category') || CATEGORY_FIELDS.some((f) => locked.has(f))) {
      fields.categoryId = before.categoryId;
      fields.subcategoryId = before.subcategoryId;
      fields.sub2categoryId = before.sub2categoryId;
      fields.substituteFamily = before.substituteFamily;
      names = namesFor(taxonomy, before);
    }
  }
  return { fields, names };
}

/** Whether a record carries a value for a field: not null, not empty text, an image set with a front photo. */
function carriesValue(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return false;
  if (typeof value === 'object' && 'primary' in value) return (value).primary != null;
  return true;
}

/**
 * Fields a shopper completed (an approved contribution) stay theirs while OFF's record carries no value for them,
 * or still carries the value it had when they completed it (a "Datos dudosos" table corrected by a shopper is not
 * undone by the next sync of the same record). Once OFF's record carries another value, that newer value wins and
 * the field is the sync's again: never locked for ever. Writes the kept values into `fields`; answers what stays
 * completed. An admin's lock (applied after this) still wins over both.
 */
function keepCompleted(fields: SourceWrite, before: ExistingRow): CompletedFields {
  const kept: CompletedFields = {};
  const target = fields as Record<string, unknown>;
  for (const [field, entry] of Object.entries(before.completedFields)) {
    if (!(field in target) || field === 'barcode') continue;
    const offs = target[field];
    // An energy the mapper estimated from OFF's macronutrients is ours, not a value OFF's record carries.
    const offCarries = carriesValue(offs) && !(field === 'energyKcal100' && fields.energyEstimated);
    if (offCarries && !sameValue(offs, entry.was)) continue;
    target[field] = (before as Record<string, unknown>)[field];
    if (field === 'energyKcal100') fields.energyEstimated = before.energyEstimated;
    kept[field] = entry;
  }
  return kept;
}

function namesFor(taxonomy: TaxonomyIds, row: ExistingRow): (string | undefined)[] {
  const find = (map: Map<string, { id: number; name: string }>, id: number | null) =>
    id === null ? undefined : [...map.values()].find((v) => v.id === id)?.name;
  return [find(taxonomy.categories, row.categoryId), find(taxonomy.subcategories, row.subcategoryId), find(taxonomy.sub2categories, row.sub2categoryId)];
}

/** True when the source columns match the stored row: the second run over the same data writes no row at all. */
function sameSource(before: ExistingRow, fields: SourceWrite): boolean {
  for (const key of Object.keys(fields) as (keyof SourceWrite)[]) {
    if (!sameValue(before[key], fields[key])) return false;
  }
  return true;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || a === undefined || b === undefined) return (a ?? null) === (b ?? null);
  // `real` columns hold float4: compare at that precision.
  if (typeof a === 'number' && typeof b === 'number') return Math.fround(a) === Math.fround(b);
  if (a instanceof Date || b instanceof Date) return new Date(a as Date).getTime() === new Date(b as Date).getTime();
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((x, i) => sameValue(x, b[i]));
  }
  if (typeof a === 'object' && typeof b === 'object') {
    // jsonb reorders keys and drops undefined ones; compare as sets of defined keys.
    const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
    const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
    if (ka.length !== kb.length) return false;
    return ka.every((k) => sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
  }
  return false;
}
