import { CHILE_TIME_ZONE } from '@etiqueta/contracts';

/** Numbers as a Chilean reads them: a dot between thousands (1.235), a decimal comma (2,5). */
export const formatCount = (n: number): string => n.toLocaleString('es-CL');

/** "2,5", "6,0": a measure with exactly `digits` decimals, with the decimal comma. */
export const formatDecimal = (n: number, digits = 1): string =>
  n.toLocaleString('es-CL', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** "1 producto", "1.235 productos": the count written the Chilean way, the noun agreeing with it. */
export const countOf = (n: number, one: string, many: string): string =>
  `${formatCount(n)} ${n === 1 ? one : many}`;

/** "1 producto", "1.235 productos". */
export const productCount = (n: number): string => countOf(n, 'producto', 'productos');

/*
 * Dates and times as they are in Chile, whatever the phone's or the test machine's own time zone (the same calendar
 * the server counts Historial's days in), on a 24-hour clock.
 */
const inChile = { timeZone: CHILE_TIME_ZONE, hourCycle: 'h23' } as const;
const dateTimeFormat = new Intl.DateTimeFormat('es-CL', { ...inChile, dateStyle: 'medium', timeStyle: 'short' });
const dateFormat = new Intl.DateTimeFormat('es-CL', { ...inChile, dateStyle: 'medium' });
const clockFormat = new Intl.DateTimeFormat('es-CL', { ...inChile, hour: '2-digit', minute: '2-digit' });

/** "27-11-2026, 14:05" in Chile. */
export const formatDateTime = (at: string | Date): string => dateTimeFormat.format(new Date(at));
/** "27-11-2026" in Chile. */
export const formatDate = (at: string | Date): string => dateFormat.format(new Date(at));
/** "14:05" in Chile. */
export const formatClock = (at: string | Date): string => clockFormat.format(new Date(at));
