import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../../config/env.ts';
import { createAdapter } from '../create-adapter.ts';
import { mapOffProduct } from '../../catalogue-import/mapper.ts';
import type { SourceRecord } from './data-lake-adapter.ts';
import { createOffFileAdapter, splitQuoted } from './off-file-adapter.ts';

const products = path.join(repoRoot, '../shared/data/products');
const JSONL = path.join(products, 'latam_es_lifyzer_off2019.jsonl');
const TSV = path.join(products, 'off_world_sample_2026.tsv');
const CSV = path.join(products, 'es_spain_off_nutriscore_nova.csv');

async function readAll(file: string, options: { cursor?: string | null; since?: Date | null; kind?: 'bulk' | 'incremental' } = {}) {
  const out: SourceRecord[] = [];
  const adapter = createOffFileAdapter(file);
  for await (const r of adapter.read({ kind: options.kind ?? 'bulk', since: options.since ?? null, cursor: options.cursor ?? null })) {
    out.push(r);
  }
  return out;
}

describe('OFF export files, read as streams', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ec-file-adapter-'));
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));

  it('reads every line of the Latin-American JSONL, flat nutrients moved under nutriments', async () => {
    const records = await readAll(JSONL);
    expect(records).toHaveLength(7119);
    expect(records.every((r) => r.product !== null)).toBe(true);
    const chilean = records.find((r) => r.product?.code === '7800120169235')!;
    expect(chilean.product).toMatchObject({ product_name: 'Vivo Line', nutriments: { sugars_100g: 3.5, sodium_100g: 0.275 } });
    expect(mapOffProduct(chilean.product!)).toMatchObject({ ok: true, product: { sodiumMg100: 275, totalSugarsG100: 3.5 } });
  });

  it('reads the official OFF export (tab-separated), with comma-separated tags as lists', async () => {
    const records = await readAll(TSV);
    expect(records).toHaveLength(800);
    const spread = records.find((r) => r.product?.code === '0000101209159')!.product!;
    expect(spread.categories_tags).toEqual(expect.arrayContaining(['en:breakfasts', 'en:cocoa-and-hazelnuts-spreads']));
    expect(spread.nutriments).toMatchObject({ 'energy-kcal_100g': '617', sugars_100g: '32' });
    expect(spread.last_modified_t).toBe('1774461913');
    const mapped = mapOffProduct(spread);
    expect(mapped).toMatchObject({ ok: true, product: { energyKcal100: 617, totalSugarsG100: 32, brand: 'Bovetti' } });
  });

  it('reads comma-separated CSV with quoted fields; rows without a barcode are rejected by the mapper', async () => {
    const records = await readAll(CSV);
    expect(records).toHaveLength(2969);
    const first = records[0]!.product!;
    expect(first).toMatchObject({ product_name_es: 'Tomate frito', brands: 'Hacendado' });
    expect(mapOffProduct(first)).toEqual({ ok: false, barcode: null, reason: 'Sin código de barras' });
  });

  it('splits quoted CSV fields, including escaped quotes and line breaks', () => {
    expect(splitQuoted('a,"b, c","d ""e""",', ',')).toEqual(['a', 'b, c', 'd "e"', '']);
    expect(splitQuoted('a,"b\nc', ',')).toBeNull();
  });

  it('reports unreadable lines instead of stopping', async () => {
    const file = path.join(dir, 'broken.jsonl');
    await fs.writeFile(file, '{"code":"7800000000011","product_name":"Uno"}\n{not json\n\n[1,2]\n{"code":"7800000000028","product_name":"Dos"}\n');
    const records = await readAll(file);
    expect(records.map((r) => (r.product ? r.product.product_name : r.error))).toEqual([
      'Uno',
      'Línea 2: JSON no válido',
      'Línea 4: no es un objeto JSON',
      'Dos',
    ]);
  });

  it('resumes after a cursor', async () => {
    const all = await readAll(JSONL);
    const rest = await readAll(JSONL, { cursor: all[6999]!.cursor });
    expect(rest.map((r) => r.product?.code)).toEqual(all.slice(7000).map((r) => r.product?.code));
  });

  it('an incremental read returns only records modified after the watermark', async () => {
    const file = path.join(dir, 'dated.jsonl');
    await fs.writeFile(
      file,
      [
        { code: '7800000000011', product_name: 'Viejo', last_modified_t: 1_600_000_000 },
        { code: '7800000000028', product_name: 'Nuevo', last_modified_t: 1_700_000_100 },
      ]
        .map((r) => JSON.stringify(r))
        .join('\n'),
    );
    const since = new Date(1_700_000_000 * 1000);
    expect((await readAll(file, { kind: 'incremental', since })).map((r) => r.product?.product_name)).toEqual(['Nuevo']);
    // Records without a date count as modified when the file was.
    const undated = (await readAll(JSONL, { kind: 'incremental', since: new Date(Date.now() + 60_000) })).length;
    expect(undated).toBe(0);
  });

  it('memory stays flat: a 100,000-line file is read without holding it', async () => {
    const file = path.join(dir, 'big.jsonl');
    const line = (await fs.readFile(JSONL, 'utf8')).split('\n')[0]!;
    const handle = await fs.open(file, 'w');
    const chunk = `${Array.from({ length: 1000 }, () => line).join('\n')}\n`;
    for (let i = 0; i < 100; i++) await handle.write(chunk);
    await handle.close();
    // A real collection before each reading, so only live memory is compared, not garbage not yet collected.
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    const live: number[] = [];
    let count = 0;
    for await (const r of createOffFileAdapter(file).read({ kind: 'bulk', since: null, cursor: null })) {
      if (r.product) count++;
      if (count % 20_000 === 0) {
        gc();
        live.push(process.memoryUsage().heapUsed);
      }
    }
    expect(count).toBe(100_000);
    // The file is ~80 MB; live memory after 100,000 records is what it was after 20,000.
    expect(Math.max(...live) - live[0]!).toBeLessThan(8 * 1_048_576);
  });

  it('reads gzipped JSON Lines (.jsonl.gz, .json.gz as OFF names its delta files) and gzipped TSV the same as plain', async () => {
    const plain = await readAll(JSONL);
    const gz = path.join(dir, 'latam.jsonl.gz');
    await fs.writeFile(gz, zlib.gzipSync(await fs.readFile(JSONL)));
    const deltaLike = path.join(dir, 'openfoodfacts_products_1_2.json.gz');
    await fs.copyFile(gz, deltaLike);
    for (const file of [gz, deltaLike]) {
      const records = await readAll(file);
      expect(records.map((r) => r.product?.code)).toEqual(plain.map((r) => r.product?.code));
      expect(records[5]!.product).toEqual(plain[5]!.product);
    }
    const tsv = path.join(dir, 'sample.tsv.gz');
    await fs.writeFile(tsv, zlib.gzipSync(await fs.readFile(TSV)));
    expect((await readAll(tsv)).map((r) => r.product?.code)).toEqual((await readAll(TSV)).map((r) => r.product?.code));
    // Resuming a gzipped file skips the lines already done.
    expect((await readAll(gz, { cursor: plain[7000]!.cursor })).map((r) => r.product?.code)).toEqual(plain.slice(7001).map((r) => r.product?.code));
  });

  it('a truncated .gz fails the read instead of ending it quietly', async () => {
    const gz = await fs.readFile(path.join(dir, 'latam.jsonl.gz'));
    const cut = path.join(dir, 'cut.jsonl.gz');
    await fs.writeFile(cut, gz.subarray(0, gz.length >> 1));
    await expect(readAll(cut)).rejects.toThrow(/unexpected end of file/i);
  });

  it('takes a relative file: path from the folder the command was typed in (INIT_CWD)', () => {
    const env = { OFF_EXPORT_URL: 'http://x/e.jsonl.gz', OFF_DELTA_URL: 'http://x/d/', INIT_CWD: products };
    expect(createAdapter('file:latam_es_lifyzer_off2019.jsonl', env).source).toBe(`file:${JSONL}`);
    expect(createAdapter(`file:${JSONL}`, { ...env, INIT_CWD: '/somewhere/else' }).source).toBe(`file:${JSONL}`);
    expect(createAdapter('off', env).source).toBe('off');
    expect(() => createAdapter('ftp:x', env)).toThrow(/DATA_LAKE_SOURCE/);
  });

  it('tells whether the file is there', async () => {
    await expect(createOffFileAdapter(JSONL).testConnection()).resolves.toMatchObject({ connected: true });
    await expect(createOffFileAdapter(path.join(dir, 'nope.jsonl')).testConnection()).resolves.toMatchObject({ connected: false });
  });
});
