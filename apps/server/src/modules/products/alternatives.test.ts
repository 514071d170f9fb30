import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ListingPage, Product, ProductAlternatives } from '@etiqueta/contracts';
import { BETTER_REASON_IDS, isClearlyBetter } from '@etiqueta/domain';
import { products, subcategories } from '../../db/schema.ts';
import { sharedTestApp, testDatabaseKind } from '../../../test/helpers.ts';
import { BLANK_LABEL, seedCatalogue, signedInAs } from '../../../test/fixtures.ts';
import { computeProductFields } from './product-analysis.ts';

type Values = Partial<typeof products.$inferInsert>;

/** A cereal label; each alternative below changes one or two facts of it. */
const CEREAL: Values = {
  brand: 'Costa',
  ingredients: 'harina de trigo, azúcar, cacao, aceite vegetal, sal',
  energyKcal100: 390,
  totalFatG100: 5,
  saturatedFatG100: 2,
  totalSugarsG100: 30,
  fiberG100: 3,
  proteinG100: 7,
  sodiumMg100: 250,
};

describe(`"Mejores opciones": GET /api/products/:id/alternatives (${testDatabaseKind})`, () => {
  const t = sharedTestApp();
  let member: string;
  let admin: string;
  const id: Record<string, number> = {};
  let shelf: Awaited<ReturnType<typeof seedCatalogue>>;

  /** Inserts a product analysed as an import would, through the catalogue write path. */
  const add = async (key: string, name: string, values: Values, place: { sub2?: 'Cereales' | 'Leche' | null; subcategoryId?: number } = {}) => {
    const matcher = await t.app.services.matcher.get();
    const sub2 = place.sub2 === null ? null : shelf.sub2.find((s) => s.name === (place.sub2 ?? 'Cereales'))!;
    const input = { ...BLANK_LABEL, name, ...values } as const;
    const computed = computeProductFields(input, matcher, ['Desayuno', 'Leches', sub2?.name ?? '']);
    await t.app.services.catalogue.write(async (tx, changed) => {
      const [row] = await tx
        .insert(products)
        .values({
          ...input,
          ...computed,
          barcode: `7800${String(Object.keys(id).length).padStart(9, '0')}`,
          categoryId: shelf.category.id,
          subcategoryId: place.subcategoryId ?? shelf.subcategory.id,
          sub2categoryId: sub2?.id ?? null,
          // As the import would: the family of the shelf (Cereales: cereal, Leche: milk) unless a case says otherwise.
          substituteFamily: values.substituteFamily ?? (sub2?.name === 'Leche' ? 'milk' : 'cereal'),
          source: 'test',
        })
        .returning();
      id[key] = row!.id;
      changed.products([row!.id]);
    });
  };

  const get = <T>(url: string, cookie = member) => t.app.inject({ method: 'GET', url, headers: { cookie } }).then((r) => ({ status: r.statusCode, body: r.json<T>() }));
  const alternatives = async (key: string) => {
    const res = await get<ProductAlternatives>(`/api/products/${id[key]}/alternatives`);
    expect(res.status).toBe(200);
    return res.body;
  };
  const score = async (key: string) => (await get<Product>(`/api/products/${id[key]}`)).body.healthScore;

  beforeAll(async () => {
    shelf = await seedCatalogue(t.app, []);
    const [otherSub] = await t.database.db
      .insert(subcategories)
      .values({ categoryId: shelf.category.id, name: 'Galletas', slug: 'galletas' })
      .returning();
    // The product in the shopper's hand: sugary, salty, with a debated colour (tartrazine).
    await add('original', 'Cereal Choco Costa', { ...CEREAL, ingredients: `${CEREAL.ingredients}, colorante tartrazina` });
    // Clearly better on the same shelf, each for a different reason.
    await add('lessSugar', 'Cereal Choco Light', { ...CEREAL, totalSugarsG100: 6, brand: 'Otra' });
    await add('noRisky', 'Cereal Miel', { ...CEREAL, totalSugarsG100: 12, brand: 'Otra' });
    await add('lessSalt', 'Avena Choco Costa', { ...CEREAL, totalSugarsG100: 8, sodiumMg100: 20 });
    await add('oats', 'Avena tradicional', { ...CEREAL, ingredients: 'avena', totalSugarsG100: 1, sodiumMg100: 5, fiberG100: 10, proteinG100: 13 });
    await add('twinA', 'Cereal Choco Integral', { ...CEREAL, totalSugarsG100: 9, brand: 'Otra' });
    await add('twinB', 'Granola crocante', { ...CEREAL, totalSugarsG100: 9, brand: 'Otra' });
    await add('twinC', 'Cereal Choco Integral', { ...CEREAL, totalSugarsG100: 9, brand: 'Otra' });
    // Not clearly better: the same label but a gram less sugar.
    await add('barelyBetter', 'Cereal Choco Mini', { ...CEREAL, totalSugarsG100: 29 });
    // Better, but not of this shelf or this kind.
    await add('otherSub2', 'Leche descremada', { ...CEREAL, ingredients: 'leche descremada', totalSugarsG100: 4.8, sodiumMg100: 40 }, { sub2: 'Leche' });
    await add('otherSub', 'Galleta de avena', { ...CEREAL, ingredients: 'avena, pasas', totalSugarsG100: 2, substituteFamily: 'cookie-biscuit' }, { sub2: null, subcategoryId: otherSub!.id });
    await add('liquid', 'Bebida de avena Choco', { ...CEREAL, ingredients: 'agua, avena', isLiquid: true, nutriscoreCategory: 'beverage', energyKcal100: 40, totalSugarsG100: 2, saturatedFatG100: 0.2, sodiumMg100: 30 });
    // No label values: no score.
    await add('unscored', 'Cereal sin datos', { ingredients: 'maíz' });
    // No sub-subcategory: its shelf is the whole subcategory.
    await add('noSub2', 'Cereal suelto', { ...CEREAL, ingredients: `${CEREAL.ingredients}, colorante tartrazina`, totalSugarsG100: 40 }, { sub2: null });
    // No subcategory at all.
    await add('noShelf', 'Cereal perdido', CEREAL, { sub2: null, subcategoryId: undefined });
    await t.database.db.update(products).set({ subcategoryId: null }).where(eq(products.id, id.noShelf!));
    member = await signedInAs(t.app, t.database.db, 'ana@example.cl');
    admin = await signedInAs(t.app, t.database.db, 'admin@example.cl', 'admin');
  });

  it('offers up to five clearly better products of the same shelf, best first, each with a true reason', async () => {
    const original = (await get<Product>(`/api/products/${id.original}`)).body;
    const answer = await alternatives('original');
    expect(answer).toMatchObject({ productId: id.original, unavailable: null, minimumMargin: 0.5 });
    expect(answer.items).toHaveLength(5);
    for (const item of answer.items) {
      expect(isClearlyBetter(item.healthScore, original.healthScore), item.name).toBe(true);
      expect(BETTER_REASON_IDS).toContain(item.reason.id);
      expect(item.reason.text).toMatch(/^[A-ZÁÉÍÓÚ]/);
    }
    const scores = answer.items.map((i) => Math.round(i.healthScore * 10));
    expect(scores).toEqual(scores.toSorted((a, b) => b - a));
    // The best of the shelf first, with what it is better in, in plain Spanish.
    expect(answer.items[0]).toMatchObject({
      id: id.oats,
      name: 'Avena tradicional',
      brand: 'Costa',
      images: null,
      reason: { id: 'menos-azucar', text: 'Menos azúcar', detail: '1 g frente a 30 g por 100 g' },
    });
    expect(answer.items.map((i) => i.scoreLabel)).toEqual(answer.items.map((i) => (i.healthScore >= 9 ? 'Excelente' : i.healthScore >= 6.95 ? 'Mejor' : i.healthScore >= 5.05 ? 'Mediocre' : i.healthScore >= 2.55 ? 'Malo' : 'Muy malo')));
  });

  it('names the one real difference: less sugar when only the sugar changed', async () => {
    // lessSugar differs from barelyBetter (same risky-free label, 29 g) in sugar only.
    const answer = await alternatives('barelyBetter');
    const item = answer.items.find((i) => i.id === id.lessSugar);
    expect(item?.reason).toEqual({ id: 'menos-azucar', text: 'Menos azúcar', detail: '6 g frente a 29 g por 100 g' });
  });

  it('says "Sin aditivos de riesgo" when a risky additive is the difference', async () => {
    const galletas = (await t.database.db.select().from(subcategories).where(eq(subcategories.slug, 'galletas')))[0]!;
    const place = { sub2: null, subcategoryId: galletas.id } as const;
    await add('riskyCookie', 'Galleta choco blanca', { ...CEREAL, ingredients: `${CEREAL.ingredients}, dióxido de titanio`, substituteFamily: 'cookie-biscuit' }, place);
    await add('cleanCookie', 'Galleta choco', { ...CEREAL, substituteFamily: 'cookie-biscuit' }, place);
    const items = (await alternatives('riskyCookie')).items;
    expect(items.find((i) => i.id === id.cleanCookie)?.reason).toEqual({
      id: 'sin-aditivos-de-riesgo',
      text: 'Sin aditivos de riesgo',
      detail: '0 frente a 1 aditivo de riesgo',
    });
  });

  it('never offers another family, a liquid for a solid, the product itself, or one not clearly better', async () => {
    const offered = new Set((await alternatives('original')).items.map((i) => i.id));
    const fromBarely = (await alternatives('barelyBetter')).items.map((i) => i.id);
    for (const key of ['otherSub2', 'otherSub', 'liquid', 'original', 'barelyBetter', 'unscored', 'noSub2']) {
      expect(offered.has(id[key]!), key).toBe(false);
    }
    expect(fromBarely).not.toContain(id.original);
    expect(await score('liquid')).toBeGreaterThan((await score('original'))! + 0.5);
    expect(await score('otherSub2')).toBeGreaterThan((await score('original'))! + 0.5);
  });

  it('orders ties by closeness of kind (shared name words, brand), then id, the same on every call', async () => {
    expect(await score('twinA')).toBe(await score('twinB'));
    const answer = await alternatives('original');
    const again = await alternatives('original');
    expect(again).toEqual(answer);
    // Three products tie on the fifth-best score: "Cereal Choco Integral" (twice, ids in order) shares "cereal" and
    // "choco" with "Cereal Choco Costa", "Granola crocante" nothing, so the two close ones take the last places.
    expect(answer.items.slice(3).map((i) => i.id)).toEqual([id.twinA, id.twinC]);
    expect(answer.items.map((i) => i.id)).not.toContain(id.twinB);
  });

  it('judges closeness over every tie of the fifth-best score, not only the first rows read', async () => {
    const milk = { ...CEREAL, ingredients: 'leche, azúcar, cacao, sal' };
    await add('milk', 'Leche chocolatada Costa', { ...milk, totalSugarsG100: 25 }, { sub2: 'Leche' });
    for (let i = 0; i < 30; i++) await add(`tie${i}`, `Postre de soya ${i}`, { ...milk, totalSugarsG100: 7, brand: 'Otra' }, { sub2: 'Leche' });
    // Same label, so the same score as the thirty, but read last (the highest id) and the closest in kind.
    await add('closeTie', 'Leche chocolatada light', { ...milk, totalSugarsG100: 7, brand: 'Otra' }, { sub2: 'Leche' });
    expect(await score('closeTie')).toBe(await score('tie0'));
    const ids = (await alternatives('milk')).items.map((i) => i.id);
    expect(ids[0]).toBe(id.otherSub2);
    expect(ids.slice(1)).toEqual([id.closeTie, id.tie0, id.tie1, id.tie2]);
  });

  it('offers only products of its own substitute family, its own shelf first, never by name words shared across families', async () => {
    const subcategory = async (slug: string, name: string) =>
      (await t.database.db.insert(subcategories).values({ categoryId: shelf.category.id, name, slug }).returning())[0]!.id;
    const on = async (slug: string, name: string) => ({ sub2: null, subcategoryId: await subcategory(slug, name) });
    const cookies = await on('galletas-dulces-prueba', 'Galletas dulces de prueba');
    const cakes = await on('pasteleria-prueba', 'Pastelería de prueba');
    const breads = await on('panes-prueba', 'Panes de prueba');
    const COOKIE = { ...CEREAL, ingredients: 'harina de trigo, azúcar, grasa vegetal, sal', totalSugarsG100: 35, substituteFamily: 'cookie-biscuit' };
    await add('cookieHeld', 'Galletas de vainilla Costa', COOKIE, cookies);
    await add('cookieOnShelf', 'Galletas de avena Costa', { ...COOKIE, totalSugarsG100: 15 }, cookies);
    // Of the family on another shelf, and better than the one on the product's own shelf.
    await add('cakeInFamily', 'Queque de zanahoria', { ...COOKIE, totalSugarsG100: 3, sodiumMg100: 10 }, cakes);
    // On the very shelf but of another family (a herbal tea once misfiled there), and a bread whose name shares
    // every word of the cookie's: both far better, neither offered.
    const herb = { ingredients: 'manzanilla', energyKcal100: 2, totalFatG100: 0, saturatedFatG100: 0, totalSugarsG100: 0, sodiumMg100: 0, substituteFamily: 'coffee-tea-infusion' };
    await add('teaOnShelf', 'Galletas infusión de manzanilla', { ...CEREAL, ...herb }, cookies);
    await add('breadSameWords', 'Galletas de vainilla Costa', { ...COOKIE, ingredients: 'harina de trigo integral, agua, levadura, sal', totalSugarsG100: 2, sodiumMg100: 200, substituteFamily: 'bread' }, breads);
    const held = await score('cookieHeld');
    for (const key of ['cookieOnShelf', 'cakeInFamily', 'teaOnShelf', 'breadSameWords']) expect(isClearlyBetter(await score(key), held), key).toBe(true);
    expect(await score('cakeInFamily')).toBeGreaterThan((await score('cookieOnShelf'))!);

    const items = (await alternatives('cookieHeld')).items;
    expect(items[0]?.id).toBe(id.cookieOnShelf);
    expect(items.map((i) => i.id)).toContain(id.cakeInFamily);
    const families = await t.database.db.select({ id: products.id, family: products.substituteFamily }).from(products);
    const familyOf = new Map(families.map((r) => [r.id, r.family]));
    expect(items.map((i) => familyOf.get(i.id))).toEqual(items.map(() => 'cookie-biscuit'));
    // The herb tea finds nothing of its kind among cookies either.
    expect((await alternatives('teaOnShelf')).items.map((i) => familyOf.get(i.id))).not.toContain('cookie-biscuit');
  });

  it('looks on the whole subcategory when the product has no sub-subcategory', async () => {
    const answer = await alternatives('noSub2');
    expect(answer.unavailable).toBeNull();
    expect(answer.items.length).toBeGreaterThan(0);
    const ids = answer.items.map((i) => i.id);
    expect(ids).not.toContain(id.otherSub);
    expect(ids).not.toContain(id.liquid);
  });

  it('says why there is no list for an unscored product or one without a shelf', async () => {
    expect(await alternatives('unscored')).toEqual({ productId: id.unscored, unavailable: 'sin-puntaje', minimumMargin: 0.5, items: [] });
    expect((await alternatives('noShelf')).unavailable).toBe('sin-estante');
    // The best of a shelf has nothing better: an empty list that is the true answer.
    expect(await alternatives('oats')).toMatchObject({ unavailable: null, items: [] });
  });

  it('answers an unknown or malformed id in Spanish', async () => {
    const missing = await get<{ message: string }>('/api/products/999999/alternatives');
    expect(missing).toEqual({ status: 404, body: expect.objectContaining({ code: 'NOT_FOUND', message: 'Producto no encontrado' }) });
    const bad = await get<{ message: string }>('/api/products/abc/alternatives');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/id debe ser un número/);
    expect(bad.body.message).not.toContain('abc');
  });

  it('follows an admin edit at once: a score that drops leaves the list, one that rises joins it', async () => {
    const before = (await alternatives('original')).items.map((i) => i.id);
    expect(before).toContain(id.oats);
    expect(before).not.toContain(id.barelyBetter);
    const patch = (key: string, body: object) =>
      t.app.inject({ method: 'PATCH', url: `/api/products/${id[key]}`, headers: { cookie: admin }, payload: body });
    expect((await patch('oats', { totalSugarsG100: 45, sodiumMg100: 900, totalFatG100: 20, saturatedFatG100: 12 })).statusCode).toBe(200);
    expect((await patch('barelyBetter', { totalSugarsG100: 0, sodiumMg100: 5, saturatedFatG100: 0.1 })).statusCode).toBe(200);
    expect(isClearlyBetter(await score('oats'), await score('original'))).toBe(false);
    expect(isClearlyBetter(await score('barelyBetter'), await score('original'))).toBe(true);
    const after = (await alternatives('original')).items.map((i) => i.id);
    expect(after).not.toContain(id.oats);
    expect(after).toContain(id.barelyBetter);
  });

  describe('the listing filter "Solo mejores que X" (?betterThan=)', () => {
    const listing = (query: string) => get<ListingPage & { message?: string }>(`/api/subcategories/leches/products?${query}`);

    it('keeps only the listing products clearly better than X and of its substitute family', async () => {
      const original = await score('original');
      const whole = (await listing('pageSize=120')).body;
      const better = (await listing(`betterThan=${id.original}&pageSize=120`)).body;
      const cereals = new Set(
        (await t.database.db.select({ id: products.id }).from(products).where(eq(products.substituteFamily, 'cereal'))).map((r) => r.id),
      );
      const expected = whole.items.filter((p) => cereals.has(p.id) && isClearlyBetter(p.healthScore, original)).map((p) => p.id);
      // Clearly better but a milk: on the same listing, not "better than" a cereal.
      expect(isClearlyBetter(await score('otherSub2'), original)).toBe(true);
      expect(better.items.map((p) => p.id)).not.toContain(id.otherSub2);
      expect(better.items.every((p) => !('substituteFamily' in p))).toBe(true);
      expect(expected.length).toBeGreaterThan(3);
      expect(expected.length).toBeLessThan(whole.total);
      expect(better.items.map((p) => p.id)).toEqual(expected);
      expect(better.total).toBe(expected.length);
      // With the shelf's chip, as the product page links to it.
      const onShelf = (await listing(`sub2categories=Cereales&betterThan=${id.original}`)).body;
      expect(onShelf.items.every((p) => p.sub2categoryName === 'Cereales' && isClearlyBetter(p.healthScore, original))).toBe(true);
      expect(onShelf.items.map((p) => p.id)).not.toContain(id.otherSub2);
    });

    it('refuses a bad, unknown or unscored X with a Spanish 400', async () => {
      for (const [value, message] of [
        ['abc', /debe ser un número/],
        ['0', /número positivo/],
        ['1.5', /número entero/],
        ['999999', /no existe/],
        [String(id.unscored), /no tiene puntaje/],
      ] as const) {
        const res = await listing(`betterThan=${value}`);
        expect(res.status, value).toBe(400);
        expect(res.body.message).toMatch(message);
      }
    });
  });
});
