import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminContribution, ContributionView, Product } from '@etiqueta/contracts';
import { testDatabaseKind, type TestApp } from '../../../test/helpers.ts';
import { ean13, jpeg, multipart, seedCatalogue, signedInAs, signedInCast } from '../../../test/fixtures.ts';
import type { FakeOffWrite } from '../../../test/fake-off-write.ts';
import { startAppWithOffWrite } from '../../../test/off-write-app.ts';
import { auditLog, contributions, offOutbox, products } from '../../db/schema.ts';

const HOUR = 3_600_000;

/** Products lacking their sugars, their list and their front photo: each can be completed once. */
const LACKING = Array.from({ length: 8 }, (_, i) => ean13(`78088800000${i}`));

describe(`Trusted contributors publish at once; an admin reverts in one click (${testDatabaseKind})`, () => {
  let off: FakeOffWrite;
  let t: TestApp;
  let admin: string;
  let shopper: string;
  let other: string;
  let serial = 100;
  const ids = new Map<string, number>();

  beforeAll(async () => {
    ({ off, t } = await startAppWithOffWrite({ CONTRIBUTIONS_TRUST_AFTER: '2' }));
    const seeded = await seedCatalogue(
      t.app,
      LACKING.map((barcode, i) => ({ barcode, name: `Yogur ${i}`, totalSugarsG100: null, ingredients: null })),
    );
    for (const p of seeded.products) ids.set(p.barcode, p.id);
    ({ admin, shopper, other } = await signedInCast(t.app, t.database.db));
  });
  afterAll(async () => {
    await t.close();
    await off.close();
  });

  const inject = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const productOf = async (code: string, cookie = other) => (await inject('GET', `/api/products/${ids.get(code)}`, cookie)).json<Product>();
  /** The product page's data as anyone sees it, without the moment it was last written. */
  const page = async (code: string) => {
    const { updatedAt: _updatedAt, ...rest } = await productOf(code);
    return rest;
  };
  const list = async (status: string) => (await inject('GET', `/api/admin/contributions?status=${status}`, admin)).json<AdminContribution[]>();
  const audits = async (id: number) =>
    (await t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'contribution'), eq(auditLog.entityId, String(id))))).map((a) => a.action);
  const outboxOf = async (id: number) => (await t.database.db.select().from(offOutbox).where(eq(offOutbox.contributionId, id)))[0];

  async function send(cookie: string, fields: Record<string, string>, photos: { field: string; data: Buffer }[]) {
    const body = await multipart(fields, photos);
    const res = await t.app.inject({ method: 'POST', url: '/api/contributions', headers: { 'content-type': body.contentType, cookie }, payload: body.payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: number; status: string; message: string }>();
  }
  /** A code we lack, with its front: always waits for an admin, who approves it. */
  async function newProductApproved(cookie: string) {
    const { id, status } = await send(cookie, { barcode: ean13(`7809990${String(serial++).padStart(5, '0')}`), name: 'Galletas', offConsent: 'true' }, [
      { field: 'photoFront', data: await jpeg('#c0392b') },
    ]);
    expect(status).toBe('pending');
    expect((await inject('POST', `/api/admin/contributions/${id}/approve`, admin, {})).statusCode).toBe(200);
    return id;
  }
  /** Completes a product lacking its list, table and front: the three photos and the values read from them. */
  const complete = async (cookie: string, code: string, sugars = '12,5') =>
    send(
      cookie,
      { barcode: code, ingredients: 'leche, azúcar, cultivos lácticos', totalSugarsG100: sugars, per: '100 g', offConsent: 'true' },
      [
        { field: 'photoFront', data: await jpeg('#8e44ad') },
        { field: 'photoIngredients', data: await jpeg('#27ae60') },
        { field: 'photoNutrition', data: await jpeg('#2e86c1') },
      ],
    );

  it('after CONTRIBUTIONS_TRUST_AFTER approvals and no rejection, a completion publishes at once for everyone, audited', async () => {
    // One approval short of trust: the completion waits, and nobody else sees it.
    await newProductApproved(shopper);
    const waiting = await complete(shopper, LACKING[0]!);
    expect(waiting.status).toBe('pending');
    expect((await productOf(LACKING[0]!)).totalSugarsG100).toBeNull();
    await inject('POST', `/api/admin/contributions/${waiting.id}/reject`, admin, { reason: 'Prueba' });
    // A rejection: no trust however many approvals follow.
    await newProductApproved(shopper);
    await newProductApproved(shopper);
    expect((await complete(shopper, LACKING[1]!)).status).toBe('pending');

    // Another member, two approvals, none rejected: trusted.
    const trustedMember = await signedInAs(t.app, t.database.db, 'confiable@example.cl', 'user');
    await newProductApproved(trustedMember);
    await newProductApproved(trustedMember);
    const before = await page(LACKING[2]!);
    const published = await complete(trustedMember, LACKING[2]!);
    expect(published).toMatchObject({ status: 'approved', message: '¡Gracias! Ya está publicado: todos ven el producto con lo que enviaste.' });
    const now = await productOf(LACKING[2]!);
    expect(now).toMatchObject({ totalSugarsG100: 12.5, ingredients: 'leche, azúcar, cultivos lácticos' });
    expect(now.healthScore).not.toBeNull();
    expect(before.healthScore).toBeNull();
    // Its photos are the product's and public now.
    const front = now.images?.primary;
    expect(front).toMatch(/^\/api\/contributions\/photos\//);
    expect((await inject('GET', front!, other)).statusCode).toBe(200);
    // The sender's own page says it is published, not provisional.
    const view = (await inject('GET', `/api/contributions/${published.id}`, trustedMember)).json<ContributionView>();
    expect(view).toMatchObject({ status: 'approved', trusted: true, provisional: null, productId: ids.get(LACKING[2]!) });
    expect(await audits(published.id)).toEqual(['contribution.publish_trusted']);

    // In the admin's "Por confianza" list, waiting for a look before going to Open Food Facts: not queued yet.
    const [listed] = (await list('trusted')).filter((c) => c.id === published.id);
    expect(listed!.trust).toMatchObject({ seenAt: null, revertedAt: null });
    // What the fields it changed held before it: the review's "Antes", what a revert brings back.
    expect(listed!.trust!.before).toEqual({ ingredients: 'leche entera, azúcar', totalSugarsG100: null });
    expect(listed!.offSending).toMatchObject({ state: 'waiting', retryable: false });
    expect(listed!.offSending!.label).toMatch(/^Se envía a Open Food Facts cuando lo marques como visto, o el .+ si nadie lo revierte\.$/);
    expect(await outboxOf(published.id)).toBeUndefined();
    await t.app.services.offWriter.drain();
    expect(off.productWrites.filter((w) => w.code === LACKING[2])).toHaveLength(0);
  });

  it('an admin reverts it: the product page is exactly as before, the photos private again, trust lost, never sent to OFF', async () => {
    const member = await signedInAs(t.app, t.database.db, 'revertida@example.cl', 'user');
    await newProductApproved(member);
    await newProductApproved(member);
    const before = await page(LACKING[3]!);
    const rowBefore = (await t.database.db.select().from(products).where(eq(products.barcode, LACKING[3]!)))[0]!;
    const published = await complete(member, LACKING[3]!);
    expect(published.status).toBe('approved');
    const front = (await productOf(LACKING[3]!)).images!.primary!;
    expect(await page(LACKING[3]!)).not.toEqual(before);

    // Shoppers cannot revert.
    expect((await inject('POST', `/api/admin/contributions/${published.id}/revert`, member)).statusCode).toBe(403);
    const reverted = await inject('POST', `/api/admin/contributions/${published.id}/revert`, admin);
    expect(reverted.statusCode, reverted.body).toBe(200);
    expect(reverted.json()).toEqual({ productId: ids.get(LACKING[3]!), message: 'Revertida: el producto volvió a como estaba.' });

    // Exactly as before: what anyone sees, and every column but the moment it was written.
    expect(await page(LACKING[3]!)).toEqual(before);
    const rowAfter = (await t.database.db.select().from(products).where(eq(products.barcode, LACKING[3]!)))[0]!;
    expect({ ...rowAfter, updatedAt: null }).toEqual({ ...rowBefore, updatedAt: null });
    expect((await inject('GET', front, other)).statusCode).toBe(404);
    expect(await audits(published.id)).toEqual(['contribution.publish_trusted', 'contribution.revert']);
    const [row] = await t.database.db.select().from(contributions).where(eq(contributions.id, published.id));
    expect(row).toMatchObject({ status: 'rejected', rejectReason: 'Revertida por un administrador.' });
    expect(row!.revertedAt).not.toBeNull();

    // Once: a second revert, or "Visto" on a reverted one, is a clear 409.
    const again = await inject('POST', `/api/admin/contributions/${published.id}/revert`, admin);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONTRIBUTION_REVERTED', message: 'Esta contribución ya fue revertida.' });
    expect((await inject('POST', `/api/admin/contributions/${published.id}/seen`, admin)).statusCode).toBe(409);

    // Never sent, even once its 48 hours have passed.
    // (The first test's publication, unseen and unreverted, goes: the sweep does run.)
    expect((await t.app.services.retention.runOnce(new Date(Date.now() + 49 * HOUR))).trustedReleased).toBe(1);
    await t.app.services.offWriter.drain();
    expect(off.productWrites.filter((w) => w.code === LACKING[3])).toHaveLength(0);
    expect(off.productWrites.filter((w) => w.code === LACKING[2])).toHaveLength(1);
    expect(await outboxOf(published.id)).toBeUndefined();

    // A revert counts as a rejection: the member's next completion waits for review.
    expect((await complete(member, LACKING[4]!)).status).toBe('pending');
  });

  it('a product changed since by someone else: the revert answers 409 in Spanish and changes nothing', async () => {
    const member = await signedInAs(t.app, t.database.db, 'cambiada@example.cl', 'user');
    await newProductApproved(member);
    await newProductApproved(member);
    const published = await complete(member, LACKING[5]!);
    expect(published.status).toBe('approved');
    // An admin corrects the sugars afterwards.
    const edit = await inject('PATCH', `/api/products/${ids.get(LACKING[5]!)}`, admin, { totalSugarsG100: 9 });
    expect(edit.statusCode, edit.body).toBe(200);
    const edited = await page(LACKING[5]!);

    const res = await inject('POST', `/api/admin/contributions/${published.id}/revert`, admin);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'PRODUCT_CHANGED_SINCE',
      message: 'El producto cambió después de esta publicación (otra contribución, una edición o la sincronización). Revertir borraría ese cambio: corrígelo a mano en Productos.',
    });
    expect(await page(LACKING[5]!)).toEqual(edited);
    const [row] = await t.database.db.select().from(contributions).where(eq(contributions.id, published.id));
    expect(row).toMatchObject({ status: 'approved', revertedAt: null });
  });

  it('"Visto" queues it to OFF at once; the sweep queues the unseen after 48 h; two reverts at once: one wins', async () => {
    const member = await signedInAs(t.app, t.database.db, 'vista@example.cl', 'user');
    await newProductApproved(member);
    await newProductApproved(member);
    await t.app.services.offWriter.drain();
    const seen = await complete(member, LACKING[6]!);
    const unseen = await complete(member, LACKING[7]!);
    expect([seen.status, unseen.status]).toEqual(['approved', 'approved']);

    const ok = await inject('POST', `/api/admin/contributions/${seen.id}/seen`, admin);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await inject('POST', `/api/admin/contributions/${seen.id}/seen`, admin)).json()).toMatchObject({ code: 'CONTRIBUTION_SEEN' });
    await t.app.services.offWriter.drain();
    expect(off.violations).toEqual([]);
    const fields = off.productWrites.filter((w) => w.code === LACKING[6]);
    expect(fields).toHaveLength(1);
    expect(fields[0]!.fields).toMatchObject({ ingredients_text_es: 'leche, azúcar, cultivos lácticos', nutriment_sugars: '12.5', nutriment_sugars_unit: 'g' });
    expect(off.imageWrites.filter((w) => w.code === LACKING[6]).map((w) => w.imagefield)).toEqual(['front_es', 'ingredients_es', 'nutrition_es']);
    // The unseen one waits for its 48 hours.
    expect((await t.app.services.retention.runOnce(new Date(Date.now() + 47 * HOUR))).trustedReleased).toBe(0);
    expect(await outboxOf(unseen.id)).toBeUndefined();
    // This one, and the publication the previous test's admin edited afterwards (it stands, unseen).
    expect((await t.app.services.retention.runOnce(new Date(Date.now() + 49 * HOUR))).trustedReleased).toBe(2);
    expect(await outboxOf(unseen.id)).toBeDefined();
    await t.app.services.offWriter.drain();
    const released = off.productWrites.filter((w) => w.code === LACKING[7]);
    expect(released).toHaveLength(1);
    // Nobody here reviewed it: OFF's history does not say "revisado".
    expect(released[0]!.fields.comment).toBe('Aporte de un usuario de confianza de Etiqueta Clara (Chile)');
    expect(fields[0]!.fields.comment).toBe('Aporte de un usuario de Etiqueta Clara (Chile), revisado por su equipo');
    expect(await audits(unseen.id)).toEqual(['contribution.publish_trusted', 'contribution.off_release']);
    // A revert after OFF received it: the product here returns; OFF's copy stays in OFF's history, and the admin is told.
    const [first, second] = await Promise.all([
      inject('POST', `/api/admin/contributions/${unseen.id}/revert`, admin),
      inject('POST', `/api/admin/contributions/${unseen.id}/revert`, admin),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    expect([first, second].find((r) => r.statusCode === 200)!.json<{ message: string }>().message).toBe(
      'Revertida: el producto volvió a como estaba. Open Food Facts ya la había recibido y queda en su historial.',
    );
    expect((await outboxOf(unseen.id))!.state).toBe('sent');
  });

  it('"Reintentar envío": a row OFF refused is queued again and sent; one not in error is a 409, none a 404', async () => {
    const id = await newProductApproved(shopper);
    // OFF refuses it for good (a 4xx): failed, with the reason.
    await t.database.db.update(offOutbox).set({ state: 'failed', lastError: 'Open Food Facts rechazó el envío (HTTP 400).' }).where(eq(offOutbox.contributionId, id));
    const [failed] = (await list('approved')).filter((c) => c.id === id);
    expect(failed!.offSending).toMatchObject({ state: 'failed', retryable: true });

    expect((await inject('POST', `/api/admin/contributions/${id}/off-retry`, other)).statusCode).toBe(403);
    const retried = await inject('POST', `/api/admin/contributions/${id}/off-retry`, admin);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(await audits(id)).toContain('contribution.off_retry');
    await t.app.services.offWriter.drain();
    const [sent] = (await list('approved')).filter((c) => c.id === id);
    expect(sent!.offSending).toMatchObject({ state: 'sent', retryable: false });

    const notInError = await inject('POST', `/api/admin/contributions/${id}/off-retry`, admin);
    expect(notInError.statusCode).toBe(409);
    expect(notInError.json()).toMatchObject({ code: 'OFF_SENDING_NOT_IN_ERROR', message: 'Este envío no tiene error: no hay nada que reintentar.' });
    const missing = await inject('POST', `/api/admin/contributions/999999/off-retry`, admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'Esta contribución no tiene envío a Open Food Facts.' });
  });
});
