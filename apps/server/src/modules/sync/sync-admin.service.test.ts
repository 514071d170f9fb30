import { describe, expect, it } from 'vitest';
import { publicFailureReason, staleCatalogueAlert } from './sync-admin.service.ts';
import type { SyncRunRow } from './sync.repository.ts';

const NOW = Date.UTC(2026, 10, 27, 15, 0, 0);
const HOUR = 3_600_000;
const run = (status: 'success' | 'failed' | 'running', error: string | null = null) => ({ status, error }) as SyncRunRow;

describe("the data-lake page's stale-catalogue warning", () => {
  it.each([
    ['no run yet', null, [], null],
    ['a success 47 hours ago', NOW - 47 * HOUR, [run('success')], null],
    ['two failures after a recent success', NOW - 2 * HOUR, [run('failed', 'HTTP 503'), run('failed', 'HTTP 503'), run('success')], null],
  ])('is off with %s', (_case, lastSuccess, recent, expected) => {
    expect(staleCatalogueAlert(lastSuccess === null ? null : new Date(lastSuccess), recent, NOW)).toBe(expected);
  });

  it('warns after 48 hours without a successful run, naming the last one in Chile time', () => {
    expect(staleCatalogueAlert(new Date(NOW - 49 * HOUR), [run('success')], NOW)).toBe(
      'Ninguna sincronización se ha completado en las últimas 48 horas (la última, el 25 de noviembre a las 11:00).',
    );
  });

  it('warns when the last 3 runs failed, with the last error, even after a recent success', () => {
    const recent = [run('failed', 'error de red: getaddrinfo ENOTFOUND'), run('failed', 'HTTP 503'), run('failed', 'HTTP 503')];
    expect(staleCatalogueAlert(new Date(NOW - HOUR), recent, NOW)).toBe(
      'Las últimas 3 sincronizaciones fallaron. Último error: error de red: getaddrinfo ENOTFOUND',
    );
  });

  it('warns when runs happened and none ever succeeded', () => {
    expect(staleCatalogueAlert(null, [run('failed', 'HTTP 404 en https://x')], NOW)).toBe(
      'Ninguna sincronización se ha completado todavía. Último error: HTTP 404 en https://x',
    );
  });
});

describe("a failed first load, in a shopper's words", () => {
  it.each([
    ['error de red: getaddrinfo ENOTFOUND static.openfoodfacts.org en https://static.openfoodfacts.org/data/x', 'no hay conexión con Open Food Facts'],
    ['error de red: connect ECONNREFUSED 127.0.0.1:9 en http://127.0.0.1:9/x', 'no hay conexión con Open Food Facts'],
    ['error de red: sin respuesta en 15 s en https://static.openfoodfacts.org/data/x', 'no hay conexión con Open Food Facts'],
    ['HTTP 503 en https://static.openfoodfacts.org/data/x tras 5 intentos', 'Open Food Facts respondió con un error (HTTP 503)'],
    ['unexpected end of file', 'la descarga se interrumpió'],
  ])('%s → %s', (error, reason) => {
    expect(publicFailureReason(error)).toBe(reason);
  });
});
