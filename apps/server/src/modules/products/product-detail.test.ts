import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Product } from '@etiqueta/contracts';
import { readdir } from 'node:fs/promises';
import { sharedTestApp, testDatabaseKind, testEnv, type TestApp } from '../../../test/helpers.ts';
import { seedCatalogue, signedInAs } from '../../../test/fixtures.ts';
import { products } from '../../db/schema.ts';
import { createAdditiveRepository } from '../additives/additive.repository.ts';
import { createCatalogueRepository } from '../catalogue/catalogue.repository.ts';
import { createProductDetails } from './product-detail.ts';
import { createProductPageStore } from './product-page-store.ts';
import { createProductRepository } from './product.repository.ts';

const pagesFolder = testEnv().DATA_DIR;

const detailsOf = (t: TestApp) =>
  createProductDetails(
    createProductRepository(t.database.db),
    createCatalogueRepository(t.database.db).taxonomyNames,
    t.app.services.catalogue,
    createAdditiveRepository(t.database.db).details,
  );

describe(`product pages kept in a file (${testDatabaseKind})`, () => {
  const t = sharedTestApp();
  let ids: number[];
  beforeAll(async () => {
    const seeded = await seedCatalogue(
      t.app,
      Array.from({ length: 25 }, (_, i) => ({
        barcode: `78000000${String(i).padStart(5, '0')}`,
        name: `Producto ${i}`,
        sub2: i % 2 ? 'Cereales' : 'Leche',
        ingredients: i % 3 ? 'leche, azúcar, colorante tartrazina' : 'avena',
      })),
    );
    ids = seeded.products.map((p) => p.id);
  });

  const storeFor = () => {
    const details = detailsOf(t);
    const store = createProductPageStore({ details, events: t.app.services.catalogue, log: t.app.log, folder: pagesFolder, debounceMs: 0 });
    return { details, store };
  };

  it('holds every product page, identical to the database read', async () => {
    const { details, store } = storeFor();
    store.start();
    await store.settled();
    expect(store.loaded()).toBe(true);
    for (const id of ids) expect(String(await store.json(id))).toBe(await details.json(id));
    expect(await store.json(999_999)).toBeNull();
    // The file is unlinked as soon as it is opened: nothing of it is left in the folder, even after a crash.
    expect((await readdir(pagesFolder)).filter((name) => name.includes('product-pages'))).toEqual([]);
    await store.stop();
  });

  it('a catalogue change drops the pages at once; reads go to the database until they are loaded again', async () => {
    const { store } = storeFor();
    store.start();
    await store.settled();
    const id = ids[3]!;
    const rename = t.app.services.catalogue.write(async (tx, changed) => {
      await tx.update(products).set({ name: 'Nombre nuevo' }).where(eq(products.id, id));
      // Before the commit, the file still has the old page (the write path signals after commit).
      expect(JSON.parse(String(await store.json(id))).name).toBe('Producto 3');
      changed.everything();
    });
    await rename;
    expect(store.loaded()).toBe(false);
    expect(JSON.parse(String(await store.json(id))).name).toBe('Nombre nuevo');
    await new Promise((r) => setTimeout(r, 20));
    await store.settled();
    expect(store.loaded()).toBe(true);
    expect(JSON.parse(String(await store.json(id))).name).toBe('Nombre nuevo');
    await store.stop();
  });

  it('a change to some products takes only their pages out of the file, and reads them again alone', async () => {
    const { store } = storeFor();
    store.start();
    await store.settled();
    const [id, other] = [ids[9]!, ids[10]!];
    await t.app.services.catalogue.write(async (tx, changed) => {
      await tx.update(products).set({ name: 'Solo este cambió' }).where(eq(products.id, id));
      changed.products([id]);
    });
    expect(store.loaded()).toBe(true);
    expect(store.holds(id)).toBe(false);
    expect(store.holds(other)).toBe(true);
    expect(JSON.parse(String(await store.json(id))).name).toBe('Solo este cambió');
    await vi.waitFor(() => expect(store.holds(id)).toBe(true), { timeout: 5_000, interval: 10 });
    expect(JSON.parse(String(await store.json(id))).name).toBe('Solo este cambió');
    await store.stop();
  });

  it('a load overtaken by a change is thrown away, not served', async () => {
    const details = detailsOf(t);
    // A long debounce: the reload the change schedules does not run during this test.
    const store = createProductPageStore({ details, events: t.app.services.catalogue, log: t.app.log, folder: pagesFolder, debounceMs: 60_000 });
    const id = ids[7]!;
    store.start();
    // A change committed while the first load runs: that copy may predate it.
    await t.app.services.catalogue.write(async (tx, changed) => {
      await tx.update(products).set({ name: 'Cambiado durante la carga' }).where(eq(products.id, id));
      changed.everything();
    });
    await store.settled();
    expect(store.loaded()).toBe(false);
    expect(JSON.parse(String(await store.json(id))).name).toBe('Cambiado durante la carga');
    await store.stop();
  });

  it('without a folder every read goes to the database', async () => {
    const details = detailsOf(t);
    const store = createProductPageStore({ details, events: t.app.services.catalogue, log: t.app.log, folder: null });
    store.start();
    await store.settled();
    expect(store.loaded()).toBe(false);
    expect(await store.json(ids[0]!)).toBe(await details.json(ids[0]!));
    await store.stop();
  });

  it('the app keeps the pages in a file on PGlite only, and answers them as the same JSON', async () => {
    const pages = t.app.services.productPages;
    await new Promise((r) => setTimeout(r, 300));
    await pages.settled();
    expect(pages.loaded()).toBe(testDatabaseKind === 'pglite');
    const reader = await signedInAs(t.app, t.database.db, 'lector-memoria@example.cl');
    const res = await t.app.inject({ url: `/api/products/${ids[1]}`, headers: { cookie: reader } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const details = detailsOf(t);
    expect(res.body).toBe(await details.json(ids[1]!));
  });

  it('an admin edit shows on the product page at once, through the API', async () => {
    const admin = await signedInAs(t.app, t.database.db, 'admin-paginas@example.cl', 'admin');
    const reader = await signedInAs(t.app, t.database.db, 'lector-paginas@example.cl');
    const id = ids[5]!;
    const before = await t.app.inject({ url: `/api/products/${id}`, headers: { cookie: reader } });
    expect(before.json<Product>().name).toBe('Producto 5');
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/products/${id}`,
      headers: { cookie: admin },
      payload: { name: 'Producto 5 editado', totalSugarsG100: 40 },
    });
    expect(patched.statusCode).toBe(200);
    const after = (await t.app.inject({ url: `/api/products/${id}`, headers: { cookie: reader } })).json<Product>();
    expect(after.name).toBe('Producto 5 editado');
    expect(after.totalSugarsG100).toBe(40);
    expect(after).toEqual(patched.json<Product>());
  });
});
