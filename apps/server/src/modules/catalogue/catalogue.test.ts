import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { product, type ListingPage, type Product } from '@etiqueta/contracts';
import { ADDITIVE_CATALOGUE, INITIAL_FILTER_STATE, matchesFilters, scoreBand } from '@etiqueta/domain';
import { additives, products } from '../../db/schema.ts';
import { sharedTestApp, testDatabaseKind } from '../../../test/helpers.ts';
import { seedCatalogue, signedInAs } from '../../../test/fixtures.ts';

describe(`catalogue reads (${testDatabaseKind})`, () => {
  const t = sharedTestApp();
  let cookie: string;
  let seeded: Awaited<ReturnType<typeof seedCatalogue>>;
  beforeAll(async () => {
    seeded = await seedCatalogue(t.app, [
      { barcode: '7800000000011', name: 'Leche Entera', ingredients: 'leche entera' },
      { barcode: '7800000000028', name: 'Cereal Azucarado', sub2: 'Cereales', totalSugarsG100: 35, ingredients: 'maíz, azúcar, jarabe de glucosa, colorante tartrazina, saborizante' },
      { barcode: '7800000000035', name: 'Avena Integral', sub2: 'Cereales', ingredients: 'avena integral' },
    ]);
    cookie = await signedInAs(t.app, t.database.db, 'lector@example.cl');
  });

  const get = (url: string) => t.app.inject({ url, headers: { cookie } });

  it('categories are public, sorted by name, with their product counts', async () => {
    const res = await t.app.inject('/api/categories');
    expect(res.statusCode).toBe(200);
    const list = res.json<{ slug: string; productCount: number }[]>();
    expect(list.map((c) => c.slug)).toEqual(['bebidas', 'desayuno']);
    expect(list.find((c) => c.slug === 'desayuno')?.productCount).toBe(3);
    expect(list.find((c) => c.slug === 'bebidas')?.productCount).toBe(0);
  });

  it('a category, its subcategories and its products', async () => {
    expect((await get('/api/categories/desayuno')).json()).toMatchObject({ name: 'Desayuno', slug: 'desayuno' });
    const subs = (await get('/api/categories/desayuno/subcategories')).json();
    expect(subs).toEqual([{ id: seeded.subcategory.id, name: 'Leches', slug: 'leches', productCount: 3, parentCategory: 'desayuno' }]);
    const listing = (await get('/api/categories/desayuno/products')).json<ListingPage>();
    expect(listing).toMatchObject({ total: 3, page: 1, pageSize: 60 });
    expect(listing.items).toHaveLength(3);
    expect((await get('/api/categories/no-existe')).statusCode).toBe(404);
  });

  it('a subcategory names its parent; its products filter by sub-subcategory name', async () => {
    expect((await get('/api/subcategories/leches')).json()).toMatchObject({ slug: 'leches', parentCategory: 'desayuno' });
    const cereals = (await get('/api/subcategories/leches/products?sub2categories=Cereales')).json<ListingPage>().items;
    expect(cereals.map((p) => p.name).sort()).toEqual(['Avena Integral', 'Cereal Azucarado']);
    expect(cereals.every((p) => p.sub2categoryName === 'Cereales')).toBe(true);
    const sub2 = (await get('/api/subcategories/leches/sub2categories')).json();
    expect(sub2).toEqual([
      { name: 'Cereales', slug: 'cereales', productCount: 0 },
      { name: 'Leche', slug: 'leche', productCount: 0 },
    ]);
  });

  it('listings put the best score first and products without a score last', async () => {
    const products = (await get('/api/subcategories/leches/products')).json<ListingPage>().items;
    const scores = products.map((p) => p.healthScore ?? -1);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it('a listing shows a write at once, though its cards come from the search index', async () => {
    await t.app.services.search.search('leche', 5); // the index is built
    const names = async () => (await get('/api/subcategories/leches/products')).json<ListingPage>().items.map((p) => p.name);
    expect(await names()).toContain('Leche Entera');
    const id = seeded.products[0]!.id;
    await t.app.services.catalogue.write(async (tx, changed) => {
      await tx.update(products).set({ name: 'Leche Entera Nueva', updatedAt: new Date() }).where(eq(products.id, id));
      changed.products([id]);
    });
    expect(await names()).toContain('Leche Entera Nueva');
    await t.app.services.catalogue.write(async (tx, changed) => {
      await tx.update(products).set({ name: 'Leche Entera', updatedAt: new Date() }).where(eq(products.id, id));
      changed.products([id]);
    });
    expect(await names()).toContain('Leche Entera');
  });

  it("the product page carries each additive's reason; a listing card leaves it out", async () => {
    const id = seeded.products[1]!.id;
    const page = (await get(`/api/products/${id}`)).json<Product>();
    const tartrazine = page.detectedAdditives.find((a) => a.code === 'E102');
    expect(tartrazine?.reason).toBe(ADDITIVE_CATALOGUE.find((a) => a.code === 'E102')!.reason);
    const card = (await get('/api/subcategories/leches/products'))
      .json<ListingPage>()
      .items.find((p) => p.id === id)!;
    const shown = (list: Pick<Product['detectedAdditives'][number], 'code' | 'name' | 'riskLevel' | 'matchedText'>[]) =>
      list.map(({ code, name, riskLevel, matchedText }) => ({ code, name, riskLevel, matchedText }));
    expect(shown(card.detectedAdditives)).toEqual(shown(page.detectedAdditives));
    expect(card.detectedAdditives.some((a) => 'reason' in a)).toBe(false);
  });

  it('a product carries everything its page needs, computed on the server', async () => {
    const id = seeded.products[1]!.id;
    const res = await get(`/api/products/${id}`);
    expect(res.statusCode).toBe(200);
    const p = res.json<Product>();
    expect(p).toMatchObject({ id, name: 'Cereal Azucarado', categorySlug: 'desayuno', subcategorySlug: 'leches' });
    expect(p.detectedAdditives).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: 'E102', riskLevel: expect.any(String), matchedText: expect.stringMatching(/tartrazina/i) })]),
    );
    expect(p.ultraprocessed.length).toBeGreaterThan(0);
    expect(p.novaGroup).toBe(4);
    expect(p.nutriscore).toMatchObject({ grade: expect.stringMatching(/^[a-e]$/i) });
    expect(typeof p.healthScore).toBe('number');
    expect(p.scoreLabel).not.toBe('');
    expect(p.reasons.length).toBeGreaterThan(0);
    expect(Array.isArray(p.seals)).toBe(true);
  });

  it('the product answer is exactly the contract, field for field the stored row', async () => {
    const id = seeded.products[1]!.id;
    const res = await get(`/api/products/${id}`);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = res.json<Product>();
    // Strict: no field missing, none extra (the search text and the internal flags stay out).
    expect(() => product.strict().parse(body)).not.toThrow();
    const [row] = await t.database.db.select().from(products).where(eq(products.id, id));
    const table = new Map((await t.database.db.select().from(additives)).map((a) => [a.code, a]));
    expect(row!.detectedAdditives.length).toBeGreaterThan(0);
    expect(body).toEqual({
      id,
      barcode: row!.barcode,
      name: row!.name,
      brand: row!.brand,
      images: row!.images,
      healthScore: row!.healthScore,
      scoreLabel: scoreBand(row!.healthScore).label,
      categorySlug: 'desayuno',
      subcategorySlug: 'leches',
      sub2categoryName: 'Cereales',
      novaGroup: row!.novaGroup,
      // Each stored additive with its function and reason as the additive table gives them.
      detectedAdditives: row!.detectedAdditives.map((a) => ({
        ...a,
        function: table.get(a.code)?.category || null,
        reason: table.get(a.code)?.reason || null,
      })),
      ultraprocessed: row!.ultraprocessed,
      ingredients: row!.ingredients,
      ingredientReading: row!.ingredientReading,
      organic: row!.organic,
      nutriscoreCategory: row!.nutriscoreCategory,
      frutasPercentage: row!.frutasPercentage,
      verdurasPercentage: row!.verdurasPercentage,
      legumesPercentage: row!.legumesPercentage,
      nutsPercentage: row!.nutsPercentage,
      energyKcal100: row!.energyKcal100,
      totalFatG100: row!.totalFatG100,
      saturatedFatG100: row!.saturatedFatG100,
      carbohydratesG100: row!.carbohydratesG100,
      totalSugarsG100: row!.totalSugarsG100,
      fiberG100: row!.fiberG100,
      proteinG100: row!.proteinG100,
      sodiumMg100: row!.sodiumMg100,
      energyEstimated: row!.energyEstimated,
      isLiquid: row!.isLiquid,
      nutriscore: row!.nutriscore,
      reasons: row!.scoreReasons,
      seals: row!.seals,
      scoreVersion: row!.scoreVersion,
      allergens: row!.allergens,
      diets: row!.diets,
      novaOverride: row!.novaOverride,
      lockedFields: row!.lockedFields,
      source: row!.source,
      updatedAt: row!.updatedAt.toISOString(),
    });
    expect(body.totalSugarsG100).toBe(35);
  });

  it('unknown and malformed product ids are 404 and 400, never 500', async () => {
    expect((await get('/api/products/999999')).statusCode).toBe(404);
    expect((await get('/api/products/abc')).statusCode).toBe(400);
    expect((await get('/api/products/-1')).statusCode).toBe(400);
    expect((await get('/api/products/99999999999999999999')).statusCode).toBe(400);
    expect((await get('/api/categories/..%2F..%2Fetc')).statusCode).toBe(400);
  });
});

