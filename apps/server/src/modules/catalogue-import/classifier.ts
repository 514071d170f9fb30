import { familyOf, findSubcategory, foldKey, type SubstituteFamily, type TaxonomyPath } from './taxonomy.ts';

/**
 * Places a product in our taxonomy (and so in its substitute family). Signals, strongest first:
 *  1. OFF's specific categories (`compared_to_category`, then the most specific `categories_tags`);
 *  2. the product name: the keyword that appears earliest wins, because Spanish names lead with the head noun
 *     ("Galletas de chocolate" are galletas, "Chocolate con galletas" is a chocolate); on a tie the longer
 *     phrase wins ("crema de cacao" beats "crema"). English names put it last. Words after "sabor" name a
 *     taste, words after "con" a garnish; words that often mean something else ("cola", "zero", "crema", a brand
 *     line) count only when nothing else in the name places the product;
 *  3. brand-like words in the name (many Mexican and Spanish records are named "Yoplait fresa");
 *  4. the ingredient list, for the many records whose name is only a brand: what the first ingredient is and
 *     the cues that follow (yeast, cultures, carbonation), with the nutrition table telling a loaf from a biscuit;
 *  5. OFF's general parents (beverages, dairies…).
 * A name or brand word is never taken against the product's own list: "Cola de caballo" starting with a herb is
 * no soda, a cultured milk named "Zero…" no sugar-free soda (`contradicts`). A product nothing places is kept
 * without a category (family 'other') and listed for admins.
 */
export type ClassifyInput = {
  categoriesTags?: readonly string[] | null;
  /** OFF's own most specific category (`compared_to_category`), when the record has one. */
  comparedToCategory?: string | null;
  name: string;
  brand?: string | null;
  ingredients?: string | null;
  nutrition?: NutritionHints;
};

export type Classification = TaxonomyPath & {
  signal: 'categories' | 'name' | 'brand' | 'ingredients';
  /** What a shopper could buy instead: the shelf's family (taxonomy.ts). */
  family: SubstituteFamily;
};

const placed = (path: TaxonomyPath, signal: Classification['signal']): Classification => ({ ...path, signal, family: familyOf(path) });

/** `prefix`: letters every match starts with, checked before the pattern runs (most names fail it at once). */
type Rule = { path: TaxonomyPath; pattern: RegExp; prefix: string };

/**
 * Rules bucketed by the first character their keyword can start with, so a name is only tested against
 * the few dozen rules that can match at a word start (a plain scan of ~900 rules cost 0.2 ms per product).
 */
type RuleSet = { byFirstChar: Map<string, Rule[]>; anyStart: Rule[] };

/** "subcategory:sub2" → path; the category follows from the subcategory. */
function toPath(target: string): TaxonomyPath {
  const [subSlug = '', sub2] = target.split(':');
  const found = findSubcategory(subSlug);
  if (!found) throw new Error(`unknown subcategory in classifier rule: ${subSlug}`);
  if (sub2 && !found.subcategory.sub2.some((s) => s.slug === sub2)) {
    throw new Error(`unknown sub-subcategory in classifier rule: ${target}`);
  }
  return { category: found.category.slug, subcategory: subSlug, ...(sub2 ? { sub2 } : {}) };
}

/** Keywords are regex fragments over folded words (lower case, no accents, single spaces). */
function rules(...tables: Record<string, readonly string[]>[]): RuleSet {
  const set: RuleSet = { byFirstChar: new Map(), anyStart: [] };
  for (const [target, words] of tables.flatMap((t) => Object.entries(t))) {
    const path = toPath(target);
    for (const w of words) {
      // Sticky: tested only at a word start; the lookahead keeps "pan" from matching "panela".
      const rule = { path, pattern: new RegExp(`(?:${w})(?= |$)`, 'y'), prefix: literalPrefix(w) };
      const starts = firstChars(w);
      if (!starts) set.anyStart.push(rule);
      else for (const c of starts) set.byFirstChar.set(c, [...(set.byFirstChar.get(c) ?? []), rule]);
    }
  }
  return set;
}

/** The literal letters a keyword fragment always starts with ("galletas?" → "galleta"); '' when it may vary. */
function literalPrefix(source: string): string {
  let depth = 0;
  for (const ch of source) {
    if (ch === '(' || ch === '[') depth++;
    else if (ch === ')' || ch === ']') depth--;
    else if (ch === '|' && depth === 0) return '';
  }
  const run = /^[a-z0-9 &%]*/.exec(source)?.[0] ?? '';
  // A quantifier after the run makes its last letter optional.
  return /^[?*{]/.test(source.slice(run.length)) ? run.slice(0, -1) : run;
}

/** The characters a keyword fragment can start with, or null when that is not obvious from its source. */
function firstChars(source: string): Set<string> | null {
  const c = source[0];
  if (c === undefined) return null;
  if (/[a-z0-9&% ]/.test(c)) {
    return source[1] === '?' || source[1] === '*' ? null : new Set([c]);
  }
  if (c !== '(') return null;
  let depth = 0;
  let end = -1;
  for (let i = 0; i < source.length; i++) {
    if (source[i] === '(') depth++;
    else if (source[i] === ')' && --depth === 0) {
      end = i;
      break;
    }
  }
  if (end < 0 || source[end + 1] === '?' || source[end + 1] === '*') return null;
  const inner = source.slice(source.startsWith('(?:') ? 3 : 1, end);
  const alternatives: string[] = [];
  let current = '';
  depth = 0;
  for (const ch of inner) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === '|' && depth === 0) {
      alternatives.push(current);
      current = '';
    } else current += ch;
  }
  alternatives.push(current);
  const out = new Set<string>();
  for (const alt of alternatives) {
    const sub = firstChars(alt);
    if (!sub) return null;
    for (const x of sub) out.add(x);
  }
  return out;
}

/** English names (imported products, the OFF world export): the common shelf words only. */
const ENGLISH_NAME_RULES: Record<string, readonly string[]> = {
  'sopas-y-caldos:caldos': ['(spice|soup|bouillon|stock) cubes?', 'bouillon'],
  'mariscos:otros-mariscos': ['squids?', 'calamari', 'octopus', 'shrimps?', 'prawns?', 'seafood'],
  'pescados-en-conserva:atun': ['tuna( [a-z]+)?'],
  'pescados-en-conserva:sardinas-y-jurel': ['sardines?', 'anchovies', 'mackerels?'],
  'pescados:pescados': ['salmon', 'cod', 'fish( fillets?| sticks)?'],
  'aceites-y-vinagres:aceites': ['(extra virgin )?olive oil', '(vegetable|sunflower|canola|coconut|avocado) oil', 'oil'],
  'frutas:frutas': ['(pineapple|apple|banana|mango|peach|pear|strawberr(y|ies)|blueberr(y|ies)|orange|grape)s?', 'fruits?( cup| mix)?', 'ananas'],
  'galletas:galletas-dulces': ['graham( crackers?)?', 'wafers?'],
  'jugos-y-nectares:jugos': ['(orange|apple|grape|cranberry|fruit|tomato|vegetable) juice', 'juice', 'lemonade', 'apple cider'],
  'leches:leches': ['(whole |skim |low fat |2% |reduced fat )?milk'],
  'quesos:quesos-maduros': ['(cheddar |swiss |parmesan |mozzarella |american )?cheese'],
  'panes-y-tostadas:pan-de-molde': ['(white |whole wheat |whole grain |multigrain |sourdough )?bread', 'bagels?', 'buns?', 'rolls', 'crumpets?', 'english muffins?', 'tortillas?'],
  'arroz-y-legumbres:arroz': ['(white |brown |jasmine |basmati |long grain )?rice'],
  'arroz-y-legumbres:legumbres': ['(black |pinto |kidney |navy |garbanzo )?beans', 'lentils', 'chickpeas'],
  'salsas-y-condimentos:salsas': ['(hot |bbq |pasta |soy |teriyaki )?sauce', 'dressing', 'relish'],
  'sopas-y-caldos:sopas': ['soup', 'broth'],
  'untables:miel': ['honey'],
  'harinas-y-reposteria:azucar-y-endulzantes': ['(maple |pancake |corn )?syrup', 'sugar'],
  'untables:mantequilla-de-mani': ['(peanut|almond) butter'],
  'leches:avenas': ['oats', 'oatmeal', 'rolled oats'],
  'frutos-secos-y-semillas:frutos-secos': ['(mixed |roasted |salted )?(nuts|almonds|cashews|peanuts|pecans|walnuts|pistachios)'],
  'dulces-y-golosinas:caramelos': ['cand(y|ies)', 'lollipops?', 'caramels?', 'toffees?', 'mints?', 'lollipops?', 'hard candy'],
  'dulces-y-golosinas:gomitas': ['gumm(y|ies)( bears| worms)?'],
  'carnes:pollo-y-pavo': ['chicken( breast| thighs| wings)?', 'turkey', '(chicken |buffalo )?wings?'],
  'verduras:verduras': ['(green |mixed |frozen )?vegetables', 'spinach', 'broccoli', 'carrots', 'potatoes', '(broccoli|cauliflower) florets?', 'lettuce', 'green leaf( lettuce)?', 'kale'],
  'conservas:aceitunas-y-encurtidos': ['pickles?', 'dills?', 'dill spears', 'gherkins?', 'olives?'],
  'chocolates:tabletas': ['(milk |dark |white |semi ?sweet |bittersweet )?chocolates?( bars?)?'],
  'chocolates:bombones': ['truffles?', '(chocolate )?confections', 'chocolate (covered|coated) [a-z]+'],
  'barritas:barritas-de-proteina': ['(protein|energy|nutrition) bars?( [a-z]+)*'],
  'aceites-y-vinagres:vinagres': ['([a-z]+ )?vinegar'],
  'untables:mermeladas': ['jell(y|ies)', 'marmalades?'],
  'pasteleria:donas-y-pasteles': ['([a-z]+ )?pies?'],
};

