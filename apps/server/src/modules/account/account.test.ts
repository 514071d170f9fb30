import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountExport, type AccountData } from '@etiqueta/contracts';
import * as schema from '../../db/schema.ts';
import { buildTestApp, sessionCookie, testDatabaseKind, type TestApp } from '../../../test/helpers.ts';
import { ADMIN_PASSWORD, createUser, seedCatalogue } from '../../../test/fixtures.ts';
import { loginCodeIn } from '../../../test/local-smtp.ts';
import { outboxDirOf } from '../mail/mailer.ts';
import { buildApp } from '../../app.ts';
import { createAccountRepository } from './account.repository.ts';

/*
 * A member's rights over their data, end to end on a real database. Mail goes to the outbox folder here (no
 * SMTP_URL), so the sign-in codes are files that name the member, and erasure must remove them too.
 */

const PERSON = {
  email: 'zenobia.quispe@example.cl',
  firstName: 'Zenobia',
  lastName: 'Quispeulloa',
  instagramHandle: '@zenobia_cocina',
  referralSource: 'la feria de Ñuñoa',
  ageBand: '16-o-mas',
};
const MESSAGE = 'Hola, quisiera saber qué datos míos guardan, gracias';
const REPORT = 'El sodio de esta leche parece multiplicado por mil';
const BYSTANDER = { email: 'otra.persona@example.cl', firstName: 'Rigoberta', lastName: 'Mamaniquispe' };

const allTables = Object.values(schema as Record<string, unknown>).filter((value): value is PgTable => is(value, PgTable));

