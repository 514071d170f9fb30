// The real server on a fresh, throw-away PGlite database for the Playwright suite: a catalogue imported
// from the shared Open Food Facts records, one admin and one beta user, and a local OFF-format file as the
// data-lake source so the admin can run a sync without the network.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app.ts';
import { loadEnv, repoRoot } from '../config/env.ts';
import { bootstrapDatabase } from '../bootstrap.ts';
import { connectDatabase } from '../db/client.ts';
import { contributions, users } from '../db/schema.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { importFile } from '../modules/sync/import-file.ts';
import { startLocalSmtp } from '../../test/local-smtp.ts';
import { startFakeOff } from '../../test/fake-off.ts';
import { startFakeOffWrite } from '../../test/fake-off-write.ts';

export const E2E_ADMIN = { email: 'admin@etiquetaclara.cl', password: 'clave-admin-e2e-123' };
export const E2E_BETA = { email: 'beta@etiquetaclara.cl' };
/**
 * Members whose completions publish at once: CONTRIBUTIONS_TRUST_AFTER approved contributions, none rejected. One per
 * Playwright project, as a revert counts as a rejection (the journey ends trust for the one it uses).
 */
export const E2E_TRUSTED = ['confiable-mobile@etiquetaclara.cl', 'confiable-desktop@etiquetaclara.cl'];

const sharedProducts = path.resolve(repoRoot, '../shared/data/products');
const catalogueFile = process.env.E2E_CATALOGUE ?? path.join(sharedProducts, 'latam_es_lifyzer_off2019.jsonl');

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ec-e2e-db-'));

/**
 * Sign-in codes go through a real SMTP server on loopback, which files each message it receives in the
 * mailbox folder, named by recipient; the journeys read their code there (e2e/support/mailbox.ts).
 */
const E2E_MAILBOX = process.env.E2E_MAILBOX ?? path.join(repoRoot, 'e2e/.mailbox');
await fs.rm(E2E_MAILBOX, { recursive: true, force: true });
await fs.mkdir(E2E_MAILBOX, { recursive: true });
const smtp = await startLocalSmtp(async ({ to, raw }) => {
  for (const address of to) {
    await fs.writeFile(path.join(E2E_MAILBOX, `${Date.now()}-${process.hrtime.bigint()}-${address}.eml`), raw);
  }
});
/**
 * Open Food Facts is outside our system and the machine may have no network: live barcode lookups go to a local
 * server that answers in OFF's format that it does not have the product (so an unknown code leads to
 * 'Agregar este producto', as it would for a code nobody has).
 */
const fakeOff = await startFakeOff();
const env = loadEnv({
  ...process.env,
  PORT: process.env.PORT ?? '3101',
  HOST: '127.0.0.1',
  DATA_DIR: path.join(dataDir, 'db'),
  SYNC_ENABLED: 'false',
  RATE_LIMIT_PER_MINUTE: process.env.RATE_LIMIT_PER_MINUTE ?? '0',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  SMTP_URL: smtp.url,
  OFF_BASE_URL: process.env.OFF_BASE_URL ?? fakeOff.url,
  DATA_LAKE_SOURCE: process.env.DATA_LAKE_SOURCE ?? `file:${path.join(sharedProducts, 'off_world_sample_2026.tsv')}`,
});
/**
 * Open Food Facts' write API (approved contributions go there, docs/off-write.md): when OFF_WRITE_URL names a port on
 * loopback (e2e/playwright.config.ts sets it, with the account), the local stand-in that checks OFF's format listens
 * there, and the journeys read what it received at `/_stand-in/received`.
 */
const offWriteUrl = new URL(env.OFF_WRITE_URL);
const fakeOffWrite =
  env.OFF_WRITE_USER && env.OFF_WRITE_PASSWORD && offWriteUrl.hostname === '127.0.0.1'
    ? await startFakeOffWrite({ user: env.OFF_WRITE_USER, password: env.OFF_WRITE_PASSWORD }, Number(offWriteUrl.port))
    : null;
const database = await connectDatabase({ dataDir: env.DATA_DIR, owner: 'e2e' });
await bootstrapDatabase(database.db);
const summary = await importFile(database, catalogueFile);
await database.db.insert(users).values([
  { email: E2E_ADMIN.email, role: 'admin', accessStatus: 'beta', passwordHash: await hashPassword(E2E_ADMIN.password), firstName: 'Admin', lastName: 'E2E' },
  { email: E2E_BETA.email, role: 'user', accessStatus: 'beta', firstName: 'Beta', lastName: 'E2E' },
]);
// The trusted members' record: as many approved contributions as trust asks (products they added a month ago).
for (const email of E2E_TRUSTED) {
  const [trusted] = await database.db
    .insert(users)
    .values({ email, role: 'user', accessStatus: 'beta', firstName: 'Confiable', lastName: 'E2E' })
    .returning();
  const monthAgo = new Date(Date.now() - 30 * 86_400_000);
  await database.db.insert(contributions).values(
    Array.from({ length: env.CONTRIBUTIONS_TRUST_AFTER }, (_, i) => ({
      barcode: String(2_000_000_000_000 + i),
      userId: trusted!.id,
      ipHash: '',
      status: 'approved',
      name: `Aporte aprobado ${i + 1}`,
      reviewedAt: monthAgo,
      createdAt: monthAgo,
    })),
  );
}
const app = await buildApp({ database, env });

// Once: a bench stops its process group, so the signal may come both from it and forwarded by npx.
let stopping: Promise<void> | undefined;
const stop = () =>
  (stopping ??= (async () => {
    await app.close();
    await smtp.close();
    await fakeOff.close();
    await fakeOffWrite?.close();
    await database.close();
    await fs.rm(dataDir, { recursive: true, force: true });
    process.exit(0);
  })());
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());

await app.listen({ host: env.HOST, port: env.PORT });
// The sender of the outbox to OFF (one of the server's jobs; the other jobs stay off here): approvals wake it.
if (fakeOffWrite) app.services.offWriter.start();
console.log(`e2e server on http://127.0.0.1:${env.PORT} with ${JSON.stringify(summary)} (database ${dataDir})`);
