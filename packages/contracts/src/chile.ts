/**
 * Chile's calendar: every date and time the app shows or counts by ("Hoy", a sync's day, Historial's days) is the one
 * in Santiago, whatever the phone's or the server's own time zone. No schema here, so the web's first screen can
 * import it without zod (bench/bundle-size.ts).
 */
export const CHILE_TIME_ZONE = 'America/Santiago';
