import { readFileSync } from 'node:fs';
import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADDITIVE_CATALOGUE } from '@etiqueta/domain';
import type { Additive } from '@etiqueta/contracts';
import { additives } from '../../db/schema.ts';
import { sharedTestApp, testDatabaseKind } from '../../../test/helpers.ts';
import { signedInAs } from '../../../test/fixtures.ts';
import { seedAdditives } from './additive.repository.ts';

const catalogue = (code: string) => ADDITIVE_CATALOGUE.find((a) => a.code === code)!;

describe(`the additive table follows a regenerated catalogue, except where an admin decided (${testDatabaseKind})`, () => {
  const t = sharedTestApp();
  let admin: string;
  const row = async (code: string) =>
    (await t.database.db.select().from(additives).where(eq(additives.code, code)))[0];

  beforeAll(async () => {
    admin = await signedInAs(t.app, t.database.db, 'admin@example.cl', 'admin');
  });

  const call = (method: 'GET' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: admin }, ...(payload ? { payload } : {}) });

  it('the seeded table matches the catalogue and a second seed changes nothing', async () => {
    expect(await t.app.services.catalogue.write((tx) => seedAdditives(tx))).toEqual({ inserted: 0, updated: 0, keptAdminEdits: 0 });
    expect(await row('E338')).toMatchObject({
      riskLevel: catalogue('E338').riskLevel,
      reason: catalogue('E338').reason,
      editedByAdmin: false,
    });
  });

  it('updates rows seeded from an older catalogue, keeps an admin edit, re-adds a new entry but not one an admin deleted', async () => {
    const db = t.database.db;
    // A database seeded by the 2019 catalogue: phosphoric acid "Sin riesgo conocido" with the old shared line.
    await db
      .update(additives)
      .set({
        riskLevel: 'Sin riesgo conocido',
        reason: 'Autorizado en la UE y por Codex (INS) sin alerta de sobreexposición de EFSA',
        name: 'Ácido ortofosfórico',
      })
      .where(inArray(additives.code, ['E338', 'E955']));
    // An entry the old catalogue did not have.
    await db.delete(additives).where(eq(additives.code, 'E969'));

    // An admin lowers sodium benzoate and deletes carbomer, through the admin API.
    const list = (await call('GET', '/api/additives')).json<Additive[]>();
    const benzoate = list.find((a) => a.code === 'E211')!;
    const { id, reason: _reason, source: _source, ...fields } = benzoate;
    expect(
      (await call('PATCH', `/api/additives/${id}`, { ...fields, riskLevel: 'Sin riesgo conocido' }))
        .statusCode,
    ).toBe(200);
    const carbomer = list.find((a) => a.code === 'E1210')!;
    expect((await call('DELETE', `/api/additives/${carbomer.id}`)).statusCode).toBe(200);

    const result = await t.app.services.catalogue.write((tx) => seedAdditives(tx));
    expect(result).toEqual({ inserted: 1, updated: 2, keptAdminEdits: 1 });

    expect(await row('E338')).toMatchObject({
      name: catalogue('E338').name,
      riskLevel: 'Riesgoso',
      reason: catalogue('E338').reason,
      source: catalogue('E338').source,
      editedByAdmin: false,
    });
    expect(await row('E955')).toMatchObject({
      riskLevel: 'Riesgo posible (Debate)',
      reason: catalogue('E955').reason,
    });
    expect(await row('E969')).toMatchObject({
      name: catalogue('E969').name,
      riskLevel: catalogue('E969').riskLevel,
    });
    expect(await row('E211')).toMatchObject({ riskLevel: 'Sin riesgo conocido', editedByAdmin: true });
    expect(await row('E1210')).toBeUndefined();

    // The admin API shows the reason of each row.
    const after = (await call('GET', '/api/additives')).json<Additive[]>();
    expect(after.find((a) => a.code === 'E338')).toMatchObject({ reason: catalogue('E338').reason });

    expect(await t.app.services.catalogue.write((tx) => seedAdditives(tx))).toEqual({ inserted: 0, updated: 0, keptAdminEdits: 1 });
  });

  it('the migration marks rows an admin edited before the marker existed, from the audit log', async () => {
    const db = t.database.db;
    await db.update(additives).set({ editedByAdmin: false }).where(eq(additives.code, 'E211'));
    const migration = readFileSync(
      new URL('../../../drizzle/0003_additives_edited_by_admin.sql', import.meta.url),
      'utf8',
    );
    const backfill = migration
      .split('--> statement-breakpoint')[1]!
      .replace(/^\s*--.*$/gm, '')
      .trim();
    expect(backfill).toMatch(/^UPDATE "additives"/);
    await db.execute(sql.raw(backfill));
    expect(await row('E211')).toMatchObject({ editedByAdmin: true, riskLevel: 'Sin riesgo conocido' });
    expect(await row('E338')).toMatchObject({ editedByAdmin: false });
  });
});
