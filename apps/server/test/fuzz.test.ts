import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { sharedTestApp, testDatabaseKind, type TestApp } from './helpers.ts';
import { seedOneProduct, signedInAs } from './fixtures.ts';

const TABLES = [
  'categories', 'subcategories', 'sub2categories', 'products', 'additives', 'users', 'sessions',
  'signups', 'contact_messages', 'error_reports', 'sync_runs', 'audit_log',
];

/** One checksum of every stored row: any write the fuzzer slipped through changes it. */
async function fingerprint(t: TestApp): Promise<string> {
  const parts: string[] = [];
  for (const table of TABLES) {
    const [row] = await queryRows<{ h: string }>(
      t.database.db,
      sql.raw(`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from ${table} t`),
    );
    parts.push(`${table}:${row?.h}`);
  }
  return parts.join(',');
}

const INJECTIONS = [
  "'; DROP TABLE products; --",
  '" OR 1=1 --',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  '../../../../etc/passwd',
  '%00%ff%fe',
  '\u0000\u0001\u001f',
  'ñandú ÁRBOL 🍫'.repeat(50),
  '\\u0000',
  '__proto__',
  'constructor',
];

type Target = { method: 'POST' | 'PATCH' | 'DELETE' | 'GET'; url: string; fields: string[] };
const targets = (productId: number): Target[] => [
  { method: 'POST', url: '/api/auth/login', fields: ['email', 'code', 'password'] },
  { method: 'POST', url: '/api/signup/beta', fields: ['email', 'firstName', 'lastName', 'instagramHandle', 'referralSource', 'ageBand'] },
  { method: 'POST', url: '/api/signup/waitlist', fields: ['email', 'firstName', 'lastName', 'instagramHandle', 'referralSource', 'ageBand'] },
  { method: 'POST', url: '/api/contact', fields: ['firstName', 'lastName', 'email', 'message'] },
  { method: 'POST', url: '/api/error-reports', fields: ['errorType', 'description', 'productId', 'productName'] },
  { method: 'POST', url: '/api/additives', fields: ['name', 'code', 'riskLevel', 'description', 'category', 'alternativeNames'] },
  { method: 'PATCH', url: '/api/additives/1', fields: ['name', 'code', 'riskLevel', 'description', 'category', 'alternativeNames'] },
  {
    method: 'PATCH',
    url: `/api/products/${productId}`,
    fields: ['name', 'brand', 'ingredients', 'frutasPercentage', 'organic', 'nutriscoreCategory', 'energyKcal100', 'totalSugarsG100', 'sodiumMg100'],
  },
];

const GET_URLS = [
  '/api/v1/search?q=',
  '/api/v1/search/suggestions?q=',
  '/api/search/barcode/',
  '/api/products/',
  '/api/categories/',
  '/api/subcategories/',
  '/api/products?q=',
  '/api/products?page=',
];

/** A value of the wrong type for any field of ours (all of which are strings, numbers, booleans or string lists). */
const wrongType = fc.oneof(
  fc.constant(null),
  fc.object({ maxDepth: 3 }),
  fc.array(fc.anything(), { maxLength: 5 }),
  fc.constant({ $gt: '' }),
  fc.constant([{ toString: 'x' }]),
);

/** A product's label numbers, for which null is a value: nobody read it (it stays unknown). */
const NULLABLE_FIELDS = new Set(['frutasPercentage', 'energyKcal100', 'totalSugarsG100', 'sodiumMg100']);