const NAME_RULES = rules({
  'leches:cereales': ['cereal(es)?', 'corn flakes', 'cornflakes', 'copos( de (maiz|trigo|arroz|cereales?))?', 'hojuelas', 'zucaritas', 'choco krispis', 'froot loops', 'special k', 'chocapic', 'cheerios', 'all bran', 'arroz inflado', 'trigo inflado', 'chocokrispis', 'nesquik cereal', '(bran|fibra|fiber) flakes', 'flakes'],
  'leches:avenas': ['avena( en hojuelas| instantanea| integral)?', 'porridge', 'salvado( de (avena|trigo))?'],
  'leches:granolas-y-muesli': ['granola', 'muesli', 'musli'],
  'leches:barras-de-cereal': ['barras? de cereal(es)?', 'barritas? de cereal(es)?', 'barrita de avena', 'barras? (de )?(cereal(es)?|avena|granola)', 'barritas? (de )?(avena|granola)', '(breakfast )?cereal bars?', 'barras? de cereales? (para el )?desayuno'],
  'leches:leches': ['leche( (entera|semidesnatada|desnatada|descremada|semidescremada|deslactosada|sin lactosa|fresca|uht|light|evaporada|condensada|natural|de vaca|de cabra))*', 'leches', 'lactosa free', 'lait( [a-z]+)?'],
  'leches:leches-saborizadas': ['leche (con|sabor|saborizada|chocolatada|de chocolate|de fresa|de frutilla|de vainilla)', 'batidos?', 'malteada', 'chocolatada', 'licuado', 'cacaolat', 'milkshake', 'leche chocolatada'],
  'leches:bebidas-vegetales': ['bebidas? (de |vegetal(es)? de |ecologica de |vegetal )?(soja|soya|avena|almendras?|arroz|coco|avellanas?|quinoa|espelta|trigo espelta|chufas?|kamut|alpiste|nuez|nueces|guisantes?|cereales|mijo|anacardos?|castanas?|chocoavena)', 'bebida vegetal', 'leche de (soja|soya|almendras?|coco|arroz|avena)', 'horchata', 'soy milk', 'almond milk', 'alpro', 'savia de soja', '(soy|almond|oat|rice|coconut) (milk|drink|beverage)', 'leche de (chufa|avellanas?|nueces|anacardos?)', 'horchata de chufa'],
  'leches:leches-en-polvo': ['leche en polvo', 'formula lactea'],
  'panes-y-tostadas:pan-de-molde': ['pan( de molde| integral| blanco| sandwich| de caja| multicereal| de hamburguesa| hot dog)?', 'panes', 'panecillos', 'bollos?', 'baguette', 'chapata', 'molletes?', 'pan rallado', 'pan blanco', 'panes? de (hamburguesa|hot ?dog)', '(hamburger|hot dog) buns?', 'pan de (centeno|espelta|avena)', 'pa de motlle', 'baguettines?', 'english muffins?', 'pain( de mie)?( [a-z]+)*'],
  'panes-y-tostadas:tostadas-y-galletas-de-arroz': ['tostadas?', 'tortitas( de (arroz|maiz))?', 'biscotes', 'regan(a|as)', 'colines', 'grissini', 'palitos de pan', 'pan tostado', 'crackers? de arroz', 'galletas? de arroz', 'rosquillas? de pan', 'palitos( de (pan|trigo))?', 'tortitas? de (arroz|maiz|quinoa|espelta)( [a-z]+)*', 'rice cakes?', 'corn cakes?', 'tartines?( [a-z]+)?', 'galettes? de riz( [a-z]+)*', 'tostaditas?( de [a-z]+)?'],
  'panes-y-tostadas:tortillas-y-pan-pita': ['tortillas?( de (maiz|harina|trigo))?', 'tortillinas', 'pan pita', 'wraps?', 'fajitas?', 'totopos?', 'tostadas de maiz'],
  'panes-y-tostadas:panes-dulces': ['pan (dulce|de leche|brioche)', 'brioche', 'croissants?', 'cruasan(es)?', 'mantecadas?', 'conchas', 'panque', 'napolitanas?', 'ensaimadas?'],
  'untables:mermeladas': ['mermeladas?', 'confitura', 'jalea de', 'compota de', 'dulce de (membrillo|guayaba|higo)', 'membrillo', 'confiture', 'confitura', 'jam', 'marmelades?'],
  'untables:manjar-y-dulce-de-leche': ['manjar', 'dulce de leche', 'cajeta', 'arequipe', 'dulce leche'],
  'untables:cremas-de-cacao': ['crema de (cacao|avellanas?|chocolate)', 'nocilla', 'nutella', 'untable de (cacao|chocolate)', 'crema untable', 'crema (al|de) (cacao|avellanas?|chocolate)( [a-z]+)*'],
  'untables:mantequilla-de-mani': ['(mantequilla|crema|pasta) de (mani|cacahuete|cacahuate|almendras?)'],
  'untables:miel': ['miel( de abejas?)?'],
  'cafe-te-e-infusiones:cafe': ['cafe( (molido|soluble|instantaneo|en grano|descafeinado))?', 'nescafe', 'coffee', 'capuchino', 'cappuccino', 'espresso', 'latte'],
  'cafe-te-e-infusiones:te': ['te( (verde|negro|rojo|blanco|chai|matcha))?', 'tea', 'matcha', 'rooibos'],
  'cafe-te-e-infusiones:infusiones': ['ocho hierbas', 'yerba( mate)?', 'infusion(es)?', 'manzanilla', 'tila', 'poleo', 'tisana', 'hierbas? (para|de) infusion', 'cola ?de ?caballo', 'hojas? de coca( entera)?', 'hierbas? aromaticas', 'boldo', 'cedron', 'hierba luisa', 'toronjil', 'tisanas?', 'herbal tea', 'chamomile( tea)?', 'yerba mate'],
  'cafe-te-e-infusiones:cacao-en-polvo': ['cacao (en polvo|soluble|puro|a la taza)', 'cocoa( powder)?', 'hot chocolate', 'cola ?cao', 'chocolate (en polvo|a la taza|para taza)', 'nesquik', 'milo', 'chocomilk', '(tabletas? de )?chocolate( [a-z0-9]+){0,3} (a la taza|para taza|para fundir)', 'chocolat en poudre', 'cacao soluble', 'atoles?( [a-z]+)*', '(mezcla|polvo) (en polvo )?para (preparar )?atole'],
  'papas-fritas:papas-fritas': ['papas? fritas', 'patatas?( fritas| chips| onduladas| lisas| al punto de sal| gourmet)?', 'papas', 'lays', 'ruffles', 'pringles', 'sabritas'],
  'snacks-salados:nachos-y-tortillas': ['nachos?', 'doritos', 'tostitos', 'tortilla chips', 'chips de (maiz|mais|tortilla|nopal)( [a-z]+)*'],
  'snacks-salados:ramitas-y-sufles': ['ramitas', 'sufle', 'gusanitos', 'cheetos', 'cheese tris', 'chicharron(es)? de (harina|trigo)', 'churritos', 'aros de maiz', 'cortezas?', 'chicharrones', 'chicharron(es)?'],
  'snacks-salados:palomitas': ['palomitas( de maiz)?', 'pop ?corn', 'cabritas', 'cotufas'],
  'snacks-salados:galletas-saladas': ['galletas? saladas?', 'crackers?', 'galletas? de agua', 'galletas? (de )?soda', 'saltin(as)?', 'club social', 'triscuit', 'ritz', 'soda crackers?( biscuits)?', 'saladitas', 'snack matero', 'galletitas? de agua'],
  'frutos-secos-y-semillas:frutos-secos': ['frutos? secos?', 'almendras?', 'nueces', 'nuez', 'avellanas?', 'pistachos?', 'cacahuetes?', 'cacahuates?', 'mani', 'anacardos?', 'castanas? de caju', 'maranon(es)?', 'pinones', 'macadamias?', 'pecanas?', 'fruits secs( [a-z]+)?'],
  'frutos-secos-y-semillas:semillas': ['semillas?', 'pipas', 'chia', 'linaza', 'sesamo', 'ajonjoli', 'pepitas'],
  'frutos-secos-y-semillas:mezclas': ['mix de frutos', 'mezcla de frutos', 'cocktail de frutos', 'coctel de frutos', 'trail mix', '(cocktail|coctel) de frutos secos', 'frutos secos (especial )?(ensaladas?|mezcla)'],
  'barritas:barritas-de-proteina': ['barritas? (de proteinas?|proteicas?)', 'barras? (de proteinas?|proteicas?|energeticas?)', 'protein bar', 'protein bars?', '(clean |energy )?protein bar( [a-z]+)*'],
  'barritas:barritas-de-frutas': ['barritas? de frutas?', 'barras? de frutas?', 'barritas? de (frutos secos|almendras?|nueces|cacahuetes?|mani)'],
  'chocolates:tabletas': ['chocolate( (negro|con leche|blanco|puro|amargo|fondant|extrafino|sin azucar|con almendras|con avellanas|intenso|\\d+ ?%|negro \\d+ ?%))*', 'tabletas?( de chocolate)?', 'chocolates?', 'chocolat', 'xocolata', 'cacao \\d+ ?%'],
  'chocolates:bombones': ['bombon(es)?', 'trufas?', 'grageas', 'lacasitos', 'm&m', 'ferrero', '(naranjas?|naranja de valencia|almendras?|avellanas?|pasas|frutas?|cerezas?|fresas?|arandanos?|mani|cacahuetes?|nueces|jengibre|higos?|orejones?|coco)( [a-z]+){0,3} (confitad[oa]s? con|cubiert[oa]s? de|banad[oa]s? (en|de)|recubiert[oa]s? de|con) chocolate( [a-z]+)?', 'truffles?', 'chocolate truffles?'],
  'chocolates:barras-de-chocolate': ['barras? de chocolate', 'snickers', 'kit ?kat', 'twix', 'milky way', 'kinder', 'bounty', 'carlos v', 'sahne nuss', 'tableton'],
  'galletas:galletas-dulces': ['galletas?', 'galletitas?', 'cookies?', 'digestive', 'biscuits?', 'barquillos?', 'pastas (de te|surtidas)', 'bizcochos? de soletilla', 'palmeritas?', 'obleas?', 'wafers?', 'bolachas?', 'galetes', 'tortas de aceite( [a-z]+)*', 'galleta maria', 'galletas? maria'],
  'galletas:galletas-rellenas': ['galletas? rellenas?', 'oreo', 'principe', 'sandwich de galleta', 'triton', 'mini oreo'],
  'galletas:galletas-con-chocolate': ['galletas? (con|de|banadas? en|cubiertas? de) chocolate', 'chips ahoy', 'choco ?chips', 'chocolate chip'],
  'dulces-y-golosinas:caramelos': ['caramelos?', 'piruletas?', 'chupetes?', 'mentas', 'golosinas?', 'regaliz', 'confites', 'peladillas', 'garapinadas?', 'paletas? de caramelo', 'mints?', 'flavored mints', 'candy', 'candies', 'caramelos? de [a-z]+', 'nonpareils'],
  'dulces-y-golosinas:gomitas': ['gomitas?', 'gominolas?', 'gummy', 'gummies', 'ositos', 'panditas', 'haribo', 'gummies( candy)?', 'gummy bears', 'jelly beans'],
  'dulces-y-golosinas:chicles': ['chicles?', 'goma de mascar', 'trident', 'orbit', 'chewing ?gum', 'chicle'],
  'dulces-y-golosinas:turrones-y-mazapanes': ['turron(es)?', 'mazapan(es)?', 'polvorones?', 'mantecados?', 'alfajores? de (almendra|jijona)', 'figuritas de mazapan', 'empinonadas?', 'guirlache', 'praline', 'almendrad[oa]s( de mazapan)?', 'torro( [a-z]+)*', 'palanquetas?'],
  'pasteleria:queques-y-bizcochos': ['queques?', 'quequitos?', 'bizcochos?', 'magdalenas?', 'muffins?', 'cupcakes?', 'brownies?', 'pasteles?', 'bizcocho', 'sobaos?', 'plum ?cake', 'panetone', 'panettone', 'pan de pascua', 'roscon', 'gansito', 'pinguinos', 'twinkies', 'muffins?( de [a-z]+)?', 'gateaux?', 'pound cake'],
  'pasteleria:alfajores': ['alfajor(es)?', 'chilenitos?'],
  'pasteleria:donas-y-pasteles': ['donas?', 'donuts?', 'berlin(es)?', 'churros?', 'croissant relleno', 'tarta', 'tartaletas?', 'tartas?', 'cheesecake', 'hojaldres?', 'milhojas', 'donitas?( [a-z]+)?', 'doughnuts?'],
  'helados:helados': ['helados?', 'paletas? (de agua|heladas?|de hielo|de leche)', 'ice cream', 'paleta helada', 'sorbete', 'gelato', 'granizado', 'ice cream( [a-z]+)?', 'sorbet', 'mochis? helad[oa]s?', 'raspados?', 'raspaditos?', 'raspatitos?'],
  'bebidas-gaseosas:bebidas': ['bebidas? (gaseosas?|refrescantes?|de (cola|naranja|limon|lima))', 'refrescos?', 'gaseosas?', 'sodas?', 'coca ?cola', 'pepsi', 'fanta', 'sprite', 'seven up', '7 ?up', 'mirinda', 'ginger ale', 'bilz', 'manzanita', 'sidral', 'jarritos', 'squirt', 'sangria senorial', 'chaparritas', 'bebida (de|sabor) (frutas?|naranja|manzana|pina|mango)', 'limonada (mineralizada|gasificada|con gas)', 'refresco( de [a-z]+)?', 'ginger (ale|beer)', 'soft drinks?', 'gaseosa'],
  'bebidas-gaseosas:bebidas-sin-azucar': ['(coca ?cola|pepsi|bebida|refresco) (zero|light|sin azucar|diet)', 'diet coke', '(sprite|fanta|seven up|7 ?up|kas|squirt|crush|schweppes|pepsi|coca ?cola) (zero|light|sin azucar|diet|libre)( [a-z]+)?'],
  'bebidas-gaseosas:tonicas': ['tonicas?', 'agua tonica', 'schweppes', 'bitter (kas|sin alcohol)'],
  'jugos-y-nectares:jugos': ['jugos?', 'zumos?', 'smoothies?', 'limonada', 'naranjada', 'jumex', 'del valle', 'florida', 'bebida de (frutas|jugo)', 'granini', 'don simon', 'boing( [a-z]+)?', 'sumos?( de [a-z]+)?', 'jus( de [a-z]+)?', 'multifrutas?', 'bebidas? de (frutas|jugo|zumo)( y [a-z]+)?', '(tamarindo|jamaica|horchata) concentrad[oa]', '[a-z]+ juice( [a-z]+)*', 'juice( [a-z]+)*', 'agua de coco', 'coconut water', 'multifruits?'],
  'jugos-y-nectares:nectares': ['nectar(es)?'],
  'aguas:agua-mineral': ['agua( (mineral|natural|purificada|de manantial|sin gas|con gas|gasificada))?', 'ciel', 'epura', 'bonafont', 'benedictino', 'cachantun', 'font vella', 'lanjaron', 'solan de cabras', 'water', 'mineral water', 'spring water', 'eau( [a-z]+)?', 'aigua'],
  'aguas:agua-saborizada': ['agua (saborizada|con sabor|sabor|de (jamaica|horchata|sabor))', 'aguas frescas', 'levite', 'aquarius', 'h2oh', 'agua (con|sin) gas sabor'],
  'bebidas-funcionales:isotonicas': ['isotonicas?', 'bebida (isotonica|deportiva|rehidratante)', 'powerade', 'gatorade', 'electrolit', 'suero oral', 'sueroral', 'isotonic[oa]?( [a-z]+)*', 'bebida para deportistas', 'sports? drinks?'],
  'bebidas-funcionales:energeticas': ['(bebida )?energeticas?', 'energy drink', 'red ?bull'],
  'te-y-cafe-frios:te-helado': ['te (helado|frio)', 'ice ?tea', 'fuze ?tea', 'fuzetea', 'kombuchas?( [a-z]+)*', '(red|green|black) tea [0-9]+ ?ml', 'te (frio|helado) [a-z]+'],
  'te-y-cafe-frios:cafe-frio': ['cafe (frio|helado)', 'frappe', 'frappuccino', 'iced coffee'],
  'bebidas-alcoholicas:cervezas': ['cervezas?', 'torobayo', 'kunstmann', 'beer', 'stout', 'shandy', 'biere( [a-z]+)?'],
  'bebidas-alcoholicas:vinos': ['vinos?', 'wine', 'vinho', 'cabernet( sauvignon)?', 'sauvignon blanc', 'carmenere', 'merlot', 'malbec', 'pinot( noir| grigio)?', 'chardonnay', 'syrah', 'moscato', 'carignan', 'gran reserva', 'reserva (carmenere|cabernet|merlot|malbec)', 'champagne', 'espumante', 'sangria', 'tinto de verano', 'vermut', 'sidra', 'wine cooler', 'coolers?'],
  'bebidas-alcoholicas:destilados': ['pisco', 'rum', 'vodka', 'whisky', 'tequila', 'mezcal', 'licor(es)?', 'brandy', 'aguardiente', 'orujo'],
  'yogures:yogur-natural': ['yaourt', 'yog(h)?ur(t|th)?( natural| griego| desnatado| entero| sin azucar)?', 'yog(h)?urts?', 'iogurt', 'bifidus', 'activia', 'oikos', 'griego', 'skyr', 'yoplait', 'petit suisse', 'postres? (de|vegetal de) (soja|soya|avena|coco|almendras?)( [a-z]+){0,2} (sabor |de |con )?(melocoton|fresa|frutilla|platano|frutas?( del bosque)?|pina|mango|limon|frambuesa|cereza|manzana|albaricoque|arandanos?|natural|macedonia)( [a-z]+)?'],
  'yogures:yogur-con-sabor': ['yog(h)?ur(t|th)? (de|con|sabor) [a-z]+', 'yog(h)?ur(t|th)? (fresa|frutilla|vainilla|durazno|melocoton|mango|frutos rojos|limon|pina|coco|cereza|frambuesa)'],
  'yogures:yogur-bebible': ['yog(h)?ur(t|th)? (bebible|liquido|para beber)', 'bebible', 'yakult', 'actimel', 'bebida lactea', 'bebida (de yogur|fermentada|lactea)', 'leche fermentada', 'lassi', 'leches? (fermentadas?|cultivadas?)( [a-z]+)*', 'yog(h)?ur(t|th)? para beber( [a-z]+)*'],
  'yogures:kefir': ['kefir'],
  'quesos:quesos-maduros': ['mantecoso', 'chanco', 'quesos?( (manchego|gouda|edam|mantecoso|chanco|parmesano|emmental|cheddar|curado|semicurado|viejo|azul|rallado|en lonchas|laminado|maduro|oaxaca|chihuahua|manchego))*', 'manchego', 'parmesano', 'gouda', 'emmental', 'cheddar', 'mozzarella', 'mozarella', 'brie', 'camembert', 'roquefort', 'provolone', 'gruyere', 'fromages?( [a-z]+)?', 'formatge', 'queijo', 'comte'],
  'quesos:quesos-frescos': ['queso (fresco|blanco|de burgos|panela|cottage|ricotta|quesillo|de cabra fresco)', 'quesillo', 'cottage', 'ricotta', 'requeson', 'burrata', 'queso (estilo|tipo) (panela|fresco)( [a-z]+)*'],
  'quesos:quesos-untables': ['queso (crema|untable|para untar|fundido)', 'quesitos', 'philadelphia', 'la vaca que rie', 'crema de queso'],
  'mantequillas-y-cremas:mantequilla': ['mantequillas?', 'manteca', 'ghee'],
  'mantequillas-y-cremas:margarina': ['margarinas?', 'tulipan', 'flora', 'untable vegetal'],
  'mantequillas-y-cremas:crema-de-leche': ['(coffee )?creamer', 'crema (para|de) cafe', 'sustituto de crema', 'coffee ?mate( [a-z]+)?', 'crema (de leche|para batir|acida|espesa|chantilly|agria|para cocinar)', 'nata( para (montar|cocinar))?', 'media crema', 'nata montada', 'chantilly'],
  'postres-lacteos:flanes-y-natillas': ['flan(es)?', 'natillas?', 'crema catalana', 'arroz con leche', 'semola con leche', 'leche asada', 'cuajada', 'crema pastelera'],
  'postres-lacteos:postres': ['postres?', 'mousse', 'panna cotta', 'tiramisu', 'copa de chocolate', 'danet', 'natilla', 'copas? (de )?(chocolate|nata|vainilla)( y [a-z]+)?', 'puddings?', 'budin'],
  'arroz-y-legumbres:arroz': ['arroz( (blanco|integral|largo|redondo|basmati|jazmin|vaporizado|bomba|grado \\d))*', 'risotto'],
  'arroz-y-legumbres:legumbres': ['lentejas?', 'garbanzos?', 'porotos?', 'frijoles?', 'alubias?', 'judias( (blancas|pintas|rojas))?', 'habas?', 'arvejas( secas)?', 'guisantes secos', 'soja texturizada', 'legumbres?', '(black|red|pinto|kidney|navy) beans', 'frijol( [a-z]+)?', 'azuki'],
  'arroz-y-legumbres:quinoa-y-otros-granos': ['quinoa', 'quinua', 'cuscus', 'couscous', 'bulgur', 'trigo (sarraceno|mote)', 'mote', 'amaranto', 'mijo', 'polenta', 'semola'],
  'pastas:pastas': ['pastas?(?! de (?!trigo|semola|huevo))( (integral|de trigo|secas?|al huevo|frescas?))?', 'spaghetti', 'espaguetis?', 'macarrones?', 'tallarines?', 'penne', 'fusilli', 'tornillos', 'coditos', 'canelones?', 'ravioles?', 'ravioli', 'tortellini', 'noquis', 'gnocchi', 'lazos', 'plumas', 'espirales', 'italpasta', 'barilla', 'tornillo', 'pates', 'lasana al huevo', 'placas de lasana'],
  'pastas:fideos': ['fideos?', 'fideua', 'tallarin', 'ramen', 'maruchan', 'cabello de angel', 'noodles', 'pasta oriental( [a-z]+)*', 'fideus( [a-z]+)*'],
  'harinas-y-reposteria:harinas': ['harinas?', 'maicena', 'fecula', 'almidon', 'pan rallado', 'levadura', 'polvo de hornear', 'polvos de hornear', 'masa para', 'preparado para', 'mezcla para (hot ?cakes|pancakes|tortitas|bizcocho|queque)', 'hot ?cakes?', 'pancakes?', 'masa (para|de)', 'tapioca( [a-z]+)?', 'polvo para hornear'],
  'harinas-y-reposteria:azucar-y-endulzantes': ['edulcorant', 'azucar( (blanca|morena|rubia|glass|flor|moreno|integral|de cana|mascabado))?', 'panela', 'endulzantes?', 'edulcorantes?', 'stevia', 'sucralosa', 'sacarina', 'jarabes?', 'sirope', 'piloncillo', 'chancaca', 'splenda', 'canderel', 'karo', 'melaza', 'agave', 'sirop( [a-z]+)*', 'sucre( de [a-z]+)*'],
  'harinas-y-reposteria:postres-en-polvo': ['postre en polvo', 'preparado para (flan|natillas|postre|mousse)', 'natillas en polvo', 'flan en polvo', 'fideos de chocolate', 'sprinkles', 'mazamorras?( [a-z]+)?', 'polvo para (preparar )?(postres?|flan|gelatina|natillas)( [a-z]+)*'],
  'harinas-y-reposteria:gelatinas': ['gelatinas?', 'jalea(s)?', 'jello', 'jell o', 'gelatine'],
  'aceites-y-vinagres:aceites': ['aceite( (de oliva|de girasol|de maravilla|vegetal|de canola|de coco|de soja|de maiz|de oliva virgen|virgen extra|de sesamo|de aguacate|de palta|de cartamo))*', 'aceites', 'oliva virgen', 'huile', 'spray para cocinar'],
  'aceites-y-vinagres:vinagres': ['vinagres?', 'vinaigre', 'aceto balsamico', 'balsamico', 'crema de (vinagre|balsamico)', 'crema balsamica( de modena)?'],
  'salsas-y-condimentos:salsas-de-tomate': ['tomate( (frito|triturado|natural|pelado|concentrado|en cubos|troceado|rallado))+', 'salsa de tomate', 'pure de tomate', 'pasta de tomate', 'passata', 'concentrado de tomate', 'pomodoro', 'salsa (para pasta|napolitana|bolonesa|bolognesa|boloñesa)', 'ketchup de tomate', 'tomaquet( [a-z]+)?', 'tomato (sauce|pasta sauce)'],
  'salsas-y-condimentos:mayonesas-y-aderezos': ['mayonesas?', 'mayonnaise', 'mayonaise', 'not mayo', 'aderezos?', 'vinagretas?', 'alioli', 'allioli', 'salsa (cesar|rosa|tartara|mil islas|ranch|de yogur|alioli)', 'dressing', 'hellmann s', 'hellmanns', 'mccormick mayonesa'],
  'salsas-y-condimentos:ketchup-y-mostaza': ['ketchup', 'catsup', 'k(e|a)tchup', 'mostaza', 'mustard', 'salsa barbacoa', 'barbacoa', 'bbq', 'salsa bbq'],
  'salsas-y-condimentos:especias-y-sazonadores': ['especias?', 'sazonador(es)?', 'condimentos?', 'oregano', 'pimienta', 'comino', 'canela', 'curcuma', 'curry', 'pimenton', 'paprika', 'ajo (en polvo|granulado)', 'perejil', 'albahaca', 'laurel', 'nuez moscada', 'merken', 'merquen', 'aji( (de color|molido|en polvo))?', 'chile (en polvo|piquin|de arbol|guajillo|ancho)', 'achiote', 'hierbas provenzales', 'azafran', 'colorante alimentario', 'mezcla de especias', 'seasoning( mix)?', '[a-z]+ seasoning mix', 'salsa seasoning mix', '(extracto|esencia) (natural )?de vainilla', 'vanilla extract'],
  'salsas-y-condimentos:sal': ['biosal', 'sel( de [a-z]+)?', 'sal( (de mar|marina|yodada|fina|gruesa|rosada|del himalaya|baja en sodio|light|con ajo|de ajo|de apio))*', 'flor de sal'],
  'salsas-y-condimentos:salsas': ['salsas?', 'salsa (picante|de soja|de soya|inglesa|worcestershire|teriyaki|verde|roja|valentina|huichol|tabasco|pesto|bechamel|de queso|de champinones|agridulce|de ostion|de chile|mexicana|taquera)', 'pesto', 'tabasco', 'valentina', 'chipotles?', 'mole', 'guacamole', 'pico de gallo', 'chimichurri', 'pebre', 'sofrito', 'salsa lizano', 'bechamel', 'salsa de soja', 'wasabi', 'sriracha', 'mojo', 'pasta de curry', 'pasta de chile', 'chiles? (en vinagre|en escabeche|jalapenos|chipotle|serranos|toreados)', 'salsa inglesa'],
  'conservas:verduras-en-conserva': ['(verduras?|hortalizas?|vegetales?) (en conserva|al natural|cocidas?|en lata)', 'champinones?', 'setas', 'esparragos?', 'alcachofas?', 'pimientos?( (del piquillo|asados|rojos|morrones))?', 'pimiento', 'maiz (dulce|tierno|en grano|en lata|pozolero)', 'elote', 'choclo', 'palmitos?', 'menestra', 'pisto', 'escalivada', 'judias verdes', 'guisantes', 'arvejas', 'zanahorias? (en conserva|cocidas)', 'remolacha', 'betarraga', 'corazones de alcachofa', 'alcachofa', 'brotes de soja', 'tomate seco', 'cebolla (frita|crujiente|caramelizada)', 'champinon', 'hongos?', 'tomates? (deshidratad[oa]s?|secos?|secados al sol)( [a-z]+)*', 'coeurs? de palmier( [a-z]+)?'],
  'conservas:frutas-en-conserva': ['(frutas?|duraznos?|melocotones?|pinas?|peras?|cerezas?) en (almibar|conserva|jugo|su jugo)', 'coctel de frutas', 'cocktail de frutas', 'macedonia', 'almibar', 'fruta en almibar'],
  'conservas:aceitunas-y-encurtidos': ['aceitunas?', 'olivas?', 'encurtidos?', 'pepinillos?', 'alcaparras?', 'banderillas?', 'cebollitas?', 'chucrut', 'altramuces', 'chiles en vinagre', 'giardiniera', 'pickles?', 'rajas( de jalapenos?)?( [a-z]+)*', 'jalapenos?( (en escabeche|en rodajas|en vinagre))?', 'chiles? (en vinagre|en escabeche|jalapenos?|toreados)', '(zanahorias?|berenjenas?|cebollitas?|pepinillos?|ajos?|pimientos?|esparragos?|alcaparras?|guindillas?)( [a-z]+){0,2} (encurtid[oa]s?|alinad[oa]s?|en vinagre|en escabeche)( [a-z]+)*', 'guindillas?( [a-z]+)?', 'encurtid[oa]s?', 'cornichons?'],
  'conservas:legumbres-cocidas': ['(garbanzos?|lentejas?|alubias?|judias|porotos?|frijoles?) (cocid[oa]s?|en conserva|guisad[oa]s?|refritos|con chorizo|de la olla|charros|bayos|negros enteros)', 'frijoles refritos', 'fabada', 'cocido', 'lentejas (estofadas|guisadas|con verduras)', 'chili con carne', '(garbanzos?|lentejas?|alubias?|judias( (blancas|pintas|rojas))?|porotos?|frijoles?) (cocid[oa]s?|en conserva|guisad[oa]s?|estofad[oa]s?|refritos?|con (chorizo|verduras?|verdura extra|tomate)|de la olla|charros|bayos|negros enteros|al natural)( [a-z]+)*', 'refried( [a-z]+)? beans'],
  'sopas-y-caldos:sopas': ['sopas?( (de|instantanea|deshidratada|casera|juliana|de fideos|minestrone|de pollo|de verduras|de cebolla|de tomate|de pescado|de marisco))*', 'consome', 'gazpacho', 'salmorejo', 'minestrone', 'sopa de letras', 'ramen instantaneo', 'pozole', 'menudo', 'caldillo', 'ajo blanco', 'vichyssoise', 'sopas? instantaneas?( [a-z]+)*', 'soupe( [a-z]+)?', 'gaspatxo', 'cream of [a-z]+( soup)?', 'ajoblanco'],
  'sopas-y-caldos:caldos': ['caldos?( (de pollo|de verduras|de carne|de pescado|casero|de cocido|de res))*', 'fondo de', 'concentrado de (caldo|carne|pollo)', 'pastillas de caldo', 'cubos? de caldo', 'doble caldo', 'cubitos?( de caldo)?', 'avecrem( [a-z]+)*', 'consome( en polvo)?', 'caldo natural', 'brou( de [a-z]+)?'],
  'sopas-y-caldos:cremas': ['crema de (verduras|calabaza|calabacin|zapallo|espinacas|champinones|esparragos|puerros|zanahoria|marisco|pollo|tomate|brocoli|legumbres|lentejas|guisantes|setas|boletus|cebolla|coliflor|alcachofa|apio|elote|elotes)', 'pure de (verduras|calabaza|patata|papas)', 'cremas? de (verduras|vegetales)', 'pure de (papas|patatas)', 'cremas? (casera |suave |fina )?de (verduras|calabaza|calabacin|zapallo|espinacas|champinones|esparragos|puerros|zanahoria|marisco|pollo|tomate|brocoli|legumbres|lentejas|guisantes|setas|boletus|cebolla|coliflor|alcachofa|apio|elote|elotes)( [a-z]+)*', 'cremas? de alcachofas'],
  'huevos:huevos': ['huevos?( (blancos?|rojos?|de gallina|frescos?|camperos?|de campo|organicos?|de codorniz))*', 'claras de huevo', 'huevo liquido'],
  'embutidos:jamon': ['jamon( (cocido|serrano|iberico|de pavo|york|de pierna|de cerdo|curado|ahumado|de bellota|de cebo|sandwich|virginia|acaramelado))*', 'lacon', 'paleta( (iberica|cocida|serrana|de cebo|curada))', 'paleta iberica', 'cecina', 'prosciutto', 'bacon', 'tocino', 'panceta', 'beicon'],
  'embutidos:salchichas': ['salchichas?', 'vienesas?', 'hot ?dogs?', 'frankfurt', 'frankfurts?', 'wurstel', 'salchichon', 'bratwurst', 'butifarra'],
  'embutidos:chorizos-y-longanizas': ['chorizos?', 'longanizas?', 'fuet', 'sobrasada', 'salami', 'pepperoni', 'morcilla', 'lomo embuchado', 'lomo curado', 'cabezada', 'chistorra', 'espetec', 'salame', 'chorizo'],
  'embutidos:pates': ['pates?', 'foie( gras)?', 'mousse de (pato|higado)', 'untable de higado', 'sobrasada', 'pasta de higado', 'chicharrones? de cerdo untables', 'pate'],
  'embutidos:fiambres': ['fiambres?', 'mortadela', 'pechuga de pavo', 'pavo (en lonchas|cocido|ahumado|braseado|natural|laminado)', 'pollo (en lonchas|cocido|asado en lonchas)', 'lonchas de', 'embutidos?', 'queso de cerdo', 'galantina', 'roast beef', 'pastrami', 'carne de (cerdo|res|vacuno) (en lonchas|cocida)', 'mortadella'],
  'carnes:vacuno': ['(carne|filete|bistec|lomo|solomillo|entrecot|chuleta)s? de (vacuno|res|ternera|buey|vaca)', 'ternera', 'vacuno', 'carne (de res|molida|picada|seca|deshidratada)', 'machaca', 'albondigas?', 'bistec', 'beef jerky', 'cecina de res', 'carne enlatada', 'corned beef'],
  'carnes:cerdo': ['(carne|filete|lomo|costilla|chuleta|solomillo)s? de cerdo', 'cerdo', 'lomo( de cerdo| adobado| a la plancha)?', 'secreto iberico', 'presa iberica', 'carnitas'],
  'carnes:pollo-y-pavo': ['pollo( (asado|entero|troceado|empanizado|rostizado|en salsa|al curry))*', 'pavo', 'pechugas? de (pollo|pavo)', 'alitas?', 'nuggets?', 'muslos?( de pollo)?', 'contramuslos?', 'filetes? de (pollo|pavo)', 'escalopes?', 'san jacobos?', 'cordon bleu', 'pechuga de pollo'],
  'carnes:hamburguesas': ['hamburguesas?( de (vacuno|ternera|res|cerdo|pollo|pavo|mixta|buey))?', 'burgers?', 'burguer', 'churrasco'],
  'pescados-en-conserva:atun': ['atun( (claro|en aceite|al natural|en agua|en escabeche|rallado|desmenuzado|en aceite de oliva|en aceite de girasol|en lata|aleta amarilla))*', 'bonito( del norte)?', 'ventresca'],
  'pescados-en-conserva:sardinas-y-jurel': ['sardinas?', 'sardinillas?', 'jurel', 'caballa', 'melva', 'boquerones?', 'anchoas?', 'arenques?', 'espadines', 'sardines?( [a-z]+)*'],
  'pescados-en-conserva:otros-pescados': ['(salmon|bacalao|merluza|caballa|trucha|pescado)s? (ahumad[oa]s?|en conserva|en lata|en aceite|desmigad[oa]s?|en escabeche)', 'salmon ahumado', 'surimi', 'palitos de (cangrejo|mar)', 'kanikama', 'huevas', 'caviar', 'bacalao'],
  'mariscos:choritos-y-mejillones': ['mejillones?', 'mussels', 'clams', 'razor (clams|shell)', 'moules', 'abalone', 'choritos?', 'cholgas?', 'almejas?', 'berberechos?', 'navajas?', 'zamburinas?', 'vieiras?', 'ostras?', 'ostiones?', 'machas?'],
  'mariscos:otros-mariscos': ['mariscos?', 'calamares?', 'pulpo', 'sepia', 'gambas?', 'langostinos?', 'camarones?', 'cangrejo', 'jaibas?', 'chipirones?', 'pota', 'centollo', 'cocktail de mariscos', 'coctel de mariscos', 'crabes?( [a-z]+)*', 'centollas?', 'king crab'],
  'pescados:pescados': ['pescados?', 'salmon', 'merluza', 'trucha', 'tilapia', 'reineta', 'congrio', 'corvina', 'lenguado', 'lubina', 'pez espada', 'bacalao', 'filetes? de (pescado|merluza|salmon|abadejo|panga|tilapia)', 'palitos de pescado', 'varitas de pescado', 'abadejo', 'panga', 'fletan'],
  'frutas:frutas': ['(manzanas?|peras?|platanos?|bananas?|naranjas?|mandarinas?|limones?|uvas?|frutillas?|fresas?|arandanos?|frambuesas?|moras?|cerezas?|kiwis?|mangos?|pinas?|papayas?|melon(es)?|sandias?|duraznos?|melocotones?|ciruelas?|paltas?|aguacates?|higos?|granadas?|chirimoyas?|guayabas?|maracuya|coco)( (frescas?|frescos?|congelad[oa]s?|en trozos|organic[oa]s?))?', 'frutas?( (frescas?|congeladas?|variadas|del bosque|rojas|tropicales))?', 'compotas? de (manzana|pera|frutas)', 'pure de (manzana|frutas)', 'frutos rojos', 'frutos del bosque', 'ananas', 'pinas?', '(guanabanas?|corossol|lulos?|pitahayas?|acerolas?|carambolas?|nisperos?|maracuya|fruta de la pasion|framboises?|fraises?|pommes?|poires?|peches?|abricots?|mangues?|myrtilles?|cerises?|prunes?)( [a-z]+)?', '(pure|puree|pulpa|pulpe)s? de (fruit )?(guanabanas?|corossol|lulos?|pitahayas?|acerolas?|carambolas?|nisperos?|maracuya|fruta de la pasion|framboises?|fraises?|pommes?|poires?|peches?|abricots?|mangues?|myrtilles?|cerises?|prunes?|mango|mangue|fresa|frutilla|mora|pina|durazno|guayaba|papaya|tamarindo|frutas?)( [a-z]+)?'],
  'frutas:frutas-deshidratadas': ['raisins?', 'frutas? (deshidratadas?|secas?|desecadas?|liofilizadas?|confitadas?)', 'pasas', 'uvas pasas', 'datiles?', 'orejones?', 'ciruelas? (pasas?|secas?)', 'higos secos', 'arandanos (deshidratados|secos)', 'chips de (manzana|platano|coco)', 'descarozados', 'huesillos', 'mango deshidratado', 'coco rallado'],
  'verduras:verduras': ['verduras?( (frescas?|variadas|para|mixtas))?', 'hortalizas?', 'vegetales?( (mixtos|congelados))?', 'ensalada de (lechuga|verduras|hojas|canonigos|rucula)', 'lechugas?', 'espinacas?', 'acelgas?', 'brocoli', 'coliflor', 'zanahorias?', 'cebollas?', 'ajos?', 'puerros?', 'calabacin(es)?', 'zapallo( italiano)?', 'calabaza', 'berenjenas?', 'pepinos?', 'rucula', 'canonigos', 'kale', 'repollo', 'coles de bruselas', 'apio', 'rabanos?', 'nopal(es)?', 'nopalitos', 'betabel', 'jitomate', 'patatas? (frescas|para cocer|nuevas|congeladas|prefritas|gajo|bastones)', 'papas (prefritas|congeladas|bastones|duquesas|noisette)', 'bastones de papa', 'hongos? (shiitake )?(deshidratad[oa]s?|secos?)', 'hongo shiitake( [a-z]+)?', 'shiitake'],
  'verduras:verduras-congeladas': ['(verduras?|hortalizas?|vegetales?|menestra|salteado) (congelad[oa]s?|ultracongelad[oa]s?)', 'salteados?( de (verduras|setas|champinones|vegetales))?', 'wok de verduras', 'mix de verduras', 'mezcla de verduras', 'guisantes (congelados|finos|extrafinos)', 'judias verdes (congeladas|redondas|planas)', 'parrilladas? de (verduras|vegetales|hortalizas)( [a-z]+)*'],
  'platos-preparados:pizzas': ['pizzas?', 'pizzetas?', 'calzone', 'focaccia', 'bases? de pizza', 'masa de pizza'],
  'platos-preparados:pastas-preparadas': ['lasana( (bolonesa|de carne|de verduras|de atun))?', 'canelones( (de carne|de atun))?', 'macarrones (con|a la|bolonesa|con tomate)', 'spaghetti (a la|con|bolonesa|carbonara)', 'tortellini (con|de|rellenos)', 'ravioli (con|de|rellenos)', 'pasta (con|a la|preparada)', 'mac (and|n) cheese', 'sopa de pasta preparada', 'lasana', 'lasagnas?( [a-z]+)?'],
  'platos-preparados:empanadas-y-croquetas': ['empanadas?', 'empanadillas?', 'croquetas?', 'rollitos?( de primavera)?', 'samosas?', 'nuggets vegetales', 'flautas?', 'taquitos?', 'tamales?', 'tamal', 'enchiladas?', 'burritos?', 'quesadillas?', 'gyozas?', 'dumplings?', 'fingers', 'tequenos', 'bunuelos', 'tempura', 'rebozados?', 'empanizados?', 'delicias de (cebolla|pollo|pescado|queso|merluza)', 'aros de cebolla', 'onion rings', 'milanesas?( de [a-z]+)?', 'nuggets? de (pescado|verduras|espinacas)'],
  'platos-preparados:ensaladas': ['ensaladas?( (cesar|mixta|de pasta|de arroz|de legumbres|de quinoa|de atun|de pollo|de col|rusa|campera|griega|mediterranea))*', 'ensaladilla( rusa)?', 'tabule', 'coleslaw', 'ceviche', 'salpicon'],
  'platos-preparados:otros-platos': ['platos? (preparados?|listos?|cocinados?)', 'tortilla (de patatas|de papas|espanola|de patata)', 'paella', 'arroz (a la cubana|tres delicias|con pollo|negro|a banda|con verduras)', 'fajitas? de pollo', 'guiso', 'estofado', 'albondigas (en salsa|con tomate)', 'pollo al curry', 'curry de', 'cazuela', 'pastel de choclo', 'charquican', 'porotos granados', 'pollo (con|en|al) [a-z]+', 'lentejas estofadas', 'callos', 'pimientos rellenos', 'canelones', 'moussaka', 'fabada asturiana', 'cocido madrileno', 'marmitako', 'paella valenciana', 'comida preparada', 'listo para comer', 'ready meal', '(salteado|wok|revuelto)s? de [a-z]+( [a-z]+)? (y|con) (pollo|ternera|cerdo|pavo|gambas|langostinos|carne|jamon|atun)'],
  'sandwiches:sandwiches': ['sandwich(es)?', 'sandwiches', 'sandwitch', 'bocadillos?', 'emparedados?', 'tortas? de (jamon|pollo)', 'burrito', 'wrap de', 'hot dog preparado', 'club sandwich', 'panini'],
  'proteinas-vegetales:tofu': ['tofu'],
  'proteinas-vegetales:seitan-y-tempeh': ['seitan', 'tempeh', 'heura', 'soja texturizada', 'proteina (vegetal|de soja|de guisante|de chicharo)', 'carne vegetal', '(vegan|vegano|vegetal) kebab', 'kebab (vegano|vegetal)'],
  'proteinas-vegetales:hamburguesas-vegetales': ['hamburguesas? (vegetal(es)?|vegana|veggie|de (soja|quinoa|lentejas|garbanzos|verduras|tofu|seitan|espinacas|setas|champinones|calabaza|remolacha|legumbres))', 'veggie burger', 'burger (vegetal|vegana|veggie)', 'falafel', 'salchichas? (vegetales|veganas|de tofu|de soja)', 'albondigas vegetales', 'milanesas? (de )?(soja|soya|seitan|tofu|vegetales?|lentejas|garbanzos?|quinoa|espinaca)', 'hamburguesas? (de )?(vegetal(es)?|veganas?|veggie|soja|quinoa|lentejas|garbanzos|verduras|tofu|seitan|espinacas|setas|champinon(es)?|calabaza|remolacha|legumbres)( [a-z]+)*', 'salchichas? (vegetal(es)?|veganas?)( [a-z]+)*', 'burgu?er (vegetal|vegana|veggie|champinon|de soja|de tofu)( [a-z]+)*', 'bio burgu?er( [a-z]+)*', 'hamburguesas? (de )?(cereales|arroz|avena|mijo|espelta|bulgur|kale|falafel|alubias|judias|frijoles?)( [a-z]+)*'],
  'hummus-y-untables-vegetales:hummus': ['hummus', 'humus', 'houmous', 'crema de garbanzos', 'pasta (de )?hummus'],
  'hummus-y-untables-vegetales:untables-vegetales': ['untable(s)?( de (verduras|vegetales|berenjena|pimiento|aceitunas|tomate seco|calabacin|remolacha))?', 'pate (vegetal|de (aceitunas|berenjena|verduras|setas|champinones|tomate seco|pimiento|alcachofa|calabacin|remolacha))', 'tapenade', 'baba ganoush', 'muhammara', 'pate vegano', 'crema de (berenjena|pimiento|aceitunas)'],
  'alimentos-infantiles:compotas': ['compotas?', 'applesauce', 'purecitos?', 'papilla de fruta', 'bolsita de fruta', 'gerber', 'hero baby', 'nestle baby', 'smoothie infantil', 'tarrito'],
  'alimentos-infantiles:papillas': ['papillas?', 'cereal infantil', 'cereales infantiles', 'tarritos?', 'potitos?', 'alimento (infantil|para bebe)', 'para bebes?', 'blevit', 'nutriben', 'infusion infantil', 'papillas? de [a-z]+( [a-z]+)*'],
  'alimentos-infantiles:formulas-infantiles': ['formula infantil', 'leche (infantil|de (inicio|continuacion|crecimiento))', 'enfamil', 'similac', 'nutrilon', 'almiron', 'blemil', 'puleva peques', 'lait de (croissance|suite)'],
  'snacks-salados:otros-snacks': ['pretzels?', '(alubia|garbanzo|lenteja|legumbre)s? snacks?', 'snacks? de (alubias?|garbanzos?|lentejas?|legumbres)'],
});

