import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { eq, inArray, lt } from 'drizzle-orm';
import sharp from 'sharp';
import { CONTRIBUTION_PHOTO_MAX_BYTES } from '@etiqueta/contracts';
import type { Db } from '../../db/client.ts';
import { photoBlobs } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';

/** The longest side a stored photo keeps: enough to read a nutrition table, a fraction of a phone's 12 MP. */
export const PHOTO_MAX_SIDE = 2000;
/**
 * Refuse "decompression bombs": a small file that decodes to a huge image. 24 MP is twice a phone camera's 12 MP;
 * the size is read from the file's header before anything is decoded.
 */
export const MAX_INPUT_PIXELS = 24_000_000;
/** Below this much free room the upload folder is "full" in /api/health: a photo may not fit. */
const UPLOADS_LOW_BYTES = 2 * 1024 * 1024;
/** A photo file younger than this may be another process's upload between its write and its commit. */
const ORPHAN_GRACE_MS = 10 * 60_000;

export type PhotoFormat = 'jpeg' | 'png' | 'webp';
export type StoredPhoto = { file: string; width: number; height: number; bytes: number };
/** A photo re-encoded for keeping, and the size of the photo as sent, upright (where label boxes are measured). */
export type ReencodedPhoto = { data: Buffer; width: number; height: number; source: { width: number; height: number } };

/**
 * What a file is, by its first bytes (its "magic number"), never by its name or the type the browser claims:
 * JPEG starts FF D8 FF; PNG with its 8-byte signature; WebP is a RIFF container whose form type is "WEBP".
 */
export function sniffPhotoFormat(head: Uint8Array): PhotoFormat | null {
  const starts = (bytes: number[], at = 0) => bytes.every((b, i) => head[at + i] === b);
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}

export const photoTooLarge = () =>
  new AppError(413, 'PHOTO_TOO_LARGE', 'Cada foto puede pesar hasta 8 MB. Elige una más liviana o tómala de nuevo.');
export const photoWrongType = () =>
  new AppError(415, 'PHOTO_TYPE', 'Las fotos deben ser JPEG, PNG o WebP. Tómalas con la cámara o elige otra imagen.');
export const photoTooManyPixels = () =>
  new AppError(
    413,
    'PHOTO_TOO_MANY_PIXELS',
    'Cada foto puede tener hasta 24 megapíxeles. Tómala con la cámara del teléfono o elige una más pequeña.',
  );
/** The upload folder, not the database, has no room: its own answer and its own health line. */
export const uploadsFull = () =>
  new AppError(503, 'UPLOADS_FULL', 'No tenemos espacio para guardar fotos en este momento. Inténtalo de nuevo más tarde.');
const photoUnreadable = () =>
  new AppError(400, 'PHOTO_UNREADABLE', 'No pudimos leer una de las fotos. Tómala de nuevo o elige otra.');

/**
 * Checks a photo by its content and re-encodes it: turned upright by its EXIF orientation, scaled to at most
 * PHOTO_MAX_SIDE, written as a new JPEG. sharp copies no metadata unless asked, so EXIF (camera, time) and
 * GPS (where the shopper stood) are gone, and whatever else the file carried besides the pixels with them.
 */
