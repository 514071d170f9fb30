import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Product } from '@etiqueta/contracts';
import {
  type NutrientId,
  type SealId,
  explainScore,
  fruitsVegetablesLegumesPercent,
  nutrientBand,
  productNutrientRows,
  scoreHighlights,
} from '@etiqueta/domain';
import { repoRoot } from '../src/config/env.ts';
import { queryRows } from '../src/db/client.ts';
import { importFile } from '../src/modules/sync/import-file.ts';
import { sharedTestApp, testDatabaseKind } from './helpers.ts';
import { signedInAs } from './fixtures.ts';

/*
 * Issue 14: the product page's nutrient rows never contradict their band or a seal, checked over 200 real
 * products (the Latin-American Open Food Facts file, imported by the real pipeline) read through the API as
 * the web reads them. The expectations are computed here from the raw values, not from the rows' own code.
 */
const FILE = path.join(repoRoot, '../shared/data/products/latam_es_lifyzer_off2019.jsonl');
const SAMPLE = 200;

const SEAL_NUTRIENT: Record<SealId, NutrientId> = {
  'alto-en-calorias': 'energy',
  'alto-en-azucares': 'sugar',
  'alto-en-grasas-saturadas': 'saturatedFat',
  'alto-en-sodio': 'sodium',
};
const LIMITS: ReadonlySet<NutrientId> = new Set(['energy', 'sugar', 'saturatedFat', 'sodium']);
const rank = { good: 0, moderate: 1, high: 2, 'very-high': 3, low: -1, doubtful: -2 } as const;

