/**
 * Turns a clean label into what a phone sends from the aisle: the label on its package, photographed a little
 * askew (rotation up to ±8°, perspective), sometimes on a curved pack (a cylinder: columns squeezed towards the
 * edges, lines bowed), out of focus, with a glare spot, in poor light with sensor noise, saved as a JPEG of quality
 * 50–70. Every draw comes from the seeded generator and is written to the truth file.
 */
import sharp from 'sharp';
import type { Rng } from '../seeded-random.ts';
import { between, pick } from './render.ts';

export type Degradation = {
  rotationDeg: number;
  /** Each corner moved by up to this share of the side (the camera not square to the label). */
  perspective: number;
  /** Angle of the cylinder seen (0 flat; 1.2 rad a tight bottle) and how much its lines bow, in px. */
  curve: { angle: number; bow: number } | null;
  blurSigma: number;
  glare: { x: number; y: number; radius: number; strength: number } | null;
  /** Brightness multiplier (1 daylight; 0.45 a dim aisle), a shading gradient, and sensor noise. */
  light: { level: number; gradient: number; noise: number };
  jpegQuality: number;
  longSide: number;
};

export function drawDegradation(r: Rng): Degradation {
  const curved = r() < 0.35;
  const dim = r() < 0.4;
  return {
    rotationDeg: Number(between(r, -8, 8).toFixed(2)),
    perspective: Number(between(r, 0.01, 0.06).toFixed(3)),
    curve: curved ? { angle: Number(between(r, 0.5, 1.1).toFixed(2)), bow: Math.round(between(r, 4, 22)) } : null,
    blurSigma: Number(between(r, 0.4, 1.4).toFixed(2)),
    glare: r() < 0.35 ? { x: r(), y: r(), radius: Number(between(r, 0.08, 0.2).toFixed(2)), strength: Number(between(r, 0.3, 0.65).toFixed(2)) } : null,
    light: {
      level: dim ? Number(between(r, 0.45, 0.7).toFixed(2)) : Number(between(r, 0.85, 1).toFixed(2)),
      gradient: Number(between(r, 0, 0.35).toFixed(2)),
      noise: dim ? Number(between(r, 4, 10).toFixed(1)) : Number(between(r, 0, 4).toFixed(1)),
    },
    jpegQuality: Math.round(between(r, 50, 70)),
    longSide: pick(r, [1200, 1280, 1400, 1500, 1600]),
  };
}

/** Solves the 3×3 homography that maps four points onto four others (x' = (ax+by+c)/(gx+hy+1), …). */
function homography(from: [number, number][], to: [number, number][]): number[] {
  const A: number[][] = [];
  const b: number[] = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = from[i]!;
    const [u, v] = to[i]!;
    A.push([x, y, 1, 0, 0, 0, -u * x, -u * y]);
    b.push(u);
    A.push([0, 0, 0, x, y, 1, -v * x, -v * y]);
    b.push(v);
  }
  // Gaussian elimination with partial pivoting.
  for (let c = 0; c < 8; c++) {
    let p = c;
    for (let rIdx = c + 1; rIdx < 8; rIdx++) if (Math.abs(A[rIdx]![c]!) > Math.abs(A[p]![c]!)) p = rIdx;
    [A[c], A[p]] = [A[p]!, A[c]!];
    [b[c], b[p]] = [b[p]!, b[c]!];
    for (let rIdx = c + 1; rIdx < 8; rIdx++) {
      const f = A[rIdx]![c]! / A[c]![c]!;
      for (let k = c; k < 8; k++) A[rIdx]![k]! -= f * A[c]![k]!;
      b[rIdx]! -= f * b[c]!;
    }
  }
  const h = new Array<number>(8).fill(0);
  for (let c = 7; c >= 0; c--) {
    let s = b[c]!;
    for (let k = c + 1; k < 8; k++) s -= A[c]![k]! * h[k]!;
    h[c] = s / A[c]![c]!;
  }
  return [...h, 1];
}

