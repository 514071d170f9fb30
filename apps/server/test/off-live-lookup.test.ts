import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SearchResponse } from '@etiqueta/contracts';
import { queryRows } from '../src/db/client.ts';
import { products } from '../src/db/schema.ts';
import { countsAreTrue } from './sync-helpers.ts';
import { seedCatalogue, signedInAs } from './fixtures.ts';
import { answerFor, NOT_FOUND_V2, NOT_FOUND_V3, offAnswer, plausible, startFakeOff, type FakeOff, type FakeOffReply } from './fake-off.ts';
import { buildTestApp, testDatabaseKind, type TestApp } from './helpers.ts';

/*
 * Item 4 of issue 11: a barcode the catalogue lacks is asked of Open Food Facts, here a local server that answers
 * with OFF's own product answers (../shared/data/off-formats/api-read).
 */

const OFF_SAYS = 'No pudimos consultar Open Food Facts, intenta de nuevo en un momento';
const V35 = plausible(offAnswer('v3.5__get-existing-product-api-v3-5.json'));
const V36 = plausible(offAnswer('v3.6__get-existing-product-new-tags-schema-api-v3-6.json'));
const V2 = plausible(offAnswer('v2__get-existing-product.json'));

/** Codes with a valid EAN-13 check digit are not needed: the API takes 8, 12, 13 or 14 digits. */
const FOUND_V35 = '7801111000018';
const FOUND_V36 = '7801111000025';
const FOUND_V2 = '7801111000032';
const LIQUID = '7801111000049';
const REFUSED = '7801111000056';
const MISSING_V3 = '7801111000063';
const MISSING_V2 = '7801111000070';
const OTHER_PROJECT = '7801111000087';
const SHARED = '7801111000094';

function liquidAnswer(code: string): FakeOffReply {
  // The v2 answer (its ingredients add palm oil) as OFF gives a drink: values per 100 mL, sold by the millilitre.
  const body = answerFor(code, V2) as { product: { nutrition_data_per: string; product_quantity_unit: string } };
  body.product.nutrition_data_per = '100ml';
  body.product.product_quantity_unit = 'ml';
  return { json: body };
}

const catalogueReplies: Record<string, FakeOffReply> = {
  [FOUND_V35]: { json: answerFor(FOUND_V35, V35) },
  [FOUND_V36]: { json: answerFor(FOUND_V36, V36) },
  [FOUND_V2]: { json: answerFor(FOUND_V2, V2) },
  [LIQUID]: liquidAnswer(LIQUID),
  // OFF's test product as it is: more sugars than carbohydrates, which the sync refuses too.
  [REFUSED]: { json: answerFor(REFUSED, offAnswer('v3.5__get-existing-product-api-v3-5.json')) },
  [MISSING_V3]: NOT_FOUND_V3,
  [MISSING_V2]: NOT_FOUND_V2,
  [OTHER_PROJECT]: { redirect: `https://world.openbeautyfacts.org/api/v3.5/product/${OTHER_PROJECT}` },
  [SHARED]: { json: answerFor(SHARED, V35), delayMs: 300 },
};

