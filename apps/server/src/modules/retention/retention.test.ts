import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETENTION } from '@etiqueta/contracts';
import { eq } from 'drizzle-orm';
import { contactMessages, contributions, errorReports, historyEntries, loginCodes, products, sessions, signups, users } from '../../db/schema.ts';
import { buildTestApp, testDatabaseKind, type TestApp } from '../../../test/helpers.ts';
import { createUser } from '../../../test/fixtures.ts';
import { outboxDirOf } from '../mail/mailer.ts';

const DAY = 86_400_000;
const now = new Date('2026-12-01T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

/** One test per kind of data: what is past its time goes, what is not stays (the boundary on both sides). */
describe(`retention job: personal data kept no longer than stated (${testDatabaseKind})`, () => {
  let t: TestApp;
  let dataDir: string;
  let userId: number;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ec-retention-'));
    t = await buildTestApp({ DATA_DIR: dataDir });
    userId = (await createUser(t.database.db, 'retencion@example.cl')).id;
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });
  const db = () => t.database.db;

  it('sign-in codes: expired, used or spent ones go; the live one stays', async () => {
    // One code per person (login_codes is unique per user): four people, one code each.
    const [a, b, c] = await Promise.all(['c1', 'c2', 'c3'].map(async (n) => (await createUser(db(), `${n}@example.cl`)).id));
    await db().insert(loginCodes).values([
      { userId: a!, codeHash: 'expired', expiresAt: ago(1) },
      { userId: b!, codeHash: 'used', expiresAt: ago(-5 * 60_000), consumedAt: ago(60_000) },
      { userId: c!, codeHash: 'spent', expiresAt: ago(-5 * 60_000), attempts: 5 },
      { userId, codeHash: 'live', expiresAt: ago(-5 * 60_000), attempts: 4 },
    ]);
    expect((await t.app.services.retention.runOnce(now)).loginCodes).toBe(3);
    expect((await db().select().from(loginCodes)).map((c) => c.codeHash)).toEqual(['live']);
  });

  it('beta sign-ups not proven in 24 hours go with their accounts; a younger one stays, its connection forgotten after an hour', async () => {
    const pending = (email: string, age: number, pendingAddress: string | null) => ({
      email,
      kind: 'pending',
      firstName: 'P',
      lastName: 'Q',
      ageBand: '16-o-mas',
      pendingAddress,
      createdAt: ago(age),
    });
    await db().insert(signups).values([
      pending('vencida@example.cl', RETENTION.pendingSignupHours * 3_600_000 + 1_000, 'digest-a'),
      pending('de-ayer@example.cl', RETENTION.pendingSignupHours * 3_600_000 - 60_000, 'digest-b'),
      pending('reciente@example.cl', 30 * 60_000, 'digest-c'),
    ]);
    await db().insert(users).values([
      { email: 'vencida@example.cl', accessStatus: 'pending', createdAt: ago(RETENTION.pendingSignupHours * 3_600_000 + 1_000) },
      { email: 'de-ayer@example.cl', accessStatus: 'pending', createdAt: ago(RETENTION.pendingSignupHours * 3_600_000 - 60_000) },
    ]);
    expect((await t.app.services.retention.runOnce(now)).pendingSignups).toBe(1);
    const left = await db().select({ email: signups.email, pendingAddress: signups.pendingAddress }).from(signups).orderBy(signups.email);
    expect(left).toEqual([
      { email: 'de-ayer@example.cl', pendingAddress: null },
      { email: 'reciente@example.cl', pendingAddress: 'digest-c' },
    ]);
    expect((await db().select({ email: users.email }).from(users).where(eq(users.accessStatus, 'pending'))).map((u) => u.email)).toEqual([
      'de-ayer@example.cl',
    ]);
  });

  it('sessions: expired ones go; a live one stays', async () => {
    await db().insert(sessions).values([
      { userId, tokenHash: 'gone', expiresAt: ago(1) },
      { userId, tokenHash: 'kept', expiresAt: ago(-DAY) },
    ]);
    expect((await t.app.services.retention.runOnce(now)).sessions).toBe(1);
    expect((await db().select().from(sessions)).map((s) => s.tokenHash)).toEqual(['kept']);
  });

  it(`contact messages: kept ${RETENTION.contactMessageDays} days from receipt, then deleted`, async () => {
    const message = { firstName: 'A', lastName: 'B', email: 'c@example.cl' };
    await db().insert(contactMessages).values([
      { ...message, message: 'viejo', createdAt: ago(RETENTION.contactMessageDays * DAY + 60_000) },
      { ...message, message: 'reciente', createdAt: ago(RETENTION.contactMessageDays * DAY - 60_000) },
    ]);
    expect((await t.app.services.retention.runOnce(now)).contactMessages).toBe(1);
    expect((await db().select().from(contactMessages)).map((m) => m.message)).toEqual(['reciente']);
  });

  it(`error reports: kept ${RETENTION.errorReportDays} days from receipt, then deleted`, async () => {
    await db().insert(errorReports).values([
      { errorType: 'otros', description: 'viejo', userId, createdAt: ago(RETENTION.errorReportDays * DAY + 60_000) },
      { errorType: 'otros', description: 'reciente', userId, createdAt: ago(RETENTION.errorReportDays * DAY - 60_000) },
    ]);
    expect((await t.app.services.retention.runOnce(now)).errorReports).toBe(1);
    expect((await db().select().from(errorReports)).map((r) => r.description)).toEqual(['reciente']);
  });

  it(`history: an entry goes ${RETENTION.historyDays} days after the product was last viewed`, async () => {
    const [p1, p2] = await db()
      .insert(products)
      .values([
        { barcode: '7800000000011', name: 'Leche vista hace mucho' },
        { barcode: '7800000000028', name: 'Leche vista hace poco' },
      ])
      .returning();
    const viewed = (p: typeof p1, age: number) => ({ userId, productId: p!.id, via: 'open', day: '2025-01-01', viewedAt: ago(age) });
    await db().insert(historyEntries).values([
      viewed(p1, RETENTION.historyDays * DAY + 60_000),
      viewed(p2, RETENTION.historyDays * DAY - 60_000),
    ]);
    expect((await t.app.services.retention.runOnce(now)).history).toBe(1);
    expect((await db().select().from(historyEntries)).map((h) => h.productId)).toEqual([p2!.id]);
  });

  it(`outbox mail: .eml files older than ${RETENTION.outboxHours} h are deleted, newer ones and other files stay`, async () => {
    const outbox = outboxDirOf(dataDir);
    await fs.mkdir(outbox, { recursive: true });
    const file = async (name: string, age: number) => {
      await fs.writeFile(path.join(outbox, name), 'To: alguien@example.cl\n\nTu código es: 123456');
      const at = ago(age);
      await fs.utimes(path.join(outbox, name), at, at);
    };
    await file('old.eml', RETENTION.outboxHours * 3_600_000 + 60_000);
    await file('new.eml', RETENTION.outboxHours * 3_600_000 - 60_000);
    await file('notes.txt', 10 * DAY);
    expect((await t.app.services.retention.runOnce(now)).outboxFiles).toBe(1);
    expect((await fs.readdir(outbox)).sort()).toEqual(['new.eml', 'notes.txt']);
  });

  it('a refused contribution counts toward the limits for a day, then goes', async () => {
    await db().insert(contributions).values([
      { barcode: '', userId, ipHash: 'x', status: 'refused', rejectReason: 'viejo', createdAt: ago(DAY + 60_000) },
      { barcode: '', userId, ipHash: 'x', status: 'refused', rejectReason: 'reciente', createdAt: ago(DAY - 60_000) },
    ]);
    expect((await t.app.services.retention.runOnce(now)).contributions).toBe(1);
    expect((await db().select().from(contributions)).map((c) => c.rejectReason)).toEqual(['reciente']);
    await db().delete(contributions);
  });

  it('a second run finds nothing left to purge, and the job is not running in tests unless started', async () => {
    expect(await t.app.services.retention.runOnce(now)).toEqual({
      loginCodes: 0,
      pendingSignups: 0,
      sessions: 0,
      contactMessages: 0,
      errorReports: 0,
      history: 0,
      outboxFiles: 0,
      rateLimits: 0,
      contributions: 0,
      orphanPhotos: 0,
      erasuresFinished: 0,
      trustedReleased: 0,
    });
    expect(t.app.services.retention.isActive()).toBe(false);
    t.app.services.retention.start();
    expect(t.app.services.retention.isActive()).toBe(true);
    t.app.services.retention.stop();
    expect(t.app.services.retention.isActive()).toBe(false);
  });
});
