import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminProductsPage, Product } from '@etiqueta/contracts';
import { auditLog, products } from '../../db/schema.ts';
import { importFile } from '../sync/import-file.ts';
import { sharedTestApp, testDatabaseKind } from '../../../test/helpers.ts';
import { seedCatalogue, signedInAs } from '../../../test/fixtures.ts';

describe(`admin product table and edits (${testDatabaseKind})`, () => {
  const t = sharedTestApp();
  let admin: string;
  let ids: number[];
  beforeAll(async () => {
    const seeded = await seedCatalogue(
      t.app,
      Array.from({ length: 12 }, (_, i) => ({ barcode: `78000000001${String(i).padStart(2, '0')}`, name: `Galleta ${String.fromCharCode(65 + i)}` })),
    );
    ids = seeded.products.map((p) => p.id);
    admin = await signedInAs(t.app, t.database.db, 'admin@example.cl', 'admin');
  });

  const call = (method: 'GET' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: admin }, ...(payload ? { payload } : {}) });

  it('pages through the table and searches it without loading everything', async () => {
    const page = (await call('GET', '/api/products?page=2&pageSize=5&_=123')).json<AdminProductsPage>();
    expect(page).toMatchObject({ total: 12, page: 2, pageSize: 5 });
    expect(page.items.map((p) => p.name)).toEqual(['Galleta F', 'Galleta G', 'Galleta H', 'Galleta I', 'Galleta J']);
    const found = (await call('GET', '/api/products?q=GALLETA%20c')).json<AdminProductsPage>();
    expect(found.items.map((p) => p.name)).toEqual(['Galleta C']);
    expect((await call('GET', '/api/products?pageSize=5000')).statusCode).toBe(400);
  });

  it('editing sugar re-scores at once, locks the field against sync and is audited', async () => {
    const id = ids[0]!;
    const before = (await call('GET', `/api/products/${id}`)).json<Product>();
    const res = await call('PATCH', `/api/products/${id}`, { totalSugarsG100: 45, name: 'Galleta A Dulce' });
    expect(res.statusCode).toBe(200);
    const after = res.json<Product>();
    expect(after).toMatchObject({ totalSugarsG100: 45, name: 'Galleta A Dulce' });
    expect(after.healthScore!).toBeLessThan(before.healthScore!);
    expect(after.lockedFields).toEqual(['name', 'totalSugarsG100']);
    expect((await call('GET', `/api/products/${id}`)).json<Product>().healthScore).toBe(after.healthScore);
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, String(id)));
    expect(audit).toMatchObject({ action: 'product.update', entity: 'product' });

    const unlocked = await call('PATCH', `/api/products/${id}`, { unlockFields: ['name'] });
    expect(unlocked.json<Product>().lockedFields).toEqual(['totalSugarsG100']);
  });

  it('pages name each product\'s shelf in Spanish, not by its slug', async () => {
    const page = (await call('GET', '/api/products?pageSize=1')).json<AdminProductsPage>();
    expect(page.items[0]).toMatchObject({ categoryName: 'Desayuno', subcategoryName: 'Leches' });
  });

  it('an emptied number stays unknown (null), not 0: the score says what it lacks, and the field is locked', async () => {
    const id = ids[2]!;
    const res = await call('PATCH', `/api/products/${id}`, { totalSugarsG100: null, fiberG100: null, nutsPercentage: null });
    expect(res.statusCode).toBe(200);
    const after = res.json<Product>();
    expect(after).toMatchObject({ totalSugarsG100: null, fiberG100: null, nutsPercentage: null });
    // Without the sugars the score cannot be computed: 'Sin puntaje', never a score built on a made-up 0 g.
    expect(after.healthScore).toBeNull();
    expect(after.lockedFields).toEqual(['fiberG100', 'totalSugarsG100']);
    const [row] = await t.database.db.select().from(products).where(eq(products.id, id));
    expect(row).toMatchObject({ totalSugarsG100: null, fiberG100: null, healthScore: null });
  });

  it("an admin's NOVA group stands instead of our estimate, is locked, survives a sync, and goes back when unlocked", async () => {
    const id = ids[3]!;
    const before = (await call('GET', `/api/products/${id}`)).json<Product>();
    const estimate = before.novaGroup;
    const chosen = estimate === 1 ? 2 : 1;
    const res = await call('PATCH', `/api/products/${id}`, { novaOverride: chosen });
    expect(res.statusCode).toBe(200);
    expect(res.json<Product>()).toMatchObject({ novaGroup: chosen, novaOverride: chosen, lockedFields: ['novaOverride'] });
    expect((await call('PATCH', `/api/products/${id}`, { novaOverride: 5 })).json<{ message: string }>().message).toMatch(
      /grupo NOVA debe ser 1, 2, 3 o 4/,
    );

    // The sync brings OFF's record for the same code (another name, the same list): the NOVA group stays the admin's.
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ec-nova-'));
    const sync = async () => {
      const file = path.join(dir, 'off.jsonl');
      const record = { code: before.barcode, product_name: 'Nombre de OFF', brands: 'Marca', ingredients_text: 'leche entera, azúcar' };
      await fs.writeFile(file, JSON.stringify(record));
      const summary = await importFile(t.database, file);
      expect(summary).toMatchObject({ status: 'success' });
    };
    try {
      // (Read from the database: this sync runs beside the app, whose page cache it does not tell.)
      const stored = async () => (await t.database.db.select().from(products).where(eq(products.id, id)))[0]!;
      await sync();
      expect(await stored()).toMatchObject({ name: 'Nombre de OFF', novaGroup: chosen, novaOverride: chosen, lockedFields: ['novaOverride'] });

      // Handed back to the sync: the next sync takes the estimate again.
      const unlocked = await call('PATCH', `/api/products/${id}`, { unlockFields: ['novaOverride'] });
      expect(unlocked.json<Product>().lockedFields).toEqual([]);
      await sync();
      expect(await stored()).toMatchObject({ novaGroup: estimate, novaOverride: null, lockedFields: [] });
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }

    // Emptied by an admin: the estimate again at once.
    await call('PATCH', `/api/products/${id}`, { novaOverride: chosen });
    const cleared = (await call('PATCH', `/api/products/${id}`, { novaOverride: null })).json<Product>();
    expect(cleared).toMatchObject({ novaGroup: estimate, novaOverride: null });
  });

  it('refuses bad values with Spanish messages and leaves the product untouched', async () => {
    const id = ids[1]!;
    const before = (await call('GET', `/api/products/${id}`)).json<Product>();
    const cases: [object, RegExp][] = [
      [{ frutasPercentage: 101 }, /entre 0 y 100/],
      [{ totalSugarsG100: -1 }, /negativo/],
      [{ name: '' }, /nombre es obligatorio/],
      [{ nutriscoreCategory: 'liquid' }, /Nutri-Score/],
      [{ energyKcal100: 'mucho' }, /número/],
      [{ healthScore: 10 }, /healthScore/],
    ];
    for (const [payload, message] of cases) {
      const res = await call('PATCH', `/api/products/${id}`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(message);
    }
    expect((await call('GET', `/api/products/${id}`)).json<Product>()).toEqual(before);
    expect((await call('PATCH', '/api/products/999999', { name: 'X' })).statusCode).toBe(404);
  });

  it('40 pairs of simultaneous edits each keep both changes and both locks, and a sync reverts none', async () => {
    const [template] = await t.database.db.select().from(products).where(eq(products.id, ids[0]!));
    const { id: _id, ...copy } = template!;
    const barcodes = Array.from({ length: 40 }, (_, i) => `78000000090${String(i).padStart(2, '0')}`);
    const rows = await t.database.db
      .insert(products)
      .values(barcodes.map((barcode) => ({ ...copy, barcode, lockedFields: [] })))
      .returning({ id: products.id, barcode: products.barcode });
    const answers = await Promise.all(
      rows.flatMap((r, i) => [
        call('PATCH', `/api/products/${r.id}`, { name: `Editado ${i}` }),
        call('PATCH', `/api/products/${r.id}`, { brand: `Marca editada ${i}` }),
      ]),
    );
    expect(answers.map((a) => a.statusCode).every((s) => s === 200)).toBe(true);

    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ec-locks-'));
    try {
      const file = path.join(dir, 'off.jsonl');
      const record = (barcode: string) => ({ code: barcode, product_name: 'Nombre de OFF', brands: 'Marca de OFF', ingredients_text: 'leche' });
      await fs.writeFile(file, barcodes.map((b) => JSON.stringify(record(b))).join('\n'));
      await importFile(t.database, file);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
    const after = await t.database.db
      .select({ barcode: products.barcode, name: products.name, brand: products.brand, lockedFields: products.lockedFields })
      .from(products)
      .where(inArray(products.barcode, barcodes));
    const lost = after.filter((p) => p.lockedFields.join() !== 'brand,name' || !p.name.startsWith('Editado') || !p.brand.startsWith('Marca editada'));
    expect(lost).toEqual([]);
  });
});
