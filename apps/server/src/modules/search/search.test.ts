import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProductSummary, SearchResponse, SuggestResponse } from '@etiqueta/contracts';
import { buildApp } from '../../app.ts';
import type { Database, Db } from '../../db/client.ts';
import { categories, products, sub2categories, subcategories } from '../../db/schema.ts';
import { createCatalogueWrites, type CatalogueWrites } from '../../lib/catalogue-writes.ts';
import { createTestDatabase, testDatabaseKind, testEnv } from '../../../test/helpers.ts';
import { createSearchService, type SearchService } from './search.service.ts';
import { createSearchRepository } from './search.repository.ts';
import { createProductRepository } from '../products/product.repository.ts';

type SeedRow = {
  barcode: string;
  name: string;
  brand: string;
  sub: 'galletas' | 'chocolates' | 'leches' | 'endulzantes' | 'yogures';
  score: number | null;
  sub2?: string;
  /** The label's list; most seeded products share one. */
  ingredients?: string;
};

const catalogue: SeedRow[] = [
  {
    barcode: '7802215505102',
    name: 'Galletas de Chocolate',
    brand: 'Costa',
    sub: 'galletas',
    score: 4.2,
    sub2: 'Rellenas',
  },
  { barcode: '7802215505119', name: 'Galletas de Avena', brand: 'McKay', sub: 'galletas', score: 6.5 },
  { barcode: '7802215505126', name: 'Galletas', brand: 'Tritón', sub: 'galletas', score: 3.0 },
  { barcode: '7802215505133', name: 'Galleta Chocolate Chips', brand: 'Nestlé', sub: 'galletas', score: 2.9 },
  {
    barcode: '7802215505140',
    name: 'Obsesión Rellena Frutilla',
    brand: 'Costa',
    sub: 'galletas',
    score: 2.2,
    sub2: 'Rellenas',
  },
  { barcode: '7802215505157', name: 'Chocolate Amargo 70%', brand: 'Costa', sub: 'chocolates', score: 5.8 },
  { barcode: '7802215505164', name: 'Leche Sin Lactosa', brand: 'Colun', sub: 'leches', score: 7.4 },
  { barcode: '7802215505171', name: 'Leche Entera', brand: 'Soprole', sub: 'leches', score: 6.2 },
  { barcode: '7802215505188', name: 'Leche Chocolatada', brand: 'Soprole', sub: 'leches', score: 3.4 },
  { barcode: '7802215505195', name: 'Azúcar Rubia', brand: 'Iansa', sub: 'endulzantes', score: 1.5 },
  { barcode: '7802215505201', name: 'Endulzante Stevia', brand: 'Daily', sub: 'endulzantes', score: 6.9 },
  { barcode: '7802215505218', name: 'Yogur Batido Frutilla', brand: 'Soprole', sub: 'yogures', score: 5.1 },
  {
    barcode: '7802215505225',
    name: 'Yogur Natural Sin Azúcar',
    brand: 'Colun',
    sub: 'yogures',
    score: 6.0,
    ingredients: 'leche descremada, fermentos lácticos',
  },
  // UPC-A stored with 12 digits, an EAN-13 that starts with 0, and an EAN-8.
  {
    barcode: '041196910759',
    name: 'Cereal de Maíz Azucarado',
    brand: 'Kellogg',
    sub: 'endulzantes',
    score: null,
  },
  { barcode: '0075720000814', name: 'Agua Mineral sin Gas', brand: 'Poland', sub: 'leches', score: 9.5 },
  { barcode: '96385074', name: 'Té Verde Limón', brand: 'Lipton', sub: 'leches', score: 8.8 },
];

