/**
 * The outbox to Open Food Facts under a bad day (issue 25): 100 approvals against a stand-in for OFF's write API
 * (apps/server/test/fake-off-write.ts, checking OFF's format) that answers 429 and 503 at random and is down for a
 * minute, with our server killed (SIGKILL, mid-send) and started again. Every contribution must reach OFF exactly
 * once: its product fields saved once, each of its three photos accepted once.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5544/postgres npx tsx bench/off-outbox.ts [--approvals 100] [--down 60] [--fail 0.3]
 *
 * The server runs as `npm start` runs it (apps/server/test/npm-start-process.ts: the built server, its own process
 * group), on a scratch PostgreSQL database (bench/scratch-postgres.ts). The contributions (each with three photos,
 * sent by 10 shoppers who consented) are written straight into the database; the approvals go through the admin
 * API, 4 at a time. The stand-in goes down when the first approval is made and comes back after `--down` seconds;
 * the server is killed once OFF has received half of the product writes, and started again 2 s later.
 * OFF_WRITE_PER_MINUTE=600 (the most the setting takes): OFF publishes no write limit, and 400 requests at the
 * default 30 a minute would take a quarter of an hour.
 */
import { execFileSync } from 'node:child_process';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { repoRoot } from '../apps/server/src/config/env.ts';
import { queryRows } from '../apps/server/src/db/client.ts';
import { offOutbox, users } from '../apps/server/src/db/schema.ts';
import { createSessionRepository } from '../apps/server/src/modules/auth/session.repository.ts';
import { createContributionRepository } from '../apps/server/src/modules/contributions/contribution.repository.ts';
import { createDatabasePhotoStore } from '../apps/server/src/modules/contributions/photo-store.ts';
import { startFakeOffWrite } from '../apps/server/test/fake-off-write.ts';
import { killAllStarted, npmStart, SERVER_BUILD, type StartedServer } from '../apps/server/test/npm-start-process.ts';
import { scratchPostgres } from './scratch-postgres.ts';
import { numberArg } from './bench-args.ts';
import { withCheckDigit } from '@etiqueta/domain';