describe(`live barcode lookup in Open Food Facts (${testDatabaseKind})`, () => {
  let off: FakeOff;
  let t: TestApp;

  beforeAll(async () => {
    off = await startFakeOff((code) => catalogueReplies[code] ?? NOT_FOUND_V3);
    t = await buildTestApp({ OFF_LIVE_LOOKUP: 'true', OFF_BASE_URL: off.url });
  });
  afterAll(async () => {
    await t?.close();
    await off?.close();
  });

  const lookup = (code: string) => t.app.inject(`/api/search/barcode/${code}`);
  const stored = async (barcode: string) =>
    (await t.database.db.select().from(products).where(eq(products.barcode, barcode)))[0];

  it.each([
    ['a v3.5 answer (schema 1003 nutrition)', FOUND_V35, 'test_default'],
    ['a v3.6 answer (schema 1004)', FOUND_V36, 'test_default'],
    ['a v2 answer (flat nutriments)', FOUND_V2, 'Some product'],
  ])('stores the product of %s and answers its id in the same request', async (_label, code, name) => {
    const res = await lookup(code);
    expect(res.statusCode, res.body).toBe(200);
    const row = await stored(code);
    expect(res.json()).toEqual({ id: row!.id, barcode: code });
    // Mapped, classified and scored like an import (OFF's test product: the same values in every shape).
    expect(row).toMatchObject({
      name,
      source: 'off-lookup',
      energyKcal100: expect.closeTo(95.6, 1),
      totalFatG100: 8.5,
      saturatedFatG100: 5.6,
      totalSugarsG100: 9.5,
      sodiumMg100: expect.closeTo(20.08, 1),
      scoreVersion: expect.any(String),
      isLiquid: false,
    });
    expect(row!.healthScore).toEqual(expect.any(Number));
    expect(row!.nutriscore).not.toBeNull();
    expect(await countsAreTrue(t.database)).toEqual([]);
  });

  it('asked OFF once per code, on the pinned v3.5 product API, with the fields the mapper reads and OFF’s User-Agent form', () => {
    const first = off.requests.find((r) => r.code === FOUND_V35)!;
    expect(first.path).toBe(`/api/v3.5/product/${FOUND_V35}`);
    expect(first.fields?.split(',')).toEqual(expect.arrayContaining(['code', 'product_name', 'nutrition', 'nutriments', 'categories_tags', 'images']));
    expect(first.userAgent).toBe('EtiquetaClara/1.0 (contacto@etiquetaclara.cl)');
    expect(first.userAgent).toMatch(/^[\w.-]+\/[\w.-]+ \([^()\s]+@[^()\s]+\)$/);
  });

  it('a second lookup of a found code makes no request to OFF', async () => {
    const before = off.requests.length;
    const res = await lookup(FOUND_V35);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: (await stored(FOUND_V35))!.id, barcode: FOUND_V35 });
    expect(off.requests.length).toBe(before);
    expect(off.callsFor(FOUND_V35)).toBe(1);
  });

  it('search and the product page see the stored product once the catalogue signals the change', async () => {
    const id = (await stored(FOUND_V36))!.id;
    await vi.waitFor(
      async () => {
        const res = await t.app.inject({ url: '/api/v1/search', query: { q: FOUND_V36 } });
        expect(res.json<SearchResponse>().results.map((r) => r.id)).toEqual([id]);
      },
      { timeout: 10_000, interval: 50 },
    );
    const cookie = await signedInAs(t.app, t.database.db, 'comprador@example.cl');
    const page = await t.app.inject({ url: `/api/products/${id}`, headers: { cookie } });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ id, barcode: FOUND_V36, name: 'test_default' });
  });

  it('stores a drink sold by volume (per: 100ml, product_quantity_unit: ml) as a liquid, with the per-100 mL seal basis', async () => {
    const res = await lookup(LIQUID);
    expect(res.statusCode, res.body).toBe(200);
    const row = await stored(LIQUID);
    expect(row!.isLiquid).toBe(true);
    // 95.6 kcal with palm oil added passes the liquid limit (70 kcal per 100 mL), not the solid one (275 per 100 g).
    expect(row!.seals).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: 'alto-en-calorias', basis: '100 mL', limit: 70 })]),
    );
    const solid = await stored(FOUND_V2);
    expect(solid!.seals).not.toEqual(expect.arrayContaining([expect.objectContaining({ id: 'alto-en-calorias' })]));
  });

  it.each([
    ['v3 not found', MISSING_V3],
    ['v2 not found', MISSING_V2],
    ['a product of another OFF project (redirect)', OTHER_PROJECT],
    ['a product our mapper refuses', REFUSED],
  ])('answers 404 for %s, and remembers it: the next lookup makes no request', async (_label, code) => {
    for (let i = 0; i < 2; i++) {
      const res = await lookup(code);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Producto no encontrado para este código de barras' });
    }
    expect(off.callsFor(code)).toBe(1);
    expect(await stored(code)).toBeUndefined();
  });

  it('remembers a miss under OFF’s normalised code: the UPC-A and its EAN-13 form cost one request', async () => {
    const upc = '041196910001';
    expect((await lookup(upc)).statusCode).toBe(404);
    expect((await lookup(`0${upc}`)).statusCode).toBe(404);
    expect(off.requests.filter((r) => r.code.endsWith(upc)).length).toBe(1);
  });

  it('concurrent lookups of one code share one request to OFF', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => lookup(SHARED)));
    const id = (await stored(SHARED))!.id;
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ id, barcode: SHARED });
    }
    expect(off.callsFor(SHARED)).toBe(1);
    const [row] = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM products WHERE barcode = ${SHARED}`);
    expect(row!.n).toBe(1);
  });
});

describe(`live lookup when OFF cannot answer (${testDatabaseKind})`, () => {
  let off: FakeOff;
  let t: TestApp | undefined;
  let reply: FakeOffReply;

  beforeAll(async () => {
    off = await startFakeOff(() => reply);
  });
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });
  afterAll(async () => {
    await off?.close();
  });

  const start = async (env: Record<string, string> = {}) => {
    t = await buildTestApp({ OFF_LIVE_LOOKUP: 'true', OFF_BASE_URL: off.url, ...env });
    return t;
  };
  const lookup = (code: string) => t!.app.inject(`/api/search/barcode/${code}`);
  const expectOffUnavailable = (res: { statusCode: number; json: () => unknown }) => {
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ code: 'OFF_UNAVAILABLE', message: OFF_SAYS });
  };

  it.each([
    ['429 with Retry-After in seconds', { status: 429, retryAfter: '120' }],
    ['503 with Retry-After as an HTTP date', { status: 503, retryAfter: new Date(Date.now() + 120_000).toUTCString() }],
  ])('%s: a Spanish 503, and no request to OFF until the wait is over', async (_label, answer) => {
    reply = answer;
    await start();
    const before = off.requests.length;
    expectOffUnavailable(await lookup('7802222000010'));
    // Another code during the pause: OFF asked us to wait, so it is not asked.
    expectOffUnavailable(await lookup('7802222000027'));
    expectOffUnavailable(await lookup('7802222000010'));
    expect(off.requests.length - before).toBe(1);
  });

  it('a 500 without Retry-After: a Spanish 503, not remembered, so the next lookup asks again', async () => {
    reply = { status: 500 };
    await start();
    const before = off.requests.length;
    expectOffUnavailable(await lookup('7802222000034'));
    reply = NOT_FOUND_V3;
    expect((await lookup('7802222000034')).statusCode).toBe(404);
    expect(off.requests.length - before).toBe(2);
  });

  it('a body that is not OFF’s (a proxy’s error page with 200) is a 503, not a miss', async () => {
    reply = { json: { message: 'maintenance' } };
    await start();
    expectOffUnavailable(await lookup('7802222000041'));
  });

  it('OFF unreachable (nothing listening): a Spanish 503 at once', async () => {
    t = await buildTestApp({ OFF_LIVE_LOOKUP: 'true', OFF_BASE_URL: 'http://127.0.0.1:9' });
    const started = performance.now();
    expectOffUnavailable(await lookup('7802222000058'));
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('an answer slower than 10 s: a Spanish 503 within 10 s (the default 8 s timeout)', async () => {
    reply = { json: answerFor('7802222000065', V35), delayMs: 12_000 };
    await start();
    const started = performance.now();
    expectOffUnavailable(await lookup('7802222000065'));
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(7_900);
    expect(elapsed).toBeLessThan(10_000);
  }, 20_000);

  it('the limiter holds: past OFF_LOOKUP_PER_MINUTE reads in a minute, a 503 without asking OFF', async () => {
    reply = NOT_FOUND_V3;
    await start({ OFF_LOOKUP_PER_MINUTE: '3' });
    const before = off.requests.length;
    const codes = ['7802222000072', '7802222000089', '7802222000096', '7802222000102', '7802222000119'];
    const statuses = [];
    for (const code of codes) statuses.push((await lookup(code)).statusCode);
    expect(statuses).toEqual([404, 404, 404, 503, 503]);
    expect(off.requests.length - before).toBe(3);
    // A code already known missing still answers 404 with the budget spent: it costs OFF nothing.
    expect((await lookup(codes[0]!)).statusCode).toBe(404);
  });
});

describe(`a code whose GS1 check digit is wrong (${testDatabaseKind})`, () => {
  let off: FakeOff;
  let t: TestApp;
  /** Stored as OFF holds it: its last digit does not match the others (OFF has such records). */
  const STORED_BAD_DIGIT = '7803333000011';

  beforeAll(async () => {
    off = await startFakeOff((code) => ({ json: answerFor(code, V35) }));
    t = await buildTestApp({ OFF_LIVE_LOOKUP: 'true', OFF_BASE_URL: off.url });
    await seedCatalogue(t.app, [{ barcode: STORED_BAD_DIGIT, name: 'Leche con dígito raro' }]);
  });
  afterAll(async () => {
    await t?.close();
    await off?.close();
  });

  it('the catalogue lacks it: a Spanish 400 at once, and Open Food Facts is never asked', async () => {
    for (const code of ['7804444000011', '78044440', '041196910000', '17804444000014']) {
      const res = await t.app.inject(`/api/search/barcode/${code}`);
      expect(res.statusCode, code).toBe(400);
      expect(res.json()).toEqual({ code: 'BARCODE_CHECK_DIGIT', message: expect.stringMatching(/^Revisa los números/) });
    }
    expect(off.requests).toEqual([]);
  });

  it('the catalogue has it: found whatever its digit, without asking OFF', async () => {
    const res = await t.app.inject(`/api/search/barcode/${STORED_BAD_DIGIT}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ barcode: STORED_BAD_DIGIT });
    expect(off.requests).toEqual([]);
  });

  it('a valid code the catalogue lacks is still asked of OFF', async () => {
    const res = await t.app.inject('/api/search/barcode/7804444000014');
    expect(res.statusCode, res.body).toBe(200);
    expect(off.callsFor('7804444000014')).toBe(1);
  });
});

