/**
 * Allergens, traces and diets of a product: what its ingredient list says (Spanish first, with the English,
 * French and a few German words of imported labels), what its "Contiene: …" and "Puede contener …" statements say,
 * and what Open Food Facts' `allergens_tags`, `traces_tags` and `ingredients_analysis_tags` say.
 *
 * Modelled on OFF (Ingredients.pm and the allergens taxonomy for the words, Attributes.pm for the meaning of
 * "absent"): an allergen is absent only when the list was read well (readIngredientList's `readWell`, the one
 * rule for every claim of absence) or OFF says `en:none`; never because a field is empty.
 *
 * - contains: an allergen named by an ingredient of the list, by a "Contiene: …" / "Contains: …" statement, or by
 *   OFF's allergens_tags. The list and OFF are joined: a shopper with an allergy is better served by one warning
 *   too many than by one too few.
 * - traces: an allergen named by a precautionary statement ("Puede contener …", "Elaborado en una planta/línea
 *   que (también) procesa …", "trazas de …", "May contain …", "Peut contenir …") or by OFF's traces_tags, and not
 *   already in contains.
 * - Words that look like an allergen and are not ("leche de coco", "mantequilla de maní", "manteca de cacao",
 *   "crema de coco", "queso vegano", "nuez moscada", "trigo sarraceno") and free-from claims ("sin gluten",
 *   "libre de lactosa", "gluten-free") are blanked before reading, by pattern, not by product.
 */
import { ADDITIVE_CATALOGUE } from '../additives/additive-catalogue.ts';
import { baseCodeKey, codeKey } from '../additives/additive-codes.ts';
import type { IngredientListReading } from '../ingredients/read-ingredient-list.ts';
import { foldText } from '../text/normalize-text.ts';
import type { DetectedAdditive } from '../types.ts';
import {
  ALLERGENS,
  type AllergenId,
  type DietAnswer,
  type ProductAllergens,
  type ProductDiets,
} from './allergen-list.ts';

/** What OFF says of the product (its tags as stored; empty when the record has none). */
export type OffAllergenTags = {
  allergens: readonly string[];
  traces: readonly string[];
  analysis: readonly string[];
};

export type AllergenInput = {
  ingredients: string | null | undefined;
  /** readIngredientList of the same text (analyseProduct already has it). */
  reading: IngredientListReading;
  /** The additives detected in the same text (for sulfites E220–E228, sweeteners and animal-origin additives). */
  additives: readonly Pick<DetectedAdditive, 'code'>[];
  off?: OffAllergenTags | null;
};

export type AllergenReading = { allergens: ProductAllergens; diets: ProductDiets };

// ---- words --------------------------------------------------------------------------------------------------

/**
 * Folded (lower case, no accents) words and phrases per allergen. A trailing `*` lets the word run on (plurals,
 * German compounds: "weizen*" matches "weizenmehl"); otherwise the word must end there ("malta" is not
 * "maltodextrina", "nuts" is not "nutmeg").
 */
