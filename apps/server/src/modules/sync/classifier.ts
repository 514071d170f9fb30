import { familyOf, findSubcategory, foldKey, type SubstituteFamily, type TaxonomyPath } from './taxonomy.ts';

/**
 * Places a product in our taxonomy. Signals, strongest first:
 *  1. OFF `categories_tags` (most specific tag first) when the record has them;
 *  2. the product name: the keyword that appears earliest wins, because Spanish names lead with the head noun
 *     ("Galletas de chocolate" are galletas, "Chocolate con galletas" is a chocolate); on a tie the longer
 *     phrase wins ("crema de cacao" beats "crema");
 *  3. brand-like words in the name (many Mexican and Spanish records are named "Yoplait fresa");
 *  4. the first ingredient, for the many Chilean records whose name is only a brand.
 * A product nothing matches is kept without a category and listed for admins.
 */
export type ClassifyInput = {
  categoriesTags?: readonly string[] | null;
  /** OFF's own most specific category (`compared_to_category`), when the record has one. */
  comparedToCategory?: string | null;
  name: string;
  brand?: string | null;
  ingredients?: string | null;
};

export type Classification = TaxonomyPath & {
  signal: 'categories' | 'name' | 'brand' | 'ingredients';
  /** What a shopper could buy instead: the shelf's family (taxonomy.ts). */
  family: SubstituteFamily;
};

const placed = (path: TaxonomyPath, signal: Classification['signal']): Classification => ({ ...path, signal, family: familyOf(path) });

type Rule = { path: TaxonomyPath; pattern: RegExp };

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
      const rule = { path, pattern: new RegExp(`(?:${w})(?= |$)`, 'y') };
      const starts = firstChars(w);
      if (!starts) set.anyStart.push(rule);
      else for (const c of starts) set.byFirstChar.set(c, [...(set.byFirstChar.get(c) ?? []), rule]);
    }
  }
  return set;
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
  'aceites-y-vinagres:aceites': ['(extra virgin )?olive oil', '(vegetable|sunflower|canola|coconut|avocado) oil', 'oil'],
  'frutas:frutas': ['(pineapple|apple|banana|mango|peach|pear|strawberr(y|ies)|blueberr(y|ies)|orange|grape)s?', 'fruits?( cup| mix)?'],
  'galletas:galletas-dulces': ['graham( crackers?)?', 'wafers?'],
  'jugos-y-nectares:jugos': ['(orange|apple|grape|cranberry|fruit|tomato|vegetable) juice', 'juice', 'lemonade'],
  'leches:leches': ['(whole |skim |low fat |2% |reduced fat )?milk'],
  'quesos:quesos-maduros': ['(cheddar |swiss |parmesan |mozzarella |american )?cheese'],
  'panes-y-tostadas:pan-de-molde': ['(white |whole wheat |whole grain |multigrain |sourdough )?bread', 'bagels?', 'buns?', 'rolls'],
  'arroz-y-legumbres:arroz': ['(white |brown |jasmine |basmati |long grain )?rice'],
  'arroz-y-legumbres:legumbres': ['(black |pinto |kidney |navy |garbanzo )?beans', 'lentils', 'chickpeas'],
  'salsas-y-condimentos:salsas': ['(hot |bbq |pasta |soy |teriyaki )?sauce', 'dressing'],
  'sopas-y-caldos:sopas': ['soup', 'broth'],
  'untables:miel': ['honey'],
  'harinas-y-reposteria:azucar-y-endulzantes': ['(maple |pancake |corn )?syrup', 'sugar'],
  'untables:mantequilla-de-mani': ['(peanut|almond) butter'],
  'leches:avenas': ['oats', 'oatmeal', 'rolled oats'],
  'frutos-secos-y-semillas:frutos-secos': ['(mixed |roasted |salted )?(nuts|almonds|cashews|peanuts|pecans|walnuts|pistachios)'],
  'dulces-y-golosinas:caramelos': ['cand(y|ies)', 'lollipops?'],
  'dulces-y-golosinas:gomitas': ['gumm(y|ies)( bears| worms)?'],
  'carnes:pollo-y-pavo': ['chicken( breast| thighs| wings)?', 'turkey'],
  'verduras:verduras': ['(green |mixed |frozen )?vegetables', 'spinach', 'broccoli', 'carrots', 'potatoes'],
};

