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
const EDGE_PUNCTUATION = /^[\s.,;:*·•\-–]+|[\s.,;:*·•\-–]+$/g;

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
      const isSentenceStop = ch === 46 && (i + 1 === body.length || /\s/.test(body[i + 1] ?? ''));
      if (isComma || isSentenceStop) {
        pushPart(parts, body.slice(start, i));
        start = i + 1;
      }
    }
  }
  pushPart(parts, body.slice(start));
  return parts;
}

function pushPart(parts: string[], raw: string): void {
  const cleaned = raw
    .replace(/\s+/g, ' ')
    .replace(EDGE_PUNCTUATION, '')
    .replace(LEADING_CONJUNCTION, '')
    .trim();
  if (cleaned.length > 0) parts.push(cleaned);
}
