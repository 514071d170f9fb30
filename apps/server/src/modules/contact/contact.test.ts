import { beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, errorReports } from '../../db/schema.ts';
import { buildTestApp, sharedTestApp, testDatabaseKind } from '../../../test/helpers.ts';
import { seedOneProduct, signedInAs } from '../../../test/fixtures.ts';

describe(`contact messages and error reports (${testDatabaseKind})`, () => {
  const t = sharedTestApp();
  let cookie: string;
  let productId: number;
  beforeAll(async () => {
    productId = await seedOneProduct(t.app, { barcode: '7800000000011', name: 'Leche Entera' });
    cookie = await signedInAs(t.app, t.database.db, 'beta@example.cl');
  });
  /** A signed-in shopper's error report on the seeded product. */
  const report = (errorType: string, description = '') =>
    t.app.inject({
      method: 'POST',
      url: '/api/error-reports',
      headers: { cookie },
      payload: { errorType, description, productId, productName: 'Leche Entera' },
    });

  it('stores a contact message with every field required', async () => {
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { firstName: ' Ana ', lastName: 'Soto', email: 'ANA@example.cl', message: 'Quiero ayudar' },
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toEqual({ message: 'Mensaje enviado' });
    const rows = await t.database.db.select().from(contactMessages);
    expect(rows).toEqual([expect.objectContaining({ firstName: 'Ana', email: 'ana@example.cl', message: 'Quiero ayudar' })]);
    const missing = await t.app.inject({ method: 'POST', url: '/api/contact', payload: { firstName: 'Ana', lastName: 'Soto', email: 'ana@example.cl', message: '   ' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ message: string }>().message).toMatch(/mensaje es obligatorio/);
  });

  it("stores an error report from a signed-in user; 'otros' needs a description", async () => {
    const bad = await report('otros', '  ');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(/Describe el error/);
    const ok = await report('puntaje-incorrecto');
    expect(ok.statusCode).toBe(201);
    const rows = await t.database.db.select().from(errorReports);
    expect(rows).toEqual([expect.objectContaining({ errorType: 'puntaje-incorrecto', productId })]);
  });

  it("takes 'alergenos' (issue 28: a wrong allergen or trace) and refuses a reason it does not know, in Spanish", async () => {
    const ok = await report('alergenos', 'La etiqueta dice «puede contener maní»');
    expect(ok.statusCode).toBe(201);
    const rows = await t.database.db.select().from(errorReports);
    expect(rows).toContainEqual(
      expect.objectContaining({ errorType: 'alergenos', description: 'La etiqueta dice «puede contener maní»', productId }),
    );
    const unknown = await report('alergias');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ message: string }>().message).toMatch(/tipo de error no es válido/);
    expect(unknown.body).not.toContain('alergias');
  });

  it('contact is rate-limited per IP', async () => {
    const limited = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '2' });
    try {
      const send = () =>
        limited.app.inject({ method: 'POST', url: '/api/contact', payload: { firstName: 'A', lastName: 'B', email: 'a@b.cl', message: 'hola' } });
      expect([(await send()).statusCode, (await send()).statusCode, (await send()).statusCode]).toEqual([201, 201, 429]);
    } finally {
      await limited.close();
    }
  });
});