export async function reencodePhoto(input: Buffer): Promise<ReencodedPhoto> {
  if (input.length > CONTRIBUTION_PHOTO_MAX_BYTES) throw photoTooLarge();
  if (!sniffPhotoFormat(input.subarray(0, 12))) throw photoWrongType();
  const header = await sharp(input).metadata().catch(() => {
    throw photoUnreadable();
  });
  if ((header.width ?? 0) * (header.height ?? 0) > MAX_INPUT_PIXELS) throw photoTooManyPixels();
  // EXIF orientations 5–8 turn the photo a quarter: its upright width is its stored height.
  const turned = (header.orientation ?? 1) >= 5;
  const source = turned ? { width: header.height, height: header.width } : { width: header.width, height: header.height };
  try {
    const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: PHOTO_MAX_SIDE, height: PHOTO_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      // libjpeg-turbo, not mozjpeg: 20× faster on a 12 MP photo for a file ~20 % larger (bench/photo-reencode.ts).
      .jpeg({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, source };
  } catch {
    throw photoUnreadable();
  }
}

/**
 * Where a contribution's re-encoded JPEGs are kept, by name (`<32 hex>.jpg`, 128 random bits: a name cannot be
 * guessed). Two stores, one chosen at start (services.ts): the folder with the embedded database (one process),
 * the database itself with PostgreSQL, so every API process on every machine serves every photo (ADR 022).
 * The caller commits the contribution's row after `save`; `sweep` removes what no row names (a crash in between).
 */
export type PhotoStore = {
  save(data: Buffer, size: { width: number; height: number }): Promise<StoredPhoto>;
  /** The photo's bytes; rejects when there is no such photo. */
  read(file: string): Promise<Buffer>;
  remove(files: readonly string[]): Promise<void>;
  /**
   * Removes the photos no row names, older than ORPHAN_GRACE_MS (a younger one may be an upload about to commit).
   * `named` says which of the given files rows name. Returns how many went. Run at start and hourly (retention).
   */
  sweep(named: (files: string[]) => Promise<Set<string>>): Promise<number>;
  /** The store's line in /api/health: 'full' when a photo may not fit, 'error' when it cannot be written. */
  status(): Promise<'ok' | 'full' | 'error'>;
};

const newPhotoName = () => `${crypto.randomBytes(16).toString('hex')}.jpg`;
const NO_ROOM = new Set(['ENOSPC', 'EDQUOT']);
const isNoRoom = (error: unknown) => NO_ROOM.has((error as NodeJS.ErrnoException)?.code ?? '');

/**
 * The folder store (PGlite): one file per photo in `dir` (UPLOADS_DIR). A photo is written to `<name>.part` and
 * renamed when whole, so a full disk or a crash never leaves a truncated `.jpg`; a full folder answers 503
 * UPLOADS_FULL and says so in its health line, the database's staying ok.
 */
export function createFolderPhotoStore(dir: string): PhotoStore {
  const pathOf = (file: string) => path.join(dir, path.basename(file));
  /** Free bytes when a photo last found no room; null once a photo was written or room was made since. */
  let freeWhenFull: number | null = null;
  const freeBytes = async () => {
    const disk = await fs.statfs(dir);
    return disk.bavail * disk.bsize;
  };
  return {
    async save(data, size) {
      const file = newPhotoName();
      const part = `${pathOf(file)}.part`;
      try {
        await fs.mkdir(dir, { recursive: true, mode: 0o700 });
        await fs.writeFile(part, data, { mode: 0o600, flag: 'wx' });
        await fs.rename(part, pathOf(file));
      } catch (error) {
        await fs.rm(part, { force: true });
        if (!isNoRoom(error)) throw error;
        freeWhenFull = await freeBytes().catch(() => 0);
        throw uploadsFull();
      }
      freeWhenFull = null;
      return { file, ...size, bytes: data.length };
    },
    read: (file) => fs.readFile(pathOf(file)),
    async remove(files) {
      await Promise.all(files.map((file) => fs.rm(pathOf(file), { force: true })));
    },

    /** Photo files no row names and `.part` files of writes that never finished, both past the grace. */
    async sweep(named) {
      const names = await fs.readdir(dir).catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return [] as string[];
        throw err;
      });
      const old: string[] = [];
      for (const name of names) {
        if (!/^[0-9a-f]{32}\.jpg(\.part)?$/.test(name)) continue;
        const stat = await fs.stat(pathOf(name)).catch(() => null);
        if (stat && Date.now() - stat.mtimeMs > ORPHAN_GRACE_MS) old.push(name);
      }
      const kept = await named(old.filter((n) => n.endsWith('.jpg')));
      const doomed = old.filter((n) => !kept.has(n));
      await Promise.all(doomed.map((n) => fs.rm(pathOf(n), { force: true })));
      return doomed.length;
    },

    /**
     * 'full' under UPLOADS_LOW_BYTES free, or while no room was made since a photo found none; 'error' when the
     * folder cannot be written at all; else 'ok'.
     */
    async status() {
      try {
        await fs.mkdir(dir, { recursive: true, mode: 0o700 });
        await fs.access(dir, fs.constants.W_OK);
        const free = await freeBytes();
        if (freeWhenFull !== null && free > freeWhenFull) freeWhenFull = null;
        return free < UPLOADS_LOW_BYTES || freeWhenFull !== null ? 'full' : 'ok';
      } catch {
        return 'error';
      }
    },
  };
}

/**
 * The database store (PostgreSQL): one `photo_blobs` row per photo, its bytes in a bytea column. A row is whole
 * or absent, and the database's room is the database's health line, so its own line is always 'ok'.
 */
export function createDatabasePhotoStore(db: Db): PhotoStore {
  const remove = async (files: readonly string[]) => {
    if (files.length > 0) await db.delete(photoBlobs).where(inArray(photoBlobs.file, [...files]));
  };
  return {
    async save(data, size) {
      const file = newPhotoName();
      await db.insert(photoBlobs).values({ file, data });
      return { file, ...size, bytes: data.length };
    },
    async read(file) {
      const [row] = await db.select({ data: photoBlobs.data }).from(photoBlobs).where(eq(photoBlobs.file, file));
      if (!row) throw new Error('No such photo');
      return row.data;
    },
    remove,
    /** `photo_blobs` rows no contribution photo names, saved more than the grace ago. */
    async sweep(named) {
      const before = new Date(Date.now() - ORPHAN_GRACE_MS);
      const old = await db.select({ file: photoBlobs.file }).from(photoBlobs).where(lt(photoBlobs.createdAt, before));
      const kept = await named(old.map((r) => r.file));
      const doomed = old.map((r) => r.file).filter((f) => !kept.has(f));
      await remove(doomed);
      return doomed.length;
    },
    status: async () => 'ok',
  };
}