const APPROVALS = numberArg('approvals', 100);
const DOWN_SECONDS = numberArg('down', 60);
const FAIL_RATE = numberArg('fail', 0.3);
const DEADLINE_MS = 20 * 60_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main() {
  console.log('building the server (npm start does)…');
  execFileSync('npm', SERVER_BUILD, { cwd: repoRoot, stdio: 'ignore' });
  const scratch = await scratchPostgres('off_outbox_bench');
  const off = await startFakeOffWrite({ user: 'etiqueta-clara-app', password: 'clave-bench', failRate: FAIL_RATE, retryAfterSeconds: 2, seed: 7 });
  // The scratch database's address: the bench server's, with the database's own name.
  const [{ db: dbName } = { db: '' }] = await queryRows<{ db: string }>(scratch.database.db, sql`select current_database() as db`);
  const databaseUrl = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:54330/postgres');
  databaseUrl.pathname = `/${dbName}`;
  const serverEnv = {
    DATABASE_URL: databaseUrl.toString(),
    SYNC_ENABLED: 'false',
    OFF_LIVE_LOOKUP: 'false',
    LOG_LEVEL: 'info', // npmStart waits for the "escuchando" line
    COOKIE_SECRET: 'b'.repeat(40),
    RATE_LIMIT_PER_MINUTE: '0',
    OFF_WRITE_USER: 'etiqueta-clara-app',
    OFF_WRITE_PASSWORD: 'clave-bench',
    OFF_WRITE_URL: off.url,
    OFF_WRITE_PER_MINUTE: '600',
  };
  let server: StartedServer | null = null;
  try {
    server = await npmStart(serverEnv); // migrates the scratch database
    const { db } = scratch.database;
    // Accounts straight into the database, and the admin's session from the session repository: this bench is about
    // the outbox, not about signing in.
    const [admin] = await db.insert(users).values({ email: 'admin@bench.cl', role: 'admin' }).returning();
    const shoppers = await db
      .insert(users)
      .values(Array.from({ length: 10 }, (_, i) => ({ email: `persona${i}@bench.cl` })))
      .returning();
    const { token } = await createSessionRepository(db).create(admin!.id, 1);
    const cookie = `ec_session=${token}`;
    const repo = createContributionRepository(db);
    const photos = createDatabasePhotoStore(db);
    const colours = ['#c0392b', '#27ae60', '#2e86c1'] as const;
    const ids: number[] = [];
    for (let n = 0; n < APPROVALS; n++) {
      const stored = [];
      for (const [k, kind] of (['front', 'ingredients', 'nutrition'] as const).entries()) {
        // Each photo its own bytes (OFF keeps one copy of a picture per product).
        const data = await sharp({ create: { width: 640, height: 480, channels: 3, background: colours[k]! } })
          .composite([{ input: Buffer.from(`<svg width="640" height="480"><text x="20" y="240" font-size="60">${n}-${kind}</text></svg>`), top: 0, left: 0 }])
          .jpeg()
          .toBuffer();
        stored.push({ kind, ...(await photos.save(data, { width: 640, height: 480 })) });
      }
      const row = await repo.insert(
        db,
        {
          barcode: withCheckDigit(`78099${String(n).padStart(7, '0')}`),
          userId: shoppers[n % shoppers.length]!.id,
          ipHash: 'bench',
          status: 'pending',
          name: `Producto de prueba ${n}`,
          brand: 'Marca Bench',
          ingredients: 'harina de trigo, azúcar, sal',
          energyKcal100: 400,
          totalFatG100: 10,
          saturatedFatG100: 3,
          carbohydratesG100: 70,
          totalSugarsG100: 20,
          proteinG100: 8,
          sodiumMg100: 300,
          isLiquid: false,
          offConsent: true,
        },
        stored,
      );
      ids.push(row.id);
    }
    console.log(`${APPROVALS} consented contributions with 3 photos each, from ${shoppers.length} shoppers`);

    const started = Date.now();
    let killedAt: number | null = null;
    let restartedAt: number | null = null;
    let downUntil = 0;
    const approved = new Set<number>();
    const approve = async (id: number) => {
      for (;;) {
        if (!server) {
          await sleep(200);
          continue;
        }
        try {
          const res = await fetch(`http://127.0.0.1:${server.port}/api/admin/contributions/${id}/approve`, {
            method: 'POST',
            headers: { cookie, 'content-type': 'application/json', origin: `http://127.0.0.1:${server.port}` },
            body: '{}',
          });
          // 409: approved already (its commit went through just before a kill).
          if (res.status === 200 || res.status === 409) {
            approved.add(id);
            return;
          }
          throw new Error(`approve ${id}: ${res.status} ${await res.text()}`);
        } catch (err) {
          if (err instanceof Error && err.message.startsWith('approve')) throw err;
          await sleep(300); // the server is down (killed): try again once it is back
        }
      }
    };
    const queue = [...ids];
    const approving = Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
          if (approved.size === 0 && downUntil === 0) {
            off.setDown(true);
            downUntil = Date.now() + DOWN_SECONDS * 1000;
            setTimeout(() => off.setDown(false), DOWN_SECONDS * 1000).unref();
          }
          await approve(id);
        }
      }),
    );

    // Kill the server (SIGKILL to its process group) once OFF has half of the product writes, mid-send.
    while (Date.now() - started < DEADLINE_MS) {
      if (killedAt === null && new Set(off.productWrites.map((w) => w.code)).size >= APPROVALS / 2) {
        killedAt = Date.now();
        const s = server;
        server = null;
        await s.kill();
        console.log(`killed the server (SIGKILL) at ${((killedAt - started) / 1000).toFixed(1)} s, with ${new Set(off.productWrites.map((w) => w.code)).size} products at OFF`);
        await sleep(2000);
        server = await npmStart(serverEnv);
        restartedAt = Date.now();
        console.log(`started again at ${((restartedAt - started) / 1000).toFixed(1)} s`);
      }
      const [left] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from off_outbox where state <> 'sent'`);
      const [rows] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from off_outbox`);
      if (approved.size === APPROVALS && rows!.n === APPROVALS && left!.n === 0) break;
      await sleep(500);
    }
    await approving;
    const done = Date.now();

    const outbox = await db.select().from(offOutbox);
    const perCode = new Map<string, { products: number; images: Map<string, number> }>();
    for (const w of off.productWrites) {
      const e = perCode.get(w.code) ?? { products: 0, images: new Map() };
      e.products++;
      perCode.set(w.code, e);
    }
    for (const w of off.imageWrites) {
      const e = perCode.get(w.code) ?? { products: 0, images: new Map() };
      e.images.set(w.imagefield, (e.images.get(w.imagefield) ?? 0) + 1);
      perCode.set(w.code, e);
    }
    const codes = new Set(outbox.map((r) => r.barcode));
    const complete = [...codes].filter((c) => {
      const e = perCode.get(c);
      return e && e.products >= 1 && ['front_es', 'ingredients_es', 'nutrition_es'].every((f) => e.images.get(f) === 1);
    });
    const productTwice = [...perCode.values()].filter((e) => e.products > 1).length;
    const uuids = new Set((await db.select({ u: users.offAppUuid }).from(users).where(eq(users.role, 'user'))).map((r) => r.u));
    const unknownUuid = off.imageWrites.filter((w) => !uuids.has(w.appUuid)).length;

    console.log('\n── figures ──');
    console.log(`approvals committed:              ${approved.size} / ${APPROVALS}`);
    console.log(`outbox rows:                      ${outbox.length} (sent ${outbox.filter((r) => r.state === 'sent').length}, failed ${outbox.filter((r) => r.state === 'failed').length}, pending ${outbox.filter((r) => r.state === 'pending').length})`);
    console.log(`contributions whole at OFF:       ${complete.length} / ${APPROVALS} (product saved, each of the 3 photos accepted exactly once)`);
    console.log(`product fields saved more than once: ${productTwice} contributions`);
    console.log(`photos accepted twice:            ${[...perCode.values()].reduce((n, e) => n + [...e.images.values()].filter((v) => v > 1).length, 0)}`);
    console.log(`photos sent again after the kill, answered "already been sent": ${off.duplicates.length}`);
    console.log(`requests refused by the stand-in's format checks: ${off.violations.length}${off.violations.length ? ` (${off.violations.slice(0, 3).join('; ')})` : ''}`);
    console.log(`OFF answered: ok ${off.answered.ok}, 429 ${off.answered.tooMany}, 503 ${off.answered.unavailable}, connections dropped while down ${off.answered.dropped}`);
    console.log(`photos sent with an app_uuid of no account: ${unknownUuid}`);
    console.log(`down ${DOWN_SECONDS} s; killed at ${killedAt ? ((killedAt - started) / 1000).toFixed(1) : '—'} s; all sent at ${((done - started) / 1000).toFixed(1)} s`);
    const ok = approved.size === APPROVALS && complete.length === APPROVALS && productTwice === 0 && off.violations.length === 0 && killedAt !== null;
    console.log(ok ? '\nOK: every contribution sent exactly once, none lost across the kill' : '\nFAILED');
    process.exitCode = ok ? 0 : 1;
  } finally {
    if (server) await server.stop().catch(() => undefined);
    killAllStarted();
    await off.close();
    await scratch.database.close();
    await scratch.drop();
  }
}

await main();
