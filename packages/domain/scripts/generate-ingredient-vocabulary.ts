/**
 * One-off generator for src/ingredients/ingredient-vocabulary.ts: the foods and nutrients Open Food Facts'
 * ingredient taxonomies name (ingredients, vitamins, minerals, nucleotides, other nutritional substances;
 * ../shared/data/taxonomies/raw_off_2019, ODbL, © Open Food Facts contributors), in Spanish, English, French,
 * Portuguese and Catalan, normalised (normalizeToWords). The 2019 taxonomy is Spain's Spanish ("zumo", "soja",
 * "patata"): each Spanish name is also written the way Chilean labels print it (CHILEAN_WORDS), a word-for-word
 * substitution, never a product's name; LATAM_FOODS adds the foods it lacks in any form, and OFF's category
 * names (categories_compact.jsonl, Spanish and English) are food names too.
 *
 * Additives, suspects, NOVA markers and class words are not repeated here: the reader takes them from their own
 * catalogues (read-ingredient-list.ts).
 *
 * Run: npx tsx packages/domain/scripts/generate-ingredient-vocabulary.ts && npx prettier --write
 * packages/domain/src/ingredients/ingredient-vocabulary.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { normalizeToWords } from '../src/text/normalize-text.ts';

const taxonomyDir = new URL('../../../../shared/data/taxonomies/raw_off_2019/', import.meta.url);
const FILES = [
  'ingredients.txt',
  'vitamins.txt',
  'minerals.txt',
  'nucleotides.txt',
  'other_nutritional_substances.txt',
];
const LANGUAGES = new Set(['es', 'en', 'fr', 'pt', 'ca']);

/**
 * Spain's Spanish → Chile's, word by word (RAE / Diccionario de uso del español de Chile). Applied to every
 * Spanish phrase of the taxonomy, so "zumo de naranja" also reads "jugo de naranja".
 */
const CHILEAN_WORDS: Record<string, readonly string[]> = {
  zumo: ['jugo'],
  girasol: ['maravilla'],
  zumos: ['jugos'],
  soja: ['soya'],
  patata: ['papa'],
  patatas: ['papas'],
  cacahuete: ['mani'],
  cacahuetes: ['mani', 'manies'],
  aguacate: ['palta'],
  fresa: ['frutilla'],
  fresas: ['frutillas'],
  melocoton: ['durazno'],
  melocotones: ['duraznos'],
  albaricoque: ['damasco'],
  albaricoques: ['damascos'],
  judia: ['poroto'],
  judias: ['porotos'],
  alubia: ['poroto'],
  alubias: ['porotos'],
  guisante: ['arveja'],
  guisantes: ['arvejas'],
  remolacha: ['betarraga'],
  calabaza: ['zapallo'],
  nata: ['crema'],
  pimiento: ['pimenton'],
  pimientos: ['pimentones'],
  maiz: ['choclo'],
  pina: ['anana'],
  platano: ['banana'],
  mantequilla: ['manteca'],
  gamba: ['camaron'],
  gambas: ['camarones'],
  cerdo: ['chancho'],
  ternera: ['vacuno'],
  bizcocho: ['queque'],
  cebolleta: ['cebollin'],
  sesamo: ['ajonjoli'],
  judion: ['poroto'],
  mejillon: ['chorito'],
  mejillones: ['choritos'],
  pomelo: ['toronja'],
  boniato: ['camote'],
  hierbabuena: ['menta'],
};

/**
 * Foods Latin-American labels print that the 2019 taxonomy lacks in any form (Chilean, Mexican and Rioplatense
 * Spanish, and common label wording; our addition). General words, never a product's or a brand's name.
 */