/** A request body that no route may accept. */
const malformed = (fields: string[]) =>
  fc.oneof(
    // a field of the wrong type next to plausible others
    fc.record({ field: fc.constantFrom(...fields), bad: wrongType, others: fc.dictionary(fc.constantFrom(...fields), fc.oneof(fc.string(), fc.constantFrom(...INJECTIONS))) })
      .filter(({ field, bad }) => !(bad === null && NULLABLE_FIELDS.has(field)))
      .map(({ field, bad, others }) => ({ kind: 'json' as const, body: JSON.stringify({ ...others, [field]: bad }) })),
    // an unknown field smuggled in (e.g. role, healthScore, id)
    fc.record({ extra: fc.constantFrom('role', 'healthScore', 'id', 'isAdmin', 'accessStatus', 'lockedFields'), value: fc.anything() })
      .map(({ extra, value }) => ({ kind: 'json' as const, body: JSON.stringify({ [fields[0]!]: 'x@example.cl', [extra]: value ?? 1 }) })),
    // a huge string in every field
    fc.integer({ min: 20_001, max: 60_000 }).map((len) => ({
      kind: 'json' as const,
      body: JSON.stringify(Object.fromEntries(fields.map((f) => [f, 'a'.repeat(len)]))),
    })),
    // broken JSON
    fc.constantFrom('{', '{"email":', '[1,2', 'null', '"texto"', '{"a":1}}', '\u0000', '{"email": NaN}', '').map((body) => ({ kind: 'json' as const, body })),
    // bytes that are not UTF-8
    fc.uint8Array({ minLength: 1, maxLength: 64 }).map((bytes) => ({
      kind: 'raw' as const,
      body: Buffer.concat([Buffer.from('{"email":"'), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from(bytes), Buffer.from('"}')]),
    })),
    // deep nesting
    fc.integer({ min: 50, max: 400 }).map((depth) => ({ kind: 'json' as const, body: `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}` })),
  );

describe(`fuzz: thousands of malformed requests (${testDatabaseKind})`, () => {
  const t = sharedTestApp();
  let admin: string;
  let productId: number;
  beforeAll(async () => {
    productId = await seedOneProduct(t.app, { barcode: '7800000000011', name: 'Leche Entera' });
    admin = await signedInAs(t.app, t.database.db, 'admin@example.cl', 'admin');
  });

  it('never answers 5xx, always answers in our error shape, and stores nothing', { timeout: 240_000 }, async () => {
    await t.app.services.rescore.idle();
    const before = await fingerprint(t);
    let sent = 0;
    const statuses = new Map<number, number>();
    const problems: string[] = [];

    const record = (label: string, res: { statusCode: number; body: string }) => {
      sent += 1;
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      if (res.statusCode >= 500) problems.push(`${label} → ${res.statusCode} ${res.body.slice(0, 200)}`);
      else if (res.statusCode < 400) problems.push(`${label} was accepted (${res.statusCode})`);
      else {
        const body = JSON.parse(res.body) as { code?: unknown; message?: unknown };
        if (typeof body.code !== 'string' || typeof body.message !== 'string') problems.push(`${label}: bad error shape ${res.body.slice(0, 100)}`);
      }
    };

    const bodies = fc.sample(fc.tuple(fc.constantFrom(...targets(productId)), fc.boolean()).chain(([target, asAdmin]) =>
      malformed(target.fields).map((payload) => ({ target, asAdmin, payload })),
    ), { numRuns: 4_200, seed: 20_606 });
    for (const { target, asAdmin, payload } of bodies) {
      const res = await t.app.inject({
        method: target.method,
        url: target.url,
        headers: { 'content-type': 'application/json', ...(asAdmin ? { cookie: admin } : {}) },
        payload: payload.body,
      });
      // Anonymous writes to admin routes are refused before parsing: also fine, also no data change.
      record(`${target.method} ${target.url} ${String(payload.body).slice(0, 60)}`, res);
    }

    const params = fc.sample(fc.tuple(fc.constantFrom(...GET_URLS), fc.oneof(fc.constantFrom(...INJECTIONS), fc.string({ maxLength: 300 }), fc.string({ minLength: 1000, maxLength: 5000 }))), {
      numRuns: 1_000,
      seed: 19_628,
    });
    for (const [url, value] of params) {
      const res = await t.app.inject({ method: 'GET', url: `${url}${encodeURIComponent(value)}`, headers: { cookie: admin } });
      sent += 1;
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      if (res.statusCode >= 500) problems.push(`GET ${url}… → ${res.statusCode} ${res.body.slice(0, 200)}`);
    }

    expect(problems).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(5_000);
    await t.app.services.rescore.idle();
    expect(await fingerprint(t)).toBe(before);
  });
});
