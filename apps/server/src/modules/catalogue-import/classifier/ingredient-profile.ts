import { foldKey } from '../taxonomy.ts';
import { foldedWords } from './name-hits.ts';

// What the ingredient list says: the first ingredient's kind, the list's words and items, and the cue words
// (yeast, cultures, carbonation…) the shelf rules look for.

/**
 * What a product is mostly made of, read from its first ingredient (labels list ingredients by weight, largest
 * first). Coarse on purpose: it settles whether a name's shelf is possible at all ("Cola de caballo" whose list
 * starts with a herb is no soda, "Maxi hamburguesa" whose list starts with flour is no meat) and places the many
 * records named only by a brand.
 */
export type IngredientKind =
  | 'carbonated-water'
  | 'water'
  | 'juice'
  | 'plant-drink'
  | 'yogurt'
  | 'ice-cream'
  | 'breaded'
  | 'cream'
  | 'butter'
  | 'milk-powder'
  | 'milk'
  | 'cheese'
  | 'egg'
  | 'semolina'
  | 'corn'
  | 'rice'
  | 'oat'
  | 'legume'
  | 'flour'
  | 'cereal'
  | 'sweetener'
  | 'honey'
  | 'sugar'
  | 'cocoa'
  | 'chocolate'
  | 'potato'
  | 'meat'
  | 'fish'
  | 'seafood'
  | 'oil'
  | 'fat'
  | 'nut'
  | 'seed'
  | 'soy'
  | 'tomato'
  | 'vegetable'
  | 'fruit'
  | 'salt'
  | 'spice'
  | 'coffee'
  | 'tea'
  | 'alcohol'
  | 'vinegar'
  | 'gelatin'
  | 'starch';

export const FRUIT_WORDS =
  'manzanas?|peras?|platanos?|bananas?|naranjas?|mandarinas?|limon(es)?|limas?|pomelos?|toronjas?|uvas?|fresas?|frutillas?|arandanos?|frambuesas?|moras?|zarzamoras?|cerezas?|guindas?|kiwis?|mangos?|pinas?|ananas|papayas?|melon(es)?|sandias?|duraznos?|melocotones?|ciruelas?|higos?|datiles?|pasas|orejones?|albaricoques?|damascos?|membrillos?|guayabas?|maracuya|granadas?|chirimoyas?|tamarindo|frutas?|frutos (rojos|del bosque)|apples?|pears?|peach(es)?|berries|blueberries|strawberries|raspberries|cherries|raisins|grapes?|cranberries|oranges?|pineapples?|lemons?|fruits?';
export const VEGETABLE_WORDS =
  'zanahorias?|cebollas?|calabazas?|calabacin(es)?|zapallos?|espinacas?|brocoli|coliflor|pimientos?|pimiento|pepinos?|pepinillos?|cucumbers?|champinon(es)?|setas?|hongos?|alcachofas?|esparragos?|berenjenas?|hortalizas|verduras?|vegetales|ajos?|puerros?|lechugas?|acelgas|judias verdes|ejotes?|guisantes|arvejas|chicharos?|maiz dulce|aceitunas?|olivas?|jalapenos?|chiles?|guindillas?|nopal(es)?|remolachas?|betarragas?|col|repollo|coles|brotes|palmitos?|apio|patatas? y|vegetables|mushrooms?|onions?|carrots?|peppers?|olives?|tomatillos?';