/**
 * Words that often mean something else ("cola" in "Cola de caballo", "zero" in "Zero Lacto", a brand line sold
 * on several shelves): used only when no word of the name names a food outright, and never against the list.
 */
const WEAK_NAME_RULES = rules({
  'salsas-y-condimentos:salsas': ['inglesa'],
  'leches:cereales': ['fitness', 'trix', 'pops', 'aritos', 'aros', 'estrellitas', 'krispies'],
  'leches:bebidas-vegetales': ['soja', 'soya', 'ades'],
  'panes-y-tostadas:pan-de-molde': ['bimbo'],
  'panes-y-tostadas:tostadas-y-galletas-de-arroz': ['picos'],
  'untables:mermeladas': ['ate'],
  'cafe-te-e-infusiones:infusiones': ['mate'],
  'cafe-te-e-infusiones:cacao-en-polvo': ['polvo para preparar'],
  'papas-fritas:papas-fritas': ['chips'],
  'snacks-salados:ramitas-y-sufles': ['snacks?', 'aperitivos?', 'bocaditos', 'fritos'],
  'frutos-secos-y-semillas:mezclas': ['mix'],
  'chocolates:barras-de-chocolate': ['crunch', 'mars'],
  'galletas:galletas-dulces': ['maria(s)?', 'marias', 'pastas', 'palmeras?'],
  'dulces-y-golosinas:caramelos': ['dulces?', 'pastillas', 'paletas?( de caramelo)?'],
  'dulces-y-golosinas:gomitas': ['gomas', 'frutitas'],
  'dulces-y-golosinas:turrones-y-mazapanes': ['figuritas', 'yemas'],
  'pasteleria:queques-y-bizcochos': ['cake', 'submarino'],
  'helados:helados': ['polo'],
  'bebidas-gaseosas:bebidas': ['cola', 'pap', 'titan', 'crush', 'kas'],
  'bebidas-gaseosas:bebidas-sin-azucar': ['zero'],
  'bebidas-gaseosas:tonicas': ['bitter'],
  'aguas:agua-mineral': ['vital'],
  'bebidas-funcionales:energeticas': ['burn', 'volt', 'monster', 'energy( drinks?)?'],
  'te-y-cafe-frios:te-helado': ['lipton', 'nestea', 'arizona'],
  'bebidas-alcoholicas:cervezas': ['austral', 'cristal', 'escudo', 'ipa', 'lager'],
  'bebidas-alcoholicas:vinos': ['vin', 'vina', 'cava'],
  'bebidas-alcoholicas:destilados': ['ron', 'gin', 'anis'],
  'yogures:yogur-natural': ['danone', 'vitalinea', 'danonino', 'delighurt'],
  'quesos:quesos-frescos': ['burgos'],
  'postres-lacteos:postres': ['petit'],
  'harinas-y-reposteria:postres-en-polvo': ['royal', 'decoracion', 'cobertura'],
  'salsas-y-condimentos:salsas-de-tomate': ['tomates?'],
  'salsas-y-condimentos:especias-y-sazonadores': ['knorr', 'maggi', 'sazon', 'adobo', 'mccormick'],
  'salsas-y-condimentos:sal': ['lobos'],
  'verduras:verduras': ['col'],
  'carnes:vacuno': ['carne'],
  'carnes:cerdo': ['costillas?'],
  'pescados-en-conserva:atun': ['dolores', 'calvo', 'isabel', 'tuny'],
  'pescados:pescados': ['rape', 'dorada', 'emperador', 'mero'],
  'mariscos:choritos-y-mejillones': ['locos?'],
  'embutidos:fiambres': ['lonchas', 'pechuga'],
  'platos-preparados:otros-platos': ['menu', 'migas', 'chili', 'preparado de'],
  'sandwiches:sandwiches': ['mixto'],
  'proteinas-vegetales:seitan-y-tempeh': ['vegano', 'vegana', 'vegetariana'],
  'alimentos-infantiles:papillas': ['bebe', 'junior', 'baby'],
  'alimentos-infantiles:formulas-infantiles': ['nan', 'nido'],
  'barritas:barritas-de-proteina': [],
  'leches:barras-de-cereal': ['barras?', 'barritas?'],
  'mantequillas-y-cremas:crema-de-leche': ['crema'],
  'sopas-y-caldos:caldos': ['cubos?'],
  'leches:leches': ['condensada', 'productos? lacteos?( [a-z]+)*'],
});

