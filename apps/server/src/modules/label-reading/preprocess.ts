/**
 * A phone photo of a label made easy for Tesseract (runs in the OCR process, ocr-process.ts): grey, the light
 * evened out (the photo divided by its own blurred background, which takes away dim corners, shading across a pack
 * and most of a glare spot), turned level (the angle whose rows of ink are sharpest, searched on a small copy),
 * handed over as a PGM (raw grey bytes behind a short header: nothing to encode or decode).
 */
import sharp from 'sharp';

export type Prepared = {
  /** PGM (P5) bytes of the level, evened-out grey photo. */
  pgm: Buffer;
  /** The same pixels, one byte each, row by row. */
  grey: Buffer;
  width: number;
  height: number;
  /** Maps a box of the prepared image back onto the photo it came from (its pixels, upright). */
  toPhoto: (box: Box) => Box;
  /** The angle the photo was turned by, in degrees (positive: clockwise). */
  angle: number;
};
export type Box = [x: number, y: number, w: number, h: number];

/** Long side of the copy the angle is searched on. */
const SKEW_SIDE = 640;
/** Degrees searched either way: the photos are within ±8°, a shopper's hand sometimes a little more. */
const MAX_SKEW = 12;

export async function prepare(photo: Buffer, options: { scale?: number } = {}): Promise<Prepared> {
  const meta = await sharp(photo).metadata();
  const photoWidth = meta.width;
  const photoHeight = meta.height;
  const scale = options.scale ?? 1;
  const width = Math.round(photoWidth * scale);
  const height = Math.round(photoHeight * scale);
  const grey = await sharp(photo).greyscale().resize(width, height, { kernel: 'lanczos3' }).raw().toBuffer();
  // The background: ink is thin, so a blur much wider than a stroke is the paper and the light on it.
  const sigma = Math.max(8, Math.round(Math.max(width, height) / 60));
  const background = await sharp(grey, { raw: { width, height, channels: 1 } }).blur(sigma).greyscale().raw().toBuffer();
  const even = Buffer.alloc(width * height);
  for (let i = 0; i < even.length; i++) {
    even[i] = Math.min(255, Math.round((grey[i]! / Math.max(1, background[i]!)) * 235));
  }

  const angle = await skewAngle(even, width, height);
  let level = even;
  let levelWidth = width;
  let levelHeight = height;
  if (Math.abs(angle) >= 0.2) {
    const rotated = await sharp(even, { raw: { width, height, channels: 1 } })
      .rotate(-angle, { background: '#ffffff' })
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    level = rotated.data;
    levelWidth = rotated.info.width;
    levelHeight = rotated.info.height;
  }
  const pgm = toPgm(level, levelWidth, levelHeight);

  const radians = (angle * Math.PI) / 180;
  const cos = Math.cos(radians);
  const sin = Math.sin(radians);
  const toPhoto = ([x, y, w, h]: Box): Box => {
    // A corner of the level image → the evened image (turned back by +angle about the centres) → the photo.
    const corners = [
      [x, y],
      [x + w, y],
      [x, y + h],
      [x + w, y + h],
    ].map(([px, py]) => {
      const dx = px! - levelWidth / 2;
      const dy = py! - levelHeight / 2;
      return [(dx * cos - dy * sin + width / 2) / scale, (dx * sin + dy * cos + height / 2) / scale] as const;
    });
    const xs = corners.map((c) => c[0]);
    const ys = corners.map((c) => c[1]);
    const left = Math.max(0, Math.floor(Math.min(...xs)));
    const top = Math.max(0, Math.floor(Math.min(...ys)));
    const right = Math.min(photoWidth, Math.ceil(Math.max(...xs)));
    const bottom = Math.min(photoHeight, Math.ceil(Math.max(...ys)));
    return [left, top, Math.max(0, right - left), Math.max(0, bottom - top)];
  };
  return { pgm, grey: level, width: levelWidth, height: levelHeight, toPhoto, angle };
}

/**
 * The skew, in degrees: on a small copy, the angle at which the rows of dark pixels, projected sideways, are
 * sharpest (the largest sum of squared differences between neighbouring rows). Coarse steps, then fine ones.
 */
async function skewAngle(even: Buffer, width: number, height: number): Promise<number> {
  const factor = Math.min(1, SKEW_SIDE / Math.max(width, height));
  const w = Math.max(1, Math.round(width * factor));
  const h = Math.max(1, Math.round(height * factor));
  const small = await sharp(even, { raw: { width, height, channels: 1 } }).resize(w, h).greyscale().raw().toBuffer();
  // Ink: clearly darker than the evened paper (235).
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (small[y * w + x]! < 150) {
        xs.push(x - w / 2);
        ys.push(y - h / 2);
      }
    }
  }
  if (xs.length < 50) return 0;
  const diagonal = Math.ceil(Math.hypot(w, h));
  const bins = new Float64Array(2 * diagonal + 2);
  const sharpness = (degrees: number) => {
    const t = (degrees * Math.PI) / 180;
    const sin = Math.sin(t);
    const cos = Math.cos(t);
    bins.fill(0);
    // A row of text turned by `degrees` lies along y·cos − x·sin = constant.
    for (let i = 0; i < xs.length; i++) bins[Math.round(ys[i]! * cos - xs[i]! * sin) + diagonal]! += 1;
    let score = 0;
    for (let i = 1; i < bins.length; i++) score += (bins[i]! - bins[i - 1]!) ** 2;
    return score;
  };
  let best = 0;
  let bestScore = -1;
  for (let d = -MAX_SKEW; d <= MAX_SKEW; d += 1) {
    const s = sharpness(d);
    if (s > bestScore) [best, bestScore] = [d, s];
  }
  const coarse = best;
  for (let d = coarse - 1; d <= coarse + 1 + 1e-9; d += 0.1) {
    const s = sharpness(d);
    if (s > bestScore) [best, bestScore] = [d, s];
  }
  return Number(best.toFixed(1));
}

/** Grey pixels as a PGM file, which Tesseract's image library reads without decoding anything. */
export const toPgm = (grey: Buffer, width: number, height: number) => Buffer.concat([Buffer.from(`P5\n${width} ${height}\n255\n`), grey]);