const ALLERGEN_WORDS: Record<AllergenId, readonly string[]> = {
  gluten: [
    // es
    'gluten',
    'trigo*',
    'harina',
    'harinas',
    'semola',
    'semolina',
    'malta',
    'malteada',
    'malteado',
    'cebada',
    'centeno',
    'avena',
    'espelta',
    'kamut',
    'triticale',
    'seitan',
    'cuscus',
    'bulgur',
    'pan rallado',
    'salvado',
    // en
    'wheat*',
    'wheatflour',
    'flour',
    'barley',
    'rye',
    'oat',
    'oats',
    'oatmeal',
    'spelt',
    'malt',
    'malted',
    'durum',
    'couscous',
    'farina',
    'bran',
    'breadcrumbs',
    'graham',
    // fr
    'ble',
    'froment',
    'farine',
    'farines',
    'orge',
    'seigle',
    'avoine',
    'epeautre',
    'semoule',
    // de, it, pt
    'weizen*',
    'gerste*',
    'roggen*',
    'hafer*',
    'dinkel*',
    'gerstenmalz*',
    'frumento',
    'orzo',
    'segale',
    'farro',
    'cevada',
    'centeio',
    'aveia',
  ],
  crustaceos: [
    'crustaceo*',
    'camaron*',
    'langostino*',
    'langosta*',
    'cangrejo*',
    'jaiba*',
    'gamba*',
    'centolla',
    'krill',
    'crustacean*',
    'shrimp*',
    'prawn*',
    'crab',
    'crabs',
    'lobster*',
    'crayfish',
    'crustace*',
    'crevette*',
    'homard*',
    'langoustine*',
    'ecrevisse*',
    'krebstier*',
    'garnele*',
  ],
  huevo: [
    'huevo*',
    'clara de huevo',
    'yema',
    'yemas',
    'albumina',
    'ovoalbumina',
    'lisozima',
    'mayonesa',
    'egg',
    'eggs',
    'albumen',
    'lysozyme',
    'mayonnaise',
    'oeuf*',
    // "œuf" folds to "ouf".
    'ouf',
    'oufs',
    'ovoproduit*',
    'eier*',
    'huhnerei*',
    'vollei*',
    'eigelb',
    'uovo',
    'uova',
    'ovo',
    'ovos',
  ],
  pescado: [
    'pescado*',
    'atun',
    'salmon',
    'sardina*',
    'jurel',
    'merluza',
    'anchoa*',
    'anchoveta',
    'bacalao',
    'reineta',
    'congrio',
    'caballa',
    'fish',
    'tuna',
    'cod',
    'anchovy',
    'anchovies',
    'mackerel',
    'sardine*',
    'trout',
    'tilapia',
    'pollock',
    'haddock',
    'poisson*',
    'thon',
    'saumon',
    'cabillaud',
    'anchois',
    'fisch*',
    'pesce',
    'peixe',
  ],
  mani: [
    'mani',
    'manies',
    'manises',
    'cacahuate*',
    'cacahuete*',
    'peanut*',
    'groundnut*',
    'arachide*',
    'arachis',
    'cacahuete*',
    'cacahouete*',
    'erdnuss*',
    'arachidi',
    'amendoim',
  ],
  soya: [
    'soya',
    'soja*',
    'soy',
    'soybean*',
    'soyabean*',
    'edamame',
    'tofu',
    'miso',
    'tempeh',
    'shoyu',
    'tamari',
    'sojabohne*',
    'soia',
  ],
  leche: [
    'leche*',
    'lacteo*',
    'lactea*',
    'lactosuero',
    'suero',
    'caseina*',
    'caseinato*',
    'lactosa',
    'lactoalbumina',
    'mantequilla',
    'crema',
    'cremas',
    'nata',
    'queso*',
    'quesillo',
    'yogur*',
    'manjar',
    'dulce de leche',
    'ghee',
    'kefir',
    'milk*',
    'whey',
    'casein*',
    'lactose',
    'lactalbumin',
    'butter',
    'butterfat',
    'butteroil',
    'buttermilk',
    'cream',
    'cheese*',
    'yogurt*',
    'yoghurt*',
    'curd',
    'dairy',
    'lait',
    'laits',
    'laitier*',
    'lactoserum',
    'petit-lait',
    'caseine*',
    'beurre',
    'babeurre',
    'creme fraiche',
    'creme de lait',
    'creme liquide',
    'creme entiere',
    'creme epaisse',
    'fromage*',
    'yaourt*',
    'milch*',
    'vollmilch*',
    'magermilch*',
    'molke*',
    'sahne',
    'kase',
    'laktose',
    'joghurt',
    'rahm',
    'latte',
    'burro',
    'formaggio',
    'leite',
    'manteiga',
    'queijo',
  ],
  'frutos-secos': [
    'frutos secos',
    'fruto seco',
    'frutos de cascara',
    'nuez',
    'nueces',
    'almendra*',
    'avellana*',
    'castana*',
    'caju',
    'anacardo*',
    'pistacho*',
    'pecana*',
    'macadamia*',
    'pinon',
    'pinones',
    'nuts',
    'tree nut*',
    'almond*',
    'hazelnut*',
    'walnut*',
    'cashew*',
    'pecan*',
    'pistachio*',
    'brazil nut*',
    'fruits a coque*',
    'amande*',
    'noisette*',
    'noix',
    'cajou',
    'pistache*',
    'haselnuss*',
    'mandel*',
    'walnuss*',
    'nocciol*',
    'mandorl*',
  ],
  sulfitos: [
    'sulfito*',
    'metabisulfito*',
    'bisulfito*',
    'dioxido de azufre',
    'anhidrido sulfuroso',
    'sulfite*',
    'sulphite*',
    'metabisulfite*',
    'metabisulphite*',
    'bisulfite*',
    'sulfur dioxide',
    'sulphur dioxide',
    'anhydride sulfureux',
    'disulfite*',
    'sulfit*',
    'schwefeldioxid',
  ],
  sesamo: ['sesamo', 'ajonjoli', 'tahini', 'tahina', 'sesame', 'sesam*'],
  apio: ['apio', 'celery', 'celeriac', 'celeri', 'celeri-rave', 'sellerie', 'sedano'],
  mostaza: ['mostaza', 'mustard', 'moutarde', 'senf*', 'senape'],
  lupino: ['lupino*', 'altramuz', 'altramuces', 'lupin*', 'lupine*'],
  moluscos: [
    'molusco*',
    'calamar*',
    'pulpo',
    'jibia',
    'almeja*',
    'mejillon*',
    'chorito*',
    'cholga*',
    'ostra*',
    'ostion*',
    'machas',
    'caracol*',
    'mollusc*',
    'mollusk*',
    'squid',
    'octopus',
    'clam',
    'clams',
    'mussel*',
    'oyster*',
    'scallop*',
    'mollusque*',
    'calmar*',
    'moules',
    'huitre*',
    'weichtier*',
  ],
};

