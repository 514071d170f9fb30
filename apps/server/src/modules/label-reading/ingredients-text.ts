/**
 * The ingredient list out of the words read on its photo: from the "Ingredientes" heading (which is dropped) to
 * the end of the list, lines joined with spaces and words split by a hyphen at a line's end joined again. What
 * follows a list on a pack — who made it, how to keep it — is cut off.
 */
import type { OcrWord } from './ocr-words.ts';

/** A heading as OCR reads it: accents lost, I and l confused, a stray space before the colon. */
const HEADING = /^\s*[il1|]ngred[il1|][eé]nt[eé]s?\s*[:;.]?\s*/i;
/** Where a list ends on Chilean packs: the maker, the importer, keeping and dates. */
const AFTER_LIST =
  /\b(elaborado|fabricado|envasado|distribuido|importado|producido)\s+(por|para|en)\s*:|\bmant[eé]ngase\b|\bmantener\s+en\b|\bcons[eé]rv(ar|ese)\b|\bconsumir\s+preferentemente\b|\bservicio\s+al\s+consumidor\b|\bfecha\s+de\s+(elaboraci|vencimiento)/i;

/** The lines of text as Tesseract found them, top to bottom (its own reading order). */
export function linesOf(words: OcrWord[]): OcrWord[][] {
  const lines = new Map<string, OcrWord[]>();
  for (const word of words) {
    const line = lines.get(word.line);
    if (line) line.push(word);
    else lines.set(word.line, [word]);
  }
  return [...lines.values()];
}

/** Stray marks OCR reads from a pack's edges and rules: no letter or digit in them. */
const isNoise = (text: string) => !/[\p{L}\d]/u.test(text);

export function ingredientsFromWords(words: OcrWord[]): { text: string; box: [number, number, number, number] } | null {
  const lines = linesOf(words)
    .map((line) => line.filter((w) => !isNoise(w.text) || /^[(),.;:%]+$/.test(w.text)))
    .filter((line) => line.length > 0);
  // From the heading on, when there is one; a photo of the list alone is taken whole.
  const start = lines.findIndex((line) => HEADING.test(line.map((w) => w.text).join(' ')));
  const taken = start >= 0 ? lines.slice(start) : lines;
  let text = '';
  const used: OcrWord[] = [];
  for (const [i, line] of taken.entries()) {
    let lineText = line.map((w) => w.text).join(' ');
    if (i === 0 && start >= 0) lineText = lineText.replace(HEADING, '');
    const end = AFTER_LIST.exec(lineText);
    if (end) lineText = lineText.slice(0, end.index);
    if (text.endsWith('-') && /^\p{Ll}/u.test(lineText)) text = text.slice(0, -1) + lineText;
    else text = text ? `${text} ${lineText}` : lineText;
    used.push(...line);
    if (end) break;
  }
  text = tidy(text);
  if (!/\p{L}{3}/u.test(text)) return null;
  const left = Math.min(...used.map((w) => w.box[0]));
  const top = Math.min(...used.map((w) => w.box[1]));
  const right = Math.max(...used.map((w) => w.box[0] + w.box[2]));
  const bottom = Math.max(...used.map((w) => w.box[1] + w.box[3]));
  return { text, box: [left, top, right - left, bottom - top] };
}

/** White space collapsed, no space before a comma or a closing bracket, none after an opening one. */
export function tidy(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/\s+([,.;)\]])/g, '$1')
    .replace(/([([])\s+/g, '$1')
    .trim();
}