const ENGLISH_RULES = rules(ENGLISH_NAME_RULES);

/** Brand-like words used only when no generic word matched (the name is often "Brand + flavour"). */
const BRAND_RULES = rules({
  'snacks-salados:galletas-saladas': ['crackelet', 'selz'],
  'snacks-salados:ramitas-y-sufles': ['caracoqueso', 'evercrisp', 'tyrrells'],
  'bebidas-alcoholicas:vinos': ['casillero del diablo', 'concha y toro', 'gato ?negro', 'santa carolina', 'undurraga', 'emiliana', 'los vascos', 'caliterra', 'ventisquero', 'cono sur', 'casas patronales', 'clos del pirque', 'santa rita', 'santa helena', 'misiones de rengo', 'frontera', 'casa del cerro', 'montes alpha', 'errazuriz'],
  // Only brands of one shelf: dairies that sell milk, yogurt and desserts alike (Lala, Alpura, Colun, Soprole,
  // Danone, Nestlé…) are placed by the product's own list.
  'yogures:yogur-con-sabor': ['yoplait', 'activia', 'oikos', 'vitalinea', 'danonino', 'soful', 'nestle yogur', 'griego', 'gervais'],
  'leches:leches': ['carnation', 'puleva', 'central lechera', 'kaiku sin lactosa'],
  'papas-fritas:papas-fritas': ['sabritas', 'lays', 'ruffles', 'pringles', 'marco polo', 'kryzpo', 'frito lay', 'paketaxo', 'barcel', 'takis', 'churrumais', 'rancheritos', 'crujitos', 'karameladas'],
  'bebidas-gaseosas:bebidas': ['pepsi', 'penafiel', 'jarritos', 'sidral', 'mundet', 'squirt', 'fanta', 'sprite', 'fresca'],
  'galletas:galletas-dulces': ['quadritos', 'negrita', 'kuky', 'golden nuss', 'doblon', 'nik', 'triton', 'frac', 'tuareg', 'mckay', 'costa', 'gamesa', 'marinela', 'mckay', 'costa', 'gullon', 'fontaneda', 'cuetara', 'arcor', 'lu', 'emperador', 'marias', 'chokis', 'principe', 'triton', 'tuareg', 'dinosaurus', 'artiach'],
  'pasteleria:queques-y-bizcochos': ['bimbo', 'marinela', 'tia rosa', 'wonder', 'dulcesol', 'martinez', 'la bella easo', 'pinguinos', 'gansito'],
  'chocolates:tabletas': ['milka', 'lindt', 'valor', 'hershey s', 'hersheys', 'carlos v', 'abuelita', 'ibarra', 'turin', 'sublime', 'trencito', 'costa', 'cadbury'],
  'jugos-y-nectares:jugos': ['jumex', 'del valle', 'boing', 'pascual', 'bida', 'don simon', 'granini', 'zuko', 'tang', 'clight', 'watts', 'andina'],
  'salsas-y-condimentos:salsas': ['valentina', 'hellmann'],
  'arroz-y-legumbres:legumbres': ['la sierra', 'isadora', 'verde valle', 'luengo', 'el hostal'],
  'leches:cereales': ['vivo', 'kellogg s', 'kelloggs', 'nestle fitness', 'quaker', 'post', 'granvita'],
  'bebidas-funcionales:isotonicas': ['powerade', 'gatorade', 'electrolit', 'aquarius'],
  'te-y-cafe-frios:te-helado': ['fuze', 'lipton', 'nestea', 'arizona'],
  'aguas:agua-mineral': ['ciel', 'epura', 'bonafont', 'cachantun', 'benedictino', 'vital', 'font vella', 'bezoya', 'lanjaron', 'aquabona'],
  'dulces-y-golosinas:caramelos': ['mentitas', 'full', 'ambrosoli', 'la rosa', 'de la rosa', 'vero', 'ricolino', 'sonric s', 'sonrics', 'chupa chups', 'ambrosoli', 'dulces'],
  'quesos:quesos-maduros': ['el caserio', 'garcia baquero', 'philadelphia', 'chihuahua', 'colun queso'],
  'platos-preparados:otros-platos': ['la cocinera', 'litoral', 'carretilla', 'precocinados'],
});

