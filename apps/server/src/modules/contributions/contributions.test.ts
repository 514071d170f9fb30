import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountExport, type AccountData, type AdminContribution, type Product, type SyncRun, type SyncStatus } from '@etiqueta/contracts';
import { buildTestApp, storedPhotos, testDatabaseKind, type TestApp } from '../../../test/helpers.ts';
import { ean13, multipart, seedCatalogue, signedInAs, signedInCast, type UploadedFile } from '../../../test/fixtures.ts';
import { offExportFile, type OffExportFile } from '../../../test/sync-helpers.ts';
import { contributions, photoBlobs, products } from '../../db/schema.ts';

/** A real phone-like JPEG: camera make and model, and where it was taken (GPS), in its EXIF. */
const jpegWithGps = (colour = '#c0392b') =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: colour } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'FonoX', Model: 'Modelo 12' },
      IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '33/1 26/1 16/1', GPSLongitudeRef: 'W', GPSLongitude: '70/1 39/1 1/1' },
    })
    .toBuffer();
const png = () => sharp({ create: { width: 40, height: 30, channels: 4, background: '#2e86c1' } }).png().toBuffer();

/** The GPS IFD pointer (EXIF tag 0x8825), in either byte order. */
const hasGpsPointer = (exif: Buffer | undefined) => !!exif && /8825|2588/.test(exif.toString('hex'));

