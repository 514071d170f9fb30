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
import { ADDITIVE_CATALOGUE } from '../additives/additive-catalogue.ts';
import { ADDITIVE_CLASS_WORDS } from '../additives/class-words.ts';
import { NOVA_GROUP_3_PHRASES, NOVA_GROUP_4_PHRASES } from '../nova/nova-markers.ts';
import { SUSPECT_CATALOGUE } from '../suspects/suspect-catalogue.ts';
import { foldText, normalizeToWords, wordKey } from '../text/normalize-text.ts';
import { type TokenStream, WordTrie } from '../text/token-stream.ts';
import { FOOD_PHRASES } from './ingredient-vocabulary.ts';
import { INGREDIENT_QUALIFIERS, LIST_FILLERS, NOT_INGREDIENT_SENTENCES } from './reading-words.ts';

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

type Kind = 'food' | 'additive' | 'suspect' | 'marker' | 'class' | 'flavouring' | 'qualifier' | 'filler';

/** Kinds that name an ingredient; qualifiers and fillers only describe or join one. */
const CONTENT: ReadonlySet<Kind> = new Set(['food', 'additive', 'suspect', 'marker', 'class', 'flavouring']);

const FLAVOURING_SUSPECTS = new Set(['saborizante', 'saborizante-artificial']);

/** Flavourings written as "sabor" ("sabor natural", "sabores naturales y artificiales") and essences. */
const FLAVOURING_WORDS: readonly string[] = [
  'sabor natural',
  'sabores naturales',
  'sabor natural y artificial',
  'sabores naturales y artificiales',
  'sustancias aromatizantes',
  'sustancia aromatizante',
  'esencia',
  'esencias',
  'esencia de vainilla',
  'extracto aromatizante',
  'flavouring substances',
  'flavoring substances',
  'natural flavours',
];

/** Words of an unrecognised ingredient that make it an industrial preparation. */
const PREPARATION_WORDS: ReadonlySet<string> = new Set([
  'concentrado',
  'concentrados',
  'concentrada',
  'concentradas',
  'base',
  'bases',
  'premezcla',
  'premezclas',
  'premix',
  'preparado',
  'preparados',
  'preparacion',
  'preparaciones',
  'concentrate',
  'concentrates',
  'preparation',
  'concentre',
  'concentres',
]);

const CONJUNCTIONS: ReadonlySet<string> = new Set(['y', 'e', 'and', 'et', 'o', 'u', 'or', 'ou']);

/** Every word of the vocabulary below, by its key: what the additive matcher never spell-corrects. */
const VOCABULARY_WORDS = new Set<string>();

const VOCABULARY: WordTrie<Kind> = (() => {
  const trie = new WordTrie<Kind>();
  const add = (phrase: string, kind: Kind) => {
    const words = normalizeToWords(phrase);
    if (words === '') return;
    const keys = words.split(' ').map(wordKey);
    for (const key of keys) VOCABULARY_WORDS.add(key);
    trie.add(keys, kind);
  };
  // First added wins: flavourings before everything, so "aroma natural" is never read as a plain food.
  for (const s of SUSPECT_CATALOGUE)
    for (const p of s.phrases) add(p, FLAVOURING_SUSPECTS.has(s.id) ? 'flavouring' : 'suspect');
  for (const p of FLAVOURING_WORDS) add(p, 'flavouring');
  for (const a of ADDITIVE_CATALOGUE)
    for (const name of [a.name, ...a.alternativeNames, ...a.englishNames, ...(a.frenchNames ?? [])])
      add(name, 'additive');
  for (const p of NOVA_GROUP_4_PHRASES) add(p, 'marker');
  for (const p of NOVA_GROUP_3_PHRASES) add(p, 'marker');
  for (const p of ADDITIVE_CLASS_WORDS) add(p, 'class');
  // A taxonomy entry that is only a qualifier or a preparation word ("concentrado", OFF's en:concentrate)
  // names no food: it stays a qualifier.
  const notFoods = new Set([...INGREDIENT_QUALIFIERS.map(normalizeToWords), ...PREPARATION_WORDS]);
  for (const p of FOOD_PHRASES) if (!notFoods.has(p)) add(p, 'food');
  for (const p of INGREDIENT_QUALIFIERS) add(p, 'qualifier');
  for (const p of LIST_FILLERS) add(p, 'filler');
  return trie;
})();