/** OFF category tags (language prefix removed); checked from the most specific tag to the most general. */
const TAG_RULES: readonly [RegExp, string][] = [
  [/^(breakfast-cereals|cereal-flakes|corn-flakes|extruded-cereals|puffed-cereals|chocolate-cereals|filled-cereals|cereales-para-el-desayuno)$/, 'leches:cereales'],
  [/^(rolled-oats|oat-flakes|oatmeals?|porridges?|oats)$/, 'leches:avenas'],
  [/^(mueslis?|granolas?|crunchy-cereal-clusters)$/, 'leches:granolas-y-muesli'],
  [/^cereal-bars?$|cereal-bars/, 'leches:barras-de-cereal'],
  [/^(plant-based-milk-alternatives|plant-milks|soy-milks|soy-beverages|almond-milks|oat-milks|rice-milks|coconut-milks|nut-milks|.*-based-drinks)$/, 'leches:bebidas-vegetales'],
  [/^(flavoured-milks|chocolate-milks|milkshakes|flavored-milks|milk-drinks)$/, 'leches:leches-saborizadas'],
  [/^(milk-powders|powdered-milks|dried-milks)$/, 'leches:leches-en-polvo'],
  [/^(milks|whole-milks|semi-skimmed-milks|skimmed-milks|uht-milks|cow-milks|lactose-free-milks|evaporated-milks|condensed-milks|sweetened-condensed-milks)$/, 'leches:leches'],
  [/^(infant-formulas|baby-milks|follow-on-milks|growing-up-milks)$/, 'alimentos-infantiles:formulas-infantiles'],
  [/^(baby-foods|baby-cereals)$|^baby-/, 'alimentos-infantiles:papillas'],
  [/^(fruit-compotes|applesauces|compotes)$/, 'alimentos-infantiles:compotas'],
  [/^(sliced-breads|sandwich-breads|white-breads|wholemeal-breads|breads|special-breads|buns|baguettes|bread-rolls|pan-de-molde)$/, 'panes-y-tostadas:pan-de-molde'],
  [/^(rusks|toasts|crispbreads|rice-cakes|puffed-rice-cakes|corn-cakes|breadsticks)$/, 'panes-y-tostadas:tostadas-y-galletas-de-arroz'],
  [/^(tortillas|wheat-tortillas|corn-tortillas|flatbreads|wraps|pita-breads)$/, 'panes-y-tostadas:tortillas-y-pan-pita'],
  [/^(viennoiseries|croissants|brioches|sweet-breads|pastries)$/, 'panes-y-tostadas:panes-dulces'],
  [/^(jams|fruit-jams|marmalades|jellies|fruit-preserves|strawberry-jams|apricot-jams|quince-pastes)$|-jams$/, 'untables:mermeladas'],
  [/^(dulce-de-leche|milk-jams|caramel-spreads)$/, 'untables:manjar-y-dulce-de-leche'],
  [/^(cocoa-and-hazelnuts-spreads|chocolate-spreads|hazelnut-spreads|sweet-spreads)$/, 'untables:cremas-de-cacao'],
  [/^(peanut-butters|nut-butters|almond-butters|nuts-butters)$/, 'untables:mantequilla-de-mani'],
  [/^(honeys|honey)$|-honeys$/, 'untables:miel'],
  [/^(coffees|ground-coffees|instant-coffees|coffee-beans|coffee-capsules|decaffeinated-coffees|soluble-coffees)$/, 'cafe-te-e-infusiones:cafe'],
  [/^(teas|green-teas|black-teas|tea-bags|white-teas|iced-teas-powders)$/, 'cafe-te-e-infusiones:te'],
  [/^(herbal-teas|infusions|chamomile|rooibos|herbal-tea-bags)$/, 'cafe-te-e-infusiones:infusiones'],
  [/^(cocoa-powders|chocolate-powders|instant-cocoa|cocoa-and-its-products|cocoa-and-chocolate-powders|sweetened-cocoa-powders)$/, 'cafe-te-e-infusiones:cacao-en-polvo'],
  [/^(crisps|potato-crisps|chips-and-fries|chips|potato-chips|flavoured-potato-crisps|salted-crisps)$/, 'papas-fritas:papas-fritas'],
  [/^(tortilla-chips|corn-chips|nachos)$/, 'snacks-salados:nachos-y-tortillas'],
  [/^(popcorn|popcorns)$/, 'snacks-salados:palomitas'],
  [/^(crackers|salty-biscuits|salted-biscuits|appetizer-crackers)$/, 'snacks-salados:galletas-saladas'],
  [/^(salty-snacks|appetizers|extruded-snacks|puffed-snacks|snacks)$/, 'snacks-salados:otros-snacks'],
  [/^(seeds|sunflower-seeds|pumpkin-seeds|chia-seeds|flax-seeds|sesame-seeds)$/, 'frutos-secos-y-semillas:semillas'],
  [/^(nuts|almonds|walnuts|hazelnuts|peanuts|cashew-nuts|pistachios|salted-peanuts|roasted-peanuts|mixed-nuts|nuts-and-their-products|shelled-nuts)$/, 'frutos-secos-y-semillas:frutos-secos'],
  [/^(protein-bars|energy-bars|bars)$/, 'barritas:barritas-de-proteina'],
  [/^(fruit-bars)$/, 'barritas:barritas-de-frutas'],
  [/^(bonbons|chocolate-candies|pralines|truffles|filled-chocolates)$/, 'chocolates:bombones'],
  [/^(chocolate-bars|filled-chocolate-bars|chocolate-covered-bars|chocolate-wafers)$/, 'chocolates:barras-de-chocolate'],
  [/^(chocolates|dark-chocolates|milk-chocolates|white-chocolates|chocolate-tablets|dark-chocolate-bars|chocolate-bars-with-nuts|extra-dark-chocolates|cocoa-and-chocolate-products)$|-chocolates$/, 'chocolates:tabletas'],
  [/^(filled-biscuits|sandwich-biscuits|cookie-sandwiches|biscuits-with-a-filling)$/, 'galletas:galletas-rellenas'],
  [/^(chocolate-biscuits|chocolate-chip-cookies|chocolate-cookies|biscuits-with-chocolate|chocolate-coated-biscuits)$/, 'galletas:galletas-con-chocolate'],
  [/^(biscuits|cookies|sweet-biscuits|shortbread-cookies|butter-cookies|dry-biscuits|wafers|biscuits-and-cakes|digestive-biscuits)$|-biscuits$|-cookies$/, 'galletas:galletas-dulces'],
  [/^(chewing-gum|chewing-gums|sugar-free-chewing-gum)$/, 'dulces-y-golosinas:chicles'],
  [/^(gummies|gummy-candies|jelly-candies|gelified-candies|marshmallows)$/, 'dulces-y-golosinas:gomitas'],
  [/^(turrons|turron|nougats|marzipans|marzipan|polvorones)$/, 'dulces-y-golosinas:turrones-y-mazapanes'],
  [/^(candies|confectioneries|lollipops|hard-candies|caramels|sweets|mints)$/, 'dulces-y-golosinas:caramelos'],
  [/^(alfajores)$/, 'pasteleria:alfajores'],
  [/^(donuts|doughnuts|pies|tarts|cheesecakes|sweet-pies)$/, 'pasteleria:donas-y-pasteles'],
  [/^(cakes|sponge-cakes|muffins|madeleines|brownies|cupcakes|pound-cakes|fruitcakes)$/, 'pasteleria:queques-y-bizcochos'],
  [/^(ice-creams|ice-creams-and-sorbets|frozen-desserts|sorbets|ice-cream-bars|ice-cream-tubs)$/, 'helados:helados'],
  [/^(diet-sodas|light-sodas|sugar-free-sodas|zero-sodas|diet-cola-soft-drinks)$/, 'bebidas-gaseosas:bebidas-sin-azucar'],
  [/^(tonic-water|tonic-waters|bitter-drinks)$/, 'bebidas-gaseosas:tonicas'],
  [/^(sodas|carbonated-drinks|colas|cola-soft-drinks|soft-drinks|lemonade|lemonades|orange-sodas|fruit-sodas)$/, 'bebidas-gaseosas:bebidas'],
  [/^(nectars|fruit-nectars)$|-nectars$/, 'jugos-y-nectares:nectares'],
  [/^(fruit-juices|juices|orange-juices|apple-juices|fruit-juices-and-nectars|vegetable-juices|smoothies|squeezed-juices|multifruit-juices)$|-juices$/, 'jugos-y-nectares:jugos'],
  [/^(flavoured-waters|flavored-waters)$/, 'aguas:agua-saborizada'],
  [/^(waters|mineral-waters|spring-waters|natural-mineral-waters|carbonated-waters|still-waters|sparkling-waters)$/, 'aguas:agua-mineral'],
  [/^(energy-drinks)$/, 'bebidas-funcionales:energeticas'],
  [/^(sports-drinks|isotonic-drinks)$/, 'bebidas-funcionales:isotonicas'],
  [/^(iced-teas|tea-based-beverages|ready-to-drink-teas)$/, 'te-y-cafe-frios:te-helado'],
  [/^(iced-coffees|coffee-drinks|ready-to-drink-coffees)$/, 'te-y-cafe-frios:cafe-frio'],
  [/^(beers|lagers|ales|craft-beers|non-alcoholic-beers)$|-beers$/, 'bebidas-alcoholicas:cervezas'],
  [/^(wines|red-wines|white-wines|rose-wines|sparkling-wines|ciders)$|-wines$/, 'bebidas-alcoholicas:vinos'],
  [/^(spirits|liquors|whiskies|vodkas|rums|gins|tequilas|piscos|distilled-spirits)$/, 'bebidas-alcoholicas:destilados'],
  [/^(kefir|kefirs)$/, 'yogures:kefir'],
  [/^(drinkable-yogurts|fermented-milk-drinks|yogurt-drinks|probiotic-drinks)$/, 'yogures:yogur-bebible'],
  [/^(fruit-yogurts|flavoured-yogurts|sweetened-yogurts|vanilla-yogurts|strawberry-yogurts)$|-flavoured-yogurts$/, 'yogures:yogur-con-sabor'],
  [/^(yogurts|natural-yogurts|plain-yogurts|greek-style-yogurts|greek-yogurts|fermented-milk-products|skyrs|dairy-desserts-yogurts)$|-yogurts$/, 'yogures:yogur-natural'],
  [/^(cream-cheeses|spreadable-cheeses|processed-cheeses|cheese-spreads)$/, 'quesos:quesos-untables'],
  [/^(fresh-cheeses|cottage-cheeses|ricotta|ricottas|mozzarella|fresh-goat-cheeses|quesos-frescos)$/, 'quesos:quesos-frescos'],
  [/^(cheeses|hard-cheeses|semi-hard-cheeses|goat-cheeses|sheep-cheeses|cow-cheeses|blue-cheeses|grated-cheeses|sliced-cheeses|cheddar-cheeses|parmigiano-reggiano|goudas|emmentaler)$|-cheeses$/, 'quesos:quesos-maduros'],
  [/^(margarines|vegetable-fat-spreads|spreadable-fats)$/, 'mantequillas-y-cremas:margarina'],
  [/^(butters|salted-butters|unsalted-butters|dairy-spreads|butter)$/, 'mantequillas-y-cremas:mantequilla'],
  [/^(creams|cooking-creams|whipping-creams|dairy-creams|sour-creams|whipped-creams|heavy-creams)$/, 'mantequillas-y-cremas:crema-de-leche'],
  [/^(flans|custards|puddings|rice-puddings|creme-brulees)$/, 'postres-lacteos:flanes-y-natillas'],
  [/^(dairy-desserts|desserts|chocolate-desserts|mousses)$/, 'postres-lacteos:postres'],
  [/^(rices|white-rices|brown-rices|long-grain-rices|basmati-rices|round-rices|jasmine-rices)$|-rices$/, 'arroz-y-legumbres:arroz'],
  [/^(quinoa|couscous|bulgur|semolinas|cereal-grains|buckwheat)$/, 'arroz-y-legumbres:quinoa-y-otros-granos'],
  [/^(cooked-legumes|canned-legumes|canned-chickpeas|canned-beans|refried-beans|baked-beans|canned-lentils|cooked-chickpeas)$/, 'conservas:legumbres-cocidas'],
  [/^(legumes|dried-legumes|lentils|chickpeas|beans|dried-beans|kidney-beans|black-beans|white-beans|green-lentils|legumes-and-their-products|pulses)$/, 'arroz-y-legumbres:legumbres'],
  [/^(noodles|instant-noodles|rice-noodles|vermicelli|egg-noodles)$/, 'pastas:fideos'],
  [/^(pastas|dry-pastas|spaghetti|penne|fusilli|macaroni|durum-wheat-pastas|fresh-pastas|egg-pastas|lasagna-sheets|stuffed-pastas|tagliatelle|wholemeal-pastas)$/, 'pastas:pastas'],
  [/^(flours|wheat-flours|corn-flours|cereal-flours|baking-mixes|yeasts|baking-powders|starches|cornstarch|breadcrumbs)$|-flours$/, 'harinas-y-reposteria:harinas'],
  [/^(sugars|white-sugars|brown-sugars|cane-sugars|sweeteners|syrups|table-top-sweeteners|maple-syrups|agave-syrups|icing-sugars)$|-syrups$|-sugars$/, 'harinas-y-reposteria:azucar-y-endulzantes'],
  [/^(dessert-mixes|powdered-desserts|cake-mixes)$/, 'harinas-y-reposteria:postres-en-polvo'],
  [/^(jelly-desserts|gelatin-desserts|gelatins)$/, 'harinas-y-reposteria:gelatinas'],
  [/^(vinegars|balsamic-vinegars|wine-vinegars|cider-vinegars)$|-vinegars$/, 'aceites-y-vinagres:vinagres'],
  [/^(vegetable-oils|olive-oils|extra-virgin-olive-oils|sunflower-oils|rapeseed-oils|colza-oils|coconut-oils|corn-oils|soybean-oils|oils|virgin-olive-oils|cooking-oils|olive-pomace-oils)$|-oils$/, 'aceites-y-vinagres:aceites'],
  [/^(tomato-sauces|tomato-pastes|tomato-purees|crushed-tomatoes|pasta-sauces|tomato-concentrates|fried-tomato-sauces|canned-tomatoes|peeled-tomatoes|passata)$/, 'salsas-y-condimentos:salsas-de-tomate'],
  [/^(mayonnaises|salad-dressings|dressings|vinaigrettes|aiolis|light-mayonnaises)$/, 'salsas-y-condimentos:mayonesas-y-aderezos'],
  [/^(ketchup|ketchups|mustards|barbecue-sauces|tomato-ketchup)$/, 'salsas-y-condimentos:ketchup-y-mostaza'],
  [/^(spices|herbs|seasonings|spice-mixes|pepper|black-peppers|dried-herbs|curry-powders|paprika)$/, 'salsas-y-condimentos:especias-y-sazonadores'],
  [/^(salts|table-salts|sea-salts|iodised-salts)$/, 'salsas-y-condimentos:sal'],
  [/^(sauces|hot-sauces|soy-sauces|pestos|chili-sauces|salsa|cooking-sauces|dips|guacamole|sweet-and-sour-sauces)$/, 'salsas-y-condimentos:salsas'],
  [/^(olives|green-olives|black-olives|stuffed-olives|pickles|pickled-cucumbers|gherkins|capers|pickled-vegetables|pickled-peppers)$/, 'conservas:aceitunas-y-encurtidos'],
  [/^(fruits-in-syrup|canned-fruits|peaches-in-syrup|fruit-cocktails|pineapple-in-syrup|canned-peaches)$/, 'conservas:frutas-en-conserva'],
  [/^(canned-vegetables|canned-mushrooms|canned-corn|canned-asparagus|canned-peppers|canned-green-beans|canned-peas|sweet-corn|mushrooms-in-jar|canned-artichokes|artichoke-hearts)$/, 'conservas:verduras-en-conserva'],
  [/^(soups|dehydrated-soups|instant-soups|cold-soups|gazpachos|vegetable-soups|chicken-soups|soups-in-a-brick)$|-soups$/, 'sopas-y-caldos:sopas'],
  [/^(broths|stocks|bouillons|chicken-broths|vegetable-broths|beef-broths|stock-cubes|bouillon-cubes|dehydrated-broths)$/, 'sopas-y-caldos:caldos'],
  [/^(vegetable-creams|cream-soups|veloutes)$/, 'sopas-y-caldos:cremas'],
  [/^(hams|cooked-hams|dry-hams|serrano-hams|iberian-hams|cured-hams|white-hams|bacons|bacon)$|-hams$/, 'embutidos:jamon'],
  [/^(sausages|frankfurters|hot-dog-sausages|cocktail-sausages|vienna-sausages|chicken-sausages)$|-sausages$/, 'embutidos:salchichas'],
  [/^(chorizos|salamis|dry-sausages|pepperoni|fuets|cured-sausages|sobrasadas|blood-sausages)$/, 'embutidos:chorizos-y-longanizas'],
  [/^(pates|liver-pates|pork-pates|terrines|foie-gras|rillettes)$/, 'embutidos:pates'],
  [/^(turkey-breasts|chicken-breast-slices|sliced-meats|cold-cuts|prepared-meats|deli-meats|mortadella|cooked-turkey|meat-products)$/, 'embutidos:fiambres'],
  [/^(burgers|hamburgers|beef-burgers|meat-patties|hamburger-patties)$/, 'carnes:hamburguesas'],
  [/^(chickens|chicken|poultries|poultry|turkeys|chicken-breasts|chicken-nuggets|chicken-wings|chicken-legs|chicken-thighs|chicken-meat)$|^chicken-/, 'carnes:pollo-y-pavo'],
  [/^(porks|pork|pork-meat|pork-chops|pork-loins|pork-ribs)$/, 'carnes:cerdo'],
  [/^(beef|beefs|beef-meat|veal|ground-beef|minced-beef|meatballs|steaks|red-meats|meats|beef-jerky|jerky)$/, 'carnes:vacuno'],
  [/^(tunas|canned-tunas|tuna-in-olive-oil|tuna-in-oil|tuna-in-brine|albacore-tunas|skipjack-tunas|bonito)$|-tunas$/, 'pescados-en-conserva:atun'],
  [/^(sardines|canned-sardines|mackerels|canned-mackerels|anchovies|canned-anchovies|herrings|sardines-in-olive-oil)$/, 'pescados-en-conserva:sardinas-y-jurel'],
  [/^(smoked-salmons|smoked-fishes|canned-fishes|surimi|crab-sticks|fish-eggs|canned-salmon|canned-cod)$/, 'pescados-en-conserva:otros-pescados'],
  [/^(mussels|canned-mussels|clams|cockles|oysters|scallops|mussels-in-pickled-sauce)$/, 'mariscos:choritos-y-mejillones'],
  [/^(seafood|shrimps|prawns|squids|octopus|crustaceans|canned-seafood|cephalopods|molluscs)$/, 'mariscos:otros-mariscos'],
  [/^(fishes|fish|salmons|cod|hakes|fish-fillets|frozen-fishes|fish-sticks|breaded-fish|white-fishes|fatty-fishes)$/, 'pescados:pescados'],
  [/^(dried-fruits|raisins|dates|dried-apricots|prunes|dried-figs|dried-cranberries|candied-fruits)$/, 'frutas:frutas-deshidratadas'],
  [/^(fruits|fresh-fruits|frozen-fruits|apples|bananas|oranges|berries|tropical-fruits|fruit-purees|fruits-based-foods)$/, 'frutas:frutas'],
  [/^(frozen-vegetables|frozen-mixed-vegetables|stir-fry-vegetables)$/, 'verduras:verduras-congeladas'],
  [/^(vegetables|fresh-vegetables|leaf-vegetables|salads|potatoes|tomatoes|onions|carrots|mushrooms|vegetables-based-foods|french-fries|frozen-fried-potatoes)$/, 'verduras:verduras'],
  [/^(pizzas|frozen-pizzas|pizza-doughs|pizza-bases)$|-pizzas$/, 'platos-preparados:pizzas'],
  [/^(lasagnas|prepared-pastas|pasta-dishes|cannelloni|ravioli)$/, 'platos-preparados:pastas-preparadas'],
  [/^(croquettes|empanadas|spring-rolls|dumplings|breaded-products|tamales|burritos|enchiladas|quiches|savory-pies)$/, 'platos-preparados:empanadas-y-croquetas'],
  [/^(salads-prepared|prepared-salads|mixed-salads|pasta-salads|potato-salads|coleslaws|tabbouleh)$/, 'platos-preparados:ensaladas'],
  [/^(sandwiches|filled-sandwiches|club-sandwiches)$/, 'sandwiches:sandwiches'],
  [/^(meals|prepared-meals|frozen-meals|ready-meals|meals-with-meat|meals-with-fish|rice-dishes|paellas|omelettes|potato-omelettes|canned-meals|microwave-meals|stews)$|-meals$/, 'platos-preparados:otros-platos'],
  [/^(tofu|tofus|silken-tofus)$/, 'proteinas-vegetales:tofu'],
  [/^(seitan|tempeh|meat-analogues|meat-alternatives|textured-soy-proteins)$/, 'proteinas-vegetales:seitan-y-tempeh'],
  [/^(veggie-burgers|vegetarian-burgers|plant-based-burgers|falafels|vegetarian-sausages)$/, 'proteinas-vegetales:hamburguesas-vegetales'],
  [/^(hummus|hummuses|chickpea-spreads)$/, 'hummus-y-untables-vegetales:hummus'],
  [/^(vegetable-spreads|salted-spreads|tapenades|plant-based-spreads|vegetable-pates)$/, 'hummus-y-untables-vegetales:untables-vegetales'],
  // General parents last: they only decide when nothing more specific matched.
  [/^(cereals-and-their-products|breakfasts)$/, 'leches:cereales'],
  [/^(chocolate-products)$/, 'chocolates:tabletas'],
  [/^(sugary-snacks|confectioneries|sweet-snacks)$/, 'dulces-y-golosinas:caramelos'],
  [/^(biscuits-and-crackers)$/, 'galletas:galletas-dulces'],
  [/^(dairies|dairy|fermented-foods|milks-and-dairy-products)$/, 'yogures:yogur-natural'],
  [/^(fruit-based-beverages|fruit-drinks)$/, 'jugos-y-nectares:jugos'],
  [/^(alcoholic-beverages)$/, 'bebidas-alcoholicas:destilados'],
  [/^(non-alcoholic-beverages|beverages|sweetened-beverages|unsweetened-beverages|carbonated-beverages|artificially-sweetened-beverages)$/, 'bebidas-gaseosas:bebidas'],
  [/^(spreads)$/, 'untables:mermeladas'],
  [/^(fats|vegetable-fats|animal-fats)$/, 'aceites-y-vinagres:aceites'],
  [/^(groceries|sauces-and-condiments|condiments)$/, 'salsas-y-condimentos:salsas'],
  [/^(canned-foods|canned-plant-based-foods)$/, 'conservas:verduras-en-conserva'],
  [/^(seafoods|fishes-and-their-products|fish-and-seafood)$/, 'pescados:pescados'],
  [/^(meats-and-their-products|meat)$/, 'carnes:vacuno'],
  [/^(frozen-foods|plant-based-foods|fruits-and-vegetables-based-foods|plant-based-foods-and-beverages)$/, 'verduras:verduras'],
];