const LATAM_FOODS: readonly string[] = [
  // Mexico
  'chile',
  'chiles',
  'chile jalapeno',
  'jalapeno',
  'chipotle',
  'chile serrano',
  'chile habanero',
  'chile poblano',
  'chile guajillo',
  'chile ancho',
  'chile de arbol',
  'chile piquin',
  'elote',
  'jitomate',
  'frijol',
  'frijoles',
  'chicharo',
  'nopal',
  'epazote',
  'tomatillo',
  'tortilla',
  'masa de maiz',
  'maiz nixtamalizado',
  'harina de maiz nixtamalizado',
  'piloncillo',
  'azucar mascabado',
  'mascabado',
  'cajeta',
  'jamaica',
  'flor de jamaica',
  'tamarindo',
  'guayaba',
  'mamey',
  'zarzamora',
  'mora azul',
  'arandano',
  'jicama',
  'chayote',
  'calabacita',
  'cacahuate',
  'ajonjoli',
  'pepita',
  'pepitas',
  'res',
  'carne de res',
  'grasa de res',
  'chicharron',
  'queso oaxaca',
  'crema acida',
  // Chile, Argentina, Peru
  'aji panca',
  'aji amarillo',
  'rocoto',
  'palta hass',
  'zapallo italiano',
  'choclo',
  'porotos',
  'poroto',
  'lentejas',
  'garbanzos',
  'alcayota',
  'membrillo',
  'dulce de membrillo',
  'dulce de batata',
  'yerba',
  // common label wording Spain's taxonomy lacks
  'hortalizas',
  'verduras',
  'legumbres',
  'cereales',
  'frutas',
  'fruta',
  'linaza',
  'laurel',
  'algarrobo',
  'champinon',
  'setas',
  'shoyu',
  'salsa de soya',
  'sazonador',
  'aderezo',
  'sofrito',
  'sirope',
  'agave',
  'jarabe de agave',
  'chufa',
  'pipas de girasol',
  'pipas de calabaza',
  'pechuga',
  'pechuga de pollo',
  'pechuga de pavo',
  'muslo',
  'piel de cerdo',
  'grasa de cerdo',
  'lomo',
  'panceta',
  'enzimas',
  'enzima',
  'fermentos',
  'cultivos',
  'bifidobacterias',
  'probioticos',
  'lactobacillus',
  'streptococcus thermophilus',
  'bacterias',
  'germen',
  'salvado',
  'fecula',
  'sustituto de crema',
  'barley malt',
  'malt',
  'malta',
  'extracto de malta',
  'cocoa mass',
  'chocolate liquor',
  'cocoa processed with alkali',
  'caramel paste',
  'butteroil',
  'butter oil',
  'shortening',
  'vegetable shortening',
  'semisweet chocolate',
  'milk solids',
  'cocoa solids',
  'soluble corn fiber',
  'yeast extract',
  'autolyzed yeast extract',
  'kombucha',
  'agua de coccion',
  'miel de abeja',
  'miel de abejas',
  'liquido de cobertura',
  'atun aleta amarilla',
  'aleta amarilla',
  'lupulo',
  'folacina',
  'fosforo',
  'fibra dietetica',
  'fibra soluble',
  'fibra',
  'alumbre',
  'oblea',
  'marinador',
  'ejote',
  'tinta de sepia',
  'tinta de calamar',
  'nuez de castilla',
  'nuez de la india',
  'maranon',
  'huitlacoche',
  'yuca',
  'mandioca',
  'almidon de mandioca',
  'semola de trigo',
  'semola',

  'manjar',
  'dulce de leche',
  'chancaca',
  'panela',
  'cochayuyo',
  'merken',
  'mote',
  'mote de trigo',
  'huesillo',
  'huesillos',
  'lucuma',
  'chirimoya',
  'murta',
  'maqui',
  'quinoa',
  'quinua',
  'boldo',
  'cedron',
  'poleo',
  'yerba mate',
  'aji',
  'aji de color',
  'aji color',
  'harina tostada',
  'chuchoca',
  'charqui',
  'quesillo',
  'porotos granados',
  'alga nori',
  'agua potable',
  'agua purificada',
  'agua tratada',
  'agua mineral',
  'agua carbonatada',
  'agua gasificada',
  'leche cultivada',
  'cultivos lacticos',
  'cultivo lactico',
  'fermentos lacticos',
  'fermento lactico',
  'bacterias lacticas',
  'cuajo',
  'enzimas coagulantes',
  'levadura',
  'masa madre',
  'harina de trigo',
  'harina integral',
  'salvado de trigo',
  'germen de trigo',
  'gluten de trigo',
  'almidon de maiz',
  'fecula de papa',
  'leche en polvo',
  'leche descremada',
  'leche semidescremada',
  'leche entera',
  'crema de leche',
  'suero de leche',
  'proteina de leche',
  'grasa lactea',
  'solidos lacticos',
  'solidos de leche',
  'cacao',
  'cacao en polvo',
  'pasta de cacao',
  'manteca de cacao',
  'chips de chocolate',
  'cobertura de chocolate',
  'pulpa de fruta',
  'pulpa de frutas',
  'pure de fruta',
  'trozos de fruta',
  'frutos secos',
  'sal de mar',
  'sal marina',
  'sal yodada',
  'sal de cocina',
  'especias',
  'hierbas',
  'condimentos',
  'pimienta',
  'vinagre',
  'huevo',
  'huevos',
  'huevo en polvo',
  'clara de huevo',
  'yema de huevo',
  'carne de cerdo',
  'carne de vacuno',
  'carne de pollo',
  'carne de pavo',
  'pollo',
  'pavo',
  'vacuno',
  'cerdo',
  'tocino',
  'vitaminas',
  'minerales',
  'vitaminas y minerales',
  'hierro',
  'zinc',
  'calcio',
  'acido folico',
];