describe(`"Agregar este producto": shoppers send photos, admins review (${testDatabaseKind})`, () => {
  let t: TestApp;
  let source: OffExportFile;
  let uploads: string;
  let admin: string;
  let shopper: string;
  let other: string;
  const SYNCED_CODE = ean13('780999000001');
  let existingCode: string;
  /** A product we have without its sugars: "Sin puntaje" until someone completes it. */
  const LACKING_CODE = ean13('780000000002');
  /** A product with its front photo and its list, but no sugars: only its table is missing. */
  const TABLE_CODE = ean13('780000000003');

  beforeAll(async () => {
    // The data lake also has SYNCED_CODE, with other values: a sync after approval must not overwrite what was sent.
    source = await offExportFile(
      [{ code: SYNCED_CODE, product_name: 'Nombre de OFF', brands: 'Marca OFF', ingredients_text: 'agua, azúcar', nutriments: { sugars_100g: 40, carbohydrates_100g: 50, fat_100g: 1, proteins_100g: 1, salt_100g: 0.1 } }],
      'ec-contrib-',
    );
    uploads = path.join(source.dir, 'uploads');
    // Every refused sending below counts toward the daily limits (issue 33): limits high enough for the whole file.
    t = await buildTestApp({
      UPLOADS_DIR: uploads,
      ...source.env,
      CONTRIBUTIONS_PER_USER_PER_DAY: '100',
      CONTRIBUTIONS_PER_IP_PER_DAY: '1000',
    });
    const seeded = await seedCatalogue(t.app, [
      { barcode: ean13('780000000001'), name: 'Leche Entera' },
      { barcode: LACKING_CODE, name: 'Yogur Natural', totalSugarsG100: null },
      { barcode: TABLE_CODE, name: 'Avena Tradicional', totalSugarsG100: null },
    ]);
    await t.database.db
      .update(products)
      .set({ images: { primary: 'https://images.openfoodfacts.org/avena.jpg', thumbnail: 'https://images.openfoodfacts.org/avena.jpg', gallery: [] } })
      .where(eq(products.barcode, TABLE_CODE));
    existingCode = seeded.products[0]!.barcode;
    ({ admin, shopper, other } = await signedInCast(t.app, t.database.db));
  });
  afterAll(async () => {
    await t.close();
    await source.remove();
  });

  const send = async (cookie: string | undefined, fields: Record<string, string>, photos: UploadedFile[], ip = '127.0.0.1') => {
    const body = await multipart(fields, photos);
    return t.app.inject({
      method: 'POST',
      url: '/api/contributions',
      headers: { 'content-type': body.contentType, ...(cookie ? { cookie } : {}) },
      payload: body.payload,
      remoteAddress: ip,
    });
  };
  const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const list = async (status = 'pending') =>
    (await get(`/api/admin/contributions?status=${status}`, admin)).json<AdminContribution[]>();
  const storedFiles = () => storedPhotos(t);

  it('a shopper sends a pack we lack; the photos lose EXIF and GPS; an admin approves; shoppers find the product', async () => {
    const original = await jpegWithGps();
    const before = await sharp(original).metadata();
    expect(before.exif?.includes('FonoX')).toBe(true);
    expect(hasGpsPointer(before.exif)).toBe(true);

    const code = SYNCED_CODE;
    const res = await send(
      shopper,
      { barcode: code, name: 'Galletas de avena', brand: 'La Abuela', ingredients: 'harina de avena, azúcar, aceite de palma, E471', totalSugarsG100: '24,5', carbohydratesG100: '60', energyKcal100: '450', totalFatG100: '18', saturatedFatG100: '8', sodiumMg100: '300', fiberG100: '' },
      [
        { field: 'photoFront', data: original },
        { field: 'photoIngredients', data: await png(), type: 'image/png', name: 'ingredientes.png' },
      ],
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'pending', message: expect.stringContaining('Gracias') });

    // Nothing is public yet: the code is still unknown to shoppers, and search does not see it.
    expect((await get(`/api/search/barcode/${code}`, other)).statusCode).toBe(404);

    const [pending] = await list();
    expect(pending).toMatchObject({ barcode: code, name: 'Galletas de avena', totalSugarsG100: 24.5, fiberG100: null, contributorEmail: 'ana@example.cl' });
    expect(pending!.photos.map((p) => p.kind)).toEqual(['front', 'ingredients']);
    expect((await storedFiles()).length).toBe(2);
    // PostgreSQL keeps the photos itself, so any API process serves any photo; PGlite (one process) the folder.
    const inFolder = (await fs.readdir(uploads).catch(() => [] as string[])).length;
    const inDatabase = (await t.database.db.select({ file: photoBlobs.file }).from(photoBlobs)).length;
    expect({ inFolder, inDatabase }).toEqual(testDatabaseKind === 'postgres' ? { inFolder: 0, inDatabase: 2 } : { inFolder: 2, inDatabase: 0 });

    // The stored photo: a fresh JPEG, no EXIF (no camera, no GPS), no XMP, served with careful headers.
    const front = pending!.photos[0]!;
    const photo = await get(front.url, admin);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(photo.headers['x-content-type-options']).toBe('nosniff');
    expect(photo.headers['cache-control']).toBe('private, no-store');
    const after = await sharp(photo.rawPayload).metadata();
    expect(after.format).toBe('jpeg');
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(hasGpsPointer(after.exif)).toBe(false);
    expect(photo.rawPayload.includes(Buffer.from('FonoX'))).toBe(false);
    expect([after.width, after.height]).toEqual([1200, 900]);
    // The PNG was re-encoded to JPEG too.
    expect((await sharp((await get(pending!.photos[1]!.url, admin)).rawPayload).metadata()).format).toBe('jpeg');

    // Before approval only admins and its sender (their provisional page shows it) see the photos: a visitor is
    // asked to sign in, another shopper gets "does not exist"; nothing of it is cached.
    expect((await get(front.url)).statusCode).toBe(401);
    expect((await get(front.url, other)).statusCode).toBe(404);
    const own = await get(front.url, shopper);
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-store');

    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/admin/contributions/${pending!.id}/approve`,
      headers: { cookie: admin },
      payload: { proteinG100: 7 },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const { productId } = approved.json<{ productId: number }>();

    const page = await get(`/api/products/${productId}`, other);
    expect(page.statusCode).toBe(200);
    const product = page.json<Product>();
    expect(product).toMatchObject({
      barcode: code,
      name: 'Galletas de avena',
      brand: 'La Abuela',
      source: 'comunidad',
      totalSugarsG100: 24.5,
      proteinG100: 7,
      fiberG100: null,
    });
    // Nothing is locked for ever: each field is recorded as completed, with the value the record had (none).
    expect(product.lockedFields).toEqual([]);
    const [completed] = await t.database.db.select().from(products).where(eq(products.barcode, code));
    expect(Object.keys(completed!.completedFields).sort()).toEqual(
      ['brand', 'carbohydratesG100', 'energyKcal100', 'images', 'ingredients', 'name', 'proteinG100', 'saturatedFatG100', 'sodiumMg100', 'totalFatG100', 'totalSugarsG100'],
    );
    expect(completed!.completedFields.name).toEqual({ was: '', contributionId: pending!.id });
    // Scored by the domain like any product: its additive is found and a score computed.
    expect(product.detectedAdditives.map((a) => a.code)).toContain('E471');
    expect(product.healthScore).not.toBeNull();
    expect(product.images?.primary).toBe(front.url);

    // Now any signed-in shopper sees the photos (cacheable), and the barcode and the text search find it.
    const publicPhoto = await get(front.url, other);
    expect(publicPhoto.statusCode).toBe(200);
    expect(publicPhoto.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect((await get(`/api/search/barcode/${code}`)).json()).toEqual({ id: productId, barcode: code });
    await expect
      .poll(async () => (await get('/api/v1/search?q=galletas%20de%20avena', other)).json<{ results: { id: number }[] }>().results.map((r) => r.id))
      .toContain(productId);
    expect((await list('approved'))[0]).toMatchObject({ id: pending!.id, status: 'approved', productId });

    // Reviewing twice is refused.
    const again = await t.app.inject({ method: 'POST', url: `/api/admin/contributions/${pending!.id}/reject`, headers: { cookie: admin }, payload: { reason: 'x' } });
    expect(again.statusCode).toBe(409);

    // A sync that brings the same code from Open Food Facts: where OFF's record carries a value, OFF's wins; what
    // OFF lacks (the energy, the fats, the photo) stays the shopper's.
    expect((await t.app.inject({ method: 'POST', url: '/api/sync/bulk', headers: { cookie: admin } })).statusCode).toBe(200);
    await expect
      .poll(async () => (await get('/api/sync/status', admin)).json<SyncStatus>().running, { timeout: 20_000 })
      .toBe(false);
    const { runs } = (await get('/api/sync/runs', admin)).json<{ runs: SyncRun[] }>();
    expect(runs[0]).toMatchObject({ status: 'success', rejected: 0, inserted: 0 });
    expect(runs[0]!.updated + runs[0]!.unchanged).toBe(1);
    const [row] = await t.database.db.select().from(products).where(eq(products.barcode, code));
    expect(row).toMatchObject({ name: 'Nombre de OFF', brand: 'Marca OFF', totalSugarsG100: 40, proteinG100: 1, energyKcal100: 450, saturatedFatG100: 8 });
    expect(row!.images?.primary).toBe(front.url);
    expect(Object.keys(row!.completedFields).sort()).toEqual(['energyKcal100', 'images', 'saturatedFatG100']);
  });

  it('a shopper completes a product we have: its provisional score at once, for them alone; approval completes it for all', async () => {
    const { id: productId } = (await get(`/api/search/barcode/${LACKING_CODE}`)).json<{ id: number }>();
    const before = (await get(`/api/products/${productId}`, other)).json<Product>();
    expect(before.totalSugarsG100).toBeNull();
    const readings = {
      totalSugarsG100: { value: 6.2, text: 'Azúcares totales (g) 6,2 1,9', check: false, box: [100, 200, 600, 40] },
      carbohydratesG100: { value: null, text: 'Hidratos de carbono disponibles (g) 1?,4', check: true, box: null },
    };
    const res = await send(
      shopper,
      { barcode: LACKING_CODE, totalSugarsG100: '6,2', carbohydratesG100: '12,4', per: '100 mL', readings: JSON.stringify(readings) },
      [{ field: 'photoNutrition', data: await jpegWithGps('#ffffff') }],
    );
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json<{ id: number }>();

    // The sender sees the product scored from what they sent, by the same rules as any product page.
    const view = await get(`/api/contributions/${id}`, shopper);
    expect(view.statusCode, view.body).toBe(200);
    const provisional = view.json<{ status: string; productId: number; provisional: Product }>();
    expect(provisional).toMatchObject({ status: 'pending', productId, provisional: { id: productId, name: 'Yogur Natural', totalSugarsG100: 6.2, carbohydratesG100: 12.4, isLiquid: true } });
    expect(provisional.provisional.healthScore).not.toBeNull();
    // Nobody else: another shopper is told it does not exist, a visitor to sign in, a bad id what to fix.
    expect((await get(`/api/contributions/${id}`, other)).statusCode).toBe(404);
    expect((await get(`/api/contributions/${id}`)).statusCode).toBe(401);
    expect((await get('/api/contributions/abc', shopper)).statusCode).toBe(400);
    expect((await get(`/api/products/${productId}`, other)).json<Product>().totalSugarsG100).toBeNull();

    // The admin sees, beside the photo, the product as it is now and what the reader read (boxes in the stored photo).
    const pending = (await list()).find((c) => c.id === id)!;
    expect(pending).toMatchObject({ isLiquid: true, current: { productId, name: 'Yogur Natural', totalSugarsG100: null, isLiquid: false } });
    expect(pending.readings).toEqual(readings);
    expect(pending.photos.map((p) => p.kind)).toEqual(['nutrition']);

    const approved = await t.app.inject({ method: 'POST', url: `/api/admin/contributions/${id}/approve`, headers: { cookie: admin }, payload: {} });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().productId).toBe(productId);
    const after = (await get(`/api/products/${productId}`, other)).json<Product>();
    expect(after).toMatchObject({ totalSugarsG100: 6.2, carbohydratesG100: 12.4, isLiquid: true, lockedFields: [] });
    // What everyone sees now is what the sender was shown while we reviewed.
    expect(after.healthScore).toBe(provisional.provisional.healthScore);
    expect((await get(`/api/contributions/${id}`, shopper)).json()).toMatchObject({ status: 'approved', productId, provisional: null });
  });

  it('completing from the catalogue: values it already has are not proposals; a completion brings a missing part or a change', async () => {
    const { id: productId } = (await get(`/api/search/barcode/${TABLE_CODE}`)).json<{ id: number }>();
    // A front photo for a product that has one, changing nothing: refused, saying what is missing.
    const nothing = await send(other, { barcode: TABLE_CODE, name: 'Avena Tradicional', proteinG100: '3' }, [
      { field: 'photoFront', data: await jpegWithGps() },
    ]);
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().message).toBe('Ya tenemos eso de este producto. Envía la foto de lo que falta: la tabla nutricional.');

    // The form started from the catalogue's values: those sent back unchanged are dropped; the missing value and
    // the shopper's correction are the proposal.
    const res = await send(
      other,
      {
        barcode: TABLE_CODE,
        name: 'Avena Tradicional',
        brand: 'Marca',
        ingredients: 'leche entera, azúcar',
        energyKcal100: '120',
        proteinG100: '3,5',
        totalSugarsG100: '4',
        sodiumMg100: '50',
        per: '100 g',
      },
      [{ field: 'photoNutrition', data: await jpegWithGps('#ffffff') }],
    );
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json<{ id: number }>();
    const pending = (await list()).find((c) => c.id === id)!;
    expect(pending).toMatchObject({
      name: null,
      brand: null,
      ingredients: null,
      energyKcal100: null,
      sodiumMg100: null,
      isLiquid: null,
      totalSugarsG100: 4,
      proteinG100: 3.5,
      current: { name: 'Avena Tradicional', proteinG100: 3, totalSugarsG100: null },
    });

    const approved = await t.app.inject({ method: 'POST', url: `/api/admin/contributions/${id}/approve`, headers: { cookie: admin }, payload: {} });
    expect(approved.statusCode, approved.body).toBe(200);
    const after = (await get(`/api/products/${productId}`, other)).json<Product>();
    expect(after).toMatchObject({ name: 'Avena Tradicional', totalSugarsG100: 4, proteinG100: 3.5, energyKcal100: 120, isLiquid: false });
    expect(after.images).toMatchObject({ primary: 'https://images.openfoodfacts.org/avena.jpg' });
    const [row] = await t.database.db.select().from(products).where(eq(products.id, productId));
    expect(Object.keys(row!.completedFields).sort()).toEqual(['proteinG100', 'totalSugarsG100']);
  });

  it('an admin rejects with a reason; the photos stay hidden from shoppers', async () => {
    const code = ean13('780999000002');
    expect((await send(shopper, { barcode: code }, [{ field: 'photoFront', data: await jpegWithGps('#27ae60') }])).statusCode).toBe(201);
    const mine = (await list()).find((c) => c.barcode === code)!;
    const noReason = await t.app.inject({ method: 'POST', url: `/api/admin/contributions/${mine.id}/reject`, headers: { cookie: admin }, payload: { reason: '  ' } });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toMatch(/motivo/i);
    const rejected = await t.app.inject({
      method: 'POST',
      url: `/api/admin/contributions/${mine.id}/reject`,
      headers: { cookie: admin },
      payload: { reason: 'La foto no muestra el producto' },
    });
    expect(rejected.statusCode).toBe(200);
    expect((await list('rejected')).find((c) => c.id === mine.id)).toMatchObject({ rejectReason: 'La foto no muestra el producto' });
    expect((await get(mine.photos[0]!.url, other)).statusCode).toBe(404);
    expect((await get(`/api/search/barcode/${code}`)).statusCode).toBe(404);
  });

  it('approving without a name asks the admin to read it from the photo', async () => {
    const code = ean13('780999000003');
    expect((await send(shopper, { barcode: code }, [{ field: 'photoFront', data: await jpegWithGps() }])).statusCode).toBe(201);
    const mine = (await list()).find((c) => c.barcode === code)!;
    const approve = (payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/admin/contributions/${mine.id}/approve`, headers: { cookie: admin }, payload });
    const nameless = await approve({});
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json().message).toContain('nombre');
    const named = await approve({ name: 'Jugo de naranja' });
    expect(named.statusCode, named.body).toBe(200);
    const product = (await get(`/api/products/${named.json().productId}`, other)).json<Product>();
    expect(product).toMatchObject({ name: 'Jugo de naranja', brand: '', source: 'comunidad', lockedFields: [] });
  });

  it('two admins approving at once add the product once', async () => {
    const code = ean13('780999000006');
    expect((await send(shopper, { barcode: code, name: 'Té verde' }, [{ field: 'photoFront', data: await png() }])).statusCode).toBe(201);
    const mine = (await list()).find((c) => c.barcode === code)!;
    const approve = () =>
      t.app.inject({ method: 'POST', url: `/api/admin/contributions/${mine.id}/approve`, headers: { cookie: admin }, payload: {} });
    const answers = await Promise.all([approve(), approve()]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await t.database.db.select().from(products).where(eq(products.barcode, code))).toHaveLength(1);
  });

  it('refuses what is not a photo, too big, unreadable or without its front, keeping nothing, in Spanish', async () => {
    const code = ean13('780999000004');
    const before = await storedFiles();
    const cases: [string, Awaited<ReturnType<typeof send>>, number, RegExp][] = [
      ['a text file called .jpg', await send(shopper, { barcode: code }, [{ field: 'photoFront', data: Buffer.from('no soy una foto, soy texto'), name: 'foto.jpg' }]), 415, /JPEG, PNG o WebP/],
      ['a GIF', await send(shopper, { barcode: code }, [{ field: 'photoFront', data: await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } }).gif().toBuffer(), type: 'image/gif' }]), 415, /JPEG, PNG o WebP/],
      ['a JPEG over 8 MB', await send(shopper, { barcode: code }, [{ field: 'photoFront', data: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(8 * 1024 * 1024)]) }]), 413, /8 MB/],
      ['JPEG magic bytes and then garbage', await send(shopper, { barcode: code }, [{ field: 'photoFront', data: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]) }]), 400, /No pudimos leer/],
      ['no front photo', await send(shopper, { barcode: code }, [{ field: 'photoNutrition', data: await png(), type: 'image/png' }]), 400, /frente/],
      ['a code with a wrong check digit', await send(shopper, { barcode: '7809990000040' === code ? '7809990000041' : '7809990000040' }, [{ field: 'photoFront', data: await png() }]), 400, /no es válido/],
      ['completing a code we have without a photo', await send(shopper, { barcode: existingCode, totalSugarsG100: '5' }, []), 400, /al menos una foto/],
      ['an impossible label', await send(shopper, { barcode: code, totalSugarsG100: '80', carbohydratesG100: '20' }, [{ field: 'photoFront', data: await png() }]), 400, /Azúcares/],
      ['readings that are not JSON', await send(shopper, { barcode: code, readings: '{"totalSugarsG100":' }, [{ field: 'photoFront', data: await png() }]), 400, /tómalas de nuevo/],
      ['a field we do not take', await send(shopper, { barcode: code, healthScore: '10' }, [{ field: 'photoFront', data: await png() }]), 400, /.+/],
    ];
    for (const [name, res, status, message] of cases) {
      expect(res.statusCode, `${name}: ${res.body}`).toBe(status);
      expect(res.json().message, name).toMatch(message);
      expect(res.body, name).not.toMatch(/FST_|Error:|undefined/);
    }
    const json = await t.app.inject({ method: 'POST', url: '/api/contributions', headers: { cookie: shopper }, payload: { barcode: code } });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toContain('fotos');
    expect(await storedFiles()).toEqual(before);
    // Each refusal is kept a day to count toward the limits, with why and nothing of what was sent.
    const rows = await t.database.db.select().from(contributions).where(eq(contributions.barcode, code));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row).toMatchObject({ status: 'refused', name: null, brand: null, ingredients: null, totalSugarsG100: null });
      expect(row.rejectReason).toMatch(/\S/);
    }
  });

  it('a photo over 24 megapixels (a 49 MP PNG that weighs little) is refused before it is decoded, keeping nothing', async () => {
    const code = ean13('780999000008');
    const before = await storedFiles();
    const big = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#ffffff' } }).png().toBuffer();
    expect(big.length).toBeLessThan(8 * 1024 * 1024);
    const res = await send(shopper, { barcode: code }, [{ field: 'photoFront', data: big, type: 'image/png' }]);
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json()).toEqual({ code: 'PHOTO_TOO_MANY_PIXELS', message: expect.stringContaining('24 megapíxeles') });
    expect(await storedFiles()).toEqual(before);
  }, 60_000);

  it('a shopper who erases their account: Mi cuenta listed what they sent; afterwards it no longer names them', async () => {
    const cookie = await signedInAs(t.app, t.database.db, 'borrame@example.cl', 'user');
    const code = ean13('780999000007');
    const sent = await send(cookie, { barcode: code, name: 'Mermelada' }, [{ field: 'photoFront', data: await png() }]);
    expect(sent.statusCode).toBe(201);
    const account = await get('/api/account', cookie);
    // Its id opens it again from Mi cuenta or a second scan ("Ver mi envío").
    expect(account.json().contributions).toEqual([
      expect.objectContaining({ id: sent.json().id, barcode: code, status: 'pending', name: 'Mermelada', rejectReason: null }),
    ]);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/account', headers: { cookie } })).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(contributions).where(eq(contributions.barcode, code));
    // The pack photos and what the label says stay for review; who sent them and the network digest do not.
    expect(row).toMatchObject({ userId: null, ipHash: '', status: 'pending', name: 'Mermelada' });
    expect((await list()).find((c) => c.barcode === code)).toMatchObject({ contributorEmail: null, photos: [expect.anything()] });
  });

  it('Mi cuenta and the download hold what a shopper sent: the label as written and the photos themselves', async () => {
    const cookie = await signedInAs(t.app, t.database.db, 'exporta@example.cl', 'user');
    const code = ean13('780999000010');
    const front = await jpegWithGps('#8e44ad');
    const sent = await send(cookie, { barcode: code, name: 'Queque', brand: 'Casero', ingredients: 'harina, huevo', totalSugarsG100: '30', carbohydratesG100: '55' }, [
      { field: 'photoFront', data: front },
      { field: 'photoNutrition', data: await png(), type: 'image/png' },
    ]);
    expect(sent.statusCode, sent.body).toBe(201);
    const [mine] = (await get('/api/account', cookie)).json<AccountData>().contributions;
    expect(mine).toMatchObject({
      barcode: code,
      name: 'Queque',
      brand: 'Casero',
      ingredients: 'harina, huevo',
      nutrients: expect.objectContaining({ totalSugarsG100: 30, carbohydratesG100: 55, proteinG100: null }),
      photos: [expect.objectContaining({ kind: 'front' }), expect.objectContaining({ kind: 'nutrition' })],
    });
    // Its sender may open the photos while they wait for review; another shopper may not.
    expect((await get(mine!.photos[0]!.url, cookie)).statusCode).toBe(200);
    expect((await get(mine!.photos[0]!.url, other)).statusCode).toBe(404);
    const download = await get('/api/account/export', cookie);
    expect(download.statusCode).toBe(200);
    const exported = accountExport.parse(download.json());
    const photo = exported.contributions[0]!.photos[0]!;
    const decoded = await sharp(Buffer.from(photo.jpegBase64, 'base64')).metadata();
    expect(decoded).toMatchObject({ format: 'jpeg', width: photo.width, height: photo.height });
    expect(hasGpsPointer(decoded.exif)).toBe(false);

    // Completing a product we have is theirs too: listed with what they sent and its photo. (Whether "per 100 mL" is
    // stored depends on what the catalogue already says: a value equal to the product's is not a change.)
    const completed = await send(cookie, { barcode: LACKING_CODE, totalSugarsG100: '5', per: '100 mL' }, [
      { field: 'photoNutrition', data: await png(), type: 'image/png' },
    ]);
    expect(completed.statusCode, completed.body).toBe(201);
    const again = accountExport.parse((await get('/api/account/export', cookie)).json()).contributions;
    expect(again.map((c) => c.barcode)).toEqual([code, LACKING_CODE]);
    expect(again[1]).toMatchObject({
      status: 'pending',
      name: null,
      nutrients: expect.objectContaining({ totalSugarsG100: 5 }),
      photos: [expect.objectContaining({ kind: 'nutrition', jpegBase64: expect.stringMatching(/^\/9j\//) })],
    });
  });

  it('what an erased shopper sent is purged once reviewed (rejected) or after 90 days unreviewed, photos and all; approved stays', async () => {
    const cookie = await signedInAs(t.app, t.database.db, 'se.va@example.cl', 'user');
    const codes = ['780999000011', '780999000012', '780999000013', '780999000014'].map(ean13);
    for (const code of codes) {
      expect((await send(cookie, { barcode: code, name: `Producto ${code}` }, [{ field: 'photoFront', data: await png() }])).statusCode).toBe(201);
    }
    const byCode = async () => new Map((await list()).map((c) => [c.barcode, c]));
    const pending = await byCode();
    const fileOf = (code: string) => pending.get(code)!.photos[0]!.url.split('/').pop()!;
    const reject = (id: number) =>
      t.app.inject({ method: 'POST', url: `/api/admin/contributions/${id}/reject`, headers: { cookie: admin }, payload: { reason: 'No se ve' } });
    // Rejected before the erasure: goes with it.
    expect((await reject(pending.get(codes[0]!)!.id)).statusCode).toBe(200);
    // Approved before: the product keeps it.
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/contributions/${pending.get(codes[1]!)!.id}/approve`, headers: { cookie: admin }, payload: {} })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/account', headers: { cookie } })).statusCode).toBe(200);

    const left = async () => (await t.database.db.select().from(contributions)).filter((c) => codes.includes(c.barcode));
    expect((await left()).map((c) => c.barcode).sort()).toEqual([codes[1], codes[2], codes[3]]);
    expect(await storedFiles()).not.toContain(fileOf(codes[0]!));

    // Still pending, rejected after the erasure: nothing of it stays.
    expect((await reject(pending.get(codes[2]!)!.id)).statusCode).toBe(200);
    expect((await left()).map((c) => c.barcode).sort()).toEqual([codes[1], codes[3]]);
    expect(await storedFiles()).not.toContain(fileOf(codes[2]!));

    // Unreviewed for 90 days: the retention job's purge takes it; a day before, it waits. (Its purge alone: the whole
    // job run 90 days ahead would also end every session of this file.)
    const ninetyDays = 90 * 86_400_000;
    const sentAt = (await left()).find((c) => c.barcode === codes[3])!.createdAt.getTime();
    await t.app.services.contributions.purgeExpired(new Date(sentAt + ninetyDays - 86_400_000));
    expect((await left()).map((c) => c.barcode).sort()).toEqual([codes[1], codes[3]]);
    await t.app.services.contributions.purgeExpired(new Date(sentAt + ninetyDays + 1000));
    expect((await left()).map((c) => c.barcode)).toEqual([codes[1]]);
    expect(await storedFiles()).not.toContain(fileOf(codes[3]!));
    expect(await storedFiles()).toContain(fileOf(codes[1]!));
  });

  it('a photo without a row (a crash between saving it and committing its row) is swept, and so is a part; photos with rows and young ones stay', async () => {
    const code = ean13('780999000015');
    expect((await send(shopper, { barcode: code }, [{ field: 'photoFront', data: await png() }])).statusCode).toBe(201);
    const kept = (await list()).find((c) => c.barcode === code)!.photos[0]!.url.split('/').pop()!;
    const orphans = ['a'.repeat(32), 'b'.repeat(32)].map((n) => `${n}.jpg`);
    const young = `${'d'.repeat(32)}.jpg`;
    const hourAgo = new Date(Date.now() - 3_600_000);
    const { db } = t.database;
    // Each store's own leftovers: rows of `photo_blobs` on PostgreSQL; files, and a write's `.part`, in the folder.
    const swept = testDatabaseKind === 'postgres' ? orphans : [...orphans, `${'c'.repeat(32)}.jpg.part`];
    if (testDatabaseKind === 'postgres') {
      await db.insert(photoBlobs).values([
        ...orphans.map((file) => ({ file, data: Buffer.from('x'), createdAt: hourAgo })),
        { file: young, data: Buffer.from('x') },
      ]);
      await db.update(photoBlobs).set({ createdAt: hourAgo }).where(eq(photoBlobs.file, kept));
    } else {
      for (const name of [...swept, young]) await fs.writeFile(path.join(uploads, name), 'x');
      for (const name of [...swept, kept]) await fs.utimes(path.join(uploads, name), hourAgo, hourAgo);
    }

    const report = await t.app.services.retention.runOnce();
    expect(report.orphanPhotos).toBe(swept.length);
    const files = await storedFiles();
    for (const gone of swept) expect(files).not.toContain(gone);
    expect(files).toContain(kept);
    // Younger than the grace: perhaps another process's upload between its save and its commit.
    expect(files).toContain(young);
    await (testDatabaseKind === 'postgres' ? db.delete(photoBlobs).where(eq(photoBlobs.file, young)) : fs.rm(path.join(uploads, young)));
  });

  it('only signed-in shoppers send; only admins list and review', async () => {
    const code = ean13('780999000005');
    expect((await send(undefined, { barcode: code }, [{ field: 'photoFront', data: await png() }])).statusCode).toBe(401);
    expect((await get('/api/admin/contributions', shopper)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/contributions/1/approve', headers: { cookie: shopper }, payload: {} })).statusCode).toBe(403);
    expect((await get('/api/contributions/photos/../../etc/passwd', admin)).statusCode).toBeGreaterThanOrEqual(400);
    expect((await get(`/api/contributions/photos/${'0'.repeat(32)}.jpg`, admin)).statusCode).toBe(404);
  });
});

describe(`contribution limits per account and per network (${testDatabaseKind})`, () => {
  let t: TestApp;
  let dir: string;

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ec-contrib-limits-'));
    t = await buildTestApp({ UPLOADS_DIR: dir, CONTRIBUTIONS_PER_USER_PER_DAY: '2', CONTRIBUTIONS_PER_IP_PER_DAY: '3' });
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  const send = async (cookie: string, code: string, ip: string) => {
    const body = await multipart({ barcode: code }, [{ field: 'photoFront', data: await png() }]);
    return t.app.inject({ method: 'POST', url: '/api/contributions', headers: { 'content-type': body.contentType, cookie }, payload: body.payload, remoteAddress: ip });
  };

  it('an account sends at most its daily number, even all at once', async () => {
    const ana = await signedInAs(t.app, t.database.db, 'ana@example.cl', 'user');
    const answers = await Promise.all(['1', '2', '3', '4'].map((d) => send(ana, ean13(`78099910000${d}`), `10.0.0.${d}`)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 429, 429]);
    const refused = answers.find((a) => a.statusCode === 429)!;
    expect(refused.json().message).toContain('24 horas');
    // The refused ones left no photo behind.
    expect((await storedPhotos(t)).length).toBe(2);
  });

  it('one network sends at most its daily number, whatever the accounts', async () => {
    const codes = ['5', '6', '7', '8'].map((d) => ean13(`78099910000${d}`));
    const statuses = [];
    for (const [i, code] of codes.entries()) {
      const cookie = await signedInAs(t.app, t.database.db, `vecino${i}@example.cl`, 'user');
      statuses.push((await send(cookie, code, '192.0.2.9')).statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
  });

  it('a sending refused after its photos were read counts toward the limit (an unreadable third photo, an impossible label)', async () => {
    const cata = await signedInAs(t.app, t.database.db, 'cata@example.cl', 'user');
    const sendWith = async (fields: Record<string, string>, photos: UploadedFile[]) => {
      const body = await multipart(fields, photos);
      return t.app.inject({ method: 'POST', url: '/api/contributions', headers: { 'content-type': body.contentType, cookie: cata }, payload: body.payload, remoteAddress: '10.9.9.9' });
    };
    const garbage = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);
    const third = await sendWith({ barcode: ean13('780999200001') }, [
      { field: 'photoFront', data: await png() },
      { field: 'photoIngredients', data: await png() },
      { field: 'photoNutrition', data: garbage },
    ]);
    expect(third.statusCode).toBe(400);
    const impossible = await sendWith({ barcode: ean13('780999200002'), totalSugarsG100: '80', carbohydratesG100: '20' }, [{ field: 'photoFront', data: await png() }]);
    expect(impossible.statusCode).toBe(400);
    const fine = await sendWith({ barcode: ean13('780999200003') }, [{ field: 'photoFront', data: await png() }]);
    expect(fine.statusCode, fine.body).toBe(429);
    expect(fine.json().message).toContain('24 horas');
    // Mi cuenta shows what was refused and why, for the day it counts.
    const mine = (await t.app.inject({ url: '/api/account', headers: { cookie: cata } })).json<{ contributions: { status: string; rejectReason: string }[] }>();
    expect(mine.contributions.map((c) => c.status)).toEqual(['refused', 'refused']);
    // A refusal is a count, not a contribution: its sender has no provisional page for it.
    const refused = await t.database.db.select({ id: contributions.id }).from(contributions).where(eq(contributions.barcode, ean13('780999200002')));
    expect((await t.app.inject({ url: `/api/contributions/${refused[0]!.id}`, headers: { cookie: cata } })).statusCode).toBe(404);
  });

  it('the same shopper cannot send the same code twice while it waits for review', async () => {
    const bea = await signedInAs(t.app, t.database.db, 'bea@example.cl', 'user');
    const code = ean13('780999100009');
    expect((await send(bea, code, '10.1.1.1')).statusCode).toBe(201);
    const twice = await send(bea, code, '10.1.1.1');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toContain('revisando');
  });
});
