/** Spec §1, §9: the beta's capped number of places. */
export const BETA_PLACES_TEXT = '20 cupos de prueba';

export const remainingPlacesText = (remaining: number) =>
  remaining === 1 ? 'Solo queda 1 espacio' : `Solo quedan ${remaining} espacios`;
