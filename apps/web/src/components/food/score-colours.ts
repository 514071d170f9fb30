import type { NutrientBandColour, ScoreColour } from '@etiqueta/domain';

/**
 * Tailwind classes for the domain's colour names. The domain decides which colour a score or nutrient gets;
 * this file only decides how that colour looks. Colour is never the only signal: every use also prints a word.
 */
export const scoreDotClass: Record<ScoreColour, string> = {
  'dark-green': 'bg-green-700',
  green: 'bg-green-500',
  yellow: 'bg-yellow-400',
  orange: 'bg-orange-500',
  red: 'bg-red-600',
  grey: 'bg-stone-400',
};

export const nutrientDotClass: Record<NutrientBandColour, string> = {
  'dark-green': 'bg-green-700',
  green: 'bg-green-500',
  orange: 'bg-orange-500',
  red: 'bg-red-600',
  grey: 'bg-stone-400',
};

/** A light tint and rim of the score's colour, for the product page's large score (dark text stays readable). */
export const scoreTintClass: Record<ScoreColour, string> = {
  'dark-green': 'bg-green-50 ring-green-700',
  green: 'bg-green-50 ring-green-500',
  yellow: 'bg-yellow-50 ring-yellow-400',
  orange: 'bg-orange-50 ring-orange-500',
  red: 'bg-red-50 ring-red-600',
  grey: 'bg-stone-50 ring-stone-400',
};