/** An additive our catalogue rates 'Riesgoso', for the 'sin-aditivos-riesgosos' filter. */
const RISKY = ADDITIVE_CATALOGUE.find((a) => a.riskLevel === 'Riesgoso' && /^E\d+$/.test(a.code))!.code;

describe(`listing pages (${testDatabaseKind})`, () => {
  // More than the 300 a listing used to stop at: every product must be on some page, and the count true.
  const COUNT = 305;
  const t = sharedTestApp();
  let cookie: string;
  beforeAll(async () => {
    await seedCatalogue(
      t.app,
      Array.from({ length: COUNT }, (_, i) => ({
        barcode: String(7_800_000_100_000 + i),
        name: `Producto ${String(COUNT - i).padStart(3, '0')}`,
        totalSugarsG100: i % 7 === 0 ? null : i % 40,
        ingredients: i % 3 === 0 ? `leche, azúcar, colorante (${RISKY})` : i % 3 === 1 ? 'leche, azúcar, colorante tartrazina' : 'leche entera',
      })),
    );
    cookie = await signedInAs(t.app, t.database.db, 'paginas@example.cl');
  }, 60_000);

  const page = async (query: string) => {
    const res = await t.app.inject({ url: `/api/subcategories/leches/products?${query}`, headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ListingPage>();
  };
  const walk = async (query: string) => {
    const first = await page(`${query}&page=1&pageSize=120`);
    const items = [...first.items];
    for (let n = 2; (n - 1) * 120 < first.total; n++) items.push(...(await page(`${query}&page=${n}&pageSize=120`)).items);
    return { total: first.total, items };
  };

  it('every product is on some page, once, best score first across pages', async () => {
    const { total, items } = await walk('sort=score');
    expect(total).toBe(COUNT);
    expect(items).toHaveLength(COUNT);
    expect(new Set(items.map((p) => p.id)).size).toBe(COUNT);
    const scores = items.map((p) => p.healthScore ?? -1);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    // The default page is 60 products, and the default order the score.
    const defaults = await page('');
    expect(defaults).toMatchObject({ total: COUNT, page: 1, pageSize: 60 });
    expect(defaults.items.map((p) => p.id)).toEqual(items.slice(0, 60).map((p) => p.id));
  });

  it('sorts by name, A to Z, across pages', async () => {
    const { items } = await walk('sort=name');
    expect(items.map((p) => p.name)).toEqual(Array.from({ length: COUNT }, (_, i) => `Producto ${String(i + 1).padStart(3, '0')}`));
  });

  it('the quick filters run on the server: the total counts exactly the products that pass', async () => {
    const all = (await walk('sort=score')).items;
    const cases = [
      ['filters=sin-aditivos', { ...INITIAL_FILTER_STATE, active: new Set(['sin-aditivos'] as const) }],
      ['filters=sin-aditivos-riesgosos', { ...INITIAL_FILTER_STATE, active: new Set(['sin-aditivos-riesgosos'] as const) }],
      ['filters=ancestral-natural&sugarMaxG=10', { active: new Set(['ancestral-natural'] as const), sugarEnabled: true, sugarMaxG: 10 }],
      ['sugarMaxG=0', { ...INITIAL_FILTER_STATE, sugarEnabled: true, sugarMaxG: 0 }],
    ] as const;
    for (const [query, state] of cases) {
      const expected = all.filter((p) => matchesFilters(p, state)).map((p) => p.id);
      expect(expected.length, query).toBeGreaterThan(0);
      expect(expected.length, query).toBeLessThan(COUNT);
      const got = await walk(query);
      expect(got.total, query).toBe(expected.length);
      expect(got.items.map((p) => p.id), query).toEqual(expected);
    }
  });

  it('a page past the end is empty and still tells the total', async () => {
    expect(await page('page=99')).toEqual({ items: [], total: COUNT, page: 99, pageSize: 60 });
  });

  it.each([
    ['filters=sin-gluten', 'Ese filtro no existe'],
    ['sugarMaxG=100', 'El máximo de azúcar debe estar entre 0 y 99 g'],
    ['sugarMaxG=abc', 'El máximo de azúcar debe ser un número'],
    ['sort=precio', 'El orden debe ser score o name'],
    ['page=0', 'La página debe ser al menos 1'],
    ['pageSize=500', 'El tamaño de página debe estar entre 1 y 120'],
  ])('%s is a 400 in Spanish, never echoed back', async (query, message) => {
    const res = await t.app.inject({ url: `/api/subcategories/leches/products?${query}`, headers: { cookie } });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ code: string; message: string }>().message).toContain(message);
  });
});