describe(`each client's share of the OFF budget (${testDatabaseKind})`, () => {
  let off: FakeOff;
  let t: TestApp;
  const KNOWN = '7805555000019';
  const asked: string[] = [];

  /** Valid EAN-13 codes the catalogue lacks, as a script trying random codes would send them. */
  const fresh = (() => {
    let n = 0;
    return () => {
      const first12 = `78066${String(++n).padStart(7, '0')}`;
      const sum = [...first12].reduce((total, d, i) => total + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
      return `${first12}${(10 - (sum % 10)) % 10}`;
    };
  })();

  beforeAll(async () => {
    off = await startFakeOff(() => NOT_FOUND_V3);
    // Limits on (the tests' default turns them off); the common budget at its default, 12 a minute.
    t = await buildTestApp({ OFF_LIVE_LOOKUP: 'true', OFF_BASE_URL: off.url, RATE_LIMIT_PER_MINUTE: '10' });
    await seedCatalogue(t.app, [{ barcode: KNOWN, name: 'Leche conocida' }]);
  });
  afterAll(async () => {
    await t?.close();
    await off?.close();
  });

  const lookup = (code: string, remoteAddress: string, cookie?: string) =>
    t.app.inject({ url: `/api/search/barcode/${code}`, remoteAddress, headers: cookie ? { cookie } : {} });

  it('one anonymous address: 12 new codes at full speed reach OFF 3 times; the rest a Spanish 429 with Retry-After', async () => {
    const before = off.requests.length;
    const answers = [];
    for (let i = 0; i < 12; i++) {
      const code = fresh();
      asked.push(code);
      answers.push(await lookup(code, '198.51.100.7'));
    }
    expect(answers.map((r) => r.statusCode)).toEqual([404, 404, 404, ...Array<number>(9).fill(429)]);
    expect(answers[3]!.json()).toEqual({ code: 'LOOKUP_SHARE_SPENT', message: expect.stringMatching(/^Buscaste muchos códigos nuevos/) });
    expect(Number(answers[3]!.headers['retry-after'])).toBeGreaterThan(0);
    expect(off.requests.length - before).toBe(3);
  });

  it('that address still gets known codes and codes already asked: they cost OFF nothing', async () => {
    expect((await lookup(KNOWN, '198.51.100.7')).statusCode).toBe(200);
    expect((await lookup(asked[0]!, '198.51.100.7')).statusCode).toBe(404);
  });

  it('every other shopper keeps their lookups: another address, and a signed-in person behind the spent address (CGNAT)', async () => {
    const before = off.requests.length;
    expect((await lookup(fresh(), '203.0.113.9')).statusCode).toBe(404);
    const cookie = await signedInAs(t.app, t.database.db, 'escanea@example.cl');
    const mine = [];
    for (let i = 0; i < 7; i++) mine.push((await lookup(fresh(), '198.51.100.7', cookie)).statusCode);
    // Signed in: the account's share (6 a minute), whatever the address.
    expect(mine).toEqual([404, 404, 404, 404, 404, 404, 429]);
    expect(off.requests.length - before).toBe(7);
  });
});
