/**
 * Splits a free-text Spanish ingredient list into top-level ingredients.
 *
 * Why only commas, semicolons and sentence full stops: the product page shows "the ingredient list split
 * on commas" (spec §2, product page), and brackets hold the parts of a compound ingredient
 * ("chocolate (azúcar, cacao)"), so separators inside (), [] and {} never split.
 * A full stop splits only when followed by a space or the end ("Contiene leche. Puede contener soya"),
 * never inside a decimal number ("0.5 %").
 */

const LABEL_PREFIX = /^\s*(?:lista\s+de\s+)?(?:ingredientes?|ingredients?|ingr\.)\s*[:.-]\s*/i;
const LEADING_CONJUNCTION = /^(?:y|e|and|et)\s+/i;
const INNER_WHITESPACE = /\s{2,}|[\t\n\r\f\v\u00a0]/;

/** Characters trimmed from both ends of an ingredient: whitespace, list punctuation, bullets, dashes. */
const EDGE_CODES: ReadonlySet<number> = new Set(
  [...' \t\n\r\f\v\u00a0.,;:*·•-–'].map((c) => c.charCodeAt(0)),
);

function isWhitespaceCode(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13) || code === 160;
}

export function splitIngredients(text: string | null | undefined): string[] {
  if (text == null) return [];
  const body = text.replace(LABEL_PREFIX, '');
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    const ch = body.charCodeAt(i);
    if (ch === 40 || ch === 91 || ch === 123)
      depth++; // ( [ {
    else if (ch === 41 || ch === 93 || ch === 125) depth = Math.max(0, depth - 1);
    else if (depth === 0) {
      const isComma = ch === 44 || ch === 59; // , ;
      const isSentenceStop = ch === 46 && (i + 1 === body.length || isWhitespaceCode(body.charCodeAt(i + 1)));
      if (isComma || isSentenceStop) {
        pushPart(parts, body, start, i);
        start = i + 1;
      }
    }
  }
  pushPart(parts, body, start, body.length);
  return parts;
}

function pushPart(parts: string[], body: string, from: number, to: number): void {
  let start = from;
  let end = to;
  while (start < end && EDGE_CODES.has(body.charCodeAt(start))) start++;
  while (end > start && EDGE_CODES.has(body.charCodeAt(end - 1))) end--;
  if (start === end) return;
  let cleaned = body.slice(start, end);
  if (INNER_WHITESPACE.test(cleaned)) cleaned = cleaned.replace(/\s+/g, ' ');
  if (LEADING_CONJUNCTION.test(cleaned)) cleaned = cleaned.replace(LEADING_CONJUNCTION, '').trim();
  if (cleaned.length > 0) parts.push(cleaned);
}
