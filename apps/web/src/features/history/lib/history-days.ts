import { HISTORY, type HistoryEntry } from '@etiqueta/contracts';

/*
 * The history grouped by day as a shopper in Chile counts days ("Hoy", "Ayer", "lunes 23 de noviembre"),
 * whatever the phone's own time zone: the server decides "the same day" in the same calendar (HISTORY.timeZone).
 */

const dayKey = new Intl.DateTimeFormat('en-CA', {
  timeZone: HISTORY.timeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const dayParts = new Intl.DateTimeFormat('es-CL', {
  timeZone: HISTORY.timeZone,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const clock = new Intl.DateTimeFormat('es-CL', {
  timeZone: HISTORY.timeZone,
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** YYYY-MM-DD in Chile. */
export const chileDay = (at: Date) => dayKey.format(at);

/** The day before a YYYY-MM-DD day (calendar arithmetic, no time zone involved). */
const previousDay = (day: string) => {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
};

/** "Hoy", "Ayer", "lunes 23 de noviembre", and the year too when it is not this year's. */
export const dayLabel = (at: Date, now: Date): string => {
  const day = chileDay(at);
  const today = chileDay(now);
  if (day === today) return 'Hoy';
  if (day === previousDay(today)) return 'Ayer';
  const parts = Object.fromEntries(dayParts.formatToParts(at).map((p) => [p.type, p.value]));
  const text = `${parts.weekday} ${parts.day} de ${parts.month}`;
  return day.slice(0, 4) === today.slice(0, 4) ? text : `${text} de ${parts.year}`;
};

/** "14:05", in Chile. */
export const timeLabel = (at: Date) => clock.format(at);

export type HistoryDay = { day: string; label: string; entries: HistoryEntry[] };

/** Entries (already newest first) in runs of one Chilean day each, in the same order. */
export const groupByDay = (entries: readonly HistoryEntry[], now: Date): HistoryDay[] => {
  const days: HistoryDay[] = [];
  for (const entry of entries) {
    const at = new Date(entry.viewedAt);
    const day = chileDay(at);
    const last = days.at(-1);
    if (last?.day === day) last.entries.push(entry);
    else days.push({ day, label: dayLabel(at, now), entries: [entry] });
  }
  return days;
};