/** Tested in order on the first ingredient's words: the specific forms before the general ones. */
const KIND_PATTERNS: readonly [IngredientKind, RegExp][] = [
  ['carbonated-water', /^(agua|water|eau|aqua|aigua)( \w+){0,2} (carbonatada|gasificada|con gas|gazeuse)|^(carbonated|sparkling)( \w+)? water|^soda water|^anhidrido carbonico/],
  ['plant-drink', /^(bebida|base) (de |vegetal de )?(soja|soya|avena|arroz|almendras?|coco|chufas?)|^leche de (coco|almendras?|soja|soya|arroz|avena)|^(soy|almond|oat|rice) (drink|milk|beverage)/],
  ['juice', new RegExp(`^(mezcla de )?(jugos?|zumos?|sumos?|sucos?|jus|juices?|nectar)( \\w+){0,3}( de (${FRUIT_WORDS}))?|^(${FRUIT_WORDS}) juices?|^(\\w+ )?(apple|orange|grape|lemon|lime|cranberry) juice|^(pulpa|pure|concentrado) de (${FRUIT_WORDS})|^agua de coco|^coconut water`)],
  ['water', /^(agua|water|eau|aqua|aigua)\b/],
  ['ice-cream', /^(helados?|ice cream)\b/],
  ['breaded', /^(empanizado|empanado|rebozado|apanado|breaded|breading|batter|pan rallado)\b/],
  ['chocolate', /^((milk|dark|white|semi ?sweet|bittersweet|sweet) chocolate|chocolate|chocolat|xocolata|cobertura de chocolate)\b/],
  ['yogurt', /^(yog(h)?ur(t|th)?|yaourt|leche (\w+ ){0,3}(fermentada|cultivada)|kefir)/],
  ['milk-powder', /^(leche|milk)( \w+){0,3} (en polvo|deshidratada)|^(solidos (de (la )?leche|lacteos)|dry milk|milk powder|powdered milk)/],
  ['cream', /^(nata|crema|cream|heavy cream|whipping cream)\b(?! (de|al) (cacao|chocolate|avellanas?|mani|cacahuate|almendras?|coco|verduras|calabaza))/],
  ['butter', /^(mantequilla|grasa de leche|butter|beurre|margarina|ghee)( \w+)?$/],
  ['milk', /^(leches?|milk|lait|llet|leite|whole milk|skim(med)? milk|cultured (pasteurized )?(skim )?milk)\b(?! (de|d) (coco|almendras?|soja|soya|arroz|avena|cabra en polvo))/],
  ['cheese', /^((mezcla de )?quesos?|cheese|fromage|formatge|queijo|mozzarella|cheddar|parmesano)\b|\bcheese$/],
  ['egg', /^(huevos?|eggs?|oeufs?|clara de huevo|claras de huevo|yemas?( de huevo)?)\b/],
  ['semolina', /^(semola|semolina|semolato|pasta de semola|durum)(?! de (maiz|maix|arroz))( de trigo)?|^(fideos|pastas?(?! de (cacao|tomate|almendras?|sesamo|cacahuate|mani|avellanas?|pimiento))|tallarines)\b/],
  ['corn', /^(maiz(?! (jarabe|solidos))|corn(?! (syrup|starch|solids))|mais|blat de moro|elote|choclo|masa de maiz|harina de maiz|cereal de maiz|semola de maiz|grits|ground corn|whole grain corn|yellow corn)/],
  ['rice', /^(arroz|rice|riz|arros|(harina|semola) de arroz)\b/],
  ['oat', /^(avena|aveia|oats?|(copos|hojuelas|flocos) de (avena|aveia)|harina de avena|rolled oats|whole grain oats)\b/],
  ['legume', /^(garbanzos?|lentejas?|alubias?|judias(?! verdes)( (blancas|pintas|rojas))?|frijol(es)?|porotos?|habas|azuki|chickpeas|beans|lentils|black beans|red beans|pinto beans|harina (integral )?de (garbanzos?|alubias?|lentejas?|arvejas|avejas|guisantes))\b/],
  ['flour', /^(harinas?(?! (\w+ )?de (soja|soya))|flour|farine|farinha|farina|enriched( \w+)? flour|wheat flour|whole wheat flour|unbleached( \w+)? flour|masa(?! de cacao))\b|^(galletas?|bizcocho|pan rallado|pan)\b/],
  ['cereal', /^(cereales|mezcla de cereales|trigo( integral| inflado)?|whole (grain )?wheat|wheat|centeno|cebada|salvado|cereals?)\b/],
  ['sweetener', /^(edulcorantes?|sucralosa|stevia|glucosidos de esteviol|eritritol|xilitol|isomaltulosa|isomalt|sacarina|aspartame?|maltitol|sorbitol|sweetener)/],
  ['honey', /^(miel|honey)\b/],
  ['sugar', /^(azucar(es)?|sugar|sucre|acucar|sacarosa|cane sugar|panela|piloncillo|chancaca|jarabe|syrup|sirope|glucosa|fructosa|dextrosa|corn syrup|high fructose|glucose|dextrose|invert sugar|brown sugar|raw cane|organic cane|caramelo)/],
  ['cocoa', /^(cacao|cocoa|pasta de cacao|pate de cacao|pasta de cacau|masa de cacao|manteca de cacao|licor de cacao|cocoa mass|cocoa butter|chocolate liquor)/],
  ['chocolate', /^(cobertura|coating|confectionery coating)/],
  ['potato', /^(papas?|patatas?|potato(es)?|pommes de terre|copos de patata|papa natural|potato flakes|dehydrated potatoes)\b/],
  ['meat', /^(carnes?|cerdo|pollo|pavo|res|vacuno|ternera|buey|jamon|jamones|pechugas?|muslos?|magro|lomo|panceta|tocino|bacon|beicon|chorizo|salchichas?|pork|chicken|beef|turkey|ham|carnicos|carne de ave|pierna|paleta de cerdo|higado|codillo)\b/],
  ['fish', /^(atun|sardinas?|salmon|pescados?|jurel|caballa|bonito|anchoas?|boquerones?|bacalao|merluza|tuna|fish|ventresca|surimi|trucha|melva|arenques?|abadejo|filetes? de (atun|caballa|sardina|melva|anchoa))\b/],
  ['seafood', /^(mejillones?|choritos?|almejas?|calamares?|pulpo|camarones?|gambas?|langostinos?|mariscos?|berberechos?|navajas?|zamburinas?|shrimps?|squids?|clams?|mussels?|cholgas?|machas?|chipirones?|sepia|vieiras?)\b/],
  ['oil', /^(aceites?|oil|olive oil|huile|oli|azeite|extra virgin|virgin olive)\b|\boil$/],
  ['fat', /^(grasas?|manteca|shortening|vegetable shortening|lard)\b/],
  ['nut', /^(almendras?|nuez|nueces|avellanas?|cacahuates?|cacahuetes?|cacahuete|mani|pistachos?|anacardos?|castanas?|pecanas?|pecans?|peanuts?|almonds?|walnuts?|cashews?|hazelnuts?|macadamias?|maranon(es)?|pinones|nuts?|frutos secos|mazapan)\b/],
  ['seed', /^(semillas?|pipas|girasol|sesamo|ajonjoli|chia|linaza|pepitas|sunflower seeds?|pumpkin seeds?|sesame seeds?)\b/],
  ['soy', /^(soja|soya|habas de soja|semillas de soja|harina (\w+ )?de (soja|soya)|tofu|tempeh|proteina (texturizada )?de (soja|soya)|soy|soybeans?|edamame)\b/],
  ['tomato', /^(tomates?|pure de tomate|pasta de tomate|concentrado de tomate|tomato(es)?|tomaquets?|jitomates?|tomate verde|passata)\b/],
  ['vegetable', new RegExp(`^(${VEGETABLE_WORDS})\\b`)],
  ['fruit', new RegExp(`^(${FRUIT_WORDS}|coco|coconut)\\b|^pures?( y zumos?)? de (${FRUIT_WORDS})`)],
  ['salt', /^(sal|salt|sel)( (marina|yodada|de mar|refinada|fina|gruesa|rosada|del himalaya))?\b|^sea salt\b/],
  ['spice', /^(pimienta|oregano|comino|canela|curcuma|pimenton|paprika|especias|ajo en polvo|cebolla en polvo|chile en polvo|hierbas|albahaca|perejil|laurel|cilantro|spices?|herbs?|cilantro leaves|dried oregano|merken|aji)\b/],
  ['coffee', /^(cafe|coffee|extracto de cafe|cafe soluble|cafe tostado|cafe colado)\b/],
  ['tea', /^(te( (negro|verde|rojo|blanco))?|tea|black tea|green tea|hojas? de te|yerba( mate)?|mate|manzanilla|rooibos|hibisco|hibiscus|tila|menta|poleo|cola ?de ?caballo|infusion|hojas? de coca|coca|chamomile( flowers)?|hierba luisa|boldo|toronjil)\b/],
  ['vinegar', /^(vinagres?|vinegar|vinaigre|(white |red )?wine vinegar|cider vinegar|apple cider vinegar)\b/],
  ['alcohol', /^(alcohol|espiritu|vinos?|wine|vino tinto|malta( de cebada)?|malt d orge|cebada malteada|mosto|brandy|ron|rhum|rum|vodka|pisco|whisky|tequila|sidra|cerveza)\b/],
  ['gelatin', /^(gelatina|grenetina|gelatin)\b/],
  ['starch', /^(almidon|fecula|maltodextrinas?|maicena|solidos de (maiz|jarabe de maiz)|corn starch|modified starch|maltodextrin)\b/],
];

