import crypto from 'node:crypto';
import type { Product } from '@etiqueta/contracts';
import { formatScore, scoreBand, type ScoreColour } from '@etiqueta/domain';
import { CARD_LAYOUT } from './share-card.ts';

/** The seal words the product page draws (apps/web/src/components/food/seals.ts), in its order. */
const SEAL_LABELS: ReadonlySet<string> = new Set([
  'ALTO EN CALORÍAS',
  'ALTO EN SODIO',
  'ALTO EN AZÚCARES',
  'ALTO EN GRASAS SATURADAS',
]);

/**
 * What a shared link makes public of a product, and nothing else: name, brand, the score as the app shows it,
 * its band's word, the "ALTO EN" seals in words. `version` changes exactly when one of these does (a re-score,
 * an edit of the name), so the card is drawn once per version and its address changes with it.
 */
export type SharedFacts = {
  id: number;
  name: string;
  brand: string | null;
  /** "6,0/10" or "Sin puntaje" (domain's formatScore). */
  score: string;
  /** "Mediocre" (domain's scoreBand). */
  scoreLabel: string;
  /** The band's colour (domain's scoreBand, from the score itself, as the app picks it). */
  colour: ScoreColour;
  seals: string[];
  version: string;
};

export function sharedFacts(product: Pick<Product, 'id' | 'name' | 'brand' | 'healthScore' | 'seals'>): SharedFacts {
  const seals = product.seals
    .map((seal) => (typeof seal === 'object' && seal !== null && 'label' in seal ? seal.label : null))
    .filter((label): label is string => typeof label === 'string' && SEAL_LABELS.has(label));
  const brand = product.brand.trim() || null;
  const shown = {
    id: product.id,
    name: product.name,
    brand,
    // The score as shown (one decimal): a re-score that moves it by less than that draws no new card.
    score: formatScore(product.healthScore),
    scoreLabel: scoreBand(product.healthScore).label,
    colour: scoreBand(product.healthScore).colour,
    seals,
  };
  const version = crypto.createHash('sha256').update(JSON.stringify([CARD_LAYOUT, shown])).digest('hex').slice(0, 16);
  return { ...shown, version };
}

/** "Marca · 6,0/10 · Mediocre · ALTO EN AZÚCARES, ALTO EN SODIO": the link preview's description. */
export function sharedDescription(facts: SharedFacts): string {
  const score = facts.colour === 'grey' ? facts.score : `${facts.score} · ${facts.scoreLabel}`;
  return [facts.brand, score, facts.seals.join(', ') || null].filter(Boolean).join(' · ');
}
