/**
 * How well an ingredient list was read: the one rule behind every claim of absence the app makes.
 *
 * Unknown is not clean. "Sin aditivos", the score's processing credit, a NOVA group below 4 and any other
 * "it has no X" (issue 28's allergens) may be said only when every ingredient of the list was recognised and
 * none is an industrial preparation whose parts the label does not declare. A word the reader does not know
 * could be an additive, an allergen or a brand's concentrate, so it costs the claim.
 *
 * What counts as recognised: every word of the ingredient is covered by a known phrase — a food or nutrient of
 * Open Food Facts' ingredient taxonomies (ingredient-vocabulary.ts), an additive of our catalogue by name or
 * code, an 'Otro sospechoso', a NOVA marker, an additive class word — or by the words that only qualify one
 * ("en polvo", "deshidratado", "descremada", "12 %", "de", "con"), and at least one of those words is a known
 * ingredient. Each ingredient is read apart: the top-level ones (commas, semicolons, sentence stops) and the
 * parts of a compound ingredient in brackets; an ingredient that does not read whole is read again split at "y",
 * "e", "and", "et".
 *
 * Undeclared preparations: a flavouring ("saborizante", "aroma", "natural flavor") or an unrecognised ingredient
 * that names a concentrate, base, premix or preparation ("concentrados Coca-Cola", "base para bebida",
 * "premezcla") is industrial and says nothing of what it holds: it is reported apart, and costs the claim too.
 *
 * Not ingredients, so neither counted nor held against the list: precautionary and allergen statements
 * ("Puede contener…", "Contiene leche.", "Fenilcetonúricos: contiene fenilalanina."), storage and maker lines
 * ("Mantener en lugar fresco…", "Elaborado por…"), a heading ("Ingredientes:") and a bracket that only gives a
 * quantity or a code ("(12 %)", "(E330)").
 */
import { wordKey } from '../text/normalize-text.ts';
import type { TokenStream } from '../text/token-stream.ts';
import { cover, PREPARATION_WORDS } from './ingredient-coverage.ts';
import { isCutShort, maskStatements, type Piece, splitList, words } from './list-pieces.ts';

/** How one ingredient was read. */
export type IngredientStatus = 'recognised' | 'undeclared' | 'unrecognised';

export type ReadIngredient = {
  /** The ingredient as printed (without its bracketed parts, which are ingredients of their own). */
  text: string;
  status: IngredientStatus;
  /** 0 for a top-level ingredient, 1 for a part in brackets, and so on. */
  depth: number;
  /** The words no known phrase covers (folded), for reports; empty when recognised. */
  unknownWords: string[];
};

export type IngredientListReading = {
  /** No list at all (null, blank, or only a heading or statements). */
  missing: boolean;
  /** Every ingredient read, top-level and bracketed parts, in label order. */
  ingredients: ReadIngredient[];
  recognisedCount: number;
  /** Ingredients not recognised, as printed, in label order, each once. */
  unrecognised: string[];
  /** Industrial preparations that do not declare their parts (flavourings, concentrates, bases, premixes). */
  undeclared: string[];
  /**
   * THE RULE: the list is there, every ingredient was recognised and none is an undeclared preparation. Only
   * then may the app claim an absence: "Sin aditivos", the processing credit, a NOVA group below 4, "sin X".
   */
  readWell: boolean;
  /**
   * The list stops mid-way: it ends on a comma, a colon or a joining word, or leaves a bracket open ("…, PAN
   * RALLADO (HARINA DE TRIGO, AZÚCAR,"). What it does not show may hold anything, so it is never read well.
   */
  cutShort: boolean;
};

const CONJUNCTIONS: ReadonlySet<string> = new Set(['y', 'e', 'and', 'et', 'o', 'u', 'or', 'ou']);

/**
 * Reads an ingredient list and says which ingredients were recognised, which were not, which are undeclared
 * industrial preparations, and whether the list was read well enough to claim an absence (`readWell`).
 * Pure and deterministic; a few microseconds a list.
 */
