import { ApiError } from '@/lib/api-client';

/*
 * What a person reads when something failed: short, Spanish, and saying what to do. Never a status code, a raw
 * body or a library's English (spec §8 showed '{status}: {body}' and 'Search failed'; we do not).
 */

export const OFFLINE_TITLE = 'Sin conexión';
export const OFFLINE_MESSAGE = 'Sin conexión. Revisa tu internet e inténtalo de nuevo.';
export const GENERIC_ERROR_MESSAGE = 'Algo salió mal. Inténtalo de nuevo en un momento.';

const statusMessage = (status: number): string => {
  if (status === 401) return 'Tu sesión terminó. Vuelve a ingresar.';
  if (status === 403) return 'No tienes permiso para hacer esto.';
  if (status === 404) return 'No encontramos lo que buscabas. Vuelve al inicio y prueba de nuevo.';
  if (status === 413) return 'Lo que enviaste es demasiado grande.';
  if (status === 429) return 'Demasiados intentos. Espera un minuto e inténtalo de nuevo.';
  if (status >= 500) return 'El servicio no está disponible. Inténtalo de nuevo en unos minutos.';
  return GENERIC_ERROR_MESSAGE;
};

/**
 * A request that never got an answer (no network, the server unreachable) or a screen's code that could not be
 * downloaded. Browsers word these differently: Chrome 'Failed to fetch' and 'Failed to fetch dynamically
 * imported module', Firefox 'NetworkError…' and 'error loading dynamically imported module', Safari 'Load
 * failed' and 'Importing a module script failed'.
 */
export const isOfflineError = (error: unknown): boolean => {
  if (!(error instanceof Error) || error instanceof ApiError) return false;
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return true;
  return (
    error instanceof TypeError ||
    /failed to fetch|networkerror|load failed|dynamically imported module|importing a module script failed/i.test(
      error.message,
    )
  );
};

/**
 * The sentence to show a person for a failed call or screen: the server's own Spanish sentence when it sent
 * one that helps ('Error interno del servidor' does not say what to do: the status's sentence does), else one
 * by status; 'Sin conexión' when no answer came.
 */
export const errorMessage = (error: unknown): string => {
  if (error instanceof ApiError) {
    return (error.code !== 'INTERNAL_ERROR' && error.serverMessage) || statusMessage(error.status);
  }
  if (isOfflineError(error)) return OFFLINE_MESSAGE;
  return GENERIC_ERROR_MESSAGE;
};