describe(`product page nutrient rows over ${SAMPLE} real products (${testDatabaseKind})`, () => {
  const t = sharedTestApp();
  let pages: Product[];

  beforeAll(async () => {
    const run = await importFile(t.database, FILE);
    expect(run.status).toBe('success');
    const cookie = await signedInAs(t.app, t.database.db, 'lector-verdad@example.cl');
    // Every product with a seal first (the hard cases), then those with the most nutrients known, by barcode.
    const ids = await queryRows<{ id: number }>(
      t.database.db,
      sql`SELECT id FROM products
          ORDER BY jsonb_array_length(seals) > 0 DESC,
            (energy_kcal_100 IS NOT NULL)::int + (total_sugars_g_100 IS NOT NULL)::int
              + (saturated_fat_g_100 IS NOT NULL)::int + (sodium_mg_100 IS NOT NULL)::int
              + (protein_g_100 IS NOT NULL)::int + (fiber_g_100 IS NOT NULL)::int DESC,
            barcode
          LIMIT ${SAMPLE}`,
    );
    pages = [];
    for (const { id } of ids) {
      const res = await t.app.inject({ url: `/api/products/${id}`, headers: { cookie } });
      expect(res.statusCode).toBe(200);
      pages.push(res.json<Product>());
    }
  }, 180_000);

  const rowsOf = (p: Product) =>
    productNutrientRows({
      ...p,
      fruitsVegetablesPercent: fruitsVegetablesLegumesPercent(p),
      seals: p.seals,
    });

  it('reads 200 products, most of them with seals and every kind of seal', () => {
    expect(pages).toHaveLength(SAMPLE);
    const sealIds = new Set(pages.flatMap((p) => p.seals.map((s) => s.id)));
    expect([...sealIds].sort()).toEqual(Object.keys(SEAL_NUTRIENT).sort());
    expect(pages.filter((p) => p.seals.length > 0).length).toBeGreaterThan(SAMPLE / 2);
  });

  it('no row contradicts its band, its value or a seal', () => {
    const contradictions: string[] = [];
    for (const p of pages) {
      const rows = rowsOf(p);
      const say = (what: string) => contradictions.push(`${p.id} ${p.name}: ${what}`);
      const raw: Record<NutrientId, number | null> = {
        energy: p.energyKcal100,
        sugar: p.totalSugarsG100,
        saturatedFat: p.saturatedFatG100,
        sodium: p.sodiumMg100,
        protein: p.proteinG100,
        fiber: p.fiberG100,
        fruitsVegetables: fruitsVegetablesLegumesPercent(p),
      };
      const sealed = new Set(p.seals.map((s) => SEAL_NUTRIENT[s.id]));
      for (const row of rows) {
        const value = raw[row.nutrient];
        // The value is the nutrient the row names: sodium in mg as the label prints it, its salt × 2.5 beside it.
        if (value === null || Math.abs(row.value - value) > 1e-6) say(`${row.nutrient} shows ${row.value}, is ${value}`);
        if (row.nutrient === 'sodium' && Math.abs((row.saltG ?? 0) - (value ?? 0) * 0.0025) > 1e-6) say(`salt ${row.saltG}`);
        // A drink on the 100 mL scale, as its seals are.
        if (row.basis !== (p.isLiquid ? 'liquid' : 'solid')) say(`${row.nutrient} on the ${row.basis} scale`);
        const own = nutrientBand(row.nutrient, row.value, row.basis).level;
        if (sealed.has(row.nutrient)) {
          if (rank[row.band.level] < rank.high) say(`${row.nutrient} sealed but ${row.band.level}`);
          if (rank[row.band.level] < rank[own]) say(`${row.nutrient} lowered from ${own}`);
        } else if (row.band.level !== own) say(`${row.nutrient} is ${row.band.level}, its value says ${own}`);
        const bad = row.band.level === 'high' || row.band.level === 'very-high';
        if (bad !== (row.group === 'negative')) say(`${row.nutrient} ${row.band.level} under ${row.group}`);
        if (!LIMITS.has(row.nutrient) && row.band.level !== 'good') say(`${row.nutrient} ${row.band.level} shown`);
      }
      for (const nutrient of sealed) {
        const row = rows.find((r) => r.nutrient === nutrient);
        if (!row || row.group !== 'negative') say(`seal for ${nutrient} without a negative row`);
      }
    }
    expect(contradictions).toEqual([]);
  });

  it("the reasons' sections add up to the score, and name a nutrient's excess only on its negative row", () => {
    const wrong: string[] = [];
    const words: [RegExp, NutrientId][] = [
      [/^Muchas calorías/, 'energy'],
      [/^Mucha azúcar/, 'sugar'],
      [/^Muchas grasas saturadas/, 'saturatedFat'],
      [/^Mucho sodio/, 'sodium'],
    ];
    for (const p of pages) {
      const fruitsVegetablesPercent = fruitsVegetablesLegumesPercent(p);
      const explanation = explainScore({ ...p, fruitsVegetablesPercent, seals: p.seals });
      const sum = explanation.sections.reduce((s, x) => s + Math.round(x.points * 10), 0);
      if (p.healthScore !== null && sum !== Math.round(p.healthScore * 10)) wrong.push(`${p.id}: ${sum / 10} ≠ ${p.healthScore}`);
      const negative = new Set(rowsOf(p).filter((r) => r.group === 'negative').map((r) => r.nutrient));
      for (const line of explanation.sections.flatMap((s) => s.lines)) {
        const nutrient = words.find(([re]) => re.test(line.text))?.[1];
        if (nutrient && !negative.has(nutrient)) wrong.push(`${p.id}: "${line.text}" but ${nutrient} is not negative`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('claims no absence without a list read well: no "Sin aditivos", no processing credit, no NOVA below 4', () => {
    const wrong: string[] = [];
    for (const p of pages) {
      if (p.ingredientReading?.readWell === true) continue;
      if (p.reasons.some((r) => r.rule === 'processing.base')) wrong.push(`${p.id}: processing credit`);
      if (p.novaGroup !== null && p.novaGroup < 4) wrong.push(`${p.id}: NOVA ${p.novaGroup}`);
      const highlights = scoreHighlights({ ...p, fruitsVegetablesPercent: null, seals: p.seals });
      if (highlights.some((h) => h.text === 'Sin aditivos')) wrong.push(`${p.id}: Sin aditivos`);
      if (p.ingredients && p.ingredientReading === null) wrong.push(`${p.id}: a list without a reading`);
    }
    expect(pages.filter((p) => p.ingredientReading !== null && !p.ingredientReading.readWell).length).toBeGreaterThan(0);
    expect(wrong).toEqual([]);
  });
});
