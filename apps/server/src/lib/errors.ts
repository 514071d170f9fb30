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

export const notFound = (message = 'Recurso no encontrado') => new AppError(404, 'NOT_FOUND', message);
export const badRequest = (message: string, details?: unknown) =>
  new AppError(400, 'VALIDATION_ERROR', message, details);
export const conflict = (code: string, message: string) => new AppError(409, code, message);
export const unauthorized = (message = 'Debes iniciar sesión') => new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = 'No tienes permiso para hacer esto') =>
  new AppError(403, 'FORBIDDEN', message);
