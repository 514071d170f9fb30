import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HealthResponse } from '@etiqueta/contracts';
import { contributions, photoBlobs } from '../src/db/schema.ts';
import { ean13, multipart, signedInAs } from './fixtures.ts';
import { buildTestApp, testDatabaseKind, type TestApp } from './helpers.ts';

/*
 * Issue 33, item 6: the upload folder fills up. A real small disk (a 4 MB tmpfs, mounted as the suite's root user
 * can; CI runs as root) holds UPLOADS_DIR; the database is elsewhere and has room. The folder keeps the photos with
 * PGlite; with PostgreSQL the database keeps them (ADR 022), so there a full UPLOADS_DIR must change nothing.
 */

/** A photo of noise: its re-encoded JPEG is several hundred KB, more than the room left below. */
const noisyJpeg = () =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: '#888888', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
    .jpeg({ quality: 95 })
    .toBuffer();
const smallPng = () => sharp({ create: { width: 40, height: 30, channels: 3, background: '#2e86c1' } }).png().toBuffer();

describe(`a full upload folder is its own 503 and its own health line (${testDatabaseKind})`, () => {
  let t: TestApp;
  let mount: string;
  let shopper: string;

  beforeAll(async () => {
    mount = await fs.mkdtemp(path.join(os.tmpdir(), 'ec-uploads-full-'));
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m,mode=0700', 'tmpfs', mount]);
    t = await buildTestApp({ UPLOADS_DIR: mount, CONTRIBUTIONS_PER_USER_PER_DAY: '100' });
    shopper = await signedInAs(t.app, t.database.db, 'fotos@example.cl');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    execFileSync('umount', [mount]);
    await fs.rm(mount, { recursive: true, force: true });
  });

  const send = async (code: string, photo: Buffer) => {
    const body = await multipart({ barcode: code }, [{ field: 'photoFront', data: photo }]);
    return t.app.inject({ method: 'POST', url: '/api/contributions', headers: { 'content-type': body.contentType, cookie: shopper }, payload: body.payload });
  };
  const health = async () => {
    const res = await t.app.inject('/api/health');
    return { statusCode: res.statusCode, body: res.json<HealthResponse>() };
  };
  const files = async () => (await fs.readdir(mount)).filter((f) => f !== 'relleno').sort();

  if (testDatabaseKind === 'pglite') {
    it('a photo that does not fit: 503 UPLOADS_FULL in Spanish, no truncated or empty file left, nothing counted', async () => {
      expect((await send(ean13('780777000001'), await smallPng())).statusCode).toBe(201);
      const stored = await files();
      expect(stored).toHaveLength(1);

      const disk = await fs.statfs(mount);
      await fs.writeFile(path.join(mount, 'relleno'), Buffer.alloc(disk.bavail * disk.bsize - 100 * 1024));

      const code = ean13('780777000002');
      const res = await send(code, await noisyJpeg());
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toEqual({ code: 'UPLOADS_FULL', message: expect.stringMatching(/^No tenemos espacio para guardar fotos/) });
      expect(await files()).toEqual(stored);
      expect(await t.database.db.select().from(contributions).where(eq(contributions.barcode, code))).toEqual([]);
    }, 60_000);

    it('health says the uploads are full and the database is fine (not "unwritable"), and serves on', async () => {
      const { statusCode, body } = await health();
      expect(statusCode).toBe(200);
      expect(body).toMatchObject({ status: 'ok', database: { status: 'ok' }, uploads: { status: 'full' } });
    });

    it('once there is room again, photos are taken and health says so', async () => {
      await fs.rm(path.join(mount, 'relleno'));
      expect((await health()).body.uploads).toEqual({ status: 'ok' });
      expect((await send(ean13('780777000003'), await noisyJpeg())).statusCode).toBe(201);
      expect(await files()).toHaveLength(2);
    });
  } else {
    it('photos kept by PostgreSQL: a full UPLOADS_DIR refuses nothing, writes nothing there, and health says uploads are ok', async () => {
      const disk = await fs.statfs(mount);
      await fs.writeFile(path.join(mount, 'relleno'), Buffer.alloc(disk.bavail * disk.bsize - 100 * 1024));
      const code = ean13('780777000004');
      const res = await send(code, await noisyJpeg());
      expect(res.statusCode, res.body).toBe(201);
      expect(await files()).toEqual([]);
      const [row] = await t.database.db.select().from(contributions).where(eq(contributions.barcode, code));
      expect(row).toBeDefined();
      expect(await t.database.db.select({ file: photoBlobs.file }).from(photoBlobs)).not.toEqual([]);
      expect(await health()).toMatchObject({ statusCode: 200, body: { status: 'ok', database: { status: 'ok' }, uploads: { status: 'ok' } } });
      await fs.rm(path.join(mount, 'relleno'));
    }, 60_000);
  }
});
