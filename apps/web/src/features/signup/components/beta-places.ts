/** Spec §1, §9: the beta's capped number of places. */
export const BETA_PLACES_TEXT = '20 cupos de prueba';

/** The spec's words exactly, also for one place (copy is the spec's, not ours to regrammar). */
export const remainingPlacesText = (remaining: number) => `Solo quedan ${remaining} espacios`;