type Entry = { names: string[] };

function parseTaxonomy(text: string): Entry[] {
  const entries: Entry[] = [];
  let current: string[] = [];
  const flush = () => {
    if (current.length > 0) entries.push({ names: current });
    current = [];
  };
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '') {
      flush();
      continue;
    }
    if (line.startsWith('#') || line.startsWith('<')) continue;
    const m = /^([a-z]{2}):(.*)$/.exec(line);
    if (!m || !LANGUAGES.has(m[1] ?? '')) continue;
    for (const name of (m[2] ?? '').split(',')) {
      const words = normalizeToWords(name);
      if (words.length >= 2 && !/^\d+$/.test(words)) current.push(`${m[1]}|${words}`);
    }
  }
  flush();
  return entries;
}

const phrases = new Set<string>();
for (const file of FILES) {
  for (const entry of parseTaxonomy(readFileSync(new URL(file, taxonomyDir), 'utf8'))) {
    for (const tagged of entry.names) {
      const [lang, words] = tagged.split('|') as [string, string];
      phrases.add(words);
      if (lang !== 'es') continue;
      // Every Chilean spelling of the phrase: each word that has Chilean forms is replaced by each of them.
      let variants = [words.split(' ')];
      for (let i = 0; i < (variants[0]?.length ?? 0); i++) {
        const next: string[][] = [];
        for (const v of variants) {
          next.push(v);
          for (const alt of CHILEAN_WORDS[v[i] ?? ''] ?? [])
            next.push([...v.slice(0, i), alt, ...v.slice(i + 1)]);
        }
        variants = next.slice(0, 16);
      }
      for (const v of variants) phrases.add(v.join(' '));
    }
  }
}
for (const food of LATAM_FOODS) phrases.add(normalizeToWords(food));

/**
 * OFF's category names are food names too ("Judías verdes", "Atún", "Green beans"): the 2019 ingredient taxonomy
 * has Spanish for only a fraction of its entries, its category taxonomy for 2,309.
 */
type Category = { name_en: string | null; name_es: string | null; synonyms_es: string[] | null };
const categories = readFileSync(new URL('../categories_compact.jsonl', taxonomyDir), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as Category);
for (const c of categories) {
  for (const name of [c.name_en, c.name_es, ...(c.synonyms_es ?? [])]) {
    const words = name ? normalizeToWords(name) : '';
    if (words.length >= 2 && !/\d/.test(words)) phrases.add(words);
  }
}

const sorted = [...phrases].filter((p) => p.length >= 2).sort();
const out = `/**
 * Foods and nutrients that Open Food Facts' ingredient taxonomies name, in Spanish (with Chilean spellings),
 * English, French, Portuguese and Catalan, normalised (normalizeToWords). Generated by
 * scripts/generate-ingredient-vocabulary.ts from ../shared/data/taxonomies/raw_off_2019 (ODbL, © Open Food
 * Facts contributors); do not edit by hand.
 * ${sorted.length} phrases, one string split on "|" (a single literal keeps the module small to parse).
 */
export const FOOD_PHRASES: readonly string[] = ${JSON.stringify(sorted.join('|'))}.split('|');
`;
writeFileSync(fileURLToPath(new URL('../src/ingredients/ingredient-vocabulary.ts', import.meta.url)), out);
console.log(`Ingredient vocabulary: ${sorted.length} phrases`);
