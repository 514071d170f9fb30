/**
 * Finding allergens in a label's text: the words of each allergen (allergen-words-*.ts) as one regex each, after
 * blanking the words that look like an allergen and are not ("leche de coco", "nuez moscada", "harina de maíz")
 * and free-from claims ("sin gluten"); and the precautionary statements ("Puede contener …") cut apart from what
 * the product contains. Offsets are kept (blanks are spaces of the same length).
 */
import { ALLERGENS, type AllergenId } from './allergen-list.ts';
import { ANIMAL_ALLERGEN_WORDS } from './allergen-words-animal.ts';
import { PLANT_AND_SULFITE_ALLERGEN_WORDS } from './allergen-words-plant.ts';

const ALLERGEN_WORDS: Record<AllergenId, readonly string[]> = { ...PLANT_AND_SULFITE_ALLERGEN_WORDS, ...ANIMAL_ALLERGEN_WORDS };

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
export const blank = (s: string) => ' '.repeat(s.length);

export function cleanForReading(folded: string): string {
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

export function findAllergens(text: string, into: Set<AllergenId>): void {
  for (const { id, re } of MATCHERS) {
    re.lastIndex = 0;
    if (re.test(text)) into.add(id);
  }
}

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
export function splitStatements(text: string): Spans {
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