/** Whether a word (by its wordKey) is one the reader knows: a food, an additive, a qualifier, a filler, … */
export function isKnownIngredientWord(key: string): boolean {
  return VOCABULARY_WORDS.has(key);
}

const NOT_INGREDIENT_TRIE: WordTrie<true> = (() => {
  const trie = new WordTrie<true>();
  for (const p of NOT_INGREDIENT_SENTENCES) trie.add(normalizeToWords(p).split(' '), true);
  return trie;
})();

const CODE = /^(?:e|ins)\d{3,4}[a-z]{0,5}$/;
const CODE_PREFIX = new Set(['e', 'ins', 'sin']);
const NUMBER = /^\d+[a-z]{0,4}$/;
const UNITS: ReadonlySet<string> = new Set([
  'g',
  'gr',
  'grs',
  'mg',
  'mcg',
  'ug',
  'kg',
  'ml',
  'cl',
  'l',
  'kcal',
  'kj',
  'ppm',
  'ui',
  'iu',
  'oz',
  'min',
  'max',
  'minimo',
  'maximo',
  'aprox',
]);
const ROMAN = /^(?:i|ii|iii|iv|v|vi)$/;

/** Folded words of a piece of text with their offsets (a TokenStream without statement dropping). */
function words(text: string, folded: string = foldText(text)): TokenStream {
  const stream: TokenStream = { source: text, words: [], starts: [], ends: [], gaps: [] };
  const re = /[a-z0-9]+/g;
  let previousEnd = 0;
  for (let m = re.exec(folded); m !== null; m = re.exec(folded)) {
    stream.words.push(m[0]);
    stream.starts.push(m.index);
    stream.ends.push(m.index + m[0].length);
    stream.gaps.push(folded.slice(previousEnd, m.index));
    previousEnd = m.index + m[0].length;
  }
  return stream;
}

type Coverage = { uncovered: string[]; content: boolean; flavouring: boolean; qualifiers: string[] };

/** Which words of an ingredient no known phrase covers, and whether any of them names an ingredient. */
function cover(stream: TokenStream, keys: TokenStream, from: number, to: number): Coverage {
  const { words: w } = stream;
  const result: Coverage = { uncovered: [], content: false, flavouring: false, qualifiers: [] };
  for (let i = from; i < to; i++) {
    const word = w[i] ?? '';
    if (CODE.test(word)) {
      result.content = true;
      continue;
    }
    if (CODE_PREFIX.has(word) && /^\d{3,4}[a-z]{0,5}$/.test(w[i + 1] ?? '') && i + 1 < to) {
      result.content = true;
      i++;
      continue;
    }
    if (NUMBER.test(word) || UNITS.has(word) || word.length === 1 || (ROMAN.test(word) && i > from)) continue;
    const match = VOCABULARY.longestMatch(keys, i, to);
    if (match) {
      if (CONTENT.has(match.value)) result.content = true;
      if (match.value === 'flavouring') result.flavouring = true;
      if (match.value === 'qualifier') result.qualifiers.push(...w.slice(i, match.last + 1));
      i = match.last;
      continue;
    }
    result.uncovered.push(word);
  }
  return result;
}

/**
 * One ingredient's text (its bracketed parts blanked out: they are ingredients of their own), the same folded
 * (foldText keeps one character per character), and its depth.
 */
type Piece = { text: string; folded: string; depth: number };
/**
 * Blanks what is not an ingredient: the heading, precautionary and allergen statements, storage and maker
 * lines (each to the end of its sentence). Offsets are kept, so what is printed can be quoted.
 */
