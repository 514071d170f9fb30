/**
 * What the diets are read by: ingredients no vegetarian or vegan eats or may not eat, plant lecithin, OFF's
 * animal-origin additives, sweeteners, palm and unnamed fats, lactose and the milk ingredients with little of it
 * (folded text patterns and base additive codes). Read by read-allergens.ts.
 */
import { ADDITIVE_CATALOGUE } from '../additives/additive-catalogue.ts';
import { baseCodeKey, codeKey } from '../additives/additive-codes.ts';

/** Meat, fish and other ingredients no vegetarian eats (folded). Fish, crustaceans and molluscs come from above. */
export const NOT_VEGETARIAN =
  /(?<![a-z])(?:carnes?|vacuno|bovino|cerdo|porcino|pollo|pavo|cordero|jamon|tocino|tocineta|panceta|chorizo|salchicha|longaniza|mortadela|salame|salami|pepperoni|gelatina|grenetina|colageno|cuajo\s+animal|grasa\s+(?:animal|bovina|de\s+cerdo|de\s+vacuno)|sebo|manteca\s+de\s+cerdo|caldo\s+de\s+(?:carne|pollo|vacuno|pescado)|extracto\s+de\s+(?:carne|pollo)|carmin|cochinilla|beef|pork|chicken|turkey|lamb|ham|bacon|gelatine?|collagen|lard|tallow|anchov\w*|meat|veal|sausage|broth\s+(?:beef|chicken)|(?:beef|chicken|pork)\s+(?:broth|stock|fat|extract)|carmine|cochineal|viande|porc|poulet|boeuf|jambon|lardons?|saindoux|fleisch|schwein\w*|rind\w*|speck)(?![a-z])/;
/** Animal ingredients a vegetarian may eat and a vegan does not (beyond milk and egg): honey, beeswax, lanolin… */
export const NOT_VEGAN =
  /(?<![a-z])(?:miel|jalea\s+real|propoleo|cera\s+de\s+abejas?|lanolina|honey|beeswax|royal\s+jelly|lanolin|shellac|goma\s+laca|miel|honig)(?![a-z])/;
export const MAYBE_VEGAN =
  /(?<![a-z])(?:vitamina\s+d3|colecalciferol|vitamin\s+d3|cholecalciferol|omega\s*3|acido\s+esteárico|natural\s+flavou?rs?|aroma\s+natural|saborizante\s+natural)(?![a-z])/;

export const PLANT_LECITHIN =
  /(?<![a-z])(?:lecitinas?\s+(?:de\s+)?(?:soya|soja|girasol|raps|colza)|(?:soy|soya|sunflower|rapeseed)\s+lecithin|lecithin\s*\((?:soy|soya|sunflower)\)|lecithines?\s+de\s+(?:soja|tournesol|colza)|(?:soja|sonnenblumen|raps)lecithin)/;

/** OFF's additive taxonomy (vegan:en / vegetarian:en properties), base codes: not vegan / vegetarian at all. */
export const ADDITIVES_NOT_VEGETARIAN = new Set(['e120', 'e428', 'e542', 'e626', 'e630', 'e632', 'e633', 'e634', 'e904', 'e963', 'e1000', 'e1105']);
export const ADDITIVES_NOT_VEGAN = new Set([...ADDITIVES_NOT_VEGETARIAN, 'e901', 'e910', 'e913', 'e966']);
/** …and those that may come from an animal (vegan:en:maybe). */
export const ADDITIVES_MAYBE_ANIMAL = new Set([
  'e101', 'e1104', 'e160a', 'e170', 'e304', 'e312', 'e322', 'e387', 'e430', 'e431', 'e432', 'e433', 'e434', 'e435',
  'e436', 'e442', 'e470a', 'e470b', 'e471', 'e472a', 'e472b', 'e472c', 'e472d', 'e472e', 'e472f', 'e472g', 'e473',
  'e474', 'e475', 'e477', 'e478', 'e479b', 'e481', 'e482', 'e483', 'e484', 'e491', 'e492', 'e493', 'e494', 'e495',
  'e570', 'e572', 'e627', 'e628', 'e629', 'e631', 'e635', 'e640', 'e920', 'e921',
]);

/** Sweeteners: every additive of our catalogue whose class is 'edulcorante' (intense sweeteners and polyols). */
export const SWEETENER_CODES: ReadonlySet<string> = new Set(
  ADDITIVE_CATALOGUE.filter((a) => a.category === 'edulcorante').map((a) => baseCodeKey(codeKey(a.code))),
);
/** Sweeteners named without a code we detect: the class word, stevia leaves, monk fruit. */
export const SWEETENER_WORDS =
  /(?<![a-z])(?:edulcorantes?|endulzantes?\s+(?:no\s+caloricos?|artificiales?)|stevia|estevia|monk\s+fruit|luo\s+han\s+guo|sweeteners?|edulcorants?|susstoff\w*)(?![a-z])/;

export const PALM =
  /(?<![a-z])(?:palma|palmiste|palm|palmolein\w*|palmoleina|palme|palmist|palmkern\w*|palmol|palmfett|palmöl)(?![a-z])/;
/** A fat the label does not name: it may be palm. */
export const UNNAMED_FAT =
  /(?<![a-z])(?:aceites?\s+vegetal(?:es)?|grasas?\s+vegetal(?:es)?|vegetable\s+(?:oils?|fats?|shortening)|huiles?\s+vegetales?|matieres?\s+grasses?\s+vegetales?|pflanzen(?:ol|fett)\w*)(?![a-z]*\s*\((?:[^)]*\b(?:girasol|soya|soja|maiz|canola|raps|oliva|sunflower|soybean|corn|olive|rapeseed|coco|coconut)\b[^)]*)\))/;

export const LACTOSE_FREE =
  /(?<![a-z])(?:sin\s+lactosa|libre\s+de\s+lactosa|0\s*%\s*(?:de\s+)?lactosa|deslactosad[oa]s?|reducid[oa]\s+en\s+lactosa|lactose[- ]free|sans\s+lactose|laktosefrei|enzima\s+lactasa|lactasa|lactase)(?![a-z])/;
export const LACTOSE_WORD = /(?<![a-z])(?:lactosa|lactose|laktose)(?![a-z])/;
/** Milk ingredients with little or no lactose: butter, hard cheese, caseinates, ghee. */
export const LOW_LACTOSE_MILK =
  /(?<![a-z])(?:mantequilla|butter|beurre|ghee|butteroil|butterfat|caseina\w*|casein\w*|queso\s+(?:parmesano|madurado|gouda|cheddar|mantecoso|chanco)|parmesan\w*|cheddar|gouda)(?![a-z])/;