const NAME_RULES = rules({
  'leches:cereales': [
    'cereal(es)?', 'corn flakes', 'cornflakes', 'copos( de (maiz|trigo|arroz|cereales?))?', 'hojuelas', 'zucaritas', 'choco krispis',
    'froot loops', 'special k', 'chocapic', 'trix', 'cheerios', 'all bran', 'fitness', 'estrellitas', 'krispies', 'pops',
    'arroz inflado', 'trigo inflado', 'aritos', 'aros', 'chocokrispis', 'nesquik cereal', 'cereal bar',
  ],
  'leches:avenas': ['avena( en hojuelas| instantanea| integral)?', 'porridge', 'salvado( de (avena|trigo))?'],
  'leches:granolas-y-muesli': ['granola', 'muesli', 'musli'],
  'leches:barras-de-cereal': ['barras? de cereal(es)?', 'barritas? de cereal(es)?', 'barrita de avena'],
  'leches:leches': [
    'leche( (entera|semidesnatada|desnatada|descremada|semidescremada|deslactosada|sin lactosa|fresca|uht|light|evaporada|condensada|natural|de vaca|de cabra))*',
    'leches', 'lactosa free',
  ],
  'leches:leches-saborizadas': [
    'leche (con|sabor|saborizada|chocolatada|de chocolate|de fresa|de frutilla|de vainilla)', 'batidos?', 'malteada', 'chocolatada',
    'licuado', 'cacaolat', 'milkshake', 'leche chocolatada',
  ],
  'leches:bebidas-vegetales': [
    'bebida (de|vegetal de) (soja|soya|avena|almendras?|arroz|coco|avellanas?|quinoa|espelta)', 'bebida vegetal',
    'leche de (soja|soya|almendras?|coco|arroz|avena)', 'horchata', 'soy milk', 'almond milk', 'ades', 'alpro', 'savia de soja', 'soja', 'soya', '(soy|almond|oat|rice|coconut) (milk|drink|beverage)',
  ],
  'leches:leches-en-polvo': ['leche en polvo', 'formula lactea'],
  'panes-y-tostadas:pan-de-molde': ['pan( de molde| integral| blanco| sandwich| de caja| multicereal| de hamburguesa| hot dog)?', 'panes', 'panecillos', 'bollos?', 'baguette', 'chapata', 'molletes?', 'bimbo', 'pan rallado'],
  'panes-y-tostadas:tostadas-y-galletas-de-arroz': ['tostadas?', 'tortitas( de (arroz|maiz))?', 'biscotes', 'picos', 'regan(a|as)', 'colines', 'grissini', 'palitos de pan', 'pan tostado', 'crackers? de arroz', 'galletas? de arroz', 'rosquillas? de pan'],
  'panes-y-tostadas:tortillas-y-pan-pita': ['tortillas?( de (maiz|harina|trigo))?', 'tortillinas', 'pan pita', 'wraps?', 'fajitas?', 'totopos?', 'tostadas de maiz'],
  'panes-y-tostadas:panes-dulces': ['pan (dulce|de leche|brioche)', 'brioche', 'croissants?', 'cruasan(es)?', 'mantecadas?', 'conchas', 'panque', 'napolitanas?', 'ensaimadas?'],
  'untables:mermeladas': ['mermeladas?', 'confitura', 'jalea de', 'compota de', 'dulce de (membrillo|guayaba|higo)', 'membrillo', 'ate'],
  'untables:manjar-y-dulce-de-leche': ['manjar', 'dulce de leche', 'cajeta', 'arequipe'],
  'untables:cremas-de-cacao': ['crema de (cacao|avellanas?|chocolate)', 'nocilla', 'nutella', 'untable de (cacao|chocolate)', 'crema untable'],
  'untables:mantequilla-de-mani': ['(mantequilla|crema|pasta) de (mani|cacahuete|cacahuate|almendras?)'],
  'untables:miel': ['miel( de abejas?)?'],
  'cafe-te-e-infusiones:cafe': ['cafe( (molido|soluble|instantaneo|en grano|descafeinado))?', 'nescafe', 'coffee', 'capuchino', 'cappuccino', 'espresso', 'latte'],
  'cafe-te-e-infusiones:te': ['te( (verde|negro|rojo|blanco|chai|matcha))?', 'tea', 'matcha', 'rooibos'],
  'cafe-te-e-infusiones:infusiones': ['ocho hierbas', 'yerba( mate)?', 'mate', 'infusion(es)?', 'manzanilla', 'tila', 'poleo', 'tisana', 'hierbas? (para|de) infusion'],
  'cafe-te-e-infusiones:cacao-en-polvo': ['cacao (en polvo|soluble|puro|a la taza)', 'cocoa( powder)?', 'hot chocolate', 'cola ?cao', 'chocolate (en polvo|a la taza|para taza)', 'nesquik', 'milo', 'chocomilk', 'polvo para preparar'],
  'papas-fritas:papas-fritas': ['papas? fritas', 'patatas?( fritas| chips| onduladas| lisas| al punto de sal| gourmet)?', 'chips', 'papas', 'lays', 'ruffles', 'pringles', 'sabritas'],
  'snacks-salados:nachos-y-tortillas': ['nachos?', 'doritos', 'tostitos', 'tortilla chips'],
  'snacks-salados:ramitas-y-sufles': ['ramitas', 'sufle', 'gusanitos', 'cheetos', 'cheese tris', 'fritos', 'chicharron(es)? de (harina|trigo)', 'churritos', 'aros de maiz', 'cortezas?', 'chicharrones', 'snacks?', 'aperitivos?', 'bocaditos'],
  'snacks-salados:palomitas': ['palomitas( de maiz)?', 'pop ?corn', 'cabritas', 'cotufas'],
  'snacks-salados:galletas-saladas': ['galletas? saladas?', 'crackers?', 'galletas? de agua', 'galletas? (de )?soda', 'saltin(as)?', 'club social', 'triscuit', 'ritz'],
  'frutos-secos-y-semillas:frutos-secos': ['frutos? secos?', 'almendras?', 'nueces', 'nuez', 'avellanas?', 'pistachos?', 'cacahuetes?', 'cacahuates?', 'mani', 'anacardos?', 'castanas? de caju', 'maranon(es)?', 'pinones', 'macadamias?', 'pecanas?'],
  'frutos-secos-y-semillas:semillas': ['semillas?', 'pipas', 'chia', 'linaza', 'sesamo', 'ajonjoli', 'pepitas'],
  'frutos-secos-y-semillas:mezclas': ['mix de frutos', 'mezcla de frutos', 'cocktail de frutos', 'coctel de frutos', 'mix', 'trail mix'],
  'barritas:barritas-de-proteina': ['barritas?( de proteinas?| proteicas?)?', 'barras?( de proteinas?| proteicas?| energeticas?)?', 'protein bar'],
  'barritas:barritas-de-frutas': ['barritas? de frutas?', 'barras? de frutas?'],
  'chocolates:tabletas': ['chocolate( (negro|con leche|blanco|puro|amargo|fondant|extrafino|sin azucar|con almendras|con avellanas|intenso|\\d+ ?%|negro \\d+ ?%))*', 'tabletas?( de chocolate)?', 'chocolates?', 'chocolat', 'xocolata', 'cacao \\d+ ?%'],
  'chocolates:bombones': ['bombon(es)?', 'trufas?', 'grageas', 'lacasitos', 'm&m', 'ferrero'],
  'chocolates:barras-de-chocolate': ['barras? de chocolate', 'snickers', 'kit ?kat', 'twix', 'mars', 'milky way', 'kinder', 'bounty', 'crunch', 'carlos v', 'sahne nuss', 'tableton'],
  'galletas:galletas-dulces': ['galletas?', 'galletitas?', 'cookies?', 'digestive', 'maria(s)?', 'marias', 'biscuits?', 'barquillos?', 'pastas (de te|surtidas)', 'pastas', 'bizcochos? de soletilla', 'palmeritas?', 'palmeras?', 'obleas?', 'wafers?'],
  'galletas:galletas-rellenas': ['galletas? rellenas?', 'oreo', 'principe', 'sandwich de galleta', 'triton', 'mini oreo'],
  'galletas:galletas-con-chocolate': ['galletas? (con|de|banadas? en|cubiertas? de) chocolate', 'chips ahoy', 'choco ?chips', 'chocolate chip'],
  'dulces-y-golosinas:caramelos': ['caramelos?', 'dulces?', 'piruletas?', 'chupetes?', 'paletas?( de caramelo)?', 'pastillas', 'mentas', 'golosinas?', 'regaliz', 'confites', 'peladillas', 'garapinadas?'],
  'dulces-y-golosinas:gomitas': ['gomitas?', 'gominolas?', 'gummy', 'gummies', 'ositos', 'panditas', 'frutitas', 'haribo', 'gomas'],
  'dulces-y-golosinas:chicles': ['chicles?', 'goma de mascar', 'trident', 'orbit'],
  'dulces-y-golosinas:turrones-y-mazapanes': ['turron(es)?', 'mazapan(es)?', 'polvorones?', 'mantecados?', 'alfajores? de (almendra|jijona)', 'figuritas de mazapan', 'figuritas', 'yemas', 'empinonadas?', 'guirlache', 'praline'],
  'pasteleria:queques-y-bizcochos': ['queques?', 'quequitos?', 'bizcochos?', 'magdalenas?', 'muffins?', 'cupcakes?', 'brownies?', 'pasteles?', 'bizcocho', 'sobaos?', 'plum ?cake', 'panetone', 'panettone', 'pan de pascua', 'roscon', 'gansito', 'pinguinos', 'submarino', 'twinkies', 'cake'],
  'pasteleria:alfajores': ['alfajor(es)?', 'chilenitos?'],
  'pasteleria:donas-y-pasteles': ['donas?', 'donuts?', 'berlin(es)?', 'churros?', 'croissant relleno', 'tarta', 'tartaletas?', 'tartas?', 'cheesecake', 'hojaldres?', 'milhojas'],
  'helados:helados': ['helados?', 'paletas? (de agua|heladas?|de hielo|de leche)', 'ice cream', 'paleta helada', 'sorbete', 'gelato', 'polo', 'granizado'],
  'bebidas-gaseosas:bebidas': ['bebida( (gaseosa|refrescante|de (cola|naranja|limon|lima)))?', 'refrescos?', 'gaseosas?', 'sodas?', 'coca ?cola', 'pepsi', 'fanta', 'sprite', 'seven up', '7 ?up', 'mirinda', 'kas', 'cola', 'ginger ale', 'bilz', 'pap', 'crush', 'manzanita', 'sidral', 'jarritos', 'squirt', 'sangria senorial', 'boing', 'pascual', 'titan', 'chaparritas', 'bebida (de|sabor) (frutas?|naranja|manzana|pina|mango)'],
  'bebidas-gaseosas:bebidas-sin-azucar': ['(coca ?cola|pepsi|bebida|refresco) (zero|light|sin azucar|diet)', 'zero', 'diet coke'],
  'bebidas-gaseosas:tonicas': ['tonicas?', 'agua tonica', 'schweppes', 'bitter'],
  'jugos-y-nectares:jugos': ['jugos?', 'zumos?', 'smoothies?', 'limonada', 'naranjada', 'jumex', 'del valle', 'florida', 'bebida de (frutas|jugo)', 'granini', 'don simon'],
  'jugos-y-nectares:nectares': ['nectar(es)?'],
  'aguas:agua-mineral': ['agua( (mineral|natural|purificada|de manantial|sin gas|con gas|gasificada))?', 'ciel', 'epura', 'bonafont', 'benedictino', 'cachantun', 'vital', 'font vella', 'lanjaron', 'solan de cabras', 'water', 'mineral water', 'spring water'],
  'aguas:agua-saborizada': ['agua (saborizada|con sabor|sabor|de (jamaica|horchata|sabor))', 'aguas frescas', 'levite', 'aquarius', 'h2oh'],
  'bebidas-funcionales:isotonicas': ['isotonicas?', 'bebida (isotonica|deportiva|rehidratante)', 'powerade', 'gatorade', 'electrolit', 'suero oral', 'sueroral'],
  'bebidas-funcionales:energeticas': ['(bebida )?energeticas?', 'energy drink', 'red ?bull', 'monster', 'burn', 'volt'],
  'te-y-cafe-frios:te-helado': ['te (helado|frio)', 'ice ?tea', 'fuze ?tea', 'fuzetea', 'lipton', 'nestea', 'arizona'],
  'te-y-cafe-frios:cafe-frio': ['cafe (frio|helado)', 'frappe', 'frappuccino', 'iced coffee'],
  'bebidas-alcoholicas:cervezas': ['cervezas?', 'torobayo', 'kunstmann', 'austral', 'cristal', 'escudo', 'beer', 'lager', 'ipa', 'stout', 'shandy', 'clara'],
  'bebidas-alcoholicas:vinos': ['vinos?', 'wine', 'vin', 'vinho', 'vina', 'cabernet( sauvignon)?', 'sauvignon blanc', 'carmenere', 'merlot', 'malbec', 'pinot( noir| grigio)?', 'chardonnay', 'syrah', 'moscato', 'carignan', 'gran reserva', 'reserva (carmenere|cabernet|merlot|malbec)', 'cava', 'champagne', 'espumante', 'sangria', 'tinto de verano', 'vermut', 'sidra'],
  'bebidas-alcoholicas:destilados': ['pisco', 'ron', 'rum', 'vodka', 'whisky', 'tequila', 'gin', 'mezcal', 'licor(es)?', 'brandy', 'aguardiente', 'orujo', 'anis'],
  'yogures:yogur-natural': ['yaourt', 'yog(h)?ur(t|th)?( natural| griego| desnatado| entero| sin azucar)?', 'yog(h)?urts?', 'iogurt', 'bifidus', 'activia', 'oikos', 'griego', 'skyr', 'yoplait', 'danone', 'vitalinea', 'svelty', 'danonino', 'delighurt', 'petit suisse'],
  'yogures:yogur-con-sabor': ['yog(h)?ur(t|th)? (de|con|sabor) [a-z]+', 'yog(h)?ur(t|th)? (fresa|frutilla|vainilla|durazno|melocoton|mango|frutos rojos|limon|pina|coco|cereza|frambuesa)'],
  'yogures:yogur-bebible': ['yog(h)?ur(t|th)? (bebible|liquido|para beber)', 'bebible', 'yakult', 'actimel', 'bebida lactea', 'bebida (de yogur|fermentada|lactea)', 'leche fermentada', 'lassi'],
  'yogures:kefir': ['kefir'],
  'quesos:quesos-maduros': ['mantecoso', 'chanco', 'quesos?( (manchego|gouda|edam|mantecoso|chanco|parmesano|emmental|cheddar|curado|semicurado|viejo|azul|rallado|en lonchas|laminado|maduro|oaxaca|chihuahua|manchego))*', 'manchego', 'parmesano', 'gouda', 'emmental', 'cheddar', 'mozzarella', 'mozarella', 'brie', 'camembert', 'roquefort', 'provolone', 'gruyere'],
  'quesos:quesos-frescos': ['queso (fresco|blanco|de burgos|panela|cottage|ricotta|quesillo|de cabra fresco)', 'quesillo', 'cottage', 'ricotta', 'requeson', 'panela', 'burgos'],
  'quesos:quesos-untables': ['queso (crema|untable|para untar|fundido)', 'quesitos', 'philadelphia', 'la vaca que rie', 'crema de queso'],
  'mantequillas-y-cremas:mantequilla': ['mantequillas?', 'manteca', 'ghee'],
  'mantequillas-y-cremas:margarina': ['margarinas?', 'tulipan', 'flora', 'untable vegetal'],
  'mantequillas-y-cremas:crema-de-leche': ['crema( de leche| para batir| acida| espesa| chantilly| agria)?', 'nata( para (montar|cocinar))?', 'media crema', 'nata montada', 'chantilly'],
  'postres-lacteos:flanes-y-natillas': ['flan(es)?', 'natillas?', 'crema catalana', 'arroz con leche', 'semola con leche', 'leche asada', 'cuajada', 'crema pastelera'],
  'postres-lacteos:postres': ['postres?', 'mousse', 'panna cotta', 'tiramisu', 'petit', 'copa de chocolate', 'danet', 'natilla'],
  'arroz-y-legumbres:arroz': ['arroz( (blanco|integral|largo|redondo|basmati|jazmin|vaporizado|bomba|grado \\d))*', 'risotto'],
  'arroz-y-legumbres:legumbres': ['lentejas?', 'garbanzos?', 'porotos?', 'frijoles?', 'alubias?', 'judias( (blancas|pintas|rojas))?', 'habas?', 'arvejas( secas)?', 'guisantes secos', 'soja texturizada', 'legumbres?'],
  'arroz-y-legumbres:quinoa-y-otros-granos': ['quinoa', 'quinua', 'cuscus', 'couscous', 'bulgur', 'trigo (sarraceno|mote)', 'mote', 'amaranto', 'mijo', 'polenta', 'semola', 'chia'],
  'pastas:pastas': ['pastas?( (integral|de trigo|secas?|al huevo|frescas?))?', 'spaghetti', 'espaguetis?', 'macarrones?', 'tallarines?', 'penne', 'fusilli', 'tornillos', 'coditos', 'lasana', 'canelones?', 'ravioles?', 'ravioli', 'tortellini', 'noquis', 'gnocchi', 'lazos', 'plumas', 'espirales', 'italpasta', 'barilla'],
  'pastas:fideos': ['fideos?', 'fideua', 'tallarin', 'ramen', 'sopa instantanea', 'maruchan', 'cabello de angel', 'noodles'],
  'harinas-y-reposteria:harinas': ['harinas?', 'maicena', 'fecula', 'almidon', 'pan rallado', 'levadura', 'polvo de hornear', 'polvos de hornear', 'masa para', 'preparado para', 'mezcla para (hot ?cakes|pancakes|tortitas|bizcocho|queque)', 'hot ?cakes?', 'pancakes?', 'masa (para|de)'],
  'harinas-y-reposteria:azucar-y-endulzantes': ['edulcorant', 'azucar( (blanca|morena|rubia|glass|flor|moreno|integral|de cana|mascabado))?', 'panela', 'endulzantes?', 'edulcorantes?', 'stevia', 'sucralosa', 'sacarina', 'jarabes?', 'sirope', 'piloncillo', 'chancaca', 'splenda', 'canderel', 'karo', 'melaza', 'agave'],
  'harinas-y-reposteria:postres-en-polvo': ['postre en polvo', 'preparado para (flan|natillas|postre|mousse)', 'royal', 'natillas en polvo', 'flan en polvo', 'decoracion', 'fideos de chocolate', 'sprinkles', 'cobertura'],
  'harinas-y-reposteria:gelatinas': ['gelatinas?', 'jalea(s)?', 'jello', 'jell o'],
  'aceites-y-vinagres:aceites': ['aceite( (de oliva|de girasol|de maravilla|vegetal|de canola|de coco|de soja|de maiz|de oliva virgen|virgen extra|de sesamo|de aguacate|de palta|de cartamo))*', 'aceites', 'oliva virgen', 'huile', 'spray para cocinar'],
  'aceites-y-vinagres:vinagres': ['vinagres?', 'vinaigre', 'aceto balsamico', 'balsamico', 'crema de (vinagre|balsamico)'],
  'salsas-y-condimentos:salsas-de-tomate': ['tomate( (frito|triturado|natural|pelado|concentrado|en cubos|troceado|rallado))+', 'salsa de tomate', 'pure de tomate', 'pasta de tomate', 'passata', 'concentrado de tomate', 'pomodoro', 'salsa (para pasta|napolitana|bolonesa|bolognesa|boloñesa)', 'tomates?', 'ketchup de tomate'],
  'salsas-y-condimentos:mayonesas-y-aderezos': ['mayonesas?', 'mayonnaise', 'mayonaise', 'not mayo', 'aderezos?', 'vinagretas?', 'alioli', 'allioli', 'salsa (cesar|rosa|tartara|mil islas|ranch|de yogur|alioli)', 'dressing', 'hellmann s', 'hellmanns', 'mccormick mayonesa'],
  'salsas-y-condimentos:ketchup-y-mostaza': ['ketchup', 'catsup', 'k(e|a)tchup', 'mostaza', 'mustard', 'salsa barbacoa', 'barbacoa', 'bbq', 'salsa bbq'],
  'salsas-y-condimentos:especias-y-sazonadores': ['especias?', 'sazonador(es)?', 'condimentos?', 'oregano', 'pimienta', 'comino', 'canela', 'curcuma', 'curry', 'pimenton', 'paprika', 'ajo (en polvo|granulado)', 'perejil', 'albahaca', 'laurel', 'nuez moscada', 'merken', 'merquen', 'aji( (de color|molido|en polvo))?', 'chile (en polvo|piquin|de arbol|guajillo|ancho)', 'adobo', 'achiote', 'consome en polvo', 'cubitos', 'avecrem', 'knorr', 'maggi', 'sazon', 'hierbas provenzales', 'azafran', 'colorante alimentario', 'mezcla de especias', 'mccormick'],
  'salsas-y-condimentos:sal': ['biosal', 'sel( de [a-z]+)?', 'sal( (de mar|marina|yodada|fina|gruesa|rosada|del himalaya|baja en sodio|light|con ajo|de ajo|de apio))*', 'flor de sal', 'lobos'],
  'salsas-y-condimentos:salsas': ['salsas?', 'salsa (picante|de soja|de soya|inglesa|worcestershire|teriyaki|verde|roja|valentina|huichol|tabasco|pesto|bechamel|de queso|de champinones|agridulce|de ostion|de chile|mexicana|taquera)', 'pesto', 'tabasco', 'valentina', 'chipotles?', 'mole', 'guacamole', 'pico de gallo', 'chimichurri', 'pebre', 'sofrito', 'salsa lizano', 'bechamel', 'salsa de soja', 'wasabi', 'sriracha', 'mojo', 'pasta de curry', 'pasta de chile', 'rajas', 'jalapenos?', 'chiles? (en vinagre|en escabeche|jalapenos|chipotle|serranos|toreados)'],
  'conservas:verduras-en-conserva': ['(verduras?|hortalizas?|vegetales?) (en conserva|al natural|cocidas?|en lata)', 'champinones?', 'setas', 'esparragos?', 'alcachofas?', 'pimientos?( (del piquillo|asados|rojos|morrones))?', 'pimiento', 'maiz( (dulce|tierno|en grano|en lata|pozolero))?', 'elote', 'choclo', 'palmitos?', 'menestra', 'pisto', 'escalivada', 'judias verdes', 'guisantes', 'arvejas', 'zanahorias? (en conserva|cocidas)', 'remolacha', 'betarraga', 'corazones de alcachofa', 'alcachofa', 'brotes de soja', 'tomate seco', 'cebolla (frita|crujiente|caramelizada)', 'champinon', 'hongos?'],
  'conservas:frutas-en-conserva': ['(frutas?|duraznos?|melocotones?|pinas?|peras?|cerezas?) en (almibar|conserva|jugo|su jugo)', 'coctel de frutas', 'cocktail de frutas', 'macedonia', 'almibar', 'fruta en almibar'],
  'conservas:aceitunas-y-encurtidos': ['aceitunas?', 'olivas?', 'encurtidos?', 'pepinillos?', 'alcaparras?', 'banderillas?', 'cebollitas?', 'chucrut', 'altramuces', 'chiles en vinagre', 'giardiniera', 'pickles?'],
  'conservas:legumbres-cocidas': ['(garbanzos?|lentejas?|alubias?|judias|porotos?|frijoles?) (cocid[oa]s?|en conserva|guisad[oa]s?|refritos|con chorizo|de la olla|charros|bayos|negros enteros)', 'frijoles refritos', 'fabada', 'cocido', 'lentejas (estofadas|guisadas|con verduras)', 'chili con carne'],
  'sopas-y-caldos:sopas': ['sopas?( (de|instantanea|deshidratada|casera|juliana|de fideos|minestrone|de pollo|de verduras|de cebolla|de tomate|de pescado|de marisco))*', 'consome', 'gazpacho', 'salmorejo', 'minestrone', 'sopa de letras', 'ramen instantaneo', 'pozole', 'menudo', 'caldillo', 'ajo blanco', 'vichyssoise'],
  'sopas-y-caldos:caldos': ['caldos?( (de pollo|de verduras|de carne|de pescado|casero|de cocido|de res))*', 'fondo de', 'concentrado de (caldo|carne|pollo)', 'pastillas de caldo', 'cubos? de caldo', 'doble caldo'],
  'sopas-y-caldos:cremas': ['crema de (verduras|calabaza|calabacin|zapallo|espinacas|champinones|esparragos|puerros|zanahoria|marisco|pollo|tomate|brocoli|legumbres|lentejas|guisantes|setas|boletus|cebolla|coliflor|alcachofa|apio|elote|elotes)', 'pure de (verduras|calabaza|patata|papas)', 'cremas? de (verduras|vegetales)', 'pure de (papas|patatas)'],
  'huevos:huevos': ['huevos?( (blancos?|rojos?|de gallina|frescos?|camperos?|de campo|organicos?|de codorniz))*', 'claras de huevo', 'huevo liquido'],
  'embutidos:jamon': ['jamon( (cocido|serrano|iberico|de pavo|york|de pierna|de cerdo|curado|ahumado|de bellota|de cebo|sandwich|virginia|acaramelado))*', 'lacon', 'paleta( (iberica|cocida|serrana|de cebo|curada))', 'paleta iberica', 'cecina', 'prosciutto', 'bacon', 'tocino', 'panceta', 'beicon'],
  'embutidos:salchichas': ['salchichas?', 'vienesas?', 'hot ?dogs?', 'frankfurt', 'frankfurts?', 'wurstel', 'salchichon', 'bratwurst', 'butifarra'],
  'embutidos:chorizos-y-longanizas': ['chorizos?', 'longanizas?', 'fuet', 'sobrasada', 'salami', 'pepperoni', 'morcilla', 'lomo embuchado', 'lomo curado', 'cabezada', 'chistorra', 'espetec', 'salame', 'chorizo'],
  'embutidos:pates': ['pates?', 'foie( gras)?', 'mousse de (pato|higado)', 'untable de higado', 'sobrasada', 'pasta de higado', 'chicharrones? de cerdo untables', 'pate'],
  'embutidos:fiambres': ['fiambres?', 'mortadela', 'pechuga de pavo', 'pavo (en lonchas|cocido|ahumado|braseado|natural|laminado)', 'pollo (en lonchas|cocido|asado en lonchas)', 'lonchas', 'lonchas de', 'embutidos?', 'queso de cerdo', 'galantina', 'roast beef', 'pastrami', 'carne de (cerdo|res|vacuno) (en lonchas|cocida)', 'mortadella', 'pechuga'],
  'carnes:vacuno': ['(carne|filete|bistec|lomo|solomillo|entrecot|chuleta)s? de (vacuno|res|ternera|buey|vaca)', 'ternera', 'vacuno', 'carne (de res|molida|picada|seca|deshidratada)', 'machaca', 'albondigas?', 'carne', 'bistec', 'beef jerky', 'cecina de res', 'carne enlatada', 'corned beef'],
  'carnes:cerdo': ['(carne|filete|lomo|costilla|chuleta|solomillo)s? de cerdo', 'cerdo', 'costillas?', 'lomo( de cerdo| adobado| a la plancha)?', 'secreto iberico', 'presa iberica', 'carnitas'],
  'carnes:pollo-y-pavo': ['pollo( (asado|entero|troceado|empanizado|rostizado|en salsa|al curry))*', 'pavo', 'pechugas? de (pollo|pavo)', 'alitas?', 'nuggets?', 'muslos?( de pollo)?', 'contramuslos?', 'filetes? de (pollo|pavo)', 'escalopes?', 'san jacobos?', 'cordon bleu', 'pechuga de pollo'],
  'carnes:hamburguesas': ['hamburguesas?( de (vacuno|ternera|res|cerdo|pollo|pavo|mixta|buey))?', 'burgers?', 'burguer', 'churrasco'],
  'pescados-en-conserva:atun': ['atun( (claro|en aceite|al natural|en agua|en escabeche|rallado|desmenuzado|en aceite de oliva|en aceite de girasol|en lata|aleta amarilla))*', 'bonito( del norte)?', 'ventresca', 'tuny', 'dolores', 'calvo', 'isabel'],
  'pescados-en-conserva:sardinas-y-jurel': ['sardinas?', 'sardinillas?', 'jurel', 'caballa', 'melva', 'boquerones?', 'anchoas?', 'arenques?', 'espadines'],
  'pescados-en-conserva:otros-pescados': ['(salmon|bacalao|merluza|caballa|trucha|pescado)s? (ahumad[oa]s?|en conserva|en lata|en aceite|desmigad[oa]s?|en escabeche)', 'salmon ahumado', 'surimi', 'palitos de (cangrejo|mar)', 'kanikama', 'huevas', 'caviar', 'bacalao'],
  'mariscos:choritos-y-mejillones': ['mejillones?', 'mussels', 'clams', 'razor (clams|shell)', 'moules', 'locos?', 'abalone', 'choritos?', 'cholgas?', 'almejas?', 'berberechos?', 'navajas?', 'zamburinas?', 'vieiras?', 'ostras?', 'ostiones?', 'machas?'],
  'mariscos:otros-mariscos': ['mariscos?', 'calamares?', 'pulpo', 'sepia', 'gambas?', 'langostinos?', 'camarones?', 'cangrejo', 'jaibas?', 'chipirones?', 'pota', 'centollo', 'cocktail de mariscos', 'coctel de mariscos'],
  'pescados:pescados': ['pescados?', 'salmon', 'merluza', 'trucha', 'tilapia', 'reineta', 'congrio', 'corvina', 'lenguado', 'dorada', 'lubina', 'rape', 'emperador', 'pez espada', 'bacalao', 'filetes? de (pescado|merluza|salmon|abadejo|panga|tilapia)', 'palitos de pescado', 'varitas de pescado', 'abadejo', 'panga', 'fletan', 'mero'],
  'frutas:frutas': ['(manzanas?|peras?|platanos?|bananas?|naranjas?|mandarinas?|limones?|uvas?|frutillas?|fresas?|arandanos?|frambuesas?|moras?|cerezas?|kiwis?|mangos?|pinas?|papayas?|melon(es)?|sandias?|duraznos?|melocotones?|ciruelas?|paltas?|aguacates?|higos?|granadas?|chirimoyas?|guayabas?|maracuya|coco)( (frescas?|frescos?|congelad[oa]s?|en trozos|organic[oa]s?))?', 'frutas?( (frescas?|congeladas?|variadas|del bosque|rojas|tropicales))?', 'compotas? de (manzana|pera|frutas)', 'pure de (manzana|frutas)', 'frutos rojos', 'frutos del bosque'],
  'frutas:frutas-deshidratadas': ['raisins?', 'frutas? (deshidratadas?|secas?|desecadas?|liofilizadas?|confitadas?)', 'pasas', 'uvas pasas', 'datiles?', 'orejones?', 'ciruelas? (pasas?|secas?)', 'higos secos', 'arandanos (deshidratados|secos)', 'chips de (manzana|platano|coco)', 'descarozados', 'huesillos', 'mango deshidratado', 'coco rallado'],
  'verduras:verduras': ['verduras?( (frescas?|variadas|para|mixtas))?', 'hortalizas?', 'vegetales?( (mixtos|congelados))?', 'ensalada de (lechuga|verduras|hojas|canonigos|rucula)', 'lechugas?', 'espinacas?', 'acelgas?', 'brocoli', 'coliflor', 'zanahorias?', 'cebollas?', 'ajos?', 'puerros?', 'calabacin(es)?', 'zapallo( italiano)?', 'calabaza', 'berenjenas?', 'pepinos?', 'rucula', 'canonigos', 'kale', 'repollo', 'col', 'coles de bruselas', 'apio', 'rabanos?', 'nopal(es)?', 'nopalitos', 'betabel', 'jitomate', 'patatas? (frescas|para cocer|nuevas|congeladas|prefritas|gajo|bastones)', 'papas (prefritas|congeladas|bastones|duquesas|noisette)', 'bastones de papa'],
  'verduras:verduras-congeladas': ['(verduras?|hortalizas?|vegetales?|menestra|salteado) (congelad[oa]s?|ultracongelad[oa]s?)', 'salteados?( de (verduras|setas|champinones|vegetales))?', 'wok de verduras', 'mix de verduras', 'mezcla de verduras', 'guisantes (congelados|finos|extrafinos)', 'judias verdes (congeladas|redondas|planas)'],
  'platos-preparados:pizzas': ['pizzas?', 'pizzetas?', 'calzone', 'focaccia', 'bases? de pizza', 'masa de pizza'],
  'platos-preparados:pastas-preparadas': ['lasana( (bolonesa|de carne|de verduras|de atun))?', 'canelones( (de carne|de atun))?', 'macarrones (con|a la|bolonesa|con tomate)', 'spaghetti (a la|con|bolonesa|carbonara)', 'tortellini (con|de|rellenos)', 'ravioli (con|de|rellenos)', 'pasta (con|a la|preparada)', 'mac (and|n) cheese', 'sopa de pasta preparada'],
  'platos-preparados:empanadas-y-croquetas': ['empanadas?', 'empanadillas?', 'croquetas?', 'rollitos?( de primavera)?', 'samosas?', 'nuggets vegetales', 'flautas?', 'taquitos?', 'tamales?', 'tamal', 'enchiladas?', 'burritos?', 'quesadillas?', 'gyozas?', 'dumplings?', 'fingers', 'tequenos', 'bunuelos', 'tempura', 'rebozados?', 'empanizados?'],
  'platos-preparados:ensaladas': ['ensaladas?( (cesar|mixta|de pasta|de arroz|de legumbres|de quinoa|de atun|de pollo|de col|rusa|campera|griega|mediterranea))*', 'ensaladilla( rusa)?', 'tabule', 'coleslaw', 'ceviche', 'salpicon'],
  'platos-preparados:otros-platos': ['platos? (preparados?|listos?|cocinados?)', 'tortilla (de patatas|de papas|espanola|de patata)', 'paella', 'arroz (a la cubana|tres delicias|con pollo|negro|a banda|con verduras)', 'fajitas? de pollo', 'chili', 'guiso', 'estofado', 'albondigas (en salsa|con tomate)', 'pollo al curry', 'curry de', 'cazuela', 'pastel de choclo', 'charquican', 'porotos granados', 'pollo (con|en|al) [a-z]+', 'menu', 'lentejas estofadas', 'callos', 'pimientos rellenos', 'canelones', 'moussaka', 'migas', 'fabada asturiana', 'cocido madrileno', 'marmitako', 'paella valenciana', 'comida preparada', 'preparado de', 'listo para comer', 'ready meal'],
  'sandwiches:sandwiches': ['sandwich(es)?', 'sandwiches', 'sandwitch', 'bocadillos?', 'emparedados?', 'tortas? de (jamon|pollo)', 'burrito', 'wrap de', 'hot dog preparado', 'club sandwich', 'panini', 'mixto'],
  'proteinas-vegetales:tofu': ['tofu'],
  'proteinas-vegetales:seitan-y-tempeh': ['seitan', 'tempeh', 'heura', 'soja texturizada', 'proteina (vegetal|de soja|de guisante|de chicharo)', 'carne vegetal', 'vegano', 'vegana', 'vegetariana'],
  'proteinas-vegetales:hamburguesas-vegetales': ['hamburguesas? (vegetal(es)?|vegana|veggie|de (soja|quinoa|lentejas|garbanzos|verduras|tofu|seitan|espinacas|setas|champinones|calabaza|remolacha|legumbres))', 'veggie burger', 'burger (vegetal|vegana|veggie)', 'falafel', 'salchichas? (vegetales|veganas|de tofu|de soja)', 'albondigas vegetales'],
  'hummus-y-untables-vegetales:hummus': ['hummus', 'humus', 'houmous', 'crema de garbanzos'],
  'hummus-y-untables-vegetales:untables-vegetales': ['untable(s)?( de (verduras|vegetales|berenjena|pimiento|aceitunas|tomate seco|calabacin|remolacha))?', 'pate (vegetal|de (aceitunas|berenjena|verduras|setas|champinones|tomate seco|pimiento|alcachofa|calabacin|remolacha))', 'tapenade', 'baba ganoush', 'muhammara', 'pate vegano', 'crema de (berenjena|pimiento|aceitunas)'],
  'alimentos-infantiles:compotas': ['compotas?', 'applesauce', 'purecitos?', 'papilla de fruta', 'bolsita de fruta', 'gerber', 'hero baby', 'nestle baby', 'smoothie infantil', 'tarrito'],
  'alimentos-infantiles:papillas': ['papillas?', 'cereal infantil', 'cereales infantiles', 'tarritos?', 'potitos?', 'alimento (infantil|para bebe)', 'para bebes?', 'bebe', 'blevit', 'nutriben', 'junior', 'baby'],
  'alimentos-infantiles:formulas-infantiles': ['formula infantil', 'leche (infantil|de (inicio|continuacion|crecimiento))', 'nan', 'enfamil', 'similac', 'nido', 'nutrilon', 'almiron', 'blemil', 'puleva peques'],
});

