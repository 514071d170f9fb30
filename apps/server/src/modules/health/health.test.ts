import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { sharedTestApp, testDatabaseKind } from '../../../test/helpers.ts';

describe(`health and the API frame (${testDatabaseKind})`, () => {
  const t = sharedTestApp();

  it('GET /api/health pings the database and names it', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: { status: 'ok', kind: testDatabaseKind } });
  });

  it('GET /api/health answers 503 when the database does not answer', async () => {
    const original = t.database.ping;
    t.app.deps.database.ping = async () => false;
    try {
      const res = await t.app.inject('/api/health');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'error', database: { status: 'error' } });
    } finally {
      t.app.deps.database.ping = original;
    }
  });

  it('an unknown /api path is a JSON 404 in Spanish', async () => {
    const res = await t.app.inject('/api/no-existe');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'No existe esa dirección de la API' });
  });

  it('bad JSON is a 400 with a Spanish message, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe('El cuerpo de la solicitud no es JSON válido');
  });

  it('sends security headers', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // On every answer, errors included, with the policy as configured (not helmet's defaults).
    const denied = await t.app.inject('/api/products/1');
    expect(denied.statusCode).toBe(401);
    expect(denied.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(denied.headers['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(denied.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('the database has the search extensions and the Spanish accent-insensitive configuration', async () => {
    const [row] = await queryRows<{ v: string; s: number }>(
      t.database.db,
      sql`select to_tsvector('public.es_unaccent', 'Galletas de AZÚCAR') as v, similarity('chocolte', 'chocolate') as s`,
    );
    expect(row?.v).toContain("'azuc'");
    expect(row?.v).toContain("'gallet'");
    expect(Number(row?.s)).toBeGreaterThan(0.3);
  });
});
