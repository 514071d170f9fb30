// Where things sit on a label's photo: words into visual rows, and each column's shift from a label's line to its
// number's (a curved pack bows the rows, perspective tilts them), so every label finds its number.
import type { OcrWord } from './ocr-words.ts';

export const centreY = (w: OcrWord) => w.at[1] + w.at[3] / 2;
export const centreX = (w: OcrWord) => w.at[0] + w.at[2] / 2;
export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)]! : 0;
};

/** Words into visual rows, left to right: each word joins the row whose last word it continues. */
export function rowsOf(words: OcrWord[]): OcrWord[][] {
  const height = median(words.map((w) => w.at[3])) || 10;
  const rows: OcrWord[][] = [];
  for (const word of [...words].sort((a, b) => a.at[0] - b.at[0])) {
    let best: OcrWord[] | null = null;
    let bestGap = Infinity;
    for (const row of rows) {
      const last = row.at(-1)!;
      if (last.at[0] + last.at[2] > word.at[0] + word.at[2] / 2) continue;
      const gap = Math.abs(centreY(last) - centreY(word));
      if (gap < 0.6 * Math.max(height, Math.min(last.at[3], word.at[3])) && gap < bestGap) [best, bestGap] = [row, gap];
    }
    if (best) best.push(word);
    else rows.push([word]);
  }
  return rows.sort((a, b) => centreY(a[0]!) - centreY(b[0]!));
}

/** A word's box grown by half a line each way, so a second look sees the whole number. */
export const padded = ([x, y, w, h]: OcrWord['at'], line: number): OcrWord['at'] => [
  Math.round(x - line / 2),
  Math.round(y - line / 2),
  Math.round(w + line),
  Math.round(h + line),
];

export type Anchor = { y: number; height: number };
/** A column's shift from a label's line to its number's: d(y) = a + b·(y − y0). */
export type Shift = { a: number; b: number; y0: number; votes: number };
export const shiftAt = (s: Shift, y: number) => s.a + s.b * (y - s.y0);

/**
 * The likely shifts between label rows and the numbers of one column. On a photo the numbers of a row are rarely
 * level with its label: a curved pack bows the rows, perspective tilts them differently at the top and the
 * bottom. Within one column the shift changes slowly and steadily down the table, so it is a line in y: every
 * line through two label–number pairs is tried and counts the pairs it fits. Several lines may fit as many
 * pairs (the same line one row up or down); the table's own arithmetic decides between them later.
 */
export function columnShifts(labels: Anchor[], numbers: { y: number }[]): Shift[] {
  const h = median(labels.map((l) => l.height)) || 10;
  const pairs: { y: number; d: number; label: number; number: number }[] = [];
  for (const [li, label] of labels.entries()) {
    for (const [ni, number] of numbers.entries()) {
      const d = number.y - label.y;
      if (Math.abs(d) < 3 * label.height) pairs.push({ y: label.y, d, label: li, number: ni });
    }
  }
  if (pairs.length === 0) return [];
  const lines: Shift[] = [];
  const consider = (a: number, b: number, y0: number) => {
    if (Math.abs(b) > 0.12) return;
    const fit = pairs.filter((p) => Math.abs(p.d - (a + b * (p.y - y0))) < 0.3 * h);
    // One number per label and one label per number: count distinct ones.
    const votes = Math.min(new Set(fit.map((p) => p.label)).size, new Set(fit.map((p) => p.number)).size);
    // Refit through what it fits (least squares), so the line sits in the middle of its pairs.
    const my = fit.reduce((t, p) => t + p.y, 0) / fit.length;
    const md = fit.reduce((t, p) => t + p.d, 0) / fit.length;
    const vy = fit.reduce((t, p) => t + (p.y - my) ** 2, 0);
    const slope = fit.length >= 3 && vy > (2 * h) ** 2 ? fit.reduce((t, p) => t + (p.y - my) * (p.d - md), 0) / vy : 0;
    lines.push({ a: md, b: Math.abs(slope) <= 0.12 ? slope : 0, y0: my, votes });
  };
  for (const p of pairs) consider(p.d, 0, p.y);
  for (let i = 0; i < pairs.length; i++) {
    for (let j = i + 1; j < pairs.length; j++) {
      const [p, q] = [pairs[i]!, pairs[j]!];
      if (p.label === q.label || p.number === q.number || Math.abs(q.y - p.y) < 2 * h) continue;
      consider(p.d, (q.d - p.d) / (q.y - p.y), p.y);
    }
  }
  // The best few, each a different row pairing (not the same line found twice).
  lines.sort((x, y) => y.votes - x.votes);
  const distinct: Shift[] = [];
  const meanY = labels.reduce((t, l) => t + l.y, 0) / labels.length;
  for (const line of lines) {
    if (line.votes < lines[0]!.votes - 1) break;
    if (distinct.some((d) => Math.abs(shiftAt(d, meanY) - shiftAt(line, meanY)) < 0.5 * h)) continue;
    distinct.push(line);
    if (distinct.length === 4) break;
  }
  return distinct;
}

/** Each label its number along a shift line (the nearest within half a line), each number used once. */
export function assignAlong(labels: Anchor[], numbers: { y: number }[], shift: Shift | undefined): Map<number, number> {
  const assigned = new Map<number, number>();
  if (!shift) return assigned;
  const h = median(labels.map((l) => l.height)) || 10;
  const fits: { label: number; number: number; residual: number }[] = [];
  for (const [li, label] of labels.entries()) {
    for (const [ni, number] of numbers.entries()) {
      const residual = Math.abs(number.y - label.y - shiftAt(shift, label.y));
      if (residual < 0.45 * h) fits.push({ label: li, number: ni, residual });
    }
  }
  const used = new Set<number>();
  for (const f of fits.sort((x, y) => x.residual - y.residual)) {
    if (assigned.has(f.label) || used.has(f.number)) continue;
    assigned.set(f.label, f.number);
    used.add(f.number);
  }
  return assigned;
}