/** The photo: the label on a package background, warped, lit and saved as a phone would. */
export async function photograph(label: Buffer, d: Degradation, r: Rng): Promise<Buffer> {
  const meta = await sharp(label).metadata();
  const lw = meta.width;
  const lh = meta.height;
  // The package around the label: a margin of its colour, as when the label fills most of the frame.
  const margin = Math.round(Math.max(lw, lh) * between(r, 0.06, 0.14));
  const packColour = pick(r, [[200, 40, 40], [30, 90, 160], [240, 200, 60], [60, 140, 70], [235, 235, 230], [120, 60, 140]]);
  const sw = lw + 2 * margin;
  const sh = lh + 2 * margin;
  const src = await sharp(label)
    .removeAlpha()
    .extend({ top: margin, bottom: margin, left: margin, right: margin, background: { r: packColour[0]!, g: packColour[1]!, b: packColour[2]! } })
    .raw()
    .toBuffer();

  // Output size: the long side as drawn, the photo's frame a little larger than the rotated label.
  const scale = d.longSide / Math.max(sw, sh);
  const ow = Math.round(sw * scale);
  const oh = Math.round(sh * scale);
  // Where the source's corners land: scaled, rotated about the centre, each nudged for perspective.
  const theta = (d.rotationDeg * Math.PI) / 180;
  const shrink = 0.9; // keeps the rotated corners inside the frame
  const corners: [number, number][] = [[0, 0], [sw, 0], [sw, sh], [0, sh]];
  const landed = corners.map(([x, y]) => {
    const cx = (x - sw / 2) * scale * shrink;
    const cy = (y - sh / 2) * scale * shrink;
    const jx = between(r, -1, 1) * d.perspective * ow;
    const jy = between(r, -1, 1) * d.perspective * oh;
    return [ow / 2 + cx * Math.cos(theta) - cy * Math.sin(theta) + jx, oh / 2 + cx * Math.sin(theta) + cy * Math.cos(theta) + jy] as [number, number];
  });
  // Inverse mapping: for each output pixel, where it comes from in the (curved) source.
  const H = homography(landed, corners);
  const curve = d.curve;
  const sinHalf = curve ? Math.sin(curve.angle / 2) : 1;
  const out = Buffer.alloc(ow * oh * 3);
  const background = [70, 62, 55];
  for (let v = 0; v < oh; v++) {
    for (let u = 0; u < ow; u++) {
      const w = H[6]! * u + H[7]! * v + 1;
      let x = (H[0]! * u + H[1]! * v + H[2]!) / w;
      let y = (H[3]! * u + H[4]! * v + H[5]!) / w;
      if (curve) {
        // A cylinder seen from the front: the flat label's column xn appears at sin(xn·φ/2)/sin(φ/2).
        const xn = (2 * x) / sw - 1;
        if (Math.abs(xn) <= 1) {
          const flat = Math.asin(Math.max(-1, Math.min(1, xn * sinHalf))) / (curve.angle / 2);
          x = ((flat + 1) * sw) / 2;
          // Seen a little from above, the printed lines bow into arcs.
          y -= curve.bow * flat * flat;
        }
      }
      const o = (v * ow + u) * 3;
      if (x < 0 || y < 0 || x >= sw - 1 || y >= sh - 1) {
        out[o] = background[0]!;
        out[o + 1] = background[1]!;
        out[o + 2] = background[2]!;
        continue;
      }
      const x0 = Math.floor(x);
      const y0 = Math.floor(y);
      const fx = x - x0;
      const fy = y - y0;
      for (let c = 0; c < 3; c++) {
        const i00 = (y0 * sw + x0) * 3 + c;
        const i10 = i00 + 3;
        const i01 = i00 + sw * 3;
        const i11 = i01 + 3;
        out[o + c] = Math.round(
          src[i00]! * (1 - fx) * (1 - fy) + src[i10]! * fx * (1 - fy) + src[i01]! * (1 - fx) * fy + src[i11]! * fx * fy,
        );
      }
    }
  }

  // Light: a dim aisle, shading across the pack, a glare spot, sensor noise.
  const gauss = () => Math.sqrt(-2 * Math.log(Math.max(1e-9, r()))) * Math.cos(2 * Math.PI * r());
  const angle = r() * 2 * Math.PI;
  const [gx, gy] = [Math.cos(angle), Math.sin(angle)];
  const glare = d.glare;
  for (let v = 0; v < oh; v++) {
    for (let u = 0; u < ow; u++) {
      const along = ((u / ow - 0.5) * gx + (v / oh - 0.5) * gy) + 0.5;
      const shade = d.light.level * (1 - d.light.gradient * along);
      let white = 0;
      if (glare) {
        const dx = u / ow - glare.x;
        const dy = v / oh - glare.y;
        white = glare.strength * Math.exp(-(dx * dx + dy * dy) / (2 * glare.radius * glare.radius));
      }
      const n = d.light.noise > 0 ? gauss() * d.light.noise : 0;
      const o = (v * ow + u) * 3;
      for (let c = 0; c < 3; c++) {
        const lit = out[o + c]! * shade;
        out[o + c] = Math.max(0, Math.min(255, Math.round(lit * (1 - white) + 255 * white + n)));
      }
    }
  }
  return sharp(out, { raw: { width: ow, height: oh, channels: 3 } })
    .blur(Math.max(0.3, d.blurSigma))
    .jpeg({ quality: d.jpegQuality, chromaSubsampling: '4:2:0' })
    .toBuffer();
}
