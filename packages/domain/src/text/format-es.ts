/** Number formatting for Spanish (Chile) copy: decimal comma, no thousands separator, true minus sign. */

/** 22 → "22", 1.25 → "1,3" (maxDecimals 1), 0.45 → "0,45" (maxDecimals 2). */
export function formatNumberEs(value: number, maxDecimals = 1): string {
  const f = 10 ** maxDecimals;
  const rounded = Math.round(value * f) / f;
  const text = String(Math.abs(rounded)).replace('.', ',');
  return rounded < 0 ? `\u2212${text}` : text;
}

/** Signed points with one decimal: 1.4 → "+1,4", −1.4 → "−1,4", 0 → "0,0". */
export function formatSignedPoints(points: number): string {
  const tenths = Math.round(Math.abs(points) * 10);
  const text = `${Math.floor(tenths / 10)},${tenths % 10}`;
  if (points > 0 && tenths > 0) return `+${text}`;
  if (points < 0 && tenths > 0) return `\u2212${text}`;
  return text;
}
