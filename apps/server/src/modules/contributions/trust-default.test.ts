import { beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@etiqueta/contracts';
import { sharedTestApp, testDatabaseKind, testEnv } from '../../../test/helpers.ts';
import { ean13, jpeg, multipart, seedCatalogue, signedInAs } from '../../../test/fixtures.ts';

/** Six products lacking their sugars: each can be completed once. */
const LACKING = Array.from({ length: 6 }, (_, i) => ean13(`78088810000${i}`));

// trusted.test.ts lowers CONTRIBUTIONS_TRUST_AFTER to 2 to reach trust quickly; this one runs with the setting as
// it ships (and the default daily limits, which six sendings stay under).
describe(`With the default CONTRIBUTIONS_TRUST_AFTER, five approved completions make a member trusted (${testDatabaseKind})`, () => {
  const t = sharedTestApp();
  let admin: string;
  let member: string;
  let other: string;
  const ids = new Map<string, number>();

  beforeAll(async () => {
    const seeded = await seedCatalogue(
      t.app,
      LACKING.map((barcode, i) => ({ barcode, name: `Jugo ${i}`, totalSugarsG100: null })),
    );
    for (const p of seeded.products) ids.set(p.barcode, p.id);
    admin = await signedInAs(t.app, t.database.db, 'admin@example.cl', 'admin');
    member = await signedInAs(t.app, t.database.db, 'constante@example.cl', 'user');
    other = await signedInAs(t.app, t.database.db, 'otro@example.cl', 'user');
  });

  /** The member sends the sugars a product lacks, with the photo of its table. */
  async function complete(code: string) {
    const body = await multipart({ barcode: code, totalSugarsG100: '9,5', per: '100 g', offConsent: 'false' }, [
      { field: 'photoNutrition', data: await jpeg('#2e86c1') },
    ]);
    const res = await t.app.inject({ method: 'POST', url: '/api/contributions', headers: { 'content-type': body.contentType, cookie: member }, payload: body.payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: number; status: string }>();
  }
  /** The product's sugars as another shopper sees them. */
  const sugarsSeenByAnyone = async (code: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/products/${ids.get(code)}`, headers: { cookie: other } })).json<Product>().totalSugarsG100;

  it('the first five wait for an admin; once all five are approved, the sixth is public at once', async () => {
    expect(testEnv().CONTRIBUTIONS_TRUST_AFTER).toBe(5);
    for (const code of LACKING.slice(0, 5)) {
      const sent = await complete(code);
      // Not yet trusted (the fifth is sent with four approved): it waits, and nobody else sees it.
      expect(sent.status).toBe('pending');
      expect(await sugarsSeenByAnyone(code)).toBeNull();
      const approved = await t.app.inject({ method: 'POST', url: `/api/admin/contributions/${sent.id}/approve`, headers: { cookie: admin }, payload: {} });
      expect(approved.statusCode, approved.body).toBe(200);
      expect(await sugarsSeenByAnyone(code)).toBe(9.5);
    }

    const sixth = await complete(LACKING[5]!);
    expect(sixth.status).toBe('approved');
    expect(await sugarsSeenByAnyone(LACKING[5]!)).toBe(9.5);
  });
});
