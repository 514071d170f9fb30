import sharp from 'sharp';
import type { ScoreColour } from '@etiqueta/domain';
import type { SharedFacts } from './shared-facts.ts';

/** The card's size: what Open Graph and Twitter's `summary_large_image` show best (1.91:1). */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;
/** Bumped when the drawing changes, so every card's version (and address) changes with it. */
export const CARD_LAYOUT = '1';

/** The score's colour as the app draws it (apps/web/src/components/food/score-colours.ts, Tailwind's hues). */
const BAND_COLOUR: Record<ScoreColour, { rim: string; tint: string }> = {
  'dark-green': { rim: '#15803d', tint: '#f0fdf4' },
  green: { rim: '#22c55e', tint: '#f0fdf4' },
  yellow: { rim: '#facc15', tint: '#fefce8' },
  orange: { rim: '#f97316', tint: '#fff7ed' },
  red: { rim: '#dc2626', tint: '#fef2f2' },
  grey: { rim: '#a8a29e', tint: '#fafaf9' },
};
const BRAND_GREEN = '#166534';
const FONT = "'DejaVu Sans', 'Liberation Sans', 'Noto Sans', Arial, sans-serif";

/** Text inside SVG (XML): the five characters that could end an element or an attribute. */
export const xmlEscape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/**
 * Words into at most `maxLines` lines of about `perLine` characters (SVG text does not wrap); a word longer than
 * a line is cut, and what does not fit ends in '…'.
 */
export function wrapText(text: string, perLine: number, maxLines: number): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (const word of words.flatMap((w) => (w.length > perLine ? w.match(new RegExp(`.{1,${perLine}}`, 'gu'))! : [w]))) {
    const next = line ? `${line} ${word}` : word;
    if ([...next].length <= perLine) {
      line = next;
      continue;
    }
    lines.push(line);
    line = word;
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  const last = kept[maxLines - 1]!;
  kept[maxLines - 1] = `${[...last].slice(0, perLine - 1).join('').trimEnd()}…`;
  return kept;
}

/** A black octagon with "ALTO EN" and its nutrient, as on the pack (the words, never colour alone). */
function sealOctagon(label: string, x: number, y: number, size: number): string {
  const c = size * 0.2929; // the corner cut of a regular octagon
  const points = [
    [c, 0], [size - c, 0], [size, c], [size, size - c], [size - c, size], [c, size], [0, size - c], [0, c],
  ].map(([px, py]) => `${x + px!},${y + py!}`).join(' ');
  const words = label.replace(/^ALTO EN\s+/, '').split(' ');
  const lines = words.length > 1 ? words : [words[0] ?? ''];
  const cx = x + size / 2;
  const nutrientSize = lines.some((l) => l.length > 8) ? 19 : 22;
  const text = [
    `<text x="${cx}" y="${y + size * 0.36}" font-size="25" font-weight="bold">ALTO EN</text>`,
    ...lines.map(
      (line, i) =>
        `<text x="${cx}" y="${y + size * 0.36 + 32 + i * (nutrientSize + 4)}" font-size="${nutrientSize}" font-weight="bold">${xmlEscape(line)}</text>`,
    ),
  ].join('');
  return `<polygon points="${points}" fill="#0c0a09" stroke="#ffffff" stroke-width="4"/><g fill="#ffffff" text-anchor="middle">${text}</g>`;
}

/** The card as SVG: the name and brand, the score large in its band's colour with its word, and the seals. */
export function cardSvg(facts: SharedFacts, host: string): string {
  const colour = BAND_COLOUR[facts.colour];
  const long = [...facts.name].length > 42;
  const nameSize = long ? 46 : 58;
  const nameLines = wrapText(facts.name, long ? 27 : 22, 3);
  const nameTop = 170;
  const lineHeight = Math.round(nameSize * 1.18);
  const name = nameLines
    .map((line, i) => `<text x="64" y="${nameTop + i * lineHeight}" font-size="${nameSize}" font-weight="bold" fill="#1c1917">${xmlEscape(line)}</text>`)
    .join('');
  const brandLine = facts.brand
    ? `<text x="64" y="${nameTop + nameLines.length * lineHeight + 8}" font-size="34" fill="#57534e">${xmlEscape(wrapText(facts.brand, 34, 1)[0] ?? '')}</text>`
    : '';
  const score =
    facts.colour === 'grey'
      ? `<text x="978" y="190" font-size="52" font-weight="bold" fill="#1c1917" text-anchor="middle">Sin</text>` +
        `<text x="978" y="256" font-size="52" font-weight="bold" fill="#1c1917" text-anchor="middle">puntaje</text>`
      : `<text x="978" y="220" text-anchor="middle" fill="#1c1917"><tspan font-size="108" font-weight="900">${xmlEscape(facts.score.replace('/10', ''))}</tspan><tspan font-size="38" font-weight="bold" fill="#44403c">/10</tspan></text>` +
        `<text x="978" y="300" font-size="46" font-weight="bold" fill="#1c1917" text-anchor="middle">${xmlEscape(facts.scoreLabel)}</text>`;
  const seals = facts.seals.map((label, i) => sealOctagon(label, 64 + i * 172, 408, 156)).join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}" font-family="${FONT}">`,
    `<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="#fafaf9"/>`,
    `<rect width="18" height="${CARD_HEIGHT}" fill="${BRAND_GREEN}"/>`,
    `<text x="64" y="86" font-size="32" font-weight="bold" fill="${BRAND_GREEN}">Etiqueta Clara</text>`,
    name,
    brandLine,
    `<rect x="820" y="60" width="316" height="290" rx="36" fill="${colour.tint}" stroke="${colour.rim}" stroke-width="10"/>`,
    score,
    seals,
    `<text x="1136" y="590" font-size="28" fill="#57534e" text-anchor="end">${xmlEscape(host)}</text>`,
    `</svg>`,
  ].join('');
}

/**
 * The card as a PNG (libvips draws the SVG; text through the machine's fontconfig fonts). sharp's default PNG
 * settings: ~25 ms and ~60 KB a card, where a 256-colour palette would make it ~26 KB for ~10× the time
 * (docs/performance.md, "Sharing a product").
 */
export async function renderCard(facts: SharedFacts, host: string): Promise<Buffer> {
  return sharp(Buffer.from(cardSvg(facts, host))).png().toBuffer();
}
