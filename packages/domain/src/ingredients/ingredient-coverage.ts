/**
 * What the ingredient reader knows (read-ingredient-list.ts): one vocabulary of phrases by kind — foods of OFF's
 * taxonomies, our additives by name, 'Otros sospechosos', NOVA markers, additive class words, flavourings,
 * qualifiers and fillers — and `cover`, which says which words of one ingredient no known phrase covers.
 */
import { ADDITIVE_CATALOGUE } from '../additives/additive-catalogue.ts';
import { ADDITIVE_CLASS_WORDS } from '../additives/class-words.ts';
import { NOVA_GROUP_3_PHRASES, NOVA_GROUP_4_PHRASES } from '../nova/nova-markers.ts';
import { SUSPECT_CATALOGUE } from '../suspects/suspect-catalogue.ts';
import { normalizeToWords, wordKey } from '../text/normalize-text.ts';
import { type TokenStream, WordTrie } from '../text/token-stream.ts';
import { FOOD_PHRASES } from './ingredient-vocabulary.ts';
import { INGREDIENT_QUALIFIERS, LIST_FILLERS } from './reading-words.ts';

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
export const PREPARATION_WORDS: ReadonlySet<string> = new Set([
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

export type Coverage = { uncovered: string[]; content: boolean; flavouring: boolean; qualifiers: string[] };

/** Which words of an ingredient no known phrase covers, and whether any of them names an ingredient. */
export function cover(stream: TokenStream, keys: TokenStream, from: number, to: number): Coverage {
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