/** A small catalogue in three categories, inserted the way an import leaves it. */
async function seed(db: Db) {
  const [snacks, lacteos, despensa] = await db
    .insert(categories)
    .values([
      { name: 'Chocolates, galletas y dulces', slug: 'chocolates-galletas-y-dulces' },
      { name: 'Lácteos', slug: 'lacteos' },
      { name: 'Despensa', slug: 'despensa' },
    ])
    .returning();
  const subs = await db
    .insert(subcategories)
    .values([
      { categoryId: snacks!.id, name: 'Galletas dulces', slug: 'galletas' },
      { categoryId: snacks!.id, name: 'Chocolates', slug: 'chocolates' },
      { categoryId: lacteos!.id, name: 'Leches', slug: 'leches' },
      { categoryId: lacteos!.id, name: 'Yogures', slug: 'yogures' },
      { categoryId: despensa!.id, name: 'Azúcar y endulzantes', slug: 'endulzantes' },
    ])
    .returning();
  const subBySlug = new Map(subs.map((s) => [s.slug, s]));
  const [rellenas] = await db
    .insert(sub2categories)
    .values({ subcategoryId: subBySlug.get('galletas')!.id, name: 'Rellenas', slug: 'rellenas' })
    .returning();
  await db.insert(products).values(
    catalogue.map((p) => {
      const sub = subBySlug.get(p.sub)!;
      return {
        barcode: p.barcode,
        name: p.name,
        brand: p.brand,
        categoryId: sub.categoryId,
        subcategoryId: sub.id,
        sub2categoryId: p.sub2 ? rellenas!.id : null,
        healthScore: p.score,
        ingredients: p.ingredients ?? 'azúcar, harina de trigo',
        totalSugarsG100: 12,
        novaGroup: 4,
      };
    }),
  );
}