const GENERAL_FROM = TAG_RULES.findIndex(([pattern]) => pattern.test('cereals-and-their-products'));
const tagRules = TAG_RULES.map(([pattern, target], index) => ({
  pattern,
  path: toPath(target),
  general: index >= GENERAL_FROM,
}));

/** Lower-case, accents removed, every non-alphanumeric run collapsed to one space. */
function toWords(text: string): string {
  return foldedWords(foldKey(text));
}

/** The same for a text already folded (the ingredient list is folded once). */
function foldedWords(folded: string): string {
  return folded
    .replace(/&/g, ' & ')
    .replace(/[^a-z0-9&%]+/g, ' ')
    .trim();
}

/**
 * `head`: the match is where a name puts its head noun (first in Spanish, last in English); `garnish`: it follows
 * "con", "with" or "in", so it names a garnish or a medium rather than the product.
 */
type Hit = { path: TaxonomyPath; index: number; length: number; head: boolean; garnish?: boolean; english?: boolean };

/**
 * Every place a rule matches, at most one per word start (the longest there, the most specific): in reading
 * order for Spanish names, whose head noun comes first ("Galletas de chocolate" are galletas); last first for
 * English names, whose head noun comes last ("Milk Chocolate"). A word after a flavour marker ("sabor mango",
 * "flavored", "saveur") names the taste, not the product, and places nothing.
 */
function hitsOf(text: string, ruleSet: RuleSet, order: 'first' | 'last' = 'first'): Iterable<Hit> {
  const flavour = FLAVOUR_MARKER.exec(text);
  const end = flavour ? flavour.index : text.length;
  const starts: number[] = [];
  for (let index = 0; index < end; index = text.indexOf(' ', index) + 1) {
    starts.push(index);
    if (text.indexOf(' ', index) < 0) break;
  }
  if (order === 'last') {
    // English: the match reaching furthest right ("protein bar chocolate" is a bar), the longer on a tie; what
    // follows "in" or "with" is the medium or a garnish ("Squid in garlic sauce", "Crackers with cheese").
    const medium = / (in|with) /.exec(text)?.index ?? text.length;
    const sorted = starts.flatMap((index) => hitsAt(text, ruleSet, index, end, order)).map((h) => ({ ...h, english: true }));
    sorted.sort((a, b) => b.index + b.length - (a.index + a.length) || b.length - a.length);
    return [...sorted.filter((h) => h.index < medium), ...sorted.filter((h) => h.index >= medium).map((h) => ({ ...h, garnish: true }))];
  }
  // What follows "con" or "with" garnishes the head noun ("Barra … con fresa" is no strawberry): tried after it.
  // Read lazily, word start by word start: most names are settled by their first hit.
  const garnish = / (con|with|y|and|&) /.exec(text)?.index ?? text.length;
  const ordered = [...starts.filter((i) => i <= garnish), ...starts.filter((i) => i > garnish)];
  return (function* () {
    for (const index of ordered) yield* hitsAt(text, ruleSet, index, end, order);
  })();
}

/**
 * Every shelf a rule places this word start on, the longest match first ("spaghetti con crema" is a dish, else a
 * pasta): a longer match the list rules out leaves the shorter ones.
 */
function hitsAt(text: string, ruleSet: RuleSet, index: number, end: number, order: 'first' | 'last'): Hit[] {
  let here: Map<string, Hit> | undefined;
  const candidates = ruleSet.byFirstChar.get(text[index] ?? '') ?? [];
  for (const list of [candidates, ruleSet.anyStart]) {
    for (const rule of list) {
      if (rule.prefix && !text.startsWith(rule.prefix, index)) continue;
      rule.pattern.lastIndex = index;
      const m = rule.pattern.exec(text);
      if (!m) continue;
      const key = `${rule.path.subcategory}:${rule.path.sub2 ?? ''}`;
      const head = order === 'first' ? index === 0 : index + m[0].length >= end;
      here ??= new Map();
      if ((here.get(key)?.length ?? -1) < m[0].length) here.set(key, { path: rule.path, index, length: m[0].length, head });
    }
  }
  return here ? [...here.values()].sort((a, b) => b.length - a.length) : [];
}

/** Fresh produce is named by the produce itself; a fruit after a brand ("Belight Mango") is a flavour. */
const isProduceNamedLater = (hit: Hit, name: string, english: boolean) =>
  FRESH_SHELVES.has(hit.path.subcategory) &&
  !hit.head &&
  !(english && /^ ?(florets?|slices?|sprouts?|halves|spears|leaves|hearts|tips|crowns)\b/.test(name.slice(hit.index + hit.length)));

/** Words only an English name has; with one and no Spanish connecting word, the head noun comes last. */
const ENGLISH_WORDS = / (and|with|the|of|&|style|flavou?red|organic|assorted|roasted|salted|sweet|chunks|creamy|crunchy|spicy|hot|free|whole|baked|fried|sliced|diced) /;
const SPANISH_WORDS = / (de|del|con|sin|y|para|en|al|la|el|los|las|sabor) /;

const FLAVOUR_MARKER = /(^| )(sabor(es)?|saborizad[oa]s?|flavou?r(ed|s)?|saveur|gusto|aroma)( |$)/;

function stripLang(tag: string): string {
  const i = tag.indexOf(':');
  return i >= 0 ? tag.slice(i + 1) : tag;
}

// ---- What the ingredient list says ---------------------------------------------------------------------------

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

const FRUIT_WORDS =
  'manzanas?|peras?|platanos?|bananas?|naranjas?|mandarinas?|limon(es)?|limas?|pomelos?|toronjas?|uvas?|fresas?|frutillas?|arandanos?|frambuesas?|moras?|zarzamoras?|cerezas?|guindas?|kiwis?|mangos?|pinas?|ananas|papayas?|melon(es)?|sandias?|duraznos?|melocotones?|ciruelas?|higos?|datiles?|pasas|orejones?|albaricoques?|damascos?|membrillos?|guayabas?|maracuya|granadas?|chirimoyas?|tamarindo|frutas?|frutos (rojos|del bosque)|apples?|pears?|peach(es)?|berries|blueberries|strawberries|raspberries|cherries|raisins|grapes?|cranberries|oranges?|pineapples?|lemons?|fruits?';
const VEGETABLE_WORDS =
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

