import fs from 'node:fs';
import path from 'node:path';
import { getTableColumns } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { editableProductFields, product } from '@etiqueta/contracts';
import { ADDITIVE_CATALOGUE, buildAdditiveMatcher } from '@etiqueta/domain';
import { repoRoot } from '../../config/env.ts';
import { products } from '../../db/schema.ts';
import { mapOffProduct } from '../catalogue-import/mapper.ts';
import type { OffProduct } from '../off/off-product.ts';
import { computeProductFields } from './product-analysis.ts';
import {
  COMPUTED_COLUMNS,
  EDITABLE_COLUMNS,
  PRODUCT_COLUMNS,
  SERVED_COLUMNS,
  SOURCE_COLUMNS,
  WRITE_COLUMNS,
} from './product-columns.ts';
import { toProductAnswer } from './product-detail.ts';
import { ANALYSIS_COLUMNS } from './product.repository.ts';
import { BLANK_LABEL } from '../../../test/fixtures.ts';

/**
 * A column added to the schema must reach every place that lists product columns: what the sync writes, what
 * the re-score compares, what the API serves and what the admin form edits. Each test names one of them.
 */
describe('product columns, declared once', () => {
  const schemaColumns = Object.keys(getTableColumns(products)).sort();

  it('every schema column has a role in product-columns.ts, and no other name does', () => {
    expect(Object.keys(PRODUCT_COLUMNS).sort()).toEqual(schemaColumns);
  });

  it('the sync writes every source and computed column: the mapper fills each source column', () => {
    const record = fs
      .readFileSync(path.join(repoRoot, '../shared/data/products/latam_es_lifyzer_off2019.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => mapOffProduct(JSON.parse(line) as OffProduct))
      .find((r) => r.ok);
    expect(record?.ok).toBe(true);
    if (!record?.ok) return;
    const { classification: _classification, ...mapped } = record.product;
    // The sync adds the category ids, the substitute family, the source and the fields shoppers completed when it
    // places the product (sync.service.ts mergeSource).
    const placedBySync = ['categoryId', 'subcategoryId', 'sub2categoryId', 'substituteFamily', 'source', 'completedFields'];
    expect([...Object.keys(mapped), ...placedBySync].sort()).toEqual([...SOURCE_COLUMNS].sort());
    expect([...WRITE_COLUMNS].sort()).toEqual([...SOURCE_COLUMNS, ...COMPUTED_COLUMNS].sort());
  });

  it('the analysis produces every computed column, and the re-score compares all of them but the search text', () => {
    const matcher = buildAdditiveMatcher(ADDITIVE_CATALOGUE);
    const computed = computeProductFields(
      {
        ...BLANK_LABEL,
        name: 'Galletas',
        brand: 'Marca',
        ingredients: 'harina, azúcar',
        energyKcal100: 450,
        totalFatG100: 15,
        saturatedFatG100: 5,
        carbohydratesG100: 70,
        totalSugarsG100: 25,
        fiberG100: 2,
        proteinG100: 6,
        sodiumMg100: 300,
      },
      matcher,
    );
    expect(Object.keys(computed).sort()).toEqual([...COMPUTED_COLUMNS].sort());
    expect([...ANALYSIS_COLUMNS, 'searchText'].sort()).toEqual([...COMPUTED_COLUMNS].sort());
  });

  it('the API serves every column the table says it serves, and the answer is exactly the product contract', () => {
    const served = SERVED_COLUMNS.map((c) => PRODUCT_COLUMNS[c].api);
    const derived = ['scoreLabel', 'categorySlug', 'subcategorySlug', 'sub2categoryName'];
    expect([...served, ...derived].sort()).toEqual(Object.keys(product.shape).sort());
    const row = Object.fromEntries(SERVED_COLUMNS.map((c) => [c, null])) as Record<string, unknown>;
    Object.assign(row, {
      id: 1,
      barcode: '7801234567890',
      name: 'Leche',
      brand: '',
      organic: false,
      nutriscoreCategory: 'beverage',
      isLiquid: true,
      energyEstimated: false,
      detectedAdditives: [],
      ultraprocessed: [],
      scoreReasons: [],
      seals: [],
      allergens: { status: 'unknown', contains: [], traces: [] },
      diets: { vegan: 'unknown', vegetarian: 'unknown', palmOil: 'unknown', sweeteners: 'unknown', lactose: 'unknown' },
      lockedFields: [],
      source: 'off',
      updatedAt: new Date('2026-11-25T10:00:00.000Z'),
      categoryId: null,
      subcategoryId: null,
      sub2categoryId: null,
    });
    const answer = toProductAnswer(row as never, { scoreLabel: 'Sin puntaje', categorySlug: null, subcategorySlug: null, sub2categoryName: null });
    expect(answer.updatedAt).toBe('2026-11-25T10:00:00.000Z');
    const derivedFields = { scoreLabel: 'Sin puntaje', categorySlug: null, subcategorySlug: null, sub2categoryName: null } as const;
    expect(() => toProductAnswer({ ...row, extra: 1 } as never, derivedFields)).not.toThrow();
    expect(() => toProductAnswer({ ...row, seals: 'not a list' } as never, derivedFields)).toThrow();
    // Seals are the domain's, not any list: a seal the domain does not know is refused.
    const seal = { id: 'alto-en-sodio', label: 'ALTO EN SODIO', value: 500, limit: 400, unit: 'mg', basis: '100 g' };
    expect(() => toProductAnswer({ ...row, seals: [seal] } as never, derivedFields)).not.toThrow();
    expect(() => toProductAnswer({ ...row, seals: [{ ...seal, id: 'alto-en-grasas-trans' }] } as never, derivedFields)).toThrow();
    expect(() => toProductAnswer({ ...row, seals: [{ ...seal, label: 'ALTO EN SAL' }] } as never, derivedFields)).toThrow();
    expect(() => toProductAnswer(row as never, { ...derivedFields, scoreLabel: 'Regular' } as never)).toThrow();
  });

  it('the admin form edits exactly the columns marked editable (the contract lists them for the web form)', () => {
    expect([...EDITABLE_COLUMNS].sort()).toEqual([...editableProductFields].sort());
    for (const column of EDITABLE_COLUMNS) expect(PRODUCT_COLUMNS[column].role).toBe('source');
  });
});
