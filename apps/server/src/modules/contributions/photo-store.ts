import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { CONTRIBUTION_PHOTO_MAX_BYTES } from '@etiqueta/contracts';
import type { Db } from '../../db/client.ts';
import { photoBlobs } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';

/** The longest side a stored photo keeps: enough to read a nutrition table, a fraction of a phone's 12 MP. */
export const PHOTO_MAX_SIDE = 2000;
/** Refuse "decompression bombs": a small file that decodes to a huge image. 50 MP is above any phone camera. */
const MAX_INPUT_PIXELS = 50_000_000;

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
  try {
    const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const meta = await image.metadata();
    // EXIF orientations 5–8 turn the photo a quarter: its upright width is its stored height.
    const turned = (meta.orientation ?? 1) >= 5;
    const source = turned ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height };
    const { data, info } = await image
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
 */
export type PhotoStore = {
  save(data: Buffer, size: { width: number; height: number }): Promise<StoredPhoto>;
  /** The photo's bytes; rejects when there is no such photo. */
  read(file: string): Promise<Buffer>;
  remove(files: readonly string[]): Promise<void>;
};

const newPhotoName = () => `${crypto.randomBytes(16).toString('hex')}.jpg`;

/** The folder store (PGlite): one file per photo in `dir` (UPLOADS_DIR). */
export function createFolderPhotoStore(dir: string): PhotoStore {
  const pathOf = (file: string) => path.join(dir, path.basename(file));
  return {
    async save(data, size) {
      await fs.mkdir(dir, { recursive: true, mode: 0o700 });
      const file = newPhotoName();
      await fs.writeFile(pathOf(file), data, { mode: 0o600, flag: 'wx' });
      return { file, ...size, bytes: data.length };
    },
    read: (file) => fs.readFile(pathOf(file)),
    async remove(files) {
      await Promise.all(files.map((file) => fs.rm(pathOf(file), { force: true })));
    },
  };
}

/** The database store (PostgreSQL): one `photo_blobs` row per photo, its bytes in a bytea column. */
export function createDatabasePhotoStore(db: Db): PhotoStore {
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
    async remove(files) {
      if (files.length > 0) await db.delete(photoBlobs).where(inArray(photoBlobs.file, [...files]));
    },
  };
}