export type IngredientProfile = {
  kind: IngredientKind | null;
  /** What a label prints before "Ingredientes:": often the legal name ("Aderezo a base de…", "Galleta tostada"). */
  legalName: string;
  /** The whole list as words (lower case, no accents, vinegar's "de alcohol" or "de vino" dropped): for cues. */
  words: string;
  /** The list's own ingredients in label order, each as words (with what its parentheses say about it). */
  items: string[];
  /** The same without the parentheses: what each ingredient is ("verduras", not the "guisantes" they include). */
  heads: string[];
};

/** "harina (trigo, niacina), azúcar" → ["harina trigo niacina", "azúcar"]: split at commas and semicolons outside parentheses. */
function topLevelItems(text: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '(' || ch === '[' || ch === '{') depth++;
    else if (ch === ')' || ch === ']' || ch === '}') depth = Math.max(0, depth - 1);
    if (depth === 0 && (ch === ',' || ch === ';' || (ch === '.' && !/\d/.test(text[i + 1] ?? '')))) {
      items.push(current);
      current = '';
    } else current += ch;
  }
  items.push(current);
  return items.map((item) => ` ${foldedWords(item.replace(/\d+([.,]\d+)?\s*%/g, ''))} `).filter((item) => item.trim() !== '');
}

/** "vinagre de vino" and "vinagre de alcohol" hold no wine and no alcohol. */
const withoutVinegarSource = (words: string) => words.replace(/ vinagres?( [a-z]+){0,2} de (alcohol|vino|cana|manzana)( de cana)? /g, ' vinagre ');

