/** A failure the client can act on: a status, a stable UPPER_SNAKE code and a Spanish message. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** A 429 that says when to come back: the errors plugin sends `retryAfterMs` as Retry-After (whole seconds). */
export class RetryLater extends AppError {
  constructor(
    readonly retryAfterMs: number,
    code: string,
    message: string,
  ) {
    super(429, code, message);
  }
}

export const notFound = (message = 'Recurso no encontrado') => new AppError(404, 'NOT_FOUND', message);
export const badRequest = (message: string, details?: unknown) =>
  new AppError(400, 'VALIDATION_ERROR', message, details);
export const conflict = (code: string, message: string) => new AppError(409, code, message);
export const unauthorized = (message = 'Debes iniciar sesión') => new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = 'No tienes permiso para hacer esto') =>
  new AppError(403, 'FORBIDDEN', message);

/** SQLSTATEs that mean the database cannot be reached now (not that the query was wrong). */
const UNREACHABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '3D000']);
/** Socket errors of a database connection. */
const UNREACHABLE_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'EAI_AGAIN']);
/** node-postgres' and PGlite's own words for a connection that is gone. */
const UNREACHABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|not queryable|Cannot use a pool after calling end|PGlite is clos(ed|ing)/i;

/**
 * Whether an error, or one of its causes, says the database is down or unreachable (connection refused or cut,
 * the server shutting down, the database gone, PGlite closed): the request may work again in a moment, so it is a
 * 503, never a 500. SQLSTATE class 08 is every connection exception.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 6; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (UNREACHABLE_SQLSTATES.has(code) || UNREACHABLE_ERRNOS.has(code) || /^08/.test(code))) return true;
    if (UNREACHABLE_MESSAGES.test(e.message)) return true;
    if (e instanceof AggregateError && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
  }
  return false;
}

/** The answer to a request that needed the database while it could not be reached. */
export const databaseUnavailable = () =>
  new AppError(503, 'DATABASE_UNAVAILABLE', 'No podemos leer tus datos en este momento. Inténtalo de nuevo en unos minutos.');
