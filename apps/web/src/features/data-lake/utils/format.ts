import { formatDateTime } from '@/lib/format';

/** "27-11-2026, 14:05" in Chile, or 'Nunca' when it has not happened yet. */
export const formatRunTime = (iso: string | null): string => (iso ? formatDateTime(iso) : 'Nunca');

/** "734 MB", "7,2 GB". */
export const formatBytes = (bytes: number): string =>
  bytes >= 1_073_741_824
    ? `${(bytes / 1_073_741_824).toLocaleString('es-CL', { maximumFractionDigits: 1 })} GB`
    : `${Math.round(bytes / 1_048_576).toLocaleString('es-CL')} MB`;

/** "faltan ~25 min", "faltan ~40 s". */
export const formatEta = (seconds: number): string =>
  seconds < 90
    ? `faltan ~${Math.max(1, Math.round(seconds))} s`
    : `faltan ~${Math.round(seconds / 60).toLocaleString('es-CL')} min`;

/** "1 min 5 s", "12 s": how long a run took. */
export const formatDuration = (startIso: string, endIso: string | null): string => {
  if (!endIso) return 'en curso';
  const seconds = Math.max(0, Math.round((Date.parse(endIso) - Date.parse(startIso)) / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${seconds % 60} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
};

export const RUN_KIND_LABELS: Record<string, string> = { bulk: 'Completa', incremental: 'Incremental' };
export const RUN_STATUS_LABELS: Record<string, string> = {
  running: 'En curso',
  success: 'Completada',
  failed: 'Fallida',
  interrupted: 'Interrumpida',
};

/**
 * A data source in words: 'off' is OFF's export and delta files, 'file:PATH' a local export (named by its file,
 * not its whole path).
 */
export const sourceLabel = (source: string): string => {
  if (source === 'off') return 'Open Food Facts (exportación y archivos delta)';
  if (source.startsWith('file:')) return `Archivo local: ${source.slice('file:'.length).split(/[\\/]/).pop() ?? source}`;
  return source;
};
