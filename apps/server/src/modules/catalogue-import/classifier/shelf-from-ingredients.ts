import { ALCOHOL, BAKING, BEER, BREAD_DOUGH, CARBONATED, CHEESE, COCOA_SOLIDS, COFFEE, CULTURES, DRINK_FRUIT, ELECTROLYTES, ENERGY, FAT_LIST, FATS, FRUIT, FRUIT_OR_FLOWER, FRUIT_WORDS, GELLING, GLUCOSE_SYRUP, has, type IngredientProfile, itemIndex, leadIndex, LEGUME_LIST, MEAT_LIST, PICKLING, PLANT_LIST, PLANT_PROTEIN_LIST, RENNET, SAVOURY, SUGAR_LIST, SUGARS, SWEETENERS, TEA, VEGETABLE, VEGETABLE_WORDS, YEAST } from './ingredient-profile.ts';

// A shelf read from the ingredient list alone (with the nutrition table), for products whose name places nothing.

/** What the label's nutrition table adds, per 100 g (or mL) as declared: it tells a loaf from a biscuit. */
export type NutritionHints = { sugarsG?: number | null; fatG?: number | null };

/**
 * A shelf from the ingredient list alone, for records whose name names no food (a brand, a line, an OCR
 * fragment). Only readings a person would make from the label: a list starting with carbonated water is a soda,
 * one starting with flour, low in sugar and holding yeast or water is a bread, one starting with milk and holding
 * cultures is a yogurt.
 */
export function shelfFromIngredients(p: IngredientProfile, nutrition: NutritionHints): string | null {
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