const ENGLISH_RULES = rules(ENGLISH_NAME_RULES);

/** Brand-like words used only when no generic word matched (the name is often "Brand + flavour"). */
const BRAND_RULES = rules({
  'snacks-salados:galletas-saladas': ['crackelet', 'selz'],
  'snacks-salados:ramitas-y-sufles': ['caracoqueso', 'evercrisp', 'tyrrells'],
  'bebidas-alcoholicas:vinos': ['casillero del diablo', 'concha y toro', 'gato ?negro', 'santa carolina', 'undurraga', 'emiliana', 'los vascos', 'caliterra', 'ventisquero', 'cono sur', 'casas patronales', 'clos del pirque', 'santa rita', 'santa helena', 'misiones de rengo', 'frontera', 'casa del cerro', 'montes alpha', 'errazuriz'],
  'yogures:yogur-con-sabor': ['yoplait', 'danone', 'activia', 'alpura', 'lala', 'oikos', 'vitalinea', 'svelty', 'danonino', 'soful', 'colun', 'soprole', 'nestle yogur', 'griego', 'gervais', 'pascual', 'kaiku', 'bio'],
  'leches:leches': ['santa clara', 'lala', 'alpura', 'carnation', 'nestle', 'puleva', 'central lechera', 'asturiana', 'kaiku sin lactosa'],
  'papas-fritas:papas-fritas': ['sabritas', 'lays', 'ruffles', 'pringles', 'marco polo', 'kryzpo', 'frito lay', 'paketaxo', 'barcel', 'takis', 'churrumais', 'rancheritos', 'crujitos', 'karameladas'],
  'bebidas-gaseosas:bebidas': ['coca', 'pepsi', 'penafiel', 'jarritos', 'sidral', 'mundet', 'squirt', 'fanta', 'sprite', 'fresca'],
  'galletas:galletas-dulces': ['quadritos', 'negrita', 'kuky', 'golden nuss', 'doblon', 'nik', 'triton', 'frac', 'tuareg', 'mckay', 'costa', 'gamesa', 'marinela', 'mckay', 'costa', 'gullon', 'fontaneda', 'cuetara', 'arcor', 'lu', 'emperador', 'marias', 'chokis', 'principe', 'triton', 'tuareg', 'dinosaurus', 'artiach'],
  'pasteleria:queques-y-bizcochos': ['bimbo', 'marinela', 'tia rosa', 'wonder', 'dulcesol', 'martinez', 'la bella easo', 'pinguinos', 'gansito'],
  'chocolates:tabletas': ['nestle', 'milka', 'lindt', 'valor', 'hershey s', 'hersheys', 'carlos v', 'abuelita', 'ibarra', 'turin', 'sublime', 'trencito', 'costa', 'cadbury'],
  'jugos-y-nectares:jugos': ['jumex', 'del valle', 'boing', 'pascual', 'bida', 'don simon', 'granini', 'zuko', 'tang', 'clight', 'watts', 'andina'],
  'salsas-y-condimentos:salsas': ['herdez', 'la costena', 'mccormick', 'embasa', 'clemente jacques', 'del fuerte', 'valentina', 'knorr', 'maggi', 'hellmann', 'kraft'],
  'arroz-y-legumbres:legumbres': ['la sierra', 'isadora', 'verde valle', 'luengo', 'el hostal'],
  'leches:cereales': ['vivo', 'kellogg s', 'kelloggs', 'nestle fitness', 'quaker', 'post', 'granvita'],
  'bebidas-funcionales:isotonicas': ['powerade', 'gatorade', 'electrolit', 'aquarius'],
  'te-y-cafe-frios:te-helado': ['fuze', 'lipton', 'nestea', 'arizona'],
  'aguas:agua-mineral': ['ciel', 'epura', 'bonafont', 'cachantun', 'benedictino', 'vital', 'font vella', 'bezoya', 'lanjaron', 'aquabona'],
  'dulces-y-golosinas:caramelos': ['mentitas', 'full', 'ambrosoli', 'la rosa', 'de la rosa', 'vero', 'ricolino', 'sonric s', 'sonrics', 'chupa chups', 'ambrosoli', 'dulces'],
  'quesos:quesos-maduros': ['president', 'el caserio', 'garcia baquero', 'philadelphia', 'chihuahua', 'colun queso'],
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
  [/^(spices|herbs|seasonings|spice-mixes|condiments|pepper|black-peppers|stock-cubes|bouillon-cubes|dried-herbs|curry-powders|paprika)$/, 'salsas-y-condimentos:especias-y-sazonadores'],
  [/^(salts|table-salts|sea-salts|iodised-salts)$/, 'salsas-y-condimentos:sal'],
  [/^(sauces|hot-sauces|soy-sauces|pestos|chili-sauces|salsa|cooking-sauces|dips|guacamole|sweet-and-sour-sauces)$/, 'salsas-y-condimentos:salsas'],
  [/^(olives|green-olives|black-olives|stuffed-olives|pickles|pickled-cucumbers|gherkins|capers|pickled-vegetables|pickled-peppers)$/, 'conservas:aceitunas-y-encurtidos'],
  [/^(fruits-in-syrup|canned-fruits|peaches-in-syrup|fruit-cocktails|pineapple-in-syrup|canned-peaches)$/, 'conservas:frutas-en-conserva'],
  [/^(canned-vegetables|canned-mushrooms|canned-corn|canned-asparagus|canned-peppers|canned-green-beans|canned-peas|sweet-corn|mushrooms-in-jar|canned-artichokes|artichoke-hearts)$/, 'conservas:verduras-en-conserva'],
  [/^(soups|dehydrated-soups|instant-soups|cold-soups|gazpachos|vegetable-soups|chicken-soups|soups-in-a-brick)$|-soups$/, 'sopas-y-caldos:sopas'],
  [/^(broths|stocks|bouillons|chicken-broths|vegetable-broths|beef-broths)$/, 'sopas-y-caldos:caldos'],
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
  [/^(groceries|sauces-and-condiments)$/, 'salsas-y-condimentos:salsas'],
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

/** First ingredient → shelf, for names that are only a brand. Only confident, single-food cases. */
const INGREDIENT_RULES = rules({
  'leches:leches': ['leche( (entera|descremada|semidescremada|de vaca|fresca|pasteurizada|ultrapasteurizada|uht|parcialmente descremada|semidesnatada|desnatada))*'],
  'yogures:yogur-natural': ['(leche|yogur) (fermentada|parcialmente descremada fermentada|pasteurizada fermentada)', 'yogur(t)?'],
  'bebidas-gaseosas:bebidas': ['agua carbonatada', 'agua gasificada', 'agua con gas'],
  'jugos-y-nectares:nectares': ['pulpa de (fruta|durazno|mango|pera|manzana|guayaba|pina|naranja)', 'pure de (durazno|mango|pera|manzana|frutas)'],
  'jugos-y-nectares:jugos': ['jugo( concentrado)? de (naranja|manzana|uva|pina|pomelo|toronja|mango|durazno|frutas|limon)', 'zumo de (naranja|manzana|uva|pina|frutas|limon)'],
  'chocolates:tabletas': ['pasta de cacao', 'cacao', 'chocolate', 'masa de cacao', 'licor de cacao', 'cobertura de chocolate'],
  'aceites-y-vinagres:aceites': ['aceite( (de oliva|de girasol|vegetal|de canola|de maravilla|de soya|de soja|de maiz|de oliva virgen extra|de coco))*'],
  'pastas:pastas': ['semola de trigo( duro)?', 'trigo duro'],
  'leches:cereales': ['cereales', 'maiz (inflado|tostado|en hojuelas)', 'hojuelas de maiz', 'arroz inflado', 'harina de avena'],
  'leches:avenas': ['avena( (integral|en hojuelas|laminada))?', 'copos de avena'],
  'papas-fritas:papas-fritas': ['papas?', 'patatas?'],
  'frutos-secos-y-semillas:frutos-secos': ['almendras?', 'nueces', 'mani', 'cacahuates?', 'cacahuetes?', 'avellanas?', 'pistachos?'],
  'arroz-y-legumbres:arroz': ['arroz( (blanco|integral|grado \\d))?'],
  'arroz-y-legumbres:legumbres': ['lentejas?', 'garbanzos?', 'porotos?', 'frijoles?', 'alubias?'],
  'pescados-en-conserva:atun': ['atun'],
  'pescados-en-conserva:sardinas-y-jurel': ['sardinas?', 'jurel', 'caballa'],
  'mariscos:choritos-y-mejillones': ['mejillones?', 'choritos?', 'almejas?'],
  'quesos:quesos-maduros': ['queso( [a-z]+)?'],
  'salsas-y-condimentos:salsas-de-tomate': ['tomates?( (frescos?|triturados?|pelados?))?', 'pure de tomate', 'pasta de tomate', 'concentrado de tomate', 'tomate concentrado'],
  'harinas-y-reposteria:azucar-y-endulzantes': ['azucar', 'jarabe de (glucosa|maiz|agave)'],
  'embutidos:fiambres': ['carne de (cerdo|pavo|pollo|res)', 'pechuga de (pavo|pollo)'],
  'embutidos:jamon': ['pierna de cerdo', 'jamon'],
  'verduras:verduras': ['(zanahorias?|cebollas?|espinacas?|brocoli|calabacin|zapallo|calabaza|puerros?|champinones?)'],
  'frutas:frutas': ['(manzanas?|peras?|platanos?|bananas?|fresas?|frutillas?|duraznos?|melocotones?|mangos?)'],
  'galletas:galletas-dulces': ['harina de trigo( (enriquecida|fortificada|integral|refinada))*'],
  'harinas-y-reposteria:harinas': ['harina( de (maiz|arroz|trigo))?'],
  'aguas:agua-mineral': ['agua( (mineral|purificada|natural))?'],
});

/** Lower-case, accents removed, every non-alphanumeric run collapsed to one space. */
function toWords(text: string): string {
  return foldKey(text)
    .replace(/&/g, ' & ')
    .replace(/[^a-z0-9&%]+/g, ' ')
    .trim();
}

type Hit = { path: TaxonomyPath; index: number; length: number };

/**
 * The match that starts earliest in the text (at a word start); on a tie the longest (most specific) one.
 * English names put the head noun last ("Milk Chocolate"), so for them the latest match wins instead.
 */
function bestHit(text: string, ruleSet: RuleSet, prefer: 'first' | 'last' = 'first'): Hit | null {
  let found: Hit | null = null;
  for (let index = 0; index < text.length; index = text.indexOf(' ', index) + 1) {
    let best: Hit | null = null;
    const candidates = ruleSet.byFirstChar.get(text[index] ?? '') ?? [];
    for (const list of [candidates, ruleSet.anyStart]) {
      for (const rule of list) {
        rule.pattern.lastIndex = index;
        const m = rule.pattern.exec(text);
        if (m && (!best || m[0].length > best.length)) best = { path: rule.path, index, length: m[0].length };
      }
    }
    if (best && prefer === 'first') return best;
    if (best) found = best;
    if (text.indexOf(' ', index) < 0) break;
  }
  return found;
}

function stripLang(tag: string): string {
  const i = tag.indexOf(':');
  return i >= 0 ? tag.slice(i + 1) : tag;
}

export function classifyProduct(input: ClassifyInput): Classification | null {
  // OFF does not promise any order in `categories_tags` (a mineral water may end in en:unsweetened-beverages), so
  // the most specific category decides: OFF's `compared_to_category` first, then any tag matching a specific rule,
  // and a general parent (beverages, dairies, groceries…) only when nothing specific matched.
  const hit = categoryHit(input.comparedToCategory ? [input.comparedToCategory] : []) ?? categoryHit(input.categoriesTags ?? []);
  if (hit) return placed(hit.path, 'categories');

  const name = toWords(input.name);
  const byName = bestHit(name, NAME_RULES) ?? bestHit(name, ENGLISH_RULES, 'last');
  if (byName) return placed(byName.path, 'name');

  const byBrand = bestHit(`${name} ${toWords(input.brand ?? '')}`.trim(), BRAND_RULES);
  if (byBrand) return placed(byBrand.path, 'brand');

  const first = firstIngredient(input.ingredients);
  if (first) {
    const byIngredient = bestHit(first, INGREDIENT_RULES);
    if (byIngredient && byIngredient.index === 0) return placed(byIngredient.path, 'ingredients');
  }
  return null;
}

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

/** "Ingredientes: Leche entera (60%), azúcar…" → "leche entera". */
function firstIngredient(ingredients: string | null | undefined): string | null {
  if (!ingredients) return null;
  const text = foldKey(ingredients).replace(/^\s*(ingredientes?|ingredients?)\s*:?\s*/, '');
  const first = text.split(/[,.;:([]/)[0] ?? '';
  const words = toWords(first.replace(/\d+([.,]\d+)?\s*%/g, ''));
  return words || null;
}