describe(`search and barcode lookup (${testDatabaseKind})`, () => {
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase();
    await seed(database.db);
    app = await buildApp({ database, env: testEnv() });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const search = async (q: string, limit?: number) => {
    const res = await app.inject({
      url: '/api/v1/search',
      query: { q, ...(limit ? { limit: String(limit) } : {}) },
    });
    expect(res.statusCode).toBe(200);
    return res.json<SearchResponse>();
  };
  const names = async (q: string, limit?: number) => (await search(q, limit)).results.map((r) => r.name);

  describe('GET /api/v1/search', () => {
    it('is public and answers product summaries with their category slugs', async () => {
      const body = await search('azúcar rubia');
      const first: ProductSummary | undefined = body.results[0];
      expect(first).toMatchObject({
        name: 'Azúcar Rubia',
        brand: 'Iansa',
        barcode: '7802215505195',
        categorySlug: 'despensa',
        subcategorySlug: 'endulzantes',
        healthScore: 1.5,
        novaGroup: 4,
      });
      expect(body.suggestions).toEqual([]);
    });

    it.each([
      ['an empty query', ''],
      ['one character', 'g'],
      ['one character padded with spaces', '  g  '],
    ])('%s gives empty results, not an error', async (_label, q) => {
      expect(await search(q)).toEqual({ results: [], total: 0, page: 1, suggestions: [] });
    });

    it('a search asked again answers the same JSON (written at once the first time, its bytes kept from the second)', async () => {
      const ask = () => app.inject({ url: '/api/v1/search', query: { q: 'galletas', limit: '5' } });
      const answers = [await ask(), await ask(), await ask()];
      for (const res of answers) {
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      }
      expect(answers[0]!.json<SearchResponse>().results.length).toBeGreaterThan(0);
      expect(new Set(answers.map((res) => res.body)).size).toBe(1);
    });

    it('no q at all is an empty answer too', async () => {
      const res = await app.inject('/api/v1/search');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ results: [], total: 0, page: 1, suggestions: [] });
    });

    it.each([
      ['without accents', 'azucar', 'Azúcar Rubia'],
      ['in capitals', 'AZÚCAR', 'Azúcar Rubia'],
      ['trimmed', '   leche entera   ', 'Leche Entera'],
      ['singular for a plural name', 'galleta avena', 'Galletas de Avena'],
      ['plural for a singular name', 'galletas chips', 'Galleta Chocolate Chips'],
      ['with a typo', 'chocolte amargo', 'Chocolate Amargo 70%'],
      ['a brand', 'iansa', 'Azúcar Rubia'],
      ['a sub-subcategory name', 'rellenas frutilla', 'Obsesión Rellena Frutilla'],
      ['a word being typed', 'yogur bat', 'Yogur Batido Frutilla'],
      ['an EAN-13 typed as text', '7802215505218', 'Yogur Batido Frutilla'],
      ['a UPC-A typed with its EAN-13 zero', '0041196910759', 'Cereal de Maíz Azucarado'],
    ])('finds %s: %j → %s first', async (_label, q, first) => {
      expect((await names(q))[0]).toBe(first);
    });

    it('matches category names as well as names', async () => {
      // 'endulzantes' is a product name word for one and the subcategory of both.
      expect(await names('endulzantes')).toEqual([
        'Endulzante Stevia',
        'Azúcar Rubia',
        'Cereal de Maíz Azucarado',
      ]);
    });

    it("'leche sin lactosa': the lactose-free milk first, never a milk that names lactose", async () => {
      const found = await names('leche sin lactosa');
      expect(found[0]).toBe('Leche Sin Lactosa');
      expect(found).not.toContain('Leche Entera');
      expect(found).not.toContain('Leche Chocolatada');
    });

    it("'yogur sin azucar' never shows a yogurt whose list names sugar", async () => {
      // Every seeded product lists 'azúcar, harina de trigo' except the one whose label says otherwise.
      expect(await names('yogur sin azucar')).toEqual(['Yogur Natural Sin Azúcar']);
      expect(await names('yogur')).toContain('Yogur Batido Frutilla');
    });

    it('ranks the exact name, then names starting with the query, then relevance and health score', async () => {
      expect(await names('galletas')).toEqual([
        'Galletas',
        'Galletas de Avena',
        'Galletas de Chocolate',
        'Galleta Chocolate Chips',
        // By subcategory ('Galletas dulces'), which outweighs the broad category ('Chocolates, galletas y dulces').
        'Obsesión Rellena Frutilla',
        'Chocolate Amargo 70%',
      ]);
      expect(await names('leche')).toEqual([
        'Leche Sin Lactosa',
        'Leche Entera',
        'Leche Chocolatada',
        'Agua Mineral sin Gas',
        'Té Verde Limón',
      ]);
    });

    it('respects the limit', async () => {
      expect(await names('galletas', 2)).toEqual(['Galletas', 'Galletas de Avena']);
    });

    it('counts every match and pages through all of them, 1-based, each once, in the same order', async () => {
      const all = await search('leche', 50);
      expect(all.total).toBe(all.results.length);
      expect(all.total).toBeGreaterThan(3);
      expect(all.page).toBe(1);
      const paged: string[] = [];
      for (let page = 1; page <= Math.ceil(all.total / 2); page++) {
        const res = await app.inject({ url: '/api/v1/search', query: { q: 'leche', limit: '2', page: String(page) } });
        expect(res.statusCode).toBe(200);
        const body = res.json<SearchResponse>();
        expect(body).toMatchObject({ total: all.total, page });
        paged.push(...body.results.map((r) => r.barcode));
      }
      expect(paged).toEqual(all.results.map((r) => r.barcode));
      const beyond = await app.inject({ url: '/api/v1/search', query: { q: 'leche', limit: '2', page: '99' } });
      expect(beyond.json<SearchResponse>()).toMatchObject({ results: [], total: all.total, page: 99 });
    });

    it('counts a typed barcode once, first', async () => {
      const barcode = (await search('galletas', 1)).results[0]!.barcode;
      expect(await search(barcode)).toMatchObject({ total: 1, page: 1, results: [{ barcode }] });
    });

    it.each([
      ['0', 'La página debe ser al menos 1'],
      ['dos', 'La página debe ser un número'],
      ['1.5', 'La página debe ser un número entero'],
    ])('page=%s is a 400 in Spanish', async (page, message) => {
      const res = await app.inject({ url: '/api/v1/search', query: { q: 'leche', page } });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toContain(message);
    });

    it.each([
      ['0', 'El límite debe ser al menos 1'],
      ['51', 'El límite no puede ser mayor que 50'],
      ['muchos', 'El límite debe ser un número'],
    ])('limit=%s is a 400 in Spanish', async (limit, message) => {
      const res = await app.inject({ url: '/api/v1/search', query: { q: 'leche', limit } });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ code: string; message: string }>()).toMatchObject({ code: 'VALIDATION_ERROR' });
      expect(res.json<{ message: string }>().message).toContain(message);
    });

    it('a query over 200 characters is a 400 in Spanish', async () => {
      const res = await app.inject({ url: '/api/v1/search', query: { q: 'a'.repeat(201) } });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toContain('La búsqueda es demasiado larga');
    });

    it('suggests the real catalogue word for a typo ("¿Quisiste decir?")', async () => {
      expect((await search('chocolte')).suggestions).toEqual(['chocolate']);
      expect((await search('azucr rubia')).suggestions).toEqual(['azúcar rubia']);
    });

    it('suggests close words when nothing at all matches', async () => {
      const body = await search('yoghurtt');
      expect(body.results).toEqual([]);
      expect(body.suggestions).toContain('yogur');
    });

    it('suggests nothing for a query it understood', async () => {
      expect((await search('galletas chocolate')).suggestions).toEqual([]);
    });

    it('shows an edited product once the catalogue signals the change', async () => {
      expect(await names('azúcar flor')).toEqual([]);
      await app.services.catalogue.write(async (tx, changed) => {
        const rows = await tx
          .update(products)
          .set({ name: 'Azúcar Flor', updatedAt: new Date() })
          .where(eq(products.barcode, '7802215505195'))
          .returning({ id: products.id });
        changed.products(rows.map((r) => r.id));
      });
      await vi.waitFor(async () => expect((await names('azúcar flor'))[0]).toBe('Azúcar Flor'), {
        timeout: 10_000,
        interval: 50,
      });
      expect(await names('azúcar rubia')).not.toContain('Azúcar Rubia');
    });
  });

  describe('GET /api/v1/search/suggestions', () => {
    const suggest = async (q: string) => {
      const res = await app.inject({ url: '/api/v1/search/suggestions', query: { q } });
      expect(res.statusCode).toBe(200);
      return res.json<SuggestResponse>().items;
    };

    it('proposes at most 5 products for 2 characters, each with its id, name and brand', async () => {
      const items = await suggest('ga');
      expect(items.length).toBe(5);
      for (const item of items) expect(Object.keys(item).sort()).toEqual(['brand', 'id', 'name']);
      // Names that start with what is typed first ('Galletas…'), then a word elsewhere ('Agua Mineral sin Gas').
      expect(items.slice(0, 4).every((i) => i.name.startsWith('Gallet'))).toBe(true);
      expect(items[4]).toMatchObject({ name: 'Agua Mineral sin Gas', brand: 'Poland' });
    });

    it('reads the last word as still being typed, the way the search ranks', async () => {
      expect((await suggest('leche ent')).map((i) => i.name)[0]).toBe('Leche Entera');
      expect((await suggest('yogur sin az')).map((i) => i.name)).not.toContain('Cereal de Maíz Azucarado');
      for (const q of ['galletas', 'leche sin lactosa', 'chocolte', 'sopro']) {
        const ids = (await suggest(q)).map((i) => i.id);
        expect(ids, q).toEqual((await search(q, 5)).results.map((r) => r.id));
      }
    });

    it('proposes nothing when nothing matches', async () => {
      expect(await suggest('xqzw')).toEqual([]);
    });

    it.each([
      ['no q', undefined, 'Escribe al menos 2 letras para ver sugerencias'],
      ['one character', 'g', 'Escribe al menos 2 letras para ver sugerencias'],
      ['one character padded with spaces', '  g  ', 'Escribe al menos 2 letras para ver sugerencias'],
      ['over 200 characters', 'a'.repeat(201), 'La búsqueda es demasiado larga'],
    ])('%s is a 400 in Spanish that does not echo the text', async (_label, q, message) => {
      const res = await app.inject({ url: '/api/v1/search/suggestions', query: q === undefined ? {} : { q } });
      expect(res.statusCode).toBe(400);
      const body = res.json<{ code: string; message: string }>();
      expect(body.code).toBe('VALIDATION_ERROR');
      expect(body.message).toContain(message);
      if (q && q.trim().length > 1) expect(body.message).not.toContain(q.trim());
    });
  });

  describe('GET /api/search/barcode/:code', () => {
    const lookup = (code: string) => app.inject(`/api/search/barcode/${encodeURIComponent(code)}`);
    const idOf = async (barcode: string) =>
      (await database.db.select({ id: products.id }).from(products).where(eq(products.barcode, barcode)))[0]!
        .id;

    it.each([
      ['an EAN-13', '7802215505164', '7802215505164'],
      ['an EAN-8', '96385074', '96385074'],
      ['a UPC-A stored as UPC-A', '041196910759', '041196910759'],
      ['a UPC-A stored as UPC-A, asked with the leading zero', '0041196910759', '041196910759'],
      ['an EAN-13 with a leading zero, asked as UPC-A', '075720000814', '0075720000814'],
      ['an EAN-13 with a leading zero, asked as stored', '0075720000814', '0075720000814'],
    ])('finds %s (%s)', async (_label, code, stored) => {
      const res = await lookup(code);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ id: await idOf(stored), barcode: stored });
    });

    it('finds a product added since the index was built, from the database', async () => {
      const [row] = await database.db
        .insert(products)
        .values({ barcode: '7809999999994', name: 'Recién Llegado', brand: 'Nueva' })
        .returning({ id: products.id });
      const res = await lookup('7809999999994');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ id: row!.id, barcode: '7809999999994' });
    });

    it('answers 404 in Spanish for an unknown code, saying Open Food Facts was not asked (live lookups are off here)', async () => {
      const res = await lookup('7800000000009');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        code: 'NOT_IN_CATALOGUE',
        message: 'Producto no encontrado para este código de barras',
      });
    });

    it('answers 400 "Revisa los números" for an unknown code whose check digit is wrong', async () => {
      const res = await lookup('7800000000000');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'BARCODE_CHECK_DIGIT',
        message: 'Revisa los números: ese código no existe (el último no cuadra con los demás).',
      });
    });

    it.each([
      ['letters', 'abcdefghijklm', 'solo puede tener dígitos'],
      ['digits and letters', '78022155051A4', 'solo puede tener dígitos'],
      ['an injection attempt', "1' OR '1'='1", 'solo puede tener dígitos'],
      ['a wrong length', '12345', 'EAN-13, EAN-8 o UPC-A'],
    ])('refuses %s with a 400 in Spanish', async (_label, code, message) => {
      const res = await lookup(code);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ code: string }>().code).toBe('VALIDATION_ERROR');
      expect(res.json<{ message: string }>().message).toContain(message);
    });
  });
});