/**
 * Words that look like an allergen and are not, blanked before reading. Each pattern blanks only the misleading
 * word: in "leche de almendras" "leche" goes and "almendras" stays (frutos secos); in "mantequilla de maní"
 * "mantequilla" goes and "maní" stays.
 */
const FALSE_FRIENDS: readonly RegExp[] = [
  // Plant "milks", "creams", "butters" and "cheeses" (es).
  /\b(?:leches?|cremas?|natas?|mantequillas?|quesos?|yogur(?:t|es)?|bebidas?)(?=\s+(?:vegetal(?:es)?|vegan[oa]s?|de\s+(?:coco|almendras?|soya|soja|avena|arroz|cereal(?:es)?|mani|cacahuate|cacahuete|avellanas?|nueces|cacao|karite|castanas?|anacardos?|caju|pistachos?|sesamo|semillas|girasol|mani|quinoa|quinua|frutos secos)))/g,
  /\bcrema\s+(?=de\s+(?:tartaro|balsamico))/g,
  /\bcremor\b/g,
  /\bqueso\s+(?=crema\s+vegetal)/g,
  // Plant "milks", "creams", "butters" and "cheeses" (en, fr).
  /(?<=\b(?:coconut|almond|soy|soya|oat|rice|cashew|peanut|cocoa|cacao|shea|nut|seed|apple|sunflower|hazelnut|kokum|mango|illipe|sal)\s+)(?:milk|cream|butter|cheese)s?\b/g,
  /(?<=\bbean\s+)curds?\b/g,
  /\bbutter\s+(?=beans?\b)/g,
  /\b(?:milk|cream|butter|cheese)s?(?=\s+of\s+(?:coconut|tartar))/g,
  /\bcream\s+of\s+tartar\b/g,
  /\b(?:vegan|plant[- ]based|dairy[- ]free|non[- ]dairy)\s+(?:milk|cream|butter|cheese)s?\b/g,
  /\b(?:lait|creme|beurre|fromage)s?(?=\s+(?:vegetal|de\s+(?:coco|amandes?|soja|avoine|riz|cacao|cacahuetes?|karite)))/g,
  /\b(?:kokos|kakao|mandel|hafer|soja|reis|erdnuss)(?:milch|butter|sahne)\b/g,
  // Nuts that are not tree nuts, and cereals that are not gluten.
  /\bnuez\s+moscada\b/g,
  /\bnuez\s+de\s+(?:cola|kola)\b/g,
  /\bnoix\s+de\s+(?:coco|muscade|cola|kola)\b/g,
  /\bnutmeg\b/g,
  /\b(?:cola|kola)\s+nuts?\b/g,
  /\bcastanas?\s+de\s+agua\b/g,
  /\bwater\s+chestnuts?\b/g,
  /\btrigo\s+sarraceno\b/g,
  /\bbuckwheat\b/g,
  /\b(?:ble\s+noir|sarrasin)\b/g,
  /\bbuchweizen\w*/g,
  // Sweeteners and sugars that only share a stem with malt; cocoa "butter" in a French/Spanish compound.
  /\bmantequilla\s+(?=de\s+cacao)/g,
  // The colour "caramelo IV, proceso sulfito amónico" (E150d) is made with sulfites; it is not one.
  /\b(?:amonio|amonico|amonica|ammonia|ammonium|caustic[oa]?|caustique|ammoniacal)\s+sul(?:f|ph)it\w*|\bsul(?:f|ph)it\w*\s+(?:de\s+)?(?:amonio|amonico|amonica|ammonia|ammonium|caustic[oa]?)\w*/g,
  // Free-from claims: "sin gluten", "libre de lactosa", "gluten-free", "sans lactose", "0 % lactosa".
  /\b(?:sin|libre\s+de|libres\s+de|exento\s+de|no\s+contiene|sans|without|free\s+from|frei\s+von|senza|sem)\s+(?:\w+\s+)?(?:gluten|lactosa|lactose|leche|lacteos|dairy|milk|lait|huevos?|eggs?|soya|soja|soy|mani|peanuts?|nueces|nuts|tacc|laktose|glutine)\b/g,
  /\b(?:gluten|lactose|lactosa|dairy|milk|egg|nut|peanut|soy)[- ]free\b/g,
  /\b(?:gluten|laktose|milch)frei\b/g,
  /\b0\s*%\s*(?:de\s+)?(?:lactosa|lactose|gluten)\b/g,
  /\bdeslactosad[oa]s?\b/g,
];

