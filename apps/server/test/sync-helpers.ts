import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { SyncStatus } from '@etiqueta/contracts';
import { queryRows, type Database } from '../src/db/client.ts';

/**
 * An OFF export the `file:` data-lake source reads: the records as JSON lines in `off.jsonl` of a fresh temporary
 * folder. `env` points DATA_LAKE_SOURCE at it, `write` replaces what it holds, `remove` deletes the folder.
 */
export async function offExportFile(records: object[], prefix = 'ec-off-file-') {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  const file = path.join(dir, 'off.jsonl');
  const write = (next: object[]) => fs.writeFile(file, next.map((r) => JSON.stringify(r)).join('\n'));
  await write(records);
  return {
    dir,
    file,
    env: { DATA_LAKE_SOURCE: `file:${file}` },
    write,
    remove: () => fs.rm(dir, { recursive: true, force: true }),
  };
}

export type OffExportFile = Awaited<ReturnType<typeof offExportFile>>;

/** Waits (10 s at most) until no sync runs, asking GET /api/sync/status as `cookie`. */
export async function syncFinished(app: FastifyInstance, cookie: string) {
  for (let i = 0; i < 400; i++) {
    if (!(await app.inject({ url: '/api/sync/status', headers: { cookie } })).json<SyncStatus>().running) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('sync did not finish');
}

/** The whole catalogue as comparable rows (ids aside): two imports of the same data must match exactly. */
export async function catalogueSnapshot(database: Database) {
  const rows = await queryRows<Record<string, unknown>>(
    database.db,
    sql`SELECT p.barcode, p.name, p.brand, p.ingredients, p.images, c.slug AS category, s.slug AS subcategory, s2.slug AS sub2,
          p.organic, p.nutriscore_category, p.is_water, p.is_red_meat, p.frutas_percentage, p.energy_kcal_100, p.energy_estimated,
          p.total_fat_g_100, p.saturated_fat_g_100, p.carbohydrates_g_100, p.total_sugars_g_100, p.fiber_g_100, p.protein_g_100,
          p.sodium_mg_100, p.detected_additives, p.ultraprocessed, p.nova_group, p.nutriscore, p.health_score, p.score_reasons,
          p.seals, p.score_version, p.search_text, p.source, p.source_modified_at, p.locked_fields
        FROM products p
        LEFT JOIN categories c ON c.id = p.category_id
        LEFT JOIN subcategories s ON s.id = p.subcategory_id
        LEFT JOIN sub2categories s2 ON s2.id = p.sub2category_id
        ORDER BY p.barcode`,
  );
  const counts = await queryRows<{ slug: string; product_count: number }>(
    database.db,
    sql`SELECT slug, product_count FROM categories UNION ALL SELECT slug, product_count FROM subcategories ORDER BY 1, 2`,
  );
  return { rows, counts };
}

/** Category counts as stored vs counted from the products table right now. */
export async function countsAreTrue(database: Database) {
  const wrong = await queryRows<{ slug: string }>(
    database.db,
    sql`SELECT c.slug FROM categories c WHERE c.product_count <> (SELECT count(*) FROM products p WHERE p.category_id = c.id)
        UNION ALL SELECT s.slug FROM subcategories s WHERE s.product_count <> (SELECT count(*) FROM products p WHERE p.subcategory_id = s.id)
        UNION ALL SELECT x.slug FROM sub2categories x WHERE x.product_count <> (SELECT count(*) FROM products p WHERE p.sub2category_id = x.id)`,
  );
  return wrong.map((w) => w.slug);
}