export function readIngredientList(text: string | null | undefined): IngredientListReading {
  const reading: IngredientListReading = {
    missing: true,
    ingredients: [],
    recognisedCount: 0,
    unrecognised: [],
    undeclared: [],
    readWell: false,
    cutShort: false,
  };
  if (text == null || text.trim() === '') return reading;
  const masked = maskStatements(text);
  const pieces: Piece[] = [];
  splitList(masked.text, masked.folded, 0, masked.text.length, 0, pieces);

  const unrecognised = new Set<string>();
  const undeclared = new Set<string>();
  const push = (
    source: string,
    from: number,
    to: number,
    depth: number,
    status: IngredientStatus,
    unknownWords: string[],
  ) => {
    const printed = source
      .slice(from, to)
      .replace(/\s+/g, ' ')
      .replace(/^[\s:.*·•\-–]+|[\s:.*·•\-–]+$/g, '');
    reading.ingredients.push({ text: printed, status, depth, unknownWords });
    if (status === 'recognised') reading.recognisedCount++;
    else (status === 'undeclared' ? undeclared : unrecognised).add(printed);
  };

  for (const { text: piece, folded, depth } of pieces) {
    const stream = words(piece, folded);
    const keys: TokenStream = { ...stream, words: stream.words.map(wordKey) };
    const n = stream.words.length;
    if (n === 0) continue;
    const whole = cover(stream, keys, 0, n);
    // Only a quantity, a code prefix or joining words: nothing to read. Only qualifiers ("concentrado"): an
    // ingredient the label does not name, read below like any other it does not name.
    if (whole.uncovered.length === 0 && !whole.content && whole.qualifiers.length === 0) continue;
    // In brackets, qualifiers alone describe the ingredient they follow ("saborizante (natural)", "cacao (en
    // polvo)"): no ingredient of their own.
    if (depth > 0 && whole.uncovered.length === 0 && !whole.content) continue;
    const covered = whole.uncovered.length === 0 && whole.content;
    if (covered && !whole.flavouring) {
      push(piece, stream.starts[0] ?? 0, stream.ends[n - 1] ?? 0, depth, 'recognised', []);
      continue;
    }
    // Read again split at conjunctions: "azúcares y concentrados Coca-Cola" and "aceite de maíz y esencia de
    // vainilla" are two ingredients each. In a list read whole, a part that is only a qualifier belongs to the
    // part before it ("saborizantes naturales y artificiales").
    let from = 0;
    for (let i = 0; i <= n; i++) {
      if (i < n && !CONJUNCTIONS.has(stream.words[i] ?? '')) continue;
      const part = i > from ? cover(stream, keys, from, i) : null;
      // Qualifiers alone name no ingredient: the whole piece ("concentrado") is one we cannot read; a part of it
      // ("… artificial y natural") belongs to the part before.
      if (part !== null && !part.content && part.uncovered.length === 0 && from === 0 && i === n)
        part.uncovered.push(...part.qualifiers);
      if (part !== null && (part.uncovered.length > 0 || part.content)) {
        const status: IngredientStatus =
          part.uncovered.length === 0
            ? part.flavouring
              ? 'undeclared'
              : 'recognised'
            : stream.words.slice(from, i).some((w) => PREPARATION_WORDS.has(w)) || /[®™]/.test(piece)
              ? 'undeclared'
              : 'unrecognised';
        push(piece, stream.starts[from] ?? 0, stream.ends[i - 1] ?? 0, depth, status, part.uncovered);
      }
      from = i + 1;
    }
  }
  reading.missing = reading.ingredients.length === 0;
  reading.unrecognised = [...unrecognised];
  reading.undeclared = [...undeclared];
  reading.cutShort = isCutShort(text);
  reading.readWell = !reading.missing && !reading.cutShort && unrecognised.size === 0 && undeclared.size === 0;
  return reading;
}