type Matcher = { id: AllergenId; re: RegExp };

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** One regex per allergen: any of its words, each bounded by non-letters. */
const MATCHERS: readonly Matcher[] = ALLERGENS.map(({ id }) => {
  const alternatives = ALLERGEN_WORDS[id].map((w) => {
    const runOn = w.endsWith('*');
    const body = escapeRe(runOn ? w.slice(0, -1) : w).replace(/ /g, '\\s+');
    return runOn ? `${body}[a-zœ]*` : body;
  });
  return { id, re: new RegExp(`(?<![a-zœ])(?:${alternatives.join('|')})(?![a-zœ])`, 'g') };
});

/**
 * "harina de maíz", "flour (rice)", "sémola de arroz": a flour or semolina of a cereal without gluten names no
 * gluten. Only the flour word is blanked; "harina de trigo" keeps "trigo".
 */
const NON_GLUTEN_FLOUR =
  /\b(?:harinas?|semolas?|salvados?|farines?|semoule|flours?)\s+(?=(?:de\s+|d')?(?:maiz|arroz|mais|riz|corn|rice|papa|patata|pomme\s+de\s+terre|potato|yuca|mandioca|tapioca|manioc|cassava|garbanzos?|pois\s+chiches?|chickpea|quinoa|quinua|soya|soja|soy|almendras?|amandes?|almond|coco|coconut|mani|cacahuate|peanut|arveja|lentejas?|lentil|sorgo|sorghum|mijo|millet|teff|amaranto|amaranth|platano|banana|castanas?|chia|linaza|lino|algarrobo|legumbres?|pea|bean|frijol|trigo\s+sarraceno|buckwheat|sarrasin)\b)/g;
/** The same written after the grain: "rice flour", "corn semolina", "almond flour", "maïs farine" (en order). */
const NON_GLUTEN_FLOUR_BEFORE =
  /\b(?:rice|corn|maize|potato|tapioca|cassava|chickpea|gram|quinoa|soy|soya|almond|coconut|peanut|pea|bean|sorghum|millet|teff|amaranth|banana|chestnut|buckwheat|lupin|lentil|arrowroot)\s+(?:flour|semolina|meal|bran)s?\b/g;

/** Blanks a match, keeping offsets (same length, spaces). */
const blank = (s: string) => ' '.repeat(s.length);

function cleanForReading(folded: string): string {
  let text = folded;
  for (const re of FALSE_FRIENDS) text = text.replace(re, blank);
  text = text.replace(NON_GLUTEN_FLOUR, blank);
  text = text.replace(NON_GLUTEN_FLOUR_BEFORE, (m) => {
    // Keep the grain word (lupin, almond, peanut, soy name allergens of their own); blank the flour word.
    const flourAt = m.search(/\s+(?:flour|semolina|meal|bran)s?$/);
    return m.slice(0, flourAt) + blank(m.slice(flourAt));
  });
  return text;
}

function findAllergens(text: string, into: Set<AllergenId>): void {
  for (const { id, re } of MATCHERS) {
    re.lastIndex = 0;
    if (re.test(text)) into.add(id);
  }
}

// ---- statements -----------------------------------------------------------------------------------------------

/**
 * Precautionary statements, to the end of their sentence or bracket: what follows names traces. "Contiene
 * trazas", "elaborado en una planta/línea que (también) procesa / utiliza / elabora", "may contain", "produced in
 * a facility that also processes", "peut contenir", "kann Spuren von … enthalten".
 */
const TRACE_START =
  /(?:puede[n]?\s+contener|podria[n]?\s+contener|contiene\s+trazas|(?:puede\s+contener\s+)?trazas?\s+de|(?:(?:elaborad|fabricad|producid|envasad|procesad|hech)[oa]s?|se\s+(?:elabora|fabrica|produce|procesa|envasa))\s+en\b[^.;:]{0,80}?\b(?:contiene|contienen|procesa|procesan|elabora|elaboran|utiliza|utilizan|usa|usan|manipula|manipulan|maneja|manejan|fabrica|fabrican|produce|producen|se\s+procesa\w*|se\s+elabora\w*|se\s+utiliza\w*|se\s+manipula\w*)\b|may\s+contain|may\s+also\s+contain|may\s+have\s+come\s+into\s+contact\s+with|traces?\s+of|(?:made|manufactured|produced|processed|packed|packaged)\s+(?:in|on)\s+(?:a\s+|the\s+)?(?:shared\s+|same\s+|common\s+)?(?:facility|plant|factory|site|equipment|line)s?\b[^.;]*?\b(?:that|which|where|with)\b[^.;]*?\b(?:process\w*|handl\w*|use\w*|manufactur\w*|produc\w*|contain\w*|also)|peut\s+contenir|traces?\s+(?:eventuelles?\s+|possibles?\s+)?(?:de|d')|(?:fabrique|elabore|produit|prepare|conditionne)e?s?\s+dans\s+(?:un|une|le|la|des|nos)\s+(?:atelier|site|usine|unite|ligne)s?\s+qui\s+(?:utilise|manipule|transforme|fabrique|produit|travaille|emploie)\w*|kann\s+(?:spuren\s+(?:von\s+)?)?|spuren\s+von|puo\s+contenere|pode\s+conter)/g;
type Spans = { traces: string[]; rest: string };

/**
 * Cuts a folded list into its precautionary statements and the rest: the ingredients and any "Contiene: …" /
 * "Contains: …" statement, which name what the product contains just as the ingredients do.
 */
function splitStatements(text: string): Spans {
  const traces: string[] = [];
  const taken: [number, number][] = [];
  const endOf = (from: number): number => {
    let depth = 0;
    for (let i = from; i < text.length; i++) {
      const c = text[i];
      if (c === '(' || c === '[') depth++;
      else if (c === ')' || c === ']') {
        if (depth === 0) return i;
        depth--;
      } else if ((c === '.' && (text[i + 1] === undefined || /\s/.test(text[i + 1] ?? ''))) || c === '\n')
        if (depth === 0) return i;
    }
    return text.length;
  };
  TRACE_START.lastIndex = 0;
  for (let m = TRACE_START.exec(text); m !== null; m = TRACE_START.exec(text)) {
    const end = endOf(m.index + m[0].length);
    traces.push(text.slice(m.index + m[0].length, end));
    taken.push([m.index, end]);
    TRACE_START.lastIndex = Math.max(end, m.index + m[0].length);
  }
  taken.sort((a, b) => a[0] - b[0]);
  let rest = '';
  let at = 0;
  for (const [a, b] of taken) {
    if (a > at) rest += text.slice(at, a);
    rest += ' '.repeat(Math.max(0, b - Math.max(a, at)));
    at = Math.max(at, b);
  }
  rest += text.slice(at);
  return { traces, rest };
}

// ---- OFF's tags -------------------------------------------------------------------------------------------------

/** OFF's allergens taxonomy ids → ours. */
const OFF_ALLERGEN_IDS: Record<string, AllergenId> = {
  'en:gluten': 'gluten',
  'en:crustaceans': 'crustaceos',
  'en:eggs': 'huevo',
  'en:fish': 'pescado',
  'en:peanuts': 'mani',
  'en:soybeans': 'soya',
  'en:milk': 'leche',
  'en:nuts': 'frutos-secos',
  'en:sulphur-dioxide-and-sulphites': 'sulfitos',
  'en:sesame-seeds': 'sesamo',
  'en:celery': 'apio',
  'en:mustard': 'mostaza',
  'en:lupin': 'lupino',
  'en:molluscs': 'moluscos',
};

/**
 * One OFF allergen tag → our id. Canonical ids first; OFF's finer nut ids ("en:tree-nuts-hazelnuts"); then a tag OFF
 * could not place ("de:Weizenprotein", "es:Seitán", "en:Shellfish") is read with the same words as a label.
 */
export function offAllergenId(tag: string): AllergenId | null {
  const t = tag.trim().toLowerCase();
  const known = OFF_ALLERGEN_IDS[t];
  if (known) return known;
  if (/^en:(?:tree-)?nuts?-/.test(t)) return 'frutos-secos';
  if (t === 'en:none' || t === '') return null;
  if (/\bshellfish\b/.test(t)) return 'crustaceos';
  const words = cleanForReading(foldText(t.replace(/^[a-z]{2}:/, '').replace(/-/g, ' ')));
  const found = new Set<AllergenId>();
  findAllergens(words, found);
  return found.size === 1 ? [...found][0]! : null;
}

function offIds(tags: readonly string[]): AllergenId[] {
  return tags.map(offAllergenId).filter((id): id is AllergenId => id !== null);
}

// ---- diets ------------------------------------------------------------------------------------------------------

/** Meat, fish and other ingredients no vegetarian eats (folded). Fish, crustaceans and molluscs come from above. */
const NOT_VEGETARIAN =
  /(?<![a-z])(?:carnes?|vacuno|bovino|cerdo|porcino|pollo|pavo|cordero|jamon|tocino|tocineta|panceta|chorizo|salchicha|longaniza|mortadela|salame|salami|pepperoni|gelatina|grenetina|colageno|cuajo\s+animal|grasa\s+(?:animal|bovina|de\s+cerdo|de\s+vacuno)|sebo|manteca\s+de\s+cerdo|caldo\s+de\s+(?:carne|pollo|vacuno|pescado)|extracto\s+de\s+(?:carne|pollo)|carmin|cochinilla|beef|pork|chicken|turkey|lamb|ham|bacon|gelatine?|collagen|lard|tallow|anchov\w*|meat|veal|sausage|broth\s+(?:beef|chicken)|(?:beef|chicken|pork)\s+(?:broth|stock|fat|extract)|carmine|cochineal|viande|porc|poulet|boeuf|jambon|lardons?|saindoux|fleisch|schwein\w*|rind\w*|speck)(?![a-z])/;
/** Animal ingredients a vegetarian may eat and a vegan does not (beyond milk and egg): honey, beeswax, lanolin… */
const NOT_VEGAN =
  /(?<![a-z])(?:miel|jalea\s+real|propoleo|cera\s+de\s+abejas?|lanolina|honey|beeswax|royal\s+jelly|lanolin|shellac|goma\s+laca|miel|honig)(?![a-z])/;
const MAYBE_VEGAN =
  /(?<![a-z])(?:vitamina\s+d3|colecalciferol|vitamin\s+d3|cholecalciferol|omega\s*3|acido\s+esteárico|natural\s+flavou?rs?|aroma\s+natural|saborizante\s+natural)(?![a-z])/;

const PLANT_LECITHIN =
  /(?<![a-z])(?:lecitinas?\s+(?:de\s+)?(?:soya|soja|girasol|raps|colza)|(?:soy|soya|sunflower|rapeseed)\s+lecithin|lecithin\s*\((?:soy|soya|sunflower)\)|lecithines?\s+de\s+(?:soja|tournesol|colza)|(?:soja|sonnenblumen|raps)lecithin)/;

/** OFF's additive taxonomy (vegan:en / vegetarian:en properties), base codes: not vegan / vegetarian at all. */
const ADDITIVES_NOT_VEGETARIAN = new Set(['e120', 'e428', 'e542', 'e626', 'e630', 'e632', 'e633', 'e634', 'e904', 'e963', 'e1000', 'e1105']);
const ADDITIVES_NOT_VEGAN = new Set([...ADDITIVES_NOT_VEGETARIAN, 'e901', 'e910', 'e913', 'e966']);
/** …and those that may come from an animal (vegan:en:maybe). */
const ADDITIVES_MAYBE_ANIMAL = new Set([
  'e101', 'e1104', 'e160a', 'e170', 'e304', 'e312', 'e322', 'e387', 'e430', 'e431', 'e432', 'e433', 'e434', 'e435',
  'e436', 'e442', 'e470a', 'e470b', 'e471', 'e472a', 'e472b', 'e472c', 'e472d', 'e472e', 'e472f', 'e472g', 'e473',
  'e474', 'e475', 'e477', 'e478', 'e479b', 'e481', 'e482', 'e483', 'e484', 'e491', 'e492', 'e493', 'e494', 'e495',
  'e570', 'e572', 'e627', 'e628', 'e629', 'e631', 'e635', 'e640', 'e920', 'e921',
]);

/** Sweeteners: every additive of our catalogue whose class is 'edulcorante' (intense sweeteners and polyols). */
const SWEETENER_CODES: ReadonlySet<string> = new Set(
  ADDITIVE_CATALOGUE.filter((a) => a.category === 'edulcorante').map((a) => baseCodeKey(codeKey(a.code))),
);
/** Sweeteners named without a code we detect: the class word, stevia leaves, monk fruit. */
const SWEETENER_WORDS =
  /(?<![a-z])(?:edulcorantes?|endulzantes?\s+(?:no\s+caloricos?|artificiales?)|stevia|estevia|monk\s+fruit|luo\s+han\s+guo|sweeteners?|edulcorants?|susstoff\w*)(?![a-z])/;

const PALM =
  /(?<![a-z])(?:palma|palmiste|palm|palmolein\w*|palmoleina|palme|palmist|palmkern\w*|palmol|palmfett|palmöl)(?![a-z])/;
/** A fat the label does not name: it may be palm. */
const UNNAMED_FAT =
  /(?<![a-z])(?:aceites?\s+vegetal(?:es)?|grasas?\s+vegetal(?:es)?|vegetable\s+(?:oils?|fats?|shortening)|huiles?\s+vegetales?|matieres?\s+grasses?\s+vegetales?|pflanzen(?:ol|fett)\w*)(?![a-z]*\s*\((?:[^)]*\b(?:girasol|soya|soja|maiz|canola|raps|oliva|sunflower|soybean|corn|olive|rapeseed|coco|coconut)\b[^)]*)\))/;

const LACTOSE_FREE =
  /(?<![a-z])(?:sin\s+lactosa|libre\s+de\s+lactosa|0\s*%\s*(?:de\s+)?lactosa|deslactosad[oa]s?|reducid[oa]\s+en\s+lactosa|lactose[- ]free|sans\s+lactose|laktosefrei|enzima\s+lactasa|lactasa|lactase)(?![a-z])/;
const LACTOSE_WORD = /(?<![a-z])(?:lactosa|lactose|laktose)(?![a-z])/;
/** Milk ingredients with little or no lactose: butter, hard cheese, caseinates, ghee. */
const LOW_LACTOSE_MILK =
  /(?<![a-z])(?:mantequilla|butter|beurre|ghee|butteroil|butterfat|caseina\w*|casein\w*|queso\s+(?:parmesano|madurado|gouda|cheddar|mantecoso|chanco)|parmesan\w*|cheddar|gouda)(?![a-z])/;

function dietFromOff(analysis: readonly string[], yes: string, no: string, maybe: string): DietAnswer | null {
  if (analysis.includes(no)) return 'no';
  if (analysis.includes(maybe)) return 'maybe';
  if (analysis.includes(yes)) return 'yes';
  return null;
}

// ---- the reading -----------------------------------------------------------------------------------------------

const ORDER = new Map(ALLERGENS.map((a, i) => [a.id, i]));
const ordered = (ids: Iterable<AllergenId>): AllergenId[] =>
  [...new Set(ids)].sort((a, b) => (ORDER.get(a) ?? 0) - (ORDER.get(b) ?? 0));

/** The allergens a text names as ingredients, in ALLERGENS order (free-from claims and false friends left out). */
export function allergensInText(text: string): AllergenId[] {
  const found = new Set<AllergenId>();
  findAllergens(cleanForReading(foldText(text)), found);
  return ordered(found);
}

/**
 * Reads a product's allergens and diets from its ingredient list, the additives detected in it and OFF's tags.
 * Pure; the list's `reading` decides whether an absence may be claimed (status 'complete').
 */
export function readAllergens(input: AllergenInput): AllergenReading {
  const off = input.off ?? { allergens: [], traces: [], analysis: [] };
  // A text the list reader finds no ingredient in may still be a statement ("Contiene sulfitos"): read it too.
  const text = input.ingredients ?? '';
  const cleaned = cleanForReading(foldText(text));
  const spans = splitStatements(cleaned);

  const contains = new Set<AllergenId>();
  const traces = new Set<AllergenId>();
  findAllergens(spans.rest, contains);
  for (const s of spans.traces) findAllergens(s, traces);
  const codes = input.additives.map((a) => baseCodeKey(codeKey(a.code)));
  if (codes.some((c) => /^e22[0-8]$/.test(c))) contains.add('sulfitos');
  if (codes.includes('e1105')) contains.add('huevo');
  for (const id of offIds(off.allergens)) contains.add(id);
  for (const id of offIds(off.traces)) traces.add(id);
  for (const id of contains) traces.delete(id);

  const offNone = off.allergens.some((t) => t.trim().toLowerCase() === 'en:none');
  const hasList = !input.reading.missing;
  const hasTags = off.allergens.length > 0 || off.traces.length > 0;
  const listWell = hasList && input.reading.readWell;
  const status =
    listWell || offNone ? 'complete' : hasList || hasTags || contains.size + traces.size > 0 ? 'partial' : 'unknown';
  const allergens: ProductAllergens = { status, contains: ordered(contains), traces: ordered(traces) };

  // Diets read the ingredients only (not the precautionary statements).
  const ingredientsText = spans.rest;
  const animalOrigin = ['leche', 'huevo', 'pescado', 'crustaceos', 'moluscos'] as const;
  const meatOrFish =
    NOT_VEGETARIAN.test(ingredientsText) ||
    contains.has('pescado') ||
    contains.has('crustaceos') ||
    contains.has('moluscos') ||
    codes.some((c) => ADDITIVES_NOT_VEGETARIAN.has(c));
  const animal =
    meatOrFish ||
    animalOrigin.some((id) => contains.has(id)) ||
    NOT_VEGAN.test(ingredientsText) ||
    codes.some((c) => ADDITIVES_NOT_VEGAN.has(c));
  // A lecithin the label says is soy or sunflower is plant-made, whatever OFF's generic E322 entry says.
  const plantLecithin = PLANT_LECITHIN.test(ingredientsText);
  const maybeAnimalAdditive = codes.some((c) => ADDITIVES_MAYBE_ANIMAL.has(c) && !(c === 'e322' && plantLecithin));
  const maybeAnimal = MAYBE_VEGAN.test(ingredientsText) || maybeAnimalAdditive;
  const fromList = (no: boolean, maybe: boolean): DietAnswer | null =>
    !hasList ? null : no ? 'no' : maybe ? 'maybe' : listWell ? 'yes' : null;
  const combine = (ours: DietAnswer | null, offs: DietAnswer | null): DietAnswer => {
    if (ours === 'no' || offs === 'no') return 'no';
    if (ours === 'maybe' || offs === 'maybe') return 'maybe';
    if (ours === 'yes' || offs === 'yes') return 'yes';
    return 'unknown';
  };
  const vegan = combine(
    fromList(animal, maybeAnimal),
    dietFromOff(off.analysis, 'en:vegan', 'en:non-vegan', 'en:maybe-vegan'),
  );
  const vegetarian = combine(
    fromList(meatOrFish, maybeAnimalAdditive),
    dietFromOff(off.analysis, 'en:vegetarian', 'en:non-vegetarian', 'en:maybe-vegetarian'),
  );

  // palmOil, sweeteners, lactose: 'yes' = contains.
  const palmOffNo = off.analysis.includes('en:palm-oil-free');
  const palmOffYes = off.analysis.includes('en:palm-oil');
  const palmOffMaybe = off.analysis.includes('en:may-contain-palm-oil');
  const palmOil: DietAnswer =
    PALM.test(ingredientsText) || palmOffYes
      ? 'yes'
      : (hasList && UNNAMED_FAT.test(ingredientsText)) || palmOffMaybe
        ? 'maybe'
        : listWell || palmOffNo
          ? 'no'
          : 'unknown';

  const sweeteners: DietAnswer =
    codes.some((c) => SWEETENER_CODES.has(c)) || SWEETENER_WORDS.test(ingredientsText)
      ? 'yes'
      : listWell
        ? 'no'
        : 'unknown';

  const rawFolded = foldText(text);
  const lactoseFree = LACTOSE_FREE.test(rawFolded);
  const lactoseNamed = LACTOSE_WORD.test(ingredientsText);
  const lactose: DietAnswer =
    lactoseNamed
      ? 'yes'
      : lactoseFree
        ? 'no'
        : contains.has('leche')
          ? milkOnlyLowLactose(ingredientsText)
            ? 'maybe'
            : 'yes'
          : listWell || offNone
            ? 'no'
            : 'unknown';

  return { allergens, diets: { vegan, vegetarian, palmOil, sweeteners, lactose } };
}

/** Whether every milk ingredient named is one with little lactose (butter, ghee, caseinate, hard cheese). */
function milkOnlyLowLactose(text: string): boolean {
  if (!LOW_LACTOSE_MILK.test(text)) return false;
  const withoutLow = text.replace(new RegExp(LOW_LACTOSE_MILK.source, 'g'), blank);
  const rest = new Set<AllergenId>();
  findAllergens(withoutLow, rest);
  return !rest.has('leche');
}