function maskStatements(text: string): { text: string; folded: string } {
  const folded = foldText(text);
  const stream = words(text, folded);
  const ranges: [number, number][] = [];
  const blank = (from: number, to: number) => ranges.push([from, to]);
  const heading = /^\s*(?:lista\s+de\s+)?(?:ingredientes?|ingredients?|ingr\.)\s*[:.-]\s*/i.exec(text);
  if (heading) blank(0, heading[0].length);
  const { words: w, starts, gaps } = stream;
  let sentenceStart = true;
  for (let i = 0; i < w.length; i++) {
    if (i > 0 && /[.:](?:\s|$)/.test(gaps[i] ?? '')) sentenceStart = true;
    const match = NOT_INGREDIENT_TRIE.longestMatch(stream, i);
    // A statement starts a sentence ("Contiene leche."), except the precautionary ones, which may follow a comma.
    if (
      match &&
      (sentenceStart || /^(?:puede|pueden|podria|may|peut|trazas|elaborado|fabricado)$/.test(w[i] ?? ''))
    ) {
      // To the end of its sentence, or of the bracket it opened in ("(puede contener: maní), uva pasa").
      let j = match.last + 1;
      let depth = 0;
      for (; j < w.length; j++) {
        const gap = gaps[j] ?? '';
        if (/\.(?:\s|$)/.test(gap) && depth === 0) break;
        for (const c of gap) {
          if (c === '(' || c === '[' || c === '{') depth++;
          else if (c === ')' || c === ']' || c === '}') depth--;
        }
        if (depth < 0) break;
      }
      blank(starts[i] ?? 0, j < w.length ? (stream.ends[j - 1] ?? text.length) : text.length);
      i = j - 1;
      sentenceStart = false;
      continue;
    }
    sentenceStart = false;
  }
  if (ranges.length === 0) return { text, folded };
  const cut = (source: string) => {
    let out = '';
    let at = 0;
    for (const [from, to] of ranges) {
      out += source.slice(at, from) + ' '.repeat(to - from);
      at = to;
    }
    return out + source.slice(at);
  };
  return { text: cut(text), folded: cut(folded) };
}

/**
 * Splits text[start, end) at top-level commas, semicolons and sentence stops. Each part is one ingredient, its
 * brackets blanked; what the brackets hold is read as a list of its own, one level deeper, after it.
 */
function splitList(
  text: string,
  folded: string,
  start: number,
  end: number,
  depth: number,
  out: Piece[],
): void {
  let level = 0;
  let innerStart = start;
  let head = '';
  let headFolded = '';
  let headFrom = start;
  let children: Piece[] = [];
  const flush = (partEnd: number) => {
    head += text.slice(headFrom, partEnd);
    headFolded += folded.slice(headFrom, partEnd);
    out.push({ text: head, folded: headFolded, depth }, ...children);
    head = '';
    headFolded = '';
    children = [];
    headFrom = partEnd + 1;
  };
  for (let i = start; i < end; i++) {
    const c = text[i];
    if (c === '(' || c === '[' || c === '{') {
      if (level === 0) {
        head += `${text.slice(headFrom, i)} `;
        headFolded += `${folded.slice(headFrom, i)} `;
        innerStart = i + 1;
      }
      level++;
    } else if ((c === ')' || c === ']' || c === '}') && level > 0) {
      level--;
      if (level === 0) {
        splitList(text, folded, innerStart, i, depth + 1, children);
        headFrom = i + 1;
      }
    } else if (level === 0 && (c === ',' || c === ';' || (c === '.' && /\s/.test(text[i + 1] ?? ' ')))) {
      flush(i);
    }
  }
  if (level > 0) {
    // An unclosed bracket: what follows it is read as parts of the last ingredient.
    splitList(text, folded, innerStart, end, depth + 1, children);
    headFrom = end;
  }
  flush(end);
}

/** A list that ends on a comma, colon or joining word, or with more brackets opened than closed. */
function isCutShort(text: string): boolean {
  const trimmed = text.trim();
  if (/(?:[,:;([]|\s(?:y|e|o|de|con|and|or|of|with|et|ou|du|des|avec))$/i.test(trimmed)) return true;
  let depth = 0;
  for (const c of trimmed) {
    if (c === '(' || c === '[') depth++;
    else if ((c === ')' || c === ']') && depth > 0) depth--;
  }
  return depth > 0;
}

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
