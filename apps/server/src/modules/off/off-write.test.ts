import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminContribution, OffWriteStatus } from '@etiqueta/contracts';
import { buildTestApp, testDatabaseKind, type TestApp } from '../../../test/helpers.ts';
import { ean13, jpeg, multipart, signedInAs } from '../../../test/fixtures.ts';
import { OFF_WRITE_ACCOUNT, startFakeOffWrite, type FakeOffWrite } from '../../../test/fake-off-write.ts';
import { startAppWithOffWrite } from '../../../test/off-write-app.ts';
import { contributions, offOutbox, users } from '../../db/schema.ts';


describe(`Approved contributions go to Open Food Facts through the outbox (${testDatabaseKind})`, () => {
  let off: FakeOffWrite;
  let t: TestApp;
  let admin: string;
  let shopper: string;
  let serial = 100;

  beforeAll(async () => {
    ({ off, t } = await startAppWithOffWrite({}, { retryAfterSeconds: 7 }));
    admin = await signedInAs(t.app, t.database.db, 'admin@example.cl', 'admin');
    shopper = await signedInAs(t.app, t.database.db, 'ana@example.cl', 'user');
  });
  afterAll(async () => {
    await t.close();
    await off.close();
  });
  beforeEach(() => {
    off.setFailRate(0);
    off.setDown(false);
  });

  const writer = () => t.app.services.offWriter;
  const list = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/admin/contributions?status=approved', headers: { cookie: admin } })).json<AdminContribution[]>();

  /** A shopper sends a product we lack with its three photos; an admin approves it (correcting the name). */
  async function sendAndApprove(consent: boolean, cookie = shopper) {
    const code = ean13(`7809990${String(serial++).padStart(5, '0')}`);
    const body = await multipart(
      {
        barcode: code,
        name: 'galletas avena',
        brand: 'La Abuela',
        ingredients: 'harina de avena, azúcar, aceite de maravilla',
        energyKcal100: '450',
        totalFatG100: '18',
        saturatedFatG100: '8',
        carbohydratesG100: '60',
        totalSugarsG100: '24,5',
        proteinG100: '7',
        sodiumMg100: '300',
        per: '100 g',
        ...(consent ? { offConsent: 'true' } : {}),
      },
      [
        { field: 'photoFront', data: await jpeg('#c0392b') },
        { field: 'photoIngredients', data: await jpeg('#27ae60') },
        { field: 'photoNutrition', data: await jpeg('#2e86c1') },
      ],
    );
    const sent = await t.app.inject({ method: 'POST', url: '/api/contributions', headers: { 'content-type': body.contentType, cookie }, payload: body.payload });
    expect(sent.statusCode, sent.body).toBe(201);
    const { id } = sent.json<{ id: number }>();
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/admin/contributions/${id}/approve`,
      headers: { cookie: admin },
      payload: { name: 'Galletas de Avena' },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    return { id, code };
  }

  it('the admin page says approved contributions are sent, and the stand-in receives the product and its three photos in OFF format', async () => {
    const status = await t.app.inject({ method: 'GET', url: '/api/admin/off-write', headers: { cookie: admin } });
    expect(status.json<OffWriteStatus>().enabled).toBe(true);
    // Not for shoppers.
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/off-write', headers: { cookie: shopper } })).statusCode).toBe(403);

    const { id, code } = await sendAndApprove(true);
    await writer().drain();
    expect(off.violations).toEqual([]);
    const products = off.productWrites.filter((w) => w.code === code);
    expect(products).toHaveLength(1);
    const [uuid] = await t.database.db.select({ u: users.offAppUuid }).from(users).where(eq(users.email, 'ana@example.cl'));
    expect(products[0]!.fields).toEqual({
      code,
      lang: 'es',
      lc: 'es',
      add_countries: 'Chile',
      comment: 'Aporte de un usuario de Etiqueta Clara (Chile), revisado por su equipo',
      app_name: 'EtiquetaClara',
      app_version: '1.0',
      app_uuid: uuid!.u,
      product_name_es: 'Galletas de Avena',
      brands: 'La Abuela',
      ingredients_text_es: 'harina de avena, azúcar, aceite de maravilla',
      nutrition_data_per: '100g',
      'nutriment_energy-kcal': '450',
      'nutriment_energy-kcal_unit': 'kcal',
      nutriment_fat: '18',
      nutriment_fat_unit: 'g',
      'nutriment_saturated-fat': '8',
      'nutriment_saturated-fat_unit': 'g',
      nutriment_carbohydrates: '60',
      nutriment_carbohydrates_unit: 'g',
      nutriment_sugars: '24.5',
      nutriment_sugars_unit: 'g',
      nutriment_proteins: '7',
      nutriment_proteins_unit: 'g',
      nutriment_sodium: '300',
      nutriment_sodium_unit: 'mg',
    });
    expect(off.imageWrites.filter((w) => w.code === code).map((w) => w.imagefield)).toEqual(['front_es', 'ingredients_es', 'nutrition_es']);
    // Nothing of the person: no e-mail, no name (the stand-in refuses any value with an @ as well).
    expect(JSON.stringify(products)).not.toMatch(/ana@example|Pérez/);
    const row = (await list()).find((c) => c.id === id)!;
    expect(row.offSending).toMatchObject({ state: 'sent', label: 'Enviado a Open Food Facts' });
  });

  it('without consent nothing is sent, and the admin sees why', async () => {
    const before = off.productWrites.length;
    const { id } = await sendAndApprove(false);
    await writer().drain();
    expect(off.productWrites.length).toBe(before);
    expect(await t.database.db.select().from(offOutbox).where(eq(offOutbox.contributionId, id))).toEqual([]);
    expect((await list()).find((c) => c.id === id)!.offSending?.state).toBe('not_consented');
  });

  it('429 and 503 leave the row pending with the error in Spanish, after Retry-After; it is sent once when OFF is back', async () => {
    off.setFailRate(1);
    const { id, code } = await sendAndApprove(true);
    const startedAt = Date.now();
    await writer().drain();
    const [row] = await t.database.db.select().from(offOutbox).where(eq(offOutbox.contributionId, id));
    expect(row!.state).toBe('pending');
    expect(row!.attempts).toBe(1);
    expect(row!.lastError).toMatch(/^Open Food Facts respondió (429|503) \((demasiadas solicitudes|no disponible)\); se reintentará\.$/);
    // Retry-After: 7 s honoured (at least), for this row and, through the shared limiter, for every process.
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(startedAt + 7_000 - 50);
    expect((await t.app.services.limiter.take('off:writes', { limit: 600, windowMs: 60_000 })).allowed).toBe(false);
    const shown = (await list()).find((c) => c.id === id)!.offSending!;
    expect(shown.state).toBe('pending');
    expect(shown.label).toMatch(/^Pendiente de envío — último intento: Open Food Facts respondió/);

    // OFF is back and the wait has passed.
    off.setFailRate(0);
    await t.app.services.limiter.reset('off:writes');
    await t.database.db.update(offOutbox).set({ nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(offOutbox.id, row!.id));
    await writer().drain();
    await writer().drain();
    expect(off.productWrites.filter((w) => w.code === code)).toHaveLength(1);
    expect(off.imageWrites.filter((w) => w.code === code)).toHaveLength(3);
    expect((await list()).find((c) => c.id === id)!.offSending?.state).toBe('sent');
  });

  it('OFF down (connections dropped) is retried like a 5xx; nothing is lost', async () => {
    off.setDown(true);
    const { id, code } = await sendAndApprove(true);
    await writer().drain();
    const [row] = await t.database.db.select().from(offOutbox).where(eq(offOutbox.contributionId, id));
    expect(row!.state).toBe('pending');
    expect(row!.lastError).toBe('Open Food Facts no respondió (error de red); se reintentará.');
    off.setDown(false);
    await t.database.db.update(offOutbox).set({ nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(offOutbox.id, row!.id));
    await writer().drain();
    expect(off.productWrites.filter((w) => w.code === code)).toHaveLength(1);
    expect(off.imageWrites.filter((w) => w.code === code)).toHaveLength(3);
  });

  it('a sender killed mid-row: after its lease, the next one sends only the steps not recorded, and a photo OFF already has counts as sent', async () => {
    const { id, code } = await sendAndApprove(true);
    // Let the fields and the front go through, then "kill" the sender: the row stays claimed, the ingredients photo
    // reached OFF but was never recorded (the crash came between OFF's answer and our update).
    await writer().drain();
    const [done] = await t.database.db.select().from(offOutbox).where(eq(offOutbox.contributionId, id));
    await t.database.db
      .update(offOutbox)
      .set({ state: 'pending', sentAt: null, photosSent: ['front_es'], claimedUntil: new Date(Date.now() + 60_000) })
      .where(eq(offOutbox.id, done!.id));
    const writesBefore = off.productWrites.length;
    // Still leased by the dead sender: nobody takes it.
    expect(await writer().drain()).toBe(0);
    // The lease ran out.
    await t.database.db.update(offOutbox).set({ claimedUntil: new Date(Date.now() - 1000) }).where(eq(offOutbox.id, done!.id));
    await writer().drain();
    expect(off.productWrites.length).toBe(writesBefore);
    // The ingredients photo was answered "This picture has already been sent." (OFF keeps one); the table went once.
    expect(off.duplicates.filter((d) => d.code === code).map((d) => d.imagefield)).toEqual(['ingredients_es', 'nutrition_es']);
    expect(off.imageWrites.filter((w) => w.code === code)).toHaveLength(3);
    const [after] = await t.database.db.select().from(offOutbox).where(eq(offOutbox.id, done!.id));
    expect(after!.state).toBe('sent');
  });

  it('two senders at once never send the same row (claims skip what another holds)', async () => {
    off.setDown(true);
    const codes: string[] = [];
    for (let i = 0; i < 6; i++) codes.push((await sendAndApprove(true)).code);
    await writer().drain();
    off.setDown(false);
    await t.database.db.update(offOutbox).set({ nextAttemptAt: sql`now() - interval '1 second'` }).where(eq(offOutbox.state, 'pending'));
    await Promise.all([writer().drain(), writer().drain(), writer().drain()]);
    for (const code of codes) {
      expect(off.productWrites.filter((w) => w.code === code)).toHaveLength(1);
      expect(off.imageWrites.filter((w) => w.code === code)).toHaveLength(3);
    }
    expect(off.duplicates.filter((d) => codes.includes(d.code))).toEqual([]);
  });

  it('a refusal from OFF (wrong password) is final and shown to the admin in Spanish', async () => {
    const wrong = await buildTestApp({ OFF_WRITE_USER: OFF_WRITE_ACCOUNT.user, OFF_WRITE_PASSWORD: 'otra-clave', OFF_WRITE_URL: off.url });
    try {
      const boss = await signedInAs(wrong.app, wrong.database.db, 'jefa@example.cl', 'admin');
      const me = await signedInAs(wrong.app, wrong.database.db, 'eva@example.cl', 'user');
      const code = ean13('780999100001');
      const body = await multipart({ barcode: code, name: 'Té verde', offConsent: 'true' }, [{ field: 'photoFront', data: await jpeg('#16a085') }]);
      const sent = await wrong.app.inject({ method: 'POST', url: '/api/contributions', headers: { 'content-type': body.contentType, cookie: me }, payload: body.payload });
      const { id } = sent.json<{ id: number }>();
      await wrong.app.inject({ method: 'POST', url: `/api/admin/contributions/${id}/approve`, headers: { cookie: boss }, payload: {} });
      await wrong.app.services.offWriter.drain();
      const shown = (
        await wrong.app.inject({ method: 'GET', url: '/api/admin/contributions?status=approved', headers: { cookie: boss } })
      ).json<AdminContribution[]>()[0]!.offSending!;
      expect(shown).toMatchObject({ state: 'failed', label: 'No se pudo enviar a Open Food Facts: Open Food Facts rechazó el envío (HTTP 403).' });
    } finally {
      off.violations.splice(0, off.violations.length);
      await wrong.close();
    }
  });

  it('erasing an account leaves nothing naming the person in the outbox; what they consented to still goes, under a random id', async () => {
    const leaving = await signedInAs(t.app, t.database.db, 'borrar@example.cl', 'user');
    const [person] = await t.database.db.select().from(users).where(eq(users.email, 'borrar@example.cl'));
    off.setDown(true);
    const { id, code } = await sendAndApprove(true, leaving);
    await writer().drain();
    off.setDown(false);
    const [queued] = await t.database.db.select().from(offOutbox).where(eq(offOutbox.contributionId, id));
    expect(queued!.appUuid).toBe(person!.offAppUuid);

    expect((await t.app.inject({ method: 'DELETE', url: '/api/account', headers: { cookie: leaving } })).statusCode).toBe(200);
    const [after] = await t.database.db.select().from(offOutbox).where(eq(offOutbox.contributionId, id));
    expect(after!.appUuid).not.toBe(person!.offAppUuid);
    expect(after!.appUuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.stringify(after)).not.toMatch(/borrar@example|Pérez|Ana/);
    // No table still holds the old id.
    expect(await t.database.db.select({ id: users.id }).from(users).where(eq(users.offAppUuid, person!.offAppUuid))).toEqual([]);
    const [contribution] = await t.database.db.select().from(contributions).where(eq(contributions.id, id));
    expect(contribution!.userId).toBeNull();

    await t.database.db.update(offOutbox).set({ nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(offOutbox.id, after!.id));
    await writer().drain();
    const received = off.productWrites.filter((w) => w.code === code);
    expect(received).toHaveLength(1);
    expect(received[0]!.fields.app_uuid).toBe(after!.appUuid);
  });
});

describe(`Without OFF_WRITE_USER nothing is sent (${testDatabaseKind})`, () => {
  it('the admin page says so, and approving queues nothing that goes out', async () => {
    const off = await startFakeOffWrite({ user: 'x', password: 'y' });
    const t = await buildTestApp({ OFF_WRITE_URL: off.url });
    try {
      const admin = await signedInAs(t.app, t.database.db, 'admin@example.cl', 'admin');
      const status = (await t.app.inject({ method: 'GET', url: '/api/admin/off-write', headers: { cookie: admin } })).json<OffWriteStatus>();
      expect(status).toEqual({
        enabled: false,
        message: 'Las contribuciones aprobadas no se envían a Open Food Facts: falta configurar la cuenta (OFF_WRITE_USER y OFF_WRITE_PASSWORD).',
      });
      expect(await t.app.services.offWriter.drain()).toBe(0);
      expect(off.productWrites).toEqual([]);
    } finally {
      await t.close();
      await off.close();
    }
  });
});
