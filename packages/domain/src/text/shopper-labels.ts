/**
 * One-line meanings a shopper reads next to a label's codes: the Nutri-Score letter, the NOVA group and an
 * additive's function. Shared by the web (product page) and anything else that prints them.
 */
import type { NovaGroup } from '../nova/estimate-nova.ts';
import type { AdditiveCategory } from '../types.ts';

export type NutriscoreLetter = 'A' | 'B' | 'C' | 'D' | 'E';

/** Nutri-Score 2023 grades, from the best nutritional quality (A) to the worst (E). */
export const NUTRISCORE_MEANINGS: Record<NutriscoreLetter, string> = {
  A: 'Muy buena calidad nutricional',
  B: 'Buena calidad nutricional',
  C: 'Calidad nutricional intermedia',
  D: 'Baja calidad nutricional',
  E: 'Muy baja calidad nutricional',
};

/** "c" or "C" → "C"; anything else → null. */
export function nutriscoreLetter(grade: string | null | undefined): NutriscoreLetter | null {
  const letter = grade?.trim().toUpperCase();
  return letter !== undefined && letter in NUTRISCORE_MEANINGS ? (letter as NutriscoreLetter) : null;
}

/** NOVA groups (Monteiro et al.), as a shopper would put them. */
export const NOVA_MEANINGS: Record<NovaGroup, string> = {
  1: 'Sin procesar o mínimamente procesado',
  2: 'Ingrediente culinario procesado (aceite, azúcar, sal…)',
  3: 'Procesado: alimento con sal, azúcar o aceite añadidos',
  4: 'Ultraprocesado: fórmula industrial con aditivos o ingredientes que no usarías en tu cocina',
};

export function novaMeaning(group: number | null | undefined): string | null {
  return group === 1 || group === 2 || group === 3 || group === 4 ? NOVA_MEANINGS[group] : null;
}

/** Spanish names of our additive classes (the ids of `AdditiveCategory`). */
export const ADDITIVE_CLASS_NAMES: Record<AdditiveCategory, string> = {
  colorante: 'Colorante',
  preservante: 'Preservante',
  antioxidante: 'Antioxidante',
  acidulante: 'Acidulante',
  'regulador-de-acidez': 'Regulador de acidez',
  emulsionante: 'Emulsionante',
  estabilizante: 'Estabilizante',
  espesante: 'Espesante',
  gelificante: 'Gelificante',
  edulcorante: 'Edulcorante',
  'potenciador-del-sabor': 'Potenciador del sabor',
  antiaglomerante: 'Antiaglomerante',
  leudante: 'Leudante',
  humectante: 'Humectante',
  'agente-de-recubrimiento': 'Agente de recubrimiento',
  'mejorador-de-harina': 'Mejorador de harina',
  secuestrante: 'Secuestrante',
  gas: 'Gas',
  'almidon-modificado': 'Almidón modificado',
  otro: 'Otro',
};

/**
 * An additive's function for the shopper: our class id in words ("regulador-de-acidez" → "Regulador de
 * acidez"), an admin's own wording as written, nothing for an empty or 'otro' class.
 */
export function additiveFunctionName(category: string | null | undefined): string | null {
  const text = category?.trim() ?? '';
  if (text === '' || text === 'otro') return null;
  return (
    (ADDITIVE_CLASS_NAMES as Record<string, string>)[text] ?? text.charAt(0).toUpperCase() + text.slice(1)
  );
}
