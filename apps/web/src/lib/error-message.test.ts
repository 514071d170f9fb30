import { afterEach, describe, expect, it, vi } from 'vitest';

import { ApiError } from './api-client';
import { GENERIC_ERROR_MESSAGE, OFFLINE_MESSAGE, errorMessage, isOfflineError } from './error-message';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('errorMessage: what a person reads, never a status, a raw body or English', () => {
  it("gives the server's Spanish message when the body is the API's error shape", () => {
    const error = new ApiError(404, 'Not Found', '{"code":"NOT_FOUND","message":"Subcategoría no encontrada"}');
    expect(errorMessage(error)).toBe('Subcategoría no encontrada');
  });

  it("says what to do after a server fault instead of its bare 'Error interno del servidor'", () => {
    const error = new ApiError(500, 'Internal Server Error', '{"code":"INTERNAL_ERROR","message":"Error interno del servidor"}');
    expect(errorMessage(error)).toBe('El servicio no está disponible. Inténtalo de nuevo en unos minutos.');
  });

  it.each([
    [401, 'Tu sesión terminó. Vuelve a ingresar.'],
    [403, 'No tienes permiso para hacer esto.'],
    [404, 'No encontramos lo que buscabas. Vuelve al inicio y prueba de nuevo.'],
    [429, 'Demasiados intentos. Espera un minuto e inténtalo de nuevo.'],
    [500, 'El servicio no está disponible. Inténtalo de nuevo en unos minutos.'],
    [502, 'El servicio no está disponible. Inténtalo de nuevo en unos minutos.'],
    [418, GENERIC_ERROR_MESSAGE],
  ])('a %i without a message says what to do', (status, text) => {
    const message = errorMessage(new ApiError(status, 'Status Text', '<html>proxy error</html>'));
    expect(message).toBe(text);
    expect(message).not.toMatch(/\d{3}|html|Status/);
  });

  it.each([
    new TypeError('Failed to fetch'),
    new TypeError('NetworkError when attempting to fetch resource.'),
    new TypeError('Load failed'),
    new TypeError('Failed to fetch dynamically imported module: https://x/assets/search-abc.js'),
    new Error('Importing a module script failed.'),
  ])('a request or a screen that never arrived is "Sin conexión": %s', (error) => {
    expect(isOfflineError(error)).toBe(true);
    expect(errorMessage(error)).toBe(OFFLINE_MESSAGE);
  });

  it('the browser saying it is offline is "Sin conexión" whatever the error', () => {
    vi.stubGlobal('navigator', { onLine: false });
    expect(errorMessage(new Error('anything'))).toBe(OFFLINE_MESSAGE);
  });

  it('offline, no error at all is not an offline error (a screen that loaded from the phone is fine)', () => {
    vi.stubGlobal('navigator', { onLine: false });
    expect(isOfflineError(null)).toBe(false);
    expect(isOfflineError(undefined)).toBe(false);
  });

  it("any other error is a short Spanish sentence, not the library's English", () => {
    expect(errorMessage(new Error('Cannot read properties of undefined'))).toBe(GENERIC_ERROR_MESSAGE);
    expect(errorMessage('boom')).toBe(GENERIC_ERROR_MESSAGE);
  });
});