describe(`search index freshness (${testDatabaseKind})`, () => {
  /**
   * A seeded database of its own with a search service on it, started and asked once; both closed after `body`.
   * `pollMs` > 0: the service hears of no write (a signal of its own, as a second server process) and polls.
   */
  const withService = async (
    pollMs: number,
    body: (on: { database: Database; writes: CatalogueWrites; service: SearchService }) => Promise<void>,
  ) => {
    const database = await createTestDatabase();
    await seed(database.db);
    const writes = createCatalogueWrites(database.db);
    const service = createSearchService({
      repository: createSearchRepository(createProductRepository(database.db)),
      events: pollMs > 0 ? createCatalogueWrites(database.db) : writes,
      log: (await import('fastify')).default({ logger: false }).log,
      options: { debounceMs: 10, pollMs },
    });
    try {
      service.start();
      await service.search('stevia', 30);
      await body({ database, writes, service });
    } finally {
      await service.stop();
      await database.close();
    }
  };

  it('searches asked while the first index builds wait for that build: the catalogue is read once', async () => {
    // withService asks once right after start(), while the first build is reading.
    await withService(0, async ({ service }) => {
      await Promise.all([service.search('leche', 30), service.suggest('gall')]);
      expect(service.builds()).toBe(1);
    });
  });

  it('a few changed products are searched fresh at once, without rebuilding the whole index', async () => {
    await withService(0, async ({ writes, service }) => {
      const builds = service.builds();
      await writes.write(async (tx, changed) => {
        const rows = await tx
          .update(products)
          .set({ name: 'Endulzante Monk Fruit', updatedAt: new Date() })
          .where(eq(products.barcode, '7802215505201'))
          .returning({ id: products.id });
        changed.products(rows.map((r) => r.id));
      });
      await vi.waitFor(async () => expect((await service.search('monk fruit', 30)).results.map((r) => r.name)).toEqual(['Endulzante Monk Fruit']), {
        timeout: 5_000,
        interval: 20,
      });
      // The old entry is hidden: the old name finds nothing, the barcode finds the product.
      expect((await service.search('stevia', 30)).results).toEqual([]);
      expect((await service.findByBarcode('7802215505201')).barcode).toBe('7802215505201');
      expect(service.builds()).toBe(builds);
    });
  });

  it("a product's indexed summary is offered only while it is current: never an old one after a write", async () => {
    await withService(0, async ({ writes, service }) => {
      const [stevia] = (await service.search('stevia', 30)).results;
      // The index's own object, so a listing built from it holds no second copy.
      expect(service.indexedSummary(stevia!.id)).toBe(stevia);
      await writes.write(async (tx, changed) => {
        await tx.update(products).set({ name: 'Endulzante Monk Fruit', updatedAt: new Date() }).where(eq(products.id, stevia!.id));
        changed.products([stevia!.id]);
      });
      // Changed and not yet read back: the database must answer for it.
      expect(service.indexedSummary(stevia!.id)).toBeNull();
      await vi.waitFor(() => expect(service.indexedSummary(stevia!.id)?.name).toBe('Endulzante Monk Fruit'), { timeout: 5_000, interval: 20 });
      // A change of unknown extent: nothing is current until the main index has read the catalogue again.
      const builds = service.builds();
      await writes.write(async (_tx, changed) => changed.everything());
      expect(service.indexedSummary(stevia!.id)).toBeNull();
      await vi.waitFor(() => expect(service.builds()).toBe(builds + 1), { timeout: 10_000, interval: 20 });
      expect(service.indexedSummary(stevia!.id)?.name).toBe('Endulzante Monk Fruit');
    });
  });

  it('a burst larger than the overlay (a sync) rebuilds the whole index once it pauses', async () => {
    await withService(0, async ({ writes, service }) => {
      const builds = service.builds();
      await writes.write(async (tx, changed) => {
        const rows = await tx.update(products).set({ updatedAt: new Date() }).returning({ id: products.id });
        // More ids than the overlay holds, as a sync's batches announce them.
        changed.products([...rows.map((r) => r.id), ...Array.from({ length: 1_001 }, (_, i) => 1_000_000 + i)]);
      });
      await vi.waitFor(() => expect(service.builds()).toBe(builds + 1), { timeout: 10_000, interval: 50 });
      expect((await service.search('stevia', 30)).results.map((r) => r.name)).toEqual(['Endulzante Stevia']);
    });
  });

  it('notices a write made by another process through the catalogue fingerprint', async () => {
    // Its own event bus: nobody tells this service about the write, as with a second server process.
    await withService(50, async ({ database, service }) => {
      expect((await service.search('stevia', 30)).results.map((r) => r.name)).toEqual(['Endulzante Stevia']);
      await database.db
        .update(products)
        .set({ name: 'Endulzante Sucralosa', updatedAt: new Date(Date.now() + 1000) })
        .where(eq(products.barcode, '7802215505201'));
      await vi.waitFor(async () => expect((await service.search('sucralosa', 30)).results).toHaveLength(1), {
        timeout: 10_000,
        interval: 50,
      });
      expect((await service.search('stevia', 30)).results).toEqual([]);
    });
  });
});
