// Words as the index reads them: folded, split, lightly stemmed, and matched across the regions' names for a food.
import { normalizeText } from '@etiqueta/domain';

/** Spellings of one word that labels use side by side ('Yoghurt', 'Yogurt', 'Yogur'): one stem. */
const SPELLINGS: ReadonlyMap<string, string> = new Map([
  ['yoghurt', 'yogur'],
  ['yoghurts', 'yogur'],
  ['yogurt', 'yogur'],
  ['yogurts', 'yogur'],
  ['yoghourt', 'yogur'],
  ['yogourt', 'yogur'],
]);

/**
 * What Chilean shoppers call a food, and how Spanish, Mexican and Argentine labels name it ('papas fritas' are
 * 'Patatas fritas' in Spain, 'porotos' are 'Frijoles' in Mexico): each word on the left also matches the words
 * on its right, as if it were them (folded; both sides stemmed). One way only where the right side is more
 * general ('choclo' finds 'maíz', 'maíz' does not find every 'choclo').
 */
const REGIONAL_WORDS: readonly (readonly [string, readonly string[]])[] = [
  ['papa', ['patata']],
  ['patata', ['papa']],
  ['frutilla', ['fresa']],
  ['fresa', ['frutilla']],
  ['durazno', ['melocoton']],
  ['melocoton', ['durazno']],
  ['poroto', ['frijol', 'alubia']],
  ['frijol', ['poroto', 'alubia']],
  ['alubia', ['poroto', 'frijol']],
  ['choclo', ['elote', 'maiz']],
  ['elote', ['choclo']],
  ['mani', ['cacahuate', 'cacahuete']],
  ['cacahuate', ['mani', 'cacahuete']],
  ['cacahuete', ['mani', 'cacahuate']],
  ['cabritas', ['palomitas']],
  ['palomitas', ['cabritas']],
  ['vienesa', ['salchicha']],
  ['arveja', ['guisante', 'chicharo']],
  ['guisante', ['arveja', 'chicharo']],
  ['chicharo', ['arveja', 'guisante']],
  ['palta', ['aguacate']],
  ['aguacate', ['palta']],
  ['zapallo', ['calabaza', 'calabacin']],
  ['betarraga', ['remolacha']],
  ['damasco', ['albaricoque']],
  ['jugo', ['zumo']],
  ['zumo', ['jugo']],
  ['quinua', ['quinoa']],
  ['quinoa', ['quinua']],
  ['maravilla', ['girasol']],
  ['ketchup', ['catsup']],
  ['catsup', ['ketchup']],
  ['pomelo', ['toronja']],
  ['toronja', ['pomelo']],
  ['chorito', ['mejillon']],
  ['camaron', ['gamba', 'langostino']],
  ['descremada', ['desnatada']],
  ['descremado', ['desnatado']],
  ['semidescremada', ['semidesnatada']],
  ['desnatada', ['descremada']],
  ['mermelada', ['confitura']],
  ['bitter', ['amargo', 'negro']],
  ['crema', ['nata']],
  ['bebida', ['refresco']],
  ['galleta', ['galletita']],
];

/** Words too common to require: a query 'galletas de chocolate' must find 'Galletas Chocolate'. */
export const STOPWORDS: ReadonlySet<string> = new Set([
  'a',
  'al',
  'con',
  'de',
  'del',
  'e',
  'el',
  'en',
  'la',
  'las',
  'lo',
  'los',
  'o',
  'para',
  'por',
  'sin',
  'u',
  'un',
  'una',
  'y',
]);

/**
 * Light Spanish stemmer: folds plural and gender so 'Galletas', 'galleta' and 'galleto' meet, and 'nueces' meets
 * 'nuez'. Deliberately lighter than Snowball: it never touches short words and only strips inflection, so
 * unrelated words rarely collide. Input is already lower-case ASCII.
 */
export function stemSpanish(word: string): string {
  if (word.length < 4 || !/^[a-z]+$/.test(word)) return word;
  let w = SPELLINGS.get(word) ?? word;
  if (w.endsWith('ces') && w.length > 4) w = `${w.slice(0, -3)}z`;
  else if (w.endsWith('s')) w = w.slice(0, -1);
  const last = w.charCodeAt(w.length - 1);
  // a, e, o: gender and the plural 'es' ('limones' → 'limone' → 'limon', 'leches' → 'leche' → 'lech').
  if (w.length >= 4 && (last === 97 || last === 101 || last === 111)) w = w.slice(0, -1);
  return w;
}

/** REGIONAL_WORDS by stem: the stems a query word also matches as itself. */
export const REGIONAL_STEMS: ReadonlyMap<string, readonly string[]> = new Map(
  REGIONAL_WORDS.map(([word, others]) => [stemSpanish(word), others.map(stemSpanish)]),
);

/** Normalised words with their display form ('Azúcar' → { word: 'azucar', display: 'azúcar' }). */
export function tokenizeWords(text: string): { word: string; display: string }[] {
  const out: { word: string; display: string }[] = [];
  for (const raw of text.split(/[^\p{L}\p{N}]+/u)) {
    if (!raw) continue;
    const folded = normalizeText(raw);
    const parts = folded.split(/[^a-z0-9]+/);
    if (parts.length === 1 && parts[0]) out.push({ word: parts[0], display: raw.toLowerCase() });
    else for (const p of parts) if (p) out.push({ word: p, display: p });
  }
  return out;
}