describe(`Mi cuenta: see, correct, take and erase my data (${testDatabaseKind})`, () => {
  let t: TestApp;
  let dataDir: string;
  let outbox: string;
  let adminCookie: string;
  let productId: number;

  const inject = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie?: string, payload?: object) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

  /** Signs in with the code read from the newest outbox file to that address. */
  const signIn = async (email: string, password?: string) => {
    expect((await inject('POST', '/api/auth/login', undefined, { email })).statusCode).toBe(200);
    const files = (await fs.readdir(outbox)).sort();
    let code: string | null = null;
    for (const f of files.reverse()) {
      const raw = await fs.readFile(path.join(outbox, f), 'utf8');
      if (raw.includes(`To: ${email}`)) {
        code = loginCodeIn(raw);
        break;
      }
    }
    const res = await inject('POST', '/api/auth/login', undefined, { email, code: code ?? '', ...(password ? { password } : {}) });
    expect(res.statusCode, res.body).toBe(200);
    return sessionCookie(res);
  };

  /** Every row of every table in the schema, as text: what "no row names the user" is checked against. */
  const everyRow = async () => {
    const dump: Record<string, string> = {};
    for (const table of allTables) dump[getTableConfig(table).name] = JSON.stringify(await t.database.db.select().from(table));
    return dump;
  };

  const outboxText = async () =>
    (await Promise.all((await fs.readdir(outbox)).map((f) => fs.readFile(path.join(outbox, f), 'utf8')))).join('\n');

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ec-account-'));
    outbox = outboxDirOf(dataDir);
    t = await buildTestApp({ SMTP_URL: '', DATA_DIR: dataDir, BETA_SPOTS: '5' });
    productId = (await seedCatalogue(t.app, [{ barcode: '7800000000011', name: 'Leche Entera' }])).products[0]!.id;
    await createUser(t.database.db, 'admin@example.cl', 'admin');
    adminCookie = await signIn('admin@example.cl', ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('a member sees everything we hold, corrects their name, downloads it all, and erases it everywhere', async () => {
    // Their data arrives the ways it really does: sign-up, contact form, sign-in, a report, an admin's changes.
    expect((await inject('POST', '/api/signup/beta', undefined, PERSON)).statusCode).toBe(201);
    expect((await inject('POST', '/api/signup/beta', undefined, { ...BYSTANDER, ageBand: 'menor-16-con-autorizacion' })).statusCode).toBe(201);
    // Unproven sign-ups take no place; proving the email (signing in with the code) takes it.
    expect((await inject('GET', '/api/signup/status')).json<{ remainingSpots: number }>().remainingSpots).toBe(5);
    const contact = { email: PERSON.email, firstName: PERSON.firstName, lastName: PERSON.lastName, message: MESSAGE };
    expect((await inject('POST', '/api/contact', undefined, contact)).statusCode).toBe(201);
    expect((await inject('POST', '/api/contact', undefined, { ...BYSTANDER, message: 'Otro tema' })).statusCode).toBe(201);
    const cookie = await signIn(PERSON.email);
    const bystanderCookie = await signIn(BYSTANDER.email);
    const placesBefore = (await inject('GET', '/api/signup/status')).json<{ remainingSpots: number }>().remainingSpots;
    expect(placesBefore).toBe(3);
    // A code asked for and not used yet (used ones are purged whenever anyone asks for a code).
    expect((await inject('POST', '/api/auth/login', undefined, { email: PERSON.email })).statusCode).toBe(200);
    const report = { errorType: 'informacion-nutricional', description: REPORT, productId, productName: 'Leche Entera' };
    expect((await inject('POST', '/api/error-reports', cookie, report)).statusCode).toBe(201);
    // Their history: a product scanned; the bystander opened the same one.
    expect((await inject('POST', '/api/history', cookie, { productId, via: 'scan' })).json()).toEqual({ recorded: true });
    expect((await inject('POST', '/api/history', bystanderCookie, { productId, via: 'open' })).json()).toEqual({ recorded: true });
    const users = (await inject('GET', '/api/admin/users', adminCookie)).json<{ id: number; email: string }[]>();
    const userId = users.find((u) => u.email === PERSON.email)!.id;
    expect((await inject('PATCH', `/api/admin/users/${userId}`, adminCookie, { role: 'influencer' })).statusCode).toBe(200);
    expect((await inject('PATCH', `/api/admin/users/${userId}`, adminCookie, { role: 'user' })).statusCode).toBe(200);

    // Access (art. 5): what Mi cuenta shows.
    const seen = await inject('GET', '/api/account', cookie);
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['cache-control']).toBe('private, no-store');
    const data = seen.json<AccountData>();
    expect(data.profile).toMatchObject({ id: userId, email: PERSON.email, firstName: 'Zenobia', role: 'user', accessStatus: 'beta' });
    expect(data.signups).toEqual([
      expect.objectContaining({ kind: 'beta', ageBand: '16-o-mas', instagramHandle: PERSON.instagramHandle, referralSource: PERSON.referralSource }),
    ]);
    expect(data.contactMessages).toEqual([expect.objectContaining({ message: MESSAGE, handledAt: null })]);
    expect(data.errorReports).toEqual([expect.objectContaining({ description: REPORT, productId })]);
    expect(data.sessions).toHaveLength(1);
    expect(data.loginCodes).toEqual([expect.objectContaining({ attempts: 0, consumedAt: null })]);
    expect(data.auditEntries.map((a) => a.action)).toEqual(['user.update', 'user.update']);
    expect(data.history).toEqual([
      { productId, barcode: '7800000000011', productName: 'Leche Entera', brand: 'Marca', via: 'scan', viewedAt: expect.any(String) },
    ]);
    expect(data.profile?.historyEnabled).toBe(true);
    // Nothing of the bystander's, and no hashes.
    expect(JSON.stringify(data)).not.toContain(BYSTANDER.email);
    expect(JSON.stringify(data)).not.toMatch(/hash/i);

    // Rectification (art. 6): the name is corrected on the account and the sign-up, and the session shows it at once.
    const renamed = await inject('PATCH', '/api/account', cookie, { firstName: ' Zenobia María ', lastName: PERSON.lastName });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<AccountData>().profile?.firstName).toBe('Zenobia María');
    expect(renamed.json<AccountData>().signups[0]?.firstName).toBe('Zenobia María');
    expect((await inject('GET', '/api/auth/status', cookie)).json()).toMatchObject({ user: { firstName: 'Zenobia María' } });
    const empty = await inject('PATCH', '/api/account', cookie, { firstName: '', lastName: 'X' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'VALIDATION_ERROR', details: [expect.objectContaining({ field: 'firstName' })] });

    // Portability (art. 9): the download round-trips to exactly what the screen shows.
    const now = (await inject('GET', '/api/account', cookie)).json<AccountData>();
    const download = await inject('GET', '/api/account/export', cookie);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe('attachment; filename="etiqueta-clara-mis-datos.json"');
    const parsed = accountExport.parse(JSON.parse(download.body));
    const { format, exportedAt, about, ...exported } = parsed;
    expect(format).toBe('etiqueta-clara/datos-personales@1');
    expect(Date.parse(exportedAt)).not.toBeNaN();
    expect(Object.keys(about).sort()).toEqual(Object.keys(exported).sort());
    expect(exported).toEqual(now);

    // The outbox holds the mail that named them, before erasure.
    expect(await outboxText()).toContain(PERSON.email);

    // Suppression (art. 7): gone from every table and file; signed out at once.
    const erased = await inject('DELETE', '/api/account', cookie);
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.cookies.find((c) => c.name === 'ec_session')?.value).toBe('');
    expect((await inject('GET', '/api/auth/status', cookie)).json()).toMatchObject({ authenticated: false });
    expect((await inject('GET', '/api/account', cookie)).statusCode).toBe(401);

    const rows = await everyRow();
    for (const [table, text] of Object.entries(rows)) {
      for (const trace of [PERSON.email, 'Zenobia', PERSON.lastName, PERSON.instagramHandle, PERSON.referralSource, MESSAGE, REPORT]) {
        expect(text.includes(trace), `${table} still holds "${trace}"`).toBe(false);
      }
    }
    // No column that points at a user still points at theirs; the audit log keeps only an opaque id.
    for (const table of allTables) {
      const config = getTableConfig(table);
      const userColumns = config.columns.filter((c) => /(^|_)user_id$/.test(c.name) || (table === schema.users && c.name === 'id'));
      const found = (await t.database.db.select().from(table)) as Record<string, unknown>[];
      for (const column of userColumns) {
        const key = Object.entries(table).find(([, v]) => v === column)?.[0] ?? column.name;
        expect(found.some((row) => row[key] === userId), `${config.name}.${column.name} = ${userId}`).toBe(false);
      }
    }
    const audit = JSON.parse(rows.audit_log!) as { action: string; entityId: string | null; changes: Record<string, unknown> }[];
    expect(audit.some((a) => a.entityId === String(userId))).toBe(false);
    const receipt = audit.find((a) => a.action === 'personal-data.erase')!;
    expect(receipt.entityId).toMatch(/^titular-[0-9a-f-]{36}$/);
    expect(audit.filter((a) => a.action === 'user.update').every((a) => a.entityId === receipt.entityId)).toBe(true);
    expect(await outboxText()).not.toContain(PERSON.email);

    expect(JSON.parse(rows.history_entries!)).toHaveLength(1); // the bystander's, below
    expect(receipt.changes).toMatchObject({ rows: { history: 1 } });

    // The bystander is untouched; the freed beta place is back in the pool (ADR 009).
    expect(rows.users).toContain(BYSTANDER.email);
    expect((await inject('GET', '/api/history', bystanderCookie)).json()).toMatchObject({
      items: [expect.objectContaining({ via: 'open', product: expect.objectContaining({ id: productId }) })],
    });
    expect(rows.contact_messages).toContain('Otro tema');
    expect((await inject('GET', '/api/auth/status', bystanderCookie)).json()).toMatchObject({ authenticated: true });
    expect(await outboxText()).toContain(BYSTANDER.email);
    expect((await inject('GET', '/api/signup/status')).json()).toMatchObject({ remainingSpots: placesBefore + 1 });

    // Signing in again: not registered.
    const again = await inject('POST', '/api/auth/login', undefined, { email: PERSON.email });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ code: 'EMAIL_NOT_REGISTERED', message: 'Email no registrado en programa Beta' });
  });

  it('an erasure cut short after its commit (the outbox mail still there, as a kill -9 leaves it) is finished by an admin\'s retry and at the next start', async () => {
    const first = 'cortada.uno@example.cl';
    const second = 'cortada.dos@example.cl';
    for (const email of [first, second]) {
      await createUser(t.database.db, email, 'user');
      await signIn(email);
      await signIn(email);
    }
    // The rows go, committed with the job that says what is left; the process dies before the files.
    const repo = createAccountRepository(t.database.db, t.app.services.sessions);
    for (const email of [first, second]) await repo.erase((await repo.findSubject({ email }))!, { by: 'titular' });
    expect(await outboxText()).toContain(first);
    expect(await outboxText()).toContain(second);

    // The admin asks again for the first: done, not "nothing held".
    const retry = await inject('POST', '/api/admin/personal-data/erase', adminCookie, { email: first });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toEqual({ message: 'Datos eliminados' });
    expect(await outboxText()).not.toContain(first);
    expect(await outboxText()).toContain(second);

    // The next start: a new process on the same database and folder finishes the rest before anything else.
    const next = await buildApp({ database: t.database, env: t.app.deps.env });
    try {
      await next.ready();
      expect(await next.services.retention.runOnce()).toMatchObject({ erasuresFinished: 1 });
    } finally {
      await next.close();
    }
    expect(await outboxText()).not.toContain(second);
    expect(await t.database.db.select().from(schema.erasureJobs)).toEqual([]);
    // And a retry once all is done is the plain "nothing held".
    expect((await inject('POST', '/api/admin/personal-data/erase', adminCookie, { email: first })).statusCode).toBe(404);
  });

  it('an admin serves a request by email for someone who cannot sign in: export, then erase, both on record', async () => {
    const waiting = { email: 'espera.larga@example.cl', firstName: 'Eulalia', lastName: 'Huenchumil' };
    expect((await inject('POST', '/api/signup/waitlist', undefined, { ...waiting, ageBand: '16-o-mas' })).statusCode).toBe(201);
    const request = { ...waiting, message: 'No tengo cuenta: borren mis datos, por favor' };
    expect((await inject('POST', '/api/contact', undefined, request)).statusCode).toBe(201);

    const exported = await inject('POST', '/api/admin/personal-data/export', adminCookie, { email: ' Espera.Larga@example.cl ' });
    expect(exported.statusCode, exported.body).toBe(200);
    const data = accountExport.parse(exported.json());
    expect(data.profile).toBeNull();
    expect(data.signups).toEqual([expect.objectContaining({ kind: 'waitlist', firstName: 'Eulalia' })]);
    expect(data.contactMessages).toEqual([expect.objectContaining({ message: request.message })]);

    // Someone who asked for a beta place and never proved the email is served the same way: their pending sign-up
    // and the account that never got in are in the export.
    const unproven = { email: 'sin.confirmar@example.cl', firstName: 'Ignacia', lastName: 'Pendiente', ageBand: '16-o-mas' };
    expect((await inject('POST', '/api/signup/beta', undefined, unproven)).statusCode).toBe(201);
    const pendingExport = await inject('POST', '/api/admin/personal-data/export', adminCookie, { email: unproven.email });
    expect(pendingExport.statusCode, pendingExport.body).toBe(200);
    const pendingData = accountExport.parse(pendingExport.json());
    expect(pendingData.profile).toMatchObject({ accessStatus: 'pending' });
    expect(pendingData.signups).toEqual([expect.objectContaining({ kind: 'pending', ageBand: '16-o-mas' })]);

    const erased = await inject('POST', '/api/admin/personal-data/erase', adminCookie, { email: waiting.email });
    expect(erased.statusCode, erased.body).toBe(200);
    const rows = await everyRow();
    for (const [table, text] of Object.entries(rows)) {
      expect(text.includes(waiting.email), table).toBe(false);
      expect(text.includes('Huenchumil'), table).toBe(false);
    }
    const audit = JSON.parse(rows.audit_log!) as { action: string; actorUserId: number | null; changes: Record<string, unknown> }[];
    const adminId = (JSON.parse(rows.users!) as { id: number; email: string }[]).find((u) => u.email === 'admin@example.cl')!.id;
    expect(audit.find((a) => a.action === 'personal-data.export')).toMatchObject({ actorUserId: adminId });
    expect(audit.filter((a) => a.action === 'personal-data.erase').at(-1)).toMatchObject({
      actorUserId: adminId,
      changes: { requestedBy: 'admin', rows: { signups: 1, contactMessages: 1 } },
    });

    // Nothing held: a clear 404; an admin erases their own account from Mi cuenta, not from here.
    const unknown = await inject('POST', '/api/admin/personal-data/export', adminCookie, { email: waiting.email });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: 'No tenemos datos asociados a ese email' });
    const self = await inject('POST', '/api/admin/personal-data/erase', adminCookie, { email: 'admin@example.cl' });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ code: 'SELF_ERASE' });
    const bad = await inject('POST', '/api/admin/personal-data/erase', adminCookie, { email: 'no-es-email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).not.toContain('no-es-email');
  });
});
