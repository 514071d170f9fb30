/**
 * Contributed photos (ADR 013): how long the server spends checking and re-encoding one phone photo (12 MP JPEG,
 * with EXIF and GPS) into the stored JPEG without metadata, against a baseline measured in the same run:
 * - baseline: decoding the same JPEG to raw pixels with sharp, the least any re-encode must do.
 * sharp runs on libvips' own threads; the figure is wall time per photo, one photo at a time.
 *
 * Run: npx tsx bench/photo-reencode.ts
 */
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';

import { reencodePhoto } from '../apps/server/src/modules/contributions/photo-store.ts';

const ROUNDS = 8;

// A phone-sized photo with texture (noise compresses like a real scene, unlike a flat colour): 4000 × 3000.
const photo = await sharp({
  create: { width: 4000, height: 3000, channels: 3, background: '#a0522d', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
})
  .jpeg({ quality: 88 })
  .withExif({ IFD0: { Make: 'FonoX', Model: 'Modelo 12' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '33/1 26/1 16/1' } })
  .toBuffer();

const time = async (work: () => Promise<unknown>) => {
  await work(); // warm-up
  const ms: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const started = performance.now();
    await work();
    ms.push(performance.now() - started);
  }
  ms.sort((a, b) => a - b);
  return { median: ms[Math.floor(ms.length / 2)]!, max: ms.at(-1)! };
};

const decode = await time(() => sharp(photo).raw().toBuffer());
const stored = await reencodePhoto(photo);
const reencode = await time(() => reencodePhoto(photo));

console.log(`input: ${(photo.length / 1024 / 1024).toFixed(2)} MB JPEG, 4000×3000, with EXIF and GPS`);
console.log(`stored: ${(stored.data.length / 1024).toFixed(0)} KB JPEG, ${stored.width}×${stored.height}, no metadata`);
console.log(`baseline decode only: median ${decode.median.toFixed(0)} ms, max ${decode.max.toFixed(0)} ms`);
console.log(`check + re-encode:    median ${reencode.median.toFixed(0)} ms, max ${reencode.max.toFixed(0)} ms`);
console.log(`ratio to baseline: ${(reencode.median / decode.median).toFixed(2)}×`);
