// The icon the web app draws for a category, chosen by the category's name.
import { foldKey } from './taxonomy.ts';

/** Lucide icon names; the web app draws them. Chosen by the category's name, as the spec asks. */
const ICON_RULES: readonly [RegExp, string][] = [
  [/desayuno/, 'coffee'],
  [/snack/, 'popcorn'],
  [/chocolate|galleta|dulce/, 'cookie'],
  [/bebida/, 'cup-soda'],
  [/lacteo|leche|queso|yogur/, 'milk'],
  [/despensa/, 'wheat'],
  [/carne|embutido/, 'beef'],
  [/pescado|marisco/, 'fish'],
  [/fruta|verdura/, 'apple'],
  [/comida|plato/, 'pizza'],
  [/vegetal|vegan/, 'leaf'],
  [/bebe|nino/, 'baby'],
];

export function iconForCategory(name: string): string {
  const key = foldKey(name);
  return ICON_RULES.find(([re]) => re.test(key))?.[1] ?? 'shopping-basket';
}