type IngredientProfile = {
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

const has = (profile: IngredientProfile, pattern: RegExp) => pattern.test(profile.words);

/** The place of the first ingredient holding a cue (0 = the first, the largest by weight); Infinity when none. */
function itemIndex(profile: IngredientProfile, pattern: RegExp): number {
  const i = profile.items.findIndex((item) => pattern.test(item));
  return i < 0 ? Number.POSITIVE_INFINITY : i;
}

/** Compiled once per word list: a classifier call asks a few dozen of them. */
const LEAD_PATTERNS = new Map<string, RegExp>();

/**
 * The place of the first ingredient that is one of `words`: its name, parentheses aside, starts with it after at
 * most two other words ("red beans", "pasta de almendras"), none of them a fat ("aceite de soja" is an oil).
 */
function leadIndex(profile: IngredientProfile, words: string): number {
  let pattern = LEAD_PATTERNS.get(words);
  if (!pattern) {
    pattern = new RegExp(`^ ((?!(aceites?|oil|oils|grasas?|manteca|huile|oli|shortening) )[a-z]+ ){0,2}(${words})\\b`);
    LEAD_PATTERNS.set(words, pattern);
  }
  const i = profile.heads.findIndex((head) => pattern.test(head));
  return i < 0 ? Number.POSITIVE_INFINITY : i;
}

const YEAST = / (levadura|levaduras|yeast|levure|fermento panario|masa madre) /;
/** What bakers add to bread and not to biscuits: yeast, or dough improvers (DATEM, stearoyl lactylate, added gluten). */
const BREAD_DOUGH = / (levadura|levaduras|yeast|levure|fermento panario|masa madre|diacetil tartarico|diacetiltartarico|estearoil lactilato|estearoil 2 lactilato|gluten de trigo|gluten vital|mejorador( de masa| panario)?|acondicionador de masa) /;
const CULTURES = / (fermentos?|cultivos?|bifid\w*|lactobacillus|lactobacilos|acidophilus|streptococcus|bacterias|probiotic\w*|kefir|yog(h)?ur(t|th)?|yaourt|fermentada|cultured|cultures|live active) /;
const RENNET = / (cuajo|renina|rennet|enzimas? (coagulantes?|microbianas?|lacticas?)|enzymes|microbial enzymes|cuajada|cheese cultures) /;
const ALCOHOL = / (espiritu|alcohol|vino|vodka|ron|whisky|tequila|brandy|licor|destilado) /;
const BEER = / (lupulo|hops|houblon) /;
const CARBONATED = / (carbonatada|gasificada|con gas|carbonated|sparkling|anhidrido carbonico|dioxido de carbono|e 290) /;
const ENERGY = / (taurina|taurine|guarana|glucuronolactona) /;
const ELECTROLYTES = / (cloruro de sodio|citrato de sodio|citrato de potasio|fosfato monopotasico|cloruro de potasio|electrolit\w*|sales minerales) /;
const SUGARS = / (azucar|azucares|sugar|sucre|jarabe|syrup|glucosa|glucose|fructosa|dextrosa|dextrose|sacarosa|miel|honey) /;
const SWEETENERS = / (sucralosa|stevia|esteviol|eritritol|xilitol|isomaltulosa|sacarina|aspartame?|acesulfame?|maltitol|inulina) /;
const GLUCOSE_SYRUP = / (jarabe de glucosa|glucosa|glucose|corn syrup|jarabe de maiz|glucose fructose syrup|maltodextrin\w*) /;
const FATS = / (grasa|grasas|aceite|aceites|manteca|mantequilla|margarina|shortening|oil|butter|fat|oleo|azeite|gordura|huile|oli) /;
const COCOA_SOLIDS = / (manteca de cacao|pasta de cacao|pate de cacao|masa de cacao|licor de cacao|manteiga de cacau|pasta de cacau|massa de cacau|cocoa butter|cocoa mass|chocolate liquor|cacao butter) /;
const GELLING = / (carragenan\w*|carragenin\w*|goma garrofin|goma de algarrobo|agar|gelificantes?|pectina|gelatina|grenetina) /;
const BAKING = / (huevo|huevos|egg|eggs|polvo de hornear|bicarbonato|gasificantes?|leudantes?|propionato|humectantes?|glicerina|sorbitol|baking soda) /;
const SAVOURY = / (glutamato|potenciador del sabor|extracto de levadura|caldo|consome|proteina vegetal hidrolizada|inosinato|guanilato|carne de res|grasa de pollo|pollo deshidratado) /;
const PICKLING = / (vinagre|vinegar|vinaigre|escabeche|salmuera|saumure|brine) /;
const DRINK_FRUIT = new RegExp(` ((jugos?|zumos?|sumos?|sucos?|pulpa|pure|concentrados?|juice) ((?!sabor)[a-z]+ ){0,4}(${FRUIT_WORDS}|frutas|frutos|multifrutas)|(${FRUIT_WORDS}) (juice|pulp|puree|nectar))`);
const FAT_LIST = 'aceites?|grasas?|manteca|mantequilla|margarina|shortening|oils?|fats?|oleo|oleina|azeite|huile|oli';
const SUGAR_LIST = 'azucar(es)?|sugar|sucre|jarabe|syrup|glucosa|glucose|fructosa|dextrosa|sacarosa|miel|honey|panela';
const PLANT_PROTEIN_LIST = 'gluten de trigo|seitan|tofu|tempeh|soja texturizada|proteina (texturizada )?de (soja|soya|guisante)';
const MEAT_LIST = 'carnes?|came|carn|pollo|pollastre|gallina|pavo|ternera|vacuno|res|cerdo|porc|magro|paleta|panceta|lomo|jamon|bacon|alas|alitas|pechugas?|chicken|beef|pork|turkey|huesos';
const FISH_LIST = 'atun|salmon|merluza|sardinas?|anchoas?|bacalao|pescados?|tuna|caballa|jurel';
const PLANT_LIST = 'soja|soya|habas de soja|semillas de soja|avena|arroz|almendras?|avellanas?|chufas?|coco|quinoa|espelta|trigo espelta|kamut|alpiste|nueces|guisantes?|proteina de guisante|cereales|mijo|anacardos?|castanas?';
const LEGUME_LIST = 'garbanzos?|lentejas?|alubias?|judias(?! verdes)|frijol(es)?|porotos?|beans|chickpeas|lentils';
const VEGETABLE = new RegExp(` (${VEGETABLE_WORDS}) `);
const FRUIT = new RegExp(` (${FRUIT_WORDS}) `);
const FRUIT_OR_FLOWER = new RegExp(` (${FRUIT_WORDS}|flor de jamaica|jamaica) `);
const TEA = / (te|tea|extracto de te|te negro|te verde|te rojo|infusion|hibisco|hierbas|extrait de the|the (vert|noir|rouge)) /;
const COFFEE = / (cafe|coffee|expreso|espresso) /;
const CHEESE = / (queso|quesos|cheese|mozzarella|edam|cheddar) /;

/** What the label's nutrition table adds, per 100 g (or mL) as declared: it tells a loaf from a biscuit. */
export type NutritionHints = { sugarsG?: number | null; fatG?: number | null };

/**
 * A shelf from the ingredient list alone, for records whose name names no food (a brand, a line, an OCR
 * fragment). Only readings a person would make from the label: a list starting with carbonated water is a soda,
 * one starting with flour, low in sugar and holding yeast or water is a bread, one starting with milk and holding
 * cultures is a yogurt.
 */
function shelfFromIngredients(p: IngredientProfile, nutrition: NutritionHints): string | null {
  /** Among the first `n` ingredients. */
  const within = (pattern: RegExp, n: number) => itemIndex(p, pattern) < n;
  const count = p.items.length;
  switch (p.kind) {
    case 'carbonated-water':
      if (has(p, ALCOHOL)) return 'bebidas-alcoholicas:destilados';
      if (has(p, ENERGY)) return 'bebidas-funcionales:energeticas';
      // Nothing sweet, no flavour: soda water, a mineral water with gas.
      if (!has(p, SUGARS) && !has(p, SWEETENERS) && !has(p, / (edulcorantes?|saborizantes?|aromas?|flavou?rs?|concentrado|jugo|zumo|extracto|colorantes?|caramelo) /)) return 'aguas:agua-mineral';
      return has(p, SUGARS) ? 'bebidas-gaseosas:bebidas' : 'bebidas-gaseosas:bebidas-sin-azucar';
    case 'water': {
      if (has(p, BEER) && has(p, / malta /)) return 'bebidas-alcoholicas:cervezas';
      if (within(ALCOHOL, 3)) return 'bebidas-alcoholicas:destilados';
      if (has(p, CARBONATED)) return has(p, ENERGY) ? 'bebidas-funcionales:energeticas' : 'bebidas-gaseosas:bebidas';
      if (has(p, ENERGY)) return 'bebidas-funcionales:energeticas';
      if (leadIndex(p, LEGUME_LIST) < 3) return 'conservas:legumbres-cocidas';
      const milkLead = leadIndex(p, 'leches?(?! de (coco|almendras?|soja|soya|arroz|avena))|milk|skim milk|solidos (de la )?leche') < 3;
      if (milkLead && has(p, CULTURES)) return 'yogures:yogur-bebible';
      if (leadIndex(p, PLANT_PROTEIN_LIST) < 3) return 'proteinas-vegetales:hamburguesas-vegetales';
      if (leadIndex(p, MEAT_LIST) < 3) return 'sopas-y-caldos:caldos';
      if (leadIndex(p, FAT_LIST) < 3 && (within(PICKLING, 4) || within(/ (huevo|yema|egg|jugo de limon|zumo de limon) /, 6))) return 'salsas-y-condimentos:mayonesas-y-aderezos';
      if (leadIndex(p, PLANT_LIST) < 4 && !has(p, DRINK_FRUIT)) return 'leches:bebidas-vegetales';
      if (within(TEA, 3)) return 'te-y-cafe-frios:te-helado';
      if (has(p, DRINK_FRUIT)) return within(/ (pulpa|pure) /, 3) ? 'jugos-y-nectares:nectares' : 'jugos-y-nectares:jugos';
      if (milkLead) return 'leches:leches-saborizadas';
      if (leadIndex(p, FRUIT_WORDS) < 2 && has(p, SUGARS) && count <= 5 && !has(p, / (saborizantes?|aromas?|concentrado|flavou?rs?) /)) return 'conservas:frutas-en-conserva';
      if (within(GELLING, 5)) return 'harinas-y-reposteria:gelatinas';
      if (within(ELECTROLYTES, 4)) return 'bebidas-funcionales:isotonicas';
      if (within(TEA, 5)) return 'te-y-cafe-frios:te-helado';
      if (within(COFFEE, 3)) return 'te-y-cafe-frios:cafe-frio';
      if (leadIndex(p, 'aceitunas?|olivas?|olives|pepinillos?|alcaparras?|guindillas?') < 3 || (leadIndex(p, VEGETABLE_WORDS) < 3 && within(PICKLING, 4))) return 'conservas:aceitunas-y-encurtidos';
      if (leadIndex(p, VEGETABLE_WORDS) < 3) return 'sopas-y-caldos:sopas';
      if (within(GELLING, 3)) return 'harinas-y-reposteria:gelatinas';
      // Still and flavoured: with sugar a soft drink; sweetened without sugar, a flavoured water.
      if (has(p, SWEETENERS) && !has(p, SUGARS)) return 'aguas:agua-saborizada';
      // A drink's list is water, sweetness, acids, flavours, colours and preservatives; food words make it a dish.
      if (within(/ (leche|carnes?|harina|almidon|aceites?|grasas?|queso|huevos?|pasta|arroz|trigo|pollo|cerdo|res|tomate|cebolla|verduras|hortalizas) /, 5)) return null;
      if (has(p, / (saborizantes?|aromas?|flavou?rs?|concentrado|acido citrico|sabor) /)) return 'bebidas-gaseosas:bebidas';
      return count <= 2 ? 'aguas:agua-mineral' : null;
    }
    case 'juice':
      return within(/ (pulpa|pure) /, 1) ? 'jugos-y-nectares:nectares' : 'jugos-y-nectares:jugos';
    case 'plant-drink':
      return 'leches:bebidas-vegetales';
    case 'yogurt':
      return 'yogures:yogur-natural';
    case 'ice-cream':
      return 'helados:helados';
    case 'breaded':
      return 'platos-preparados:empanadas-y-croquetas';
    case 'milk-powder':
      if (has(p, COFFEE)) return 'cafe-te-e-infusiones:cafe';
      return within(/ (cacao|cocoa|chocolate) /, 4) ? 'cafe-te-e-infusiones:cacao-en-polvo' : 'leches:leches-en-polvo';
    case 'cream':
      return 'mantequillas-y-cremas:crema-de-leche';
    case 'butter':
      return / margarina /.test(p.words) ? 'mantequillas-y-cremas:margarina' : 'mantequillas-y-cremas:mantequilla';
    case 'milk':
      if (has(p, RENNET)) return 'quesos:quesos-frescos';
      if (has(p, CULTURES)) return 'yogures:yogur-natural';
      if (leadIndex(p, 'harinas?|huevos?|flour|eggs?') < 6) return 'pasteleria:queques-y-bizcochos';
      if (within(/ (almidon|almidones|almidon modificado|fecula|maicena|huevo|gelatina|grenetina|espesantes?) /, 4)) return 'postres-lacteos:flanes-y-natillas';
      if (within(SUGARS, 2) && within(/ arroz /, 3)) return 'postres-lacteos:flanes-y-natillas';
      if (within(/ (cacao|cocoa|chocolate|saborizantes?|aromas?|fresa|frutilla|vainilla|platano) /, 4)) return 'leches:leches-saborizadas';
      return 'leches:leches';
    case 'cheese':
      return 'quesos:quesos-maduros';
    case 'egg':
      if (has(p, / (harina|flour|azucar|sugar) /)) return 'pasteleria:queques-y-bizcochos';
      return count <= 2 ? 'huevos:huevos' : null;
    case 'semolina':
      return 'pastas:pastas';
    case 'cereal':
      // A soluble extract of roasted cereals, malt and chicory is a coffee substitute.
      if (has(p, / (soluble|achicoria|chicory) /)) return 'cafe-te-e-infusiones:cafe';
      // Whole grains or a cereal mix first: a breakfast cereal unless fat and yeast make it a biscuit or a loaf.
      if (leadIndex(p, FAT_LIST) < 3 || (nutrition.fatG ?? 0) >= 10 || has(p, BREAD_DOUGH)) return bakedShelf(p, nutrition);
      return 'leches:cereales';
    case 'flour':
      return bakedShelf(p, nutrition);
    case 'corn':
      if (has(p, / (palomero|palomitas|popcorn|pira) /)) return 'snacks-salados:palomitas';
      if (leadIndex(p, 'chocolate|gotas de chocolate|chispas') < 3) return 'galletas:galletas-con-chocolate';
      if (leadIndex(p, FAT_LIST) < 3) return 'snacks-salados:nachos-y-tortillas';
      if (leadIndex(p, VEGETABLE_WORDS) < 3 && count <= 4) return 'verduras:verduras-congeladas';
      if (has(p, / (vitamina|vitaminas|hierro|extracto de malta|malta) /) || leadIndex(p, SUGAR_LIST) < 2) return 'leches:cereales';
      if (has(p, / (cal|hidroxido de calcio|nixtamalizado) /)) return 'panes-y-tostadas:tortillas-y-pan-pita';
      return null;
    case 'rice':
      if (leadIndex(p, FAT_LIST) < 3 && has(p, / (sal|salt|sazonador|aromas?) /)) return 'snacks-salados:otros-snacks';
      if (has(p, / (inflado|tostado|tortitas|puffed) /)) return 'panes-y-tostadas:tostadas-y-galletas-de-arroz';
      if (has(p, / (vitamina|vitaminas|hierro|extracto de malta|malta) /) || within(SUGARS, 2)) return 'leches:cereales';
      return count <= 2 ? 'arroz-y-legumbres:arroz' : null;
    case 'oat':
      if (within(/ (harina|farinha|flour) /, 3) && within(FATS, 5)) return 'galletas:galletas-dulces';
      if (has(p, / (miel|honey|azucar|sugar|jarabe|frutas|pasas|chocolate) /)) return 'leches:granolas-y-muesli';
      return 'leches:avenas';
    case 'legume':
      if (within(/ (agua|water|sal|salt) /, 2) || has(p, / (cocid\w*|cooked|refritos?|refried) /)) return 'conservas:legumbres-cocidas';
      if (within(FATS, 3) && has(p, / (sal|aromas?|especias) /)) return 'snacks-salados:otros-snacks';
      return 'arroz-y-legumbres:legumbres';
    case 'sweetener':
      return 'harinas-y-reposteria:azucar-y-endulzantes';
    case 'honey':
      return count <= 2 ? 'untables:miel' : null;
    case 'sugar':
      if (within(COCOA_SOLIDS, 4)) return 'chocolates:tabletas';
      if (within(/ (avellanas?|hazelnuts?) /, 4) && within(FATS, 3)) return 'untables:cremas-de-cacao';
      // Flour near the top and real fat: a biscuit (marshmallow-topped ones too); flour in a low-fat sweet is a candy.
      if (within(/ (harina|flour|wheat flour) /, 4) && (nutrition.fatG != null ? nutrition.fatG >= 8 : within(FATS, 6))) return 'galletas:galletas-dulces';
      if (within(FRUIT, 2) && has(p, / (pectina|pectin|gelificantes?) /)) return 'untables:mermeladas';
      if (within(/ (gelatina|grenetina|gelatin|pectina|goma arabiga) /, 4)) return within(GLUCOSE_SYRUP, 3) ? 'dulces-y-golosinas:gomitas' : 'harinas-y-reposteria:gelatinas';
      if (within(/ (leche en polvo|leche descremada en polvo|solidos lacteos|leche|sustituto de crema) /, 3) && has(p, / (te|chai|cafe) /)) return 'cafe-te-e-infusiones:te';
      if (within(/ (cacao|cocoa) /, 3)) return 'cafe-te-e-infusiones:cacao-en-polvo';
      if (within(/ (goma base|gum base) /, 4)) return 'dulces-y-golosinas:chicles';
      if (within(SWEETENERS, 3) && !has(p, FATS)) return 'harinas-y-reposteria:azucar-y-endulzantes';
      // Sugar dissolved in water with a fruit or a flower: a concentrate for "aguas frescas".
      if (within(/ (agua|water) /, 3) && !has(p, / (gelatina|grenetina|gelatin|almidon|starch|pectina|pectin) /)) return within(FRUIT_OR_FLOWER, 4) ? 'jugos-y-nectares:jugos' : 'harinas-y-reposteria:azucar-y-endulzantes';
      if (within(GLUCOSE_SYRUP, 3)) return 'dulces-y-golosinas:caramelos';
      if (within(/ (acido citrico|saborizantes?|colorantes?|acido tartarico|acido malico) /, 3) && !has(p, FATS)) return 'dulces-y-golosinas:caramelos';
      return count <= 2 ? 'harinas-y-reposteria:azucar-y-endulzantes' : null;
    case 'cocoa':
    case 'chocolate':
      if (p.kind === 'cocoa' && !has(p, COCOA_SOLIDS) && !within(SUGARS, 2) && count <= 3) return 'cafe-te-e-infusiones:cacao-en-polvo';
      return 'chocolates:tabletas';
    case 'potato':
      // Potato flakes or a mix of vegetables with little oil are vegetables (purée, a frozen grill), not crisps.
      if (leadIndex(p, FAT_LIST) >= 3 && (/^ (copos|escamas|pure)|deshidratad/.test(p.heads[0] ?? '') || (nutrition.fatG !== null && nutrition.fatG !== undefined && nutrition.fatG < 8))) return 'verduras:verduras';
      return 'papas-fritas:papas-fritas';
    case 'meat':
      if (within(/ (harina|pan rallado|rebozado|empanizado) /, 3)) return 'platos-preparados:empanadas-y-croquetas';
      return 'embutidos:fiambres';
    case 'fish':
      if (/^ (atun|tuna|ventresca|bonito)/.test(p.items[0] ?? '')) return 'pescados-en-conserva:atun';
      if (/^ (sardinas?|sardinillas?|jurel|caballa|anchoas?|boquerones?|melva|arenques?)/.test(p.items[0] ?? '')) return 'pescados-en-conserva:sardinas-y-jurel';
      return 'pescados-en-conserva:otros-pescados';
    case 'seafood':
      return /^ (mejillon|chorito|almeja|berberecho|navaja|cholga|macha|vieira|mussel|clam)/.test(p.items[0] ?? '') ? 'mariscos:choritos-y-mejillones' : 'mariscos:otros-mariscos';
    case 'oil':
      if (within(/ (huevo|huevos|yema|egg) /, 3)) return 'salsas-y-condimentos:mayonesas-y-aderezos';
      if (within(PICKLING, 3)) return 'salsas-y-condimentos:mayonesas-y-aderezos';
      return count <= 3 ? 'aceites-y-vinagres:aceites' : null;
    case 'fat':
      return has(p, / (agua|water|sal|leche) /) ? 'mantequillas-y-cremas:margarina' : null;
    case 'nut':
    case 'seed':
      if (within(/ (jarabe de glucosa|glucosa|glucose|miel|honey|corn syrup) /, 3)) return 'dulces-y-golosinas:turrones-y-mazapanes';
      if (within(COCOA_SOLIDS, 4) || within(/ chocolate /, 2)) return 'chocolates:bombones';
      return p.kind === 'seed' ? 'frutos-secos-y-semillas:semillas' : 'frutos-secos-y-semillas:frutos-secos';
    case 'soy':
      // A protein isolate first is a supplement or a shake powder, which no shelf of ours holds.
      if (/^ proteina/.test(p.items[0] ?? '')) return null;
      if (within(/ (agua|water) /, 2)) return 'leches:bebidas-vegetales';
      return 'proteinas-vegetales:tofu';
    case 'tomato':
      if (within(/ (vinagre|vinegar) /, 4) && within(SUGARS, 4)) return 'salsas-y-condimentos:ketchup-y-mostaza';
      if (count <= 1) return 'conservas:verduras-en-conserva';
      return 'salsas-y-condimentos:salsas-de-tomate';
    case 'vegetable':
      if (within(PICKLING, 3)) return 'conservas:aceitunas-y-encurtidos';
      if (within(/ (agua|water|sal|salt) /, 3)) return 'conservas:verduras-en-conserva';
      if (within(/ (aceite|oil|vinagre) /, 4) && has(p, / (tomate|pimiento|chile) /)) return 'salsas-y-condimentos:salsas';
      return 'verduras:verduras';
    case 'fruit':
      if (within(/ (pectina|gelificantes?|pectin|espesantes?) /, 5) && (has(p, SUGARS) || has(p, SWEETENERS) || has(p, / edulcorantes? /))) return 'untables:mermeladas';
      if (within(/ (agua|water|almibar|syrup) /, 2) && has(p, SUGARS)) return 'conservas:frutas-en-conserva';
      if (has(p, / (chocolate|cacao) /) && within(COCOA_SOLIDS, 5)) return 'chocolates:bombones';
      if (within(SUGARS, 2) || has(p, / (deshidratad\w*|secos?|dried|pasas) /)) return 'frutas:frutas-deshidratadas';
      return 'frutas:frutas';
    case 'salt':
      if (has(p, SAVOURY) || within(FATS, 3)) return 'sopas-y-caldos:caldos';
      if (within(/ (chile|chiles|pimienta|ajo|cebolla|especias|hierbas|oregano|comino|pepper|garlic|spices?|herbs?) /, 3)) return 'salsas-y-condimentos:especias-y-sazonadores';
      return count <= 4 ? 'salsas-y-condimentos:sal' : null;
    case 'spice':
      return 'salsas-y-condimentos:especias-y-sazonadores';
    case 'coffee':
      return within(/ (agua|water|leche|milk) /, 3) ? 'te-y-cafe-frios:cafe-frio' : 'cafe-te-e-infusiones:cafe';
    case 'tea':
      return /^ (te|tea|black tea|green tea|hojas? de te)\b/.test(p.items[0] ?? '') ? 'cafe-te-e-infusiones:te' : 'cafe-te-e-infusiones:infusiones';
    case 'alcohol':
      if (has(p, BEER) || /^ (malta|cebada malteada|cerveza)/.test(p.items[0] ?? '')) return 'bebidas-alcoholicas:cervezas';
      return /^ (vinos?|wine|mosto|vino tinto)/.test(p.items[0] ?? '') ? 'bebidas-alcoholicas:vinos' : 'bebidas-alcoholicas:destilados';
    case 'vinegar':
      return within(FATS, 3) || has(p, / (mostaza|mustard|hierbas|herbs|especias) /) ? 'salsas-y-condimentos:mayonesas-y-aderezos' : 'aceites-y-vinagres:vinagres';
    case 'gelatin':
      return 'harinas-y-reposteria:gelatinas';
    case 'starch':
      if (has(p, SAVOURY) || within(VEGETABLE, 4)) return 'sopas-y-caldos:sopas';
      if (within(FATS, 3)) return 'snacks-salados:otros-snacks';
      if (within(/ (azucar|cacao|vainilla|saborizantes?) /, 4)) return 'harinas-y-reposteria:postres-en-polvo';
      return null;
    default:
      return null;
  }
}

/** A list starting with flour: a pizza, a loaf, a cake, a biscuit, a cracker or a savoury snack. */
function bakedShelf(p: IngredientProfile, nutrition: NutritionHints): string | null {
  const within = (pattern: RegExp, n: number) => itemIndex(p, pattern) < n;
  // Hydrolysed or dextrinised cereal flours are what infant cereals are made of.
  if (/^ harinas? (\w+ ){0,3}(hidrolizad|dextrinad)/.test(p.items[0] ?? '')) return 'alimentos-infantiles:papillas';
    if (within(/ (pure de tomate|tomate|salsa de tomate|tomato) /, 3) && has(p, CHEESE)) return 'platos-preparados:pizzas';
    if (within(/ (cacahuate|cacahuates|mani|peanuts?) /, 2)) return 'frutos-secos-y-semillas:frutos-secos';
    const sugars = nutrition.sugarsG ?? null;
    // The nutrition table settles it when there is one; else sugar second (and no yeast), chocolate chips or a
    // sweetener near the top.
    const sweet =
      (sugars !== null ? sugars >= 12 : (within(SUGARS, 3) && !has(p, YEAST)) || within(/ (chispas|chocolate) /, 3)) ||
      within(/ (edulcorantes?|maltitol|sucralosa|stevia) /, 4);
    const dough = has(p, BREAD_DOUGH) || within(/ (agua|water) /, 2);
    if (!sweet && dough && !within(/ (huevo|huevos|egg|eggs) /, 4) && (nutrition.fatG ?? 0) < 15) return 'panes-y-tostadas:pan-de-molde';
    if (sweet && within(BAKING, 5) && within(/ (leche|huevo|huevos|egg|eggs) /, 5)) return 'pasteleria:queques-y-bizcochos';
    if (sweet) return within(/ (chocolate|chispas|cacao|cocoa) /, 5) ? 'galletas:galletas-con-chocolate' : 'galletas:galletas-dulces';
    if (has(p, / (condimento|saborizantes?|queso|chile|chiles|aji|glutamato|cebolla en polvo|ajo en polvo|especias) /) && within(FATS, 5)) return 'snacks-salados:otros-snacks';
    if (within(FATS, 3) && has(p, / (sal|salt|sal yodada|sal marina) /)) return 'snacks-salados:galletas-saladas';
    return p.items.length <= 2 ? 'harinas-y-reposteria:harinas' : null;
}

// ---- When the list contradicts the name -----------------------------------------------------------------------

const DRINK_FAMILIES: readonly SubstituteFamily[] = ['water', 'soft-drink', 'juice-nectar', 'sports-energy-drink', 'alcoholic'];
/** First ingredients no drink of these families starts with. */
const NOT_A_DRINK: readonly IngredientKind[] = [
  'yogurt', 'cream', 'butter', 'milk', 'milk-powder', 'cheese', 'egg', 'semolina', 'corn', 'flour', 'cereal', 'cocoa',
  'chocolate', 'potato', 'meat', 'fish', 'seafood', 'oil', 'fat', 'nut', 'seed', 'soy', 'vegetable', 'salt', 'spice',
  'tea', 'coffee', 'vinegar', 'gelatin', 'starch', 'rice', 'oat', 'legume',
];

/**
 * First ingredients that a family's products never start with: a name's shelf is dropped when its product's own
 * list says otherwise (a cultured milk named "Zero…" is no sugar-free soda; "Pap's" crisps start with potato).
 */
const IMPOSSIBLE_FIRST: Partial<Record<SubstituteFamily, readonly IngredientKind[]>> = {
  water: [...NOT_A_DRINK, 'sugar', 'juice', 'fruit'],
  'soft-drink': [...NOT_A_DRINK, 'fruit', 'honey', 'sweetener', 'sugar'],
  'sports-energy-drink': [...NOT_A_DRINK, 'fruit'],
  'juice-nectar': NOT_A_DRINK.filter((k) => k !== 'vegetable'),
  alcoholic: NOT_A_DRINK.filter((k) => k !== 'rice' && k !== 'corn' && k !== 'cereal'),
  'plant-drink': ['milk', 'milk-powder', 'yogurt', 'cheese', 'meat', 'fish', 'flour', 'potato', 'carbonated-water', 'fruit', 'juice', 'cocoa', 'chocolate'],
  milk: ['carbonated-water', 'juice', 'plant-drink', 'soy', 'oat', 'rice', 'nut', 'flour', 'meat', 'fish', 'potato', 'oil', 'fruit', 'vegetable', 'cheese', 'sugar', 'cocoa', 'chocolate', 'corn', 'starch', 'gelatin'],
  'yogurt-fermented-milk': ['carbonated-water', 'breaded', 'flour', 'meat', 'fish', 'potato', 'oil', 'cocoa', 'chocolate', 'cheese', 'corn', 'legume'],
  cheese: ['water', 'carbonated-water', 'juice', 'flour', 'sugar', 'meat', 'fish', 'potato', 'fruit', 'cocoa', 'chocolate', 'starch', 'breaded'],
  'butter-cream': ['carbonated-water', 'sugar', 'cocoa', 'chocolate', 'vegetable', 'flour', 'meat', 'fish', 'potato', 'tomato', 'fruit', 'nut', 'breaded'],
  'coffee-tea-infusion': ['flour', 'egg', 'meat', 'fish', 'potato', 'oil', 'cheese', 'tomato', 'vegetable', 'legume', 'starch', 'breaded'],
  cereal: ['water', 'carbonated-water', 'milk', 'meat', 'fish', 'potato', 'oil', 'tomato', 'vegetable', 'cheese', 'egg', 'legume', 'juice', 'chocolate', 'cocoa'],
  'cereal-bar': ['water', 'milk', 'meat', 'fish', 'potato', 'oil', 'tomato', 'vegetable', 'cheese'],
  'cookie-biscuit': ['carbonated-water', 'fruit', 'meat', 'fish', 'potato', 'tomato', 'vegetable', 'cheese', 'juice', 'oil', 'legume', 'salt'],
  bread: ['carbonated-water', 'meat', 'fish', 'milk', 'potato', 'fruit', 'juice', 'sugar', 'cheese', 'vegetable', 'tomato', 'oil'],
  'chocolate-candy': ['water', 'carbonated-water', 'milk', 'meat', 'fish', 'potato', 'flour', 'vegetable', 'tomato', 'cheese', 'juice', 'rice', 'oil', 'salt', 'corn'],
  'salty-snack': ['water', 'carbonated-water', 'milk', 'sugar', 'fruit', 'juice', 'nut', 'seed', 'cocoa', 'chocolate', 'yogurt'],
  'nuts-seeds': ['water', 'milk', 'corn', 'potato', 'flour', 'sugar', 'meat', 'fish', 'cocoa', 'chocolate', 'rice', 'juice'],
  'sauce-condiment': ['carbonated-water', 'cocoa', 'chocolate', 'sugar', 'potato', 'flour', 'meat', 'fish', 'juice', 'nut', 'gelatin'],
  soup: ['carbonated-water', 'sugar', 'cocoa', 'chocolate', 'fruit', 'juice', 'yogurt', 'nut', 'gelatin'],
  'pasta-rice-grain': ['water', 'carbonated-water', 'milk', 'meat', 'fish', 'sugar', 'cocoa', 'chocolate', 'tomato', 'vegetable', 'juice', 'fruit', 'yogurt'],
  legume: ['sugar', 'milk', 'meat', 'fish', 'cocoa', 'chocolate', 'fruit', 'juice', 'carbonated-water', 'corn'],
  'oil-fat': ['water', 'flour', 'sugar', 'milk', 'meat', 'fish', 'tomato', 'vegetable', 'fruit', 'vinegar', 'cereal', 'potato'],
  'sweetener-sugar-honey': ['water', 'milk', 'meat', 'fish', 'flour', 'cocoa', 'chocolate', 'potato', 'vegetable', 'tomato', 'cheese', 'fruit'],
  'jam-spread': ['water', 'carbonated-water', 'meat', 'fish', 'potato', 'flour', 'vegetable', 'tomato', 'cheese'],
  'meat-product': ['flour', 'semolina', 'sugar', 'sweetener', 'cocoa', 'chocolate', 'milk', 'potato', 'fruit', 'nut', 'seed', 'soy', 'salt', 'juice', 'egg', 'vegetable', 'corn', 'rice', 'cheese', 'starch', 'legume'],
  'fish-seafood': ['flour', 'sugar', 'cocoa', 'chocolate', 'milk', 'potato', 'fruit', 'meat', 'juice', 'nut'],
  'fruit-vegetable': ['carbonated-water', 'sugar', 'milk', 'flour', 'cocoa', 'chocolate', 'meat', 'fish', 'egg', 'starch', 'cheese', 'gelatin', 'rice', 'salt', 'legume', 'juice', 'cereal', 'oil', 'soy', 'breaded'],
  'ready-meal': ['sugar', 'cocoa', 'chocolate', 'juice', 'carbonated-water', 'semolina', 'gelatin'],
  dessert: ['meat', 'fish', 'potato', 'oil', 'tomato', 'vegetable', 'cheese', 'carbonated-water', 'salt', 'legume', 'flour'],
  'ice-cream': ['meat', 'fish', 'potato', 'oil', 'tomato', 'vegetable', 'carbonated-water', 'salt', 'legume'],
  'spice-herb': ['water', 'carbonated-water', 'milk', 'sugar', 'meat', 'fish', 'cocoa', 'chocolate', 'flour', 'fruit', 'juice', 'starch'],
  'baby-food': ['carbonated-water'],
};

/** Shelves whose products are the food itself, fresh or dried: a list starting with water or sugar is something else. */
const FRESH_SHELVES = new Set(['frutas', 'verduras']);

/** Whether the product's own ingredient list rules out a shelf a name or brand word suggested. */
function contradicts(path: TaxonomyPath, profile: IngredientProfile | null, nutrition: NutritionHints): boolean {
  if (!profile) return false;
  const family = familyOf(path);
  if (profile.kind && IMPOSSIBLE_FIRST[family]?.includes(profile.kind)) return true;
  if (FRESH_SHELVES.has(path.subcategory) && (profile.kind === 'water' || profile.kind === 'juice')) return true;
  // Tea leaves, ground coffee and cocoa powder are dry: a list starting with water is a drink made of them.
  if (path.subcategory === 'cafe-te-e-infusiones' && (profile.kind === 'water' || profile.kind === 'carbonated-water')) return true;
  // Breakfast cereals hold no yeast; a "12 cereales" loaf does.
  if ((family === 'cereal' || family === 'cereal-bar') && has(profile, YEAST)) return true;
  // A coffee or tea without coffee or tea in its list is named after a taste ("Latte creme" is a cake).
  if (path.sub2 === 'cafe' && profile.kind !== 'coffee' && !has(profile, COFFEE)) return true;
  // Cream is milk fat: sweetened and thickened it is a dessert; a list starting with water is a soup, unless a
  // creamer (caseinate, milk) follows.
  if (family === 'butter-cream' && profile.kind === 'milk' && itemIndex(profile, SUGARS) < 2 && has(profile, / (almidon|almidon de maiz|fecula|maicena|espesantes?) /)) return true;
  if (family === 'butter-cream' && profile.kind === 'starch' && leadIndex(profile, VEGETABLE_WORDS) < 6) return true;
  if (family === 'butter-cream' && profile.kind === 'water' && (leadIndex(profile, `${VEGETABLE_WORDS}|${LEGUME_LIST}`) < 3 || !has(profile, / (caseinato|caseinate|leche|crema|cream|milk|aceites?|oils?|grasas?) /))) return true;
  // A cocoa or coffee drink powder starts with sugar or cocoa, not with a cereal mix (barley coffee aside).
  if (family === 'coffee-tea-infusion' && (profile.kind === 'cereal' || profile.kind === 'corn' || profile.kind === 'rice') && !/^ (cebada|malta|achicoria)/.test(profile.items[0] ?? '')) return true;
  // Milk reconstituted in water is milk; water with milk and juice is a juice drink.
  if (family === 'milk' && profile.kind === 'water' && has(profile, DRINK_FRUIT)) return true;
  // Vegetables in vinegar are pickles, whatever the jar's name ("Sandwich stuffers", "Baby dills").
  if (profile.kind === 'vegetable' && itemIndex(profile, PICKLING) < 3 && family !== 'fruit-vegetable' && family !== 'sauce-condiment') return true;
  // Chiles or vegetables in vinegar or brine are pickles, not a snack ("Nachos … de jalapeño, lata").
  if (family === 'salty-snack' && (profile.kind === null || profile.kind === 'vegetable' || profile.kind === 'water') && itemIndex(profile, PICKLING) < 4 && leadIndex(profile, FAT_LIST) >= 3) return true;
  // A "salchicha" or "hamburguesa" of gluten, tofu or fish is no meat product when no meat leads its list.
  if (family === 'meat-product' && profile.kind !== 'meat' && leadIndex(profile, `${PLANT_PROTEIN_LIST}|${FISH_LIST}`) < 3 && leadIndex(profile, MEAT_LIST) >= 3) return true;
  // Potatoes fried in much oil are crisps, not a vegetable, whatever the name leads with ("Chips Jalapeño").
  if (profile.kind === 'potato' && family === 'fruit-vegetable' && (nutrition.fatG ?? 0) >= 15) return true;
  return false;
}

/** OFF's general parents (beverages, dairies…) say whether the product is a drink even when nothing specific matched. */
const DRINK_TAGS = /^(beverages|non-alcoholic-beverages|plant-based-beverages|sweetened-beverages|unsweetened-beverages|carbonated-beverages|artificially-sweetened-beverages|alcoholic-beverages|fruit-based-beverages|fruit-drinks)$/;

export function classifyProduct(input: ClassifyInput): Classification | null {
  // OFF does not promise any order in `categories_tags` (a mineral water may end in en:unsweetened-beverages), so
  // the most specific category decides: OFF's `compared_to_category` first, then any tag matching a specific rule;
  // a general parent (beverages, dairies, groceries…) only when neither the name nor the list places the product.
  const compared = categoryHit(input.comparedToCategory ? [input.comparedToCategory] : []);
  const tagged = categoryHit(input.categoriesTags ?? []);
  const specific = compared && !compared.general ? compared : tagged && !tagged.general ? tagged : null;
  if (specific) return placed(specific.path, 'categories');
  const general = compared ?? tagged;
  const isDrink = (input.categoriesTags ?? []).some((t) => DRINK_TAGS.test(stripLang(t)));

  const profile = readIngredients(input.ingredients);
  const name = toWords(input.name);
  if (NOT_FOOD.test(` ${name} `)) return null;
  const possible = (hit: Hit) =>
    !contradicts(hit.path, profile, input.nutrition ?? {}) && !isProduceNamedLater(hit, name, hit.english === true) && (!isDrink || DRINK_FAMILY_SET.has(familyOf(hit.path)));
  // A word that names a food outright first, in reading order; English names (head noun last) next, or first
  // when the name reads as English; then words that are often something else ("cola", "zero", a brand line).
  // English hits are read first only for a name that reads as English; else after the Spanish ones, if needed.
  let englishHits: Hit[] | undefined;
  const english = () => (englishHits ??= [...hitsOf(name, ENGLISH_RULES, 'last')]);
  const readsEnglish = ENGLISH_WORDS.test(` ${name} `) && !SPANISH_WORDS.test(` ${name} `) && english().length > 0;
  // Candidates in order, each read only when the earlier ones are all ruled out.
  function* byName(): Generator<Hit> {
    if (readsEnglish) yield* english().filter((hit) => !hit.garnish);
    yield* hitsOf(name, NAME_RULES);
    yield* readsEnglish ? english().filter((hit) => hit.garnish) : english();
    // The legal name's head noun only: what follows it ("con azúcares y edulcorante") describes.
    if (profile?.legalName) yield* hitsAt(profile.legalName, NAME_RULES, 0, profile.legalName.length, 'first');
    yield* hitsOf(name, WEAK_NAME_RULES);
  }
  for (const hit of byName()) {
    const candidate = readyForm(hit, profile, input.nutrition ?? {});
    if (possible(candidate)) return placed(candidate.path, 'name');
  }
  for (const hit of hitsOf(`${name} ${toWords(input.brand ?? '')}`.trim(), BRAND_RULES)) {
    if (possible(hit)) return placed(hit.path, 'brand');
  }

  const fromList = profile ? shelfFromIngredients(profile, input.nutrition ?? {}) : null;
  if (fromList) return placed(toPath(fromList), 'ingredients');
  return general ? placed(general.path, 'categories') : null;
}

/** Records of OFF's food database that are no food: cosmetics, cleaning products, pet food. */
const NOT_FOOD = / (desodorantes?|shampoo|champu|acondicionador|jabon|detergentes?|suavizante|pasta dental|crema (dental|humectante|para peinar|corporal|facial|de manos)|locion|desmaquillante|protector solar|bloqueador|gel (de ducha|antibacterial)|espuma (modeladora|de afeitar)|toallas|panales|croquetas para (perro|gato)s?|alimento para (perros?|gatos?|mascotas)|pet food|dog food|cat food) /;

/**
 * The same kind of product in the form its list shows: a tea or a coffee whose list starts with water sold ready to
 * drink, pulses cooked in a jar, a lolly of flavoured water frozen ("paleta").
 */
function readyForm(hit: Hit, profile: IngredientProfile | null, nutrition: NutritionHints): Hit {
  if (!profile) return hit;
  // Sugar and eggs make a sweet roll or a muffin of a "pan" or "panecillo": the sweet bakery's shelf.
  if (familyOf(hit.path) === 'bread' && (nutrition.sugarsG ?? 0) >= 15 && leadIndex(profile, 'huevos?|eggs?') < 6) return { ...hit, path: toPath('pasteleria:queques-y-bizcochos') };
  // Pulses with water among their first ingredients are cooked ones, in a jar or a can.
  if (hit.path.sub2 === 'legumbres' && leadIndex(profile, 'agua|water') < 3) return { ...hit, path: toPath('conservas:legumbres-cocidas') };
  if (profile.kind !== 'water' && profile.kind !== 'carbonated-water') return hit;
  const to = (target: string) => ({ ...hit, path: toPath(target) });
  if (hit.path.subcategory === 'cafe-te-e-infusiones') return to(hit.path.sub2 === 'cafe' ? 'te-y-cafe-frios:cafe-frio' : 'te-y-cafe-frios:te-helado');
  if (hit.path.sub2 === 'legumbres') return to('conservas:legumbres-cocidas');
  if (hit.path.subcategory === 'dulces-y-golosinas' && hit.path.sub2 === 'caramelos') return to('helados:helados');
  return hit;
}

const DRINK_FAMILY_SET = new Set<SubstituteFamily>([...DRINK_FAMILIES, 'plant-drink', 'milk', 'coffee-tea-infusion', 'yogurt-fermented-milk']);

function categoryHit(tags: readonly string[]): (typeof tagRules)[number] | null {
  let general: (typeof tagRules)[number] | null = null;
  for (let i = tags.length - 1; i >= 0; i--) {
    const tag = stripLang(tags[i] ?? '');
    const hit = tagRules.find((r) => r.pattern.test(tag));
    if (hit && !hit.general) return hit;
    general ??= hit ?? null;
  }
  return general;
}
