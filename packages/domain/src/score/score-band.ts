/**
 * Score bands and colours for the 0–10 health score (spec §9 "Score bands"; spec §4 admin badge).
 */

export const SCORE_BAND_IDS = ['excelente', 'mejor', 'mediocre', 'malo', 'muy-malo', 'sin-puntaje'] as const;
export type ScoreBandId = (typeof SCORE_BAND_IDS)[number];
/** The band's word shown next to the score, best first (spec §9). */
export const SCORE_LABELS = ['Excelente', 'Mejor', 'Mediocre', 'Malo', 'Muy malo', 'Sin puntaje'] as const;
export type ScoreLabel = (typeof SCORE_LABELS)[number];
export type ScoreColour = 'dark-green' | 'green' | 'yellow' | 'orange' | 'red' | 'grey';

export type ScoreBand = {
  band: ScoreBandId;
  /** Spanish label shown next to the score. */
  label: ScoreLabel;
  colour: ScoreColour;
};

/** Lower bounds of each band, from the spec: ≥9 Excelente, ≥6.95 Mejor, ≥5.05 Mediocre, ≥2.55 Malo. */
export const SCORE_BAND_THRESHOLDS = { excelente: 9, mejor: 6.95, mediocre: 5.05, malo: 2.55 } as const;

/**
 * Band for a 0–10 score. The odd bounds (6.95, 5.05, 2.55) are the spec's: with one shown decimal they put
 * 7.0 in Mejor, 5.1 in Mediocre and 2.6 in Malo. Only Excelente's colour (green) is given by the spec; the others
 * follow the usual traffic-light order (our choice).
 */
export function scoreBand(score: number | null): ScoreBand {
  if (score === null || Number.isNaN(score))
    return { band: 'sin-puntaje', label: 'Sin puntaje', colour: 'grey' };
  if (score >= SCORE_BAND_THRESHOLDS.excelente)
    return { band: 'excelente', label: 'Excelente', colour: 'dark-green' };
  if (score >= SCORE_BAND_THRESHOLDS.mejor) return { band: 'mejor', label: 'Mejor', colour: 'green' };
  if (score >= SCORE_BAND_THRESHOLDS.mediocre)
    return { band: 'mediocre', label: 'Mediocre', colour: 'yellow' };
  if (score >= SCORE_BAND_THRESHOLDS.malo) return { band: 'malo', label: 'Malo', colour: 'orange' };
  return { band: 'muy-malo', label: 'Muy malo', colour: 'red' };
}

export function scoreLabel(score: number | null): ScoreBand['label'] {
  return scoreBand(score).label;
}

/** "7,3/10" or "Sin puntaje": one decimal with a Spanish decimal comma (spec §9 "Shown with one decimal out of 10"). */
export function formatScore(score: number | null): string {
  if (score === null || Number.isNaN(score)) return 'Sin puntaje';
  return `${score.toFixed(1).replace('.', ',')}/10`;
}

export type AdminBadgeColour = 'green' | 'orange' | 'red';

/** Admin product table badge: green at 7 or more, orange from 4 to below 7, red below 4 or when absent (spec §4). */
export function adminScoreBadgeColour(score: number | null): AdminBadgeColour {
  if (score === null || Number.isNaN(score)) return 'red';
  if (score >= 7) return 'green';
  if (score >= 4) return 'orange';
  return 'red';
}
