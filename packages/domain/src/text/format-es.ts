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

/**
 * A sum of signed points, as the score's explanation prints it under its sections: "0,2 + 0,0 − 0,5 + 0,3".
 * Every term has one decimal and every term after the first its own sign, so no two terms ever run together
 * (before: "0,20,0 − 0,5 + 0,3").
 */
export function formatPointsSum(points: readonly number[]): string {
  return points
    .map((p, index) => {
      const tenths = Math.round(p * 10);
      const magnitude = `${Math.floor(Math.abs(tenths) / 10)},${Math.abs(tenths) % 10}`;
      if (index === 0) return tenths < 0 ? `\u2212${magnitude}` : magnitude;
      return `${tenths < 0 ? '\u2212' : '+'} ${magnitude}`;
    })
    .join(' ');
}
