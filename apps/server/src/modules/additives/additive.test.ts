import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Additive, AdditiveWriteResponse, Product } from '@etiqueta/contracts';
import { auditLog } from '../../db/schema.ts';
import { sharedTestApp, testDatabaseKind } from '../../../test/helpers.ts';
import { seedCatalogue, signedInAs } from '../../../test/fixtures.ts';

describe(`admin additive table (${testDatabaseKind})`, () => {
  const t = sharedTestApp();
  let admin: string;
  let productId: number;
  beforeAll(async () => {
    const seeded = await seedCatalogue(t.app, [
      { barcode: '7800000000042', name: 'Bebida Zeta', ingredients: 'agua, azúcar, zetaína, ácido cítrico' },
    ]);
    productId = seeded.products[0]!.id;
    admin = await signedInAs(t.app, t.database.db, 'admin@example.cl', 'admin');
  });

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: admin }, ...(payload ? { payload } : {}) });
  const product = async () => (await call('GET', `/api/products/${productId}`)).json<Product>();

  it('lists our seeded catalogue of additives', async () => {
    const list = (await call('GET', '/api/additives')).json<Additive[]>();
    expect(list.length).toBeGreaterThanOrEqual(300);
    expect(list.find((a) => a.code === 'E102')).toMatchObject({ riskLevel: expect.any(String) });
  });

  it('creating an additive re-scores the products that contain it; making it Riesgoso caps them at Malo', async () => {
    const before = await product();
    expect(before.detectedAdditives.some((a) => a.name === 'Zetaína')).toBe(false);

    const created = await call('POST', '/api/additives', {
      name: 'Zetaína',
      code: 'e-1999',
      riskLevel: 'Sin riesgo conocido',
      alternativeNames: [' zetaína ', '', 'zetaina'],
    });
    expect(created.statusCode).toBe(201);
    const body = created.json<AdditiveWriteResponse>();
    expect(body.additive).toMatchObject({ name: 'Zetaína', code: 'E1999', alternativeNames: ['zetaína', 'zetaina'] });
    await t.app.services.rescore.idle();
    const after = await product();
    expect(after.detectedAdditives).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'Zetaína', riskLevel: 'Sin riesgo conocido' })]));

    const { id: _id, ...fields } = body.additive;
    const risky = await call('PATCH', `/api/additives/${body.additive.id}`, { ...fields, riskLevel: 'Riesgoso' });
    expect(risky.statusCode).toBe(200);
    await t.app.services.rescore.idle();
    const status = (await call('GET', '/api/additives/rescore-status')).json<{ changed: number; running: boolean }>();
    expect(status).toMatchObject({ running: false, changed: 1 });
    const capped = await product();
    expect(capped.healthScore).not.toBeNull();
    expect(capped.healthScore!).toBeLessThanOrEqual(4.9);
    expect(['Malo', 'Muy malo']).toContain(capped.scoreLabel);

    const removed = await call('DELETE', `/api/additives/${body.additive.id}`);
    expect(removed.statusCode).toBe(200);
    await t.app.services.rescore.idle();
    expect((await product()).detectedAdditives.some((a) => a.name === 'Zetaína')).toBe(false);

    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'additive'));
    expect(audits.map((a) => a.action)).toEqual(['additive.create', 'additive.update', 'additive.delete']);
  });

  it("the product page shows each additive's function and reason from the table, and an edit at once", async () => {
    const citric = (await product()).detectedAdditives.find((a) => a.code === 'E330');
    const row = (await call('GET', '/api/additives')).json<Additive[]>().find((a) => a.code === 'E330')!;
    expect(citric).toMatchObject({ function: 'acidulante', reason: expect.stringMatching(/\S/) });
    const { id, ...fields } = row;
    expect((await call('PATCH', `/api/additives/${id}`, { ...fields, category: 'Regulador de acidez' })).statusCode).toBe(200);
    // No re-score is needed (nothing in the analysis changes); the page reads the table as it is now.
    expect((await product()).detectedAdditives.find((a) => a.code === 'E330')).toMatchObject({ function: 'Regulador de acidez' });
    await t.app.services.rescore.idle();
  });

  it('an additive no product contains re-scores nothing: stored analyses compare equal to fresh ones', async () => {
    const res = await call('POST', '/api/additives', { name: 'Nadaína', code: 'E1998', riskLevel: 'Riesgoso' });
    expect(res.statusCode).toBe(201);
    await t.app.services.rescore.idle();
    expect((await call('GET', '/api/additives/rescore-status')).json()).toMatchObject({ running: false, processed: 1, changed: 0 });
  });

  it('validates in Spanish: name required, risk one of three, names a list, code shape, no duplicate code', async () => {
    const cases: [object, RegExp][] = [
      [{ name: '', riskLevel: 'Riesgoso' }, /nombre es obligatorio/],
      [{ name: 'X', riskLevel: 'Peligroso' }, /nivel de riesgo/],
      [{ name: 'X', riskLevel: 'Riesgoso', alternativeNames: 'a, b' }, /lista/],
      [{ name: 'X', riskLevel: 'Riesgoso', code: 'ABC' }, /código/],
      [{ name: 'X', riskLevel: 'Riesgoso', extra: 1 }, /extra/],
    ];
    for (const [payload, message] of cases) {
      const res = await call('POST', '/api/additives', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(message);
    }
    const dup = await call('POST', '/api/additives', { name: 'Otra tartrazina', code: 'E102', riskLevel: 'Riesgoso' });
    expect(dup.statusCode).toBe(409);
    expect((await call('PATCH', '/api/additives/999999', { name: 'X', riskLevel: 'Riesgoso' })).statusCode).toBe(404);
    expect((await call('DELETE', '/api/additives/999999')).statusCode).toBe(404);
  });
});
