import { errorMessage } from '@/lib/error-message';

/** The server's Spanish sentence; a request that never arrived is a connection problem. */
export const contributionError = (error: unknown): string =>
  error instanceof TypeError ? 'Sin conexión: revisa tu internet e intenta de nuevo. Tus fotos siguen aquí.' : errorMessage(error);
