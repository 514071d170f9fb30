// Draws the installed app's icons (web app manifest and apple-touch-icon) from our mark, the same drawing as
// AppLogoMark (apps/web/src/components/layouts/app-logo.tsx), with sharp. Run once after changing the mark, and
// commit the PNGs it writes to apps/web/public/icons/:
//   node scripts/pwa-icons.mjs
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/public/icons');
const brand = { 50: '#f0fdf4', 200: '#bbf7d0', 700: '#15803d', 800: '#166534' };
const accent = '#f59e0b';

/** The label with its check, in the 40×40 box of AppLogoMark. */
const mark = `
  <path d="M11 8.5h12.5l6.5 6.5v16.5H11z" fill="${brand[50]}"/>
  <path d="M23.5 8.5V15H30" fill="none" stroke="${brand[200]}" stroke-width="1.6" stroke-linejoin="round"/>
  <path d="m15 21.5 3.6 3.6 6.6-7.2" fill="none" stroke="${brand[700]}" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>
  <circle cx="15.5" cy="13" r="1.6" fill="${accent}"/>`;

/** "any": the rounded tile as the header draws it. */
const rounded = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40">
  <rect width="40" height="40" rx="11" fill="${brand[800]}"/>${mark}</svg>`;

/**
 * "maskable" and Apple's icon: a full square (the launcher or iOS cuts its own shape), the mark (as large as on the tile) inside the
 * central safe zone (a circle of 80 % of the width) so no mask clips it.
 */
const fullBleed = (scale) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40">
  <rect width="40" height="40" fill="${brand[800]}"/>
  <g transform="translate(20 20) scale(${scale}) translate(-20.5 -20)">${mark}</g></svg>`;

const icons = [
  { file: 'icon-192.png', svg: rounded, size: 192 },
  { file: 'icon-512.png', svg: rounded, size: 512 },
  { file: 'icon-maskable-512.png', svg: fullBleed(1), size: 512 },
  { file: 'apple-touch-icon-180.png', svg: fullBleed(1), size: 180 },
];

await fs.mkdir(out, { recursive: true });
for (const { file, svg, size } of icons) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 40 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(out, file));
  console.log(`${file} ${size}×${size}`);
}