/** "Ingredientes: Leche entera (60%), azúcar…" → its first ingredient's kind, its words and items; null with no list. */
export function readIngredients(ingredients: string | null | undefined): IngredientProfile | null {
  if (!ingredients) return null;
  let text = foldKey(ingredients)
    .replace(/_/g, '')
    .replace(/^\W*[a-z]{0,4}(edientes?|edients?)\b\s*:?/, '');
  // OCR'd labels often carry the legal name or nutrition text before the list itself.
  // A regex scan of every position of a long label costs more than first looking for the word at all.
  const marker = text.includes('edient') ? /\b[a-z]{0,4}(edientes?|edients?|edientess)\s*:/.exec(text) : null;
  let legalName = '';
  // Text before the marker is the list itself when it has commas (the marker opens a second language's list),
  // else a few words of label or legal name ("Aderezo a base de…") that the list follows.
  const before = marker ? text.slice(0, marker.index) : '';
  if (marker && marker.index < 300 && (before.match(/,/g)?.length ?? 0) < 3) {
    // Language codes ("ES", "(PT)") and "Información" open many labels; the legal name follows them.
    const words = foldedWords(before).replace(/^((es|en|fr|pt|it|de|ca|nl|o|e|la|el)\s|informacion( nutricional)?\s)+/, '');
    if (words.split(' ').length <= 14) legalName = words;
    text = text.slice(marker.index + marker[0].length);
  }
  const first = foldedWords((text.split(/[,.;:([{]/)[0] ?? '').replace(/\d+([.,]\d+)?\s*%/g, ''));
  const kind = KIND_PATTERNS.find(([, pattern]) => pattern.test(first))?.[0] ?? null;
  // The rest is read only when a rule asks (most products are settled by their name and first ingredient).
  const list = text;
  let words: string | undefined;
  let items: string[] | undefined;
  let heads: string[] | undefined;
  return {
    kind,
    legalName,
    get words() {
      return (words ??= withoutVinegarSource(` ${foldedWords(list)} `));
    },
    get items() {
      return (items ??= topLevelItems(list).map(withoutVinegarSource));
    },
    get heads() {
      return (heads ??= topLevelItems(list.replace(/\([^()]*\)|\[[^[\]]*\]/g, ' ')).map(withoutVinegarSource));
    },
  };
}

export const has = (profile: IngredientProfile, pattern: RegExp) => pattern.test(profile.words);

/** The place of the first ingredient holding a cue (0 = the first, the largest by weight); Infinity when none. */
export function itemIndex(profile: IngredientProfile, pattern: RegExp): number {
  const i = profile.items.findIndex((item) => pattern.test(item));
  return i < 0 ? Number.POSITIVE_INFINITY : i;
}

/** Compiled once per word list: a classifier call asks a few dozen of them. */
const LEAD_PATTERNS = new Map<string, RegExp>();

/**
 * The place of the first ingredient that is one of `words`: its name, parentheses aside, starts with it after at
 * most two other words ("red beans", "pasta de almendras"), none of them a fat ("aceite de soja" is an oil).
 */
export function leadIndex(profile: IngredientProfile, words: string): number {
  let pattern = LEAD_PATTERNS.get(words);
  if (!pattern) {
    pattern = new RegExp(`^ ((?!(aceites?|oil|oils|grasas?|manteca|huile|oli|shortening) )[a-z]+ ){0,2}(${words})\\b`);
    LEAD_PATTERNS.set(words, pattern);
  }
  const i = profile.heads.findIndex((head) => pattern.test(head));
  return i < 0 ? Number.POSITIVE_INFINITY : i;
}

export const YEAST = / (levadura|levaduras|yeast|levure|fermento panario|masa madre) /;
/** What bakers add to bread and not to biscuits: yeast, or dough improvers (DATEM, stearoyl lactylate, added gluten). */
export const BREAD_DOUGH = / (levadura|levaduras|yeast|levure|fermento panario|masa madre|diacetil tartarico|diacetiltartarico|estearoil lactilato|estearoil 2 lactilato|gluten de trigo|gluten vital|mejorador( de masa| panario)?|acondicionador de masa) /;
export const CULTURES = / (fermentos?|cultivos?|bifid\w*|lactobacillus|lactobacilos|acidophilus|streptococcus|bacterias|probiotic\w*|kefir|yog(h)?ur(t|th)?|yaourt|fermentada|cultured|cultures|live active) /;
export const RENNET = / (cuajo|renina|rennet|enzimas? (coagulantes?|microbianas?|lacticas?)|enzymes|microbial enzymes|cuajada|cheese cultures) /;
export const ALCOHOL = / (espiritu|alcohol|vino|vodka|ron|whisky|tequila|brandy|licor|destilado) /;
export const BEER = / (lupulo|hops|houblon) /;
export const CARBONATED = / (carbonatada|gasificada|con gas|carbonated|sparkling|anhidrido carbonico|dioxido de carbono|e 290) /;
export const ENERGY = / (taurina|taurine|guarana|glucuronolactona) /;
export const ELECTROLYTES = / (cloruro de sodio|citrato de sodio|citrato de potasio|fosfato monopotasico|cloruro de potasio|electrolit\w*|sales minerales) /;
export const SUGARS = / (azucar|azucares|sugar|sucre|jarabe|syrup|glucosa|glucose|fructosa|dextrosa|dextrose|sacarosa|miel|honey) /;
export const SWEETENERS = / (sucralosa|stevia|esteviol|eritritol|xilitol|isomaltulosa|sacarina|aspartame?|acesulfame?|maltitol|inulina) /;
export const GLUCOSE_SYRUP = / (jarabe de glucosa|glucosa|glucose|corn syrup|jarabe de maiz|glucose fructose syrup|maltodextrin\w*) /;
export const FATS = / (grasa|grasas|aceite|aceites|manteca|mantequilla|margarina|shortening|oil|butter|fat|oleo|azeite|gordura|huile|oli) /;
export const COCOA_SOLIDS = / (manteca de cacao|pasta de cacao|pate de cacao|masa de cacao|licor de cacao|manteiga de cacau|pasta de cacau|massa de cacau|cocoa butter|cocoa mass|chocolate liquor|cacao butter) /;
export const GELLING = / (carragenan\w*|carragenin\w*|goma garrofin|goma de algarrobo|agar|gelificantes?|pectina|gelatina|grenetina) /;
export const BAKING = / (huevo|huevos|egg|eggs|polvo de hornear|bicarbonato|gasificantes?|leudantes?|propionato|humectantes?|glicerina|sorbitol|baking soda) /;
export const SAVOURY = / (glutamato|potenciador del sabor|extracto de levadura|caldo|consome|proteina vegetal hidrolizada|inosinato|guanilato|carne de res|grasa de pollo|pollo deshidratado) /;
export const PICKLING = / (vinagre|vinegar|vinaigre|escabeche|salmuera|saumure|brine) /;
export const DRINK_FRUIT = new RegExp(` ((jugos?|zumos?|sumos?|sucos?|pulpa|pure|concentrados?|juice) ((?!sabor)[a-z]+ ){0,4}(${FRUIT_WORDS}|frutas|frutos|multifrutas)|(${FRUIT_WORDS}) (juice|pulp|puree|nectar))`);
export const FAT_LIST = 'aceites?|grasas?|manteca|mantequilla|margarina|shortening|oils?|fats?|oleo|oleina|azeite|huile|oli';
export const SUGAR_LIST = 'azucar(es)?|sugar|sucre|jarabe|syrup|glucosa|glucose|fructosa|dextrosa|sacarosa|miel|honey|panela';
export const PLANT_PROTEIN_LIST = 'gluten de trigo|seitan|tofu|tempeh|soja texturizada|proteina (texturizada )?de (soja|soya|guisante)';
export const MEAT_LIST = 'carnes?|came|carn|pollo|pollastre|gallina|pavo|ternera|vacuno|res|cerdo|porc|magro|paleta|panceta|lomo|jamon|bacon|alas|alitas|pechugas?|chicken|beef|pork|turkey|huesos';
export const FISH_LIST = 'atun|salmon|merluza|sardinas?|anchoas?|bacalao|pescados?|tuna|caballa|jurel';
export const PLANT_LIST = 'soja|soya|habas de soja|semillas de soja|avena|arroz|almendras?|avellanas?|chufas?|coco|quinoa|espelta|trigo espelta|kamut|alpiste|nueces|guisantes?|proteina de guisante|cereales|mijo|anacardos?|castanas?';
export const LEGUME_LIST = 'garbanzos?|lentejas?|alubias?|judias(?! verdes)|frijol(es)?|porotos?|beans|chickpeas|lentils';
export const VEGETABLE = new RegExp(` (${VEGETABLE_WORDS}) `);
export const FRUIT = new RegExp(` (${FRUIT_WORDS}) `);
export const FRUIT_OR_FLOWER = new RegExp(` (${FRUIT_WORDS}|flor de jamaica|jamaica) `);
export const TEA = / (te|tea|extracto de te|te negro|te verde|te rojo|infusion|hibisco|hierbas|extrait de the|the (vert|noir|rouge)) /;
export const COFFEE = / (cafe|coffee|expreso|espresso) /;
export const CHEESE = / (queso|quesos|cheese|mozzarella|edam|cheddar) /;
