import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  historyPage,
  listingPage,
  product,
  productAlternatives,
  searchResponse,
  type HistoryPage,
  type ListingPage,
  type Product,
  type ProductAlternatives,
  type SearchResponse,
} from '@etiqueta/contracts';
import { eq } from 'drizzle-orm';
import { products } from '../../db/schema.ts';
import { sharedTestApp, testDatabaseKind } from '../../../test/helpers.ts';
import { seedCatalogue, signedInAs } from '../../../test/fixtures.ts';

/**
 * Issue 28: the product answer and every card carry the allergens and diets read from the stored list and OFF's
 * stored tags, with no request of their own: listings, search, Historial, "Mejores opciones" and the product page.
 */
describe(`allergens and diets in the product answer and on every card (${testDatabaseKind})`, () => {
  const t = sharedTestApp();
  let cookie: string;
  let ids: Record<'chocolate' | 'whole' | 'oats', number>;

  beforeAll(async () => {
    const seeded = await seedCatalogue(t.app, [
      {
        barcode: '7800000000011',
        name: 'Leche chocolatada',
        sub2: 'Leche',
        totalSugarsG100: 12,
        ingredients: 'leche semidescremada, azúcar, cacao en polvo. Puede contener trazas de maní.',
      },
      { barcode: '7800000000028', name: 'Leche entera', sub2: 'Leche', totalSugarsG100: 4.7, ingredients: 'leche entera' },
      { barcode: '7800000000035', name: 'Avena tradicional', sub2: 'Cereales', ingredients: 'avena laminada' },
    ]);
    const [chocolate, whole, oats] = seeded.products;
    ids = { chocolate: chocolate!.id, whole: whole!.id, oats: oats!.id };
    cookie = await signedInAs(t.app, t.database.db, 'alergias@example.cl');
  });

  const get = async <T>(url: string): Promise<T> => {
    const res = await t.app.inject({ url, headers: { cookie } });
    expect(res.statusCode, url).toBe(200);
    return res.json<T>();
  };

  it('the product answer says what the product contains, what it may contain, and its diets', async () => {
    const answer = product.parse(await get<Product>(`/api/products/${ids.chocolate}`));
    expect(answer.allergens).toEqual({ status: 'complete', contains: ['leche'], traces: ['mani'] });
    expect(answer.diets).toEqual({ vegan: 'no', vegetarian: 'yes', palmOil: 'no', sweeteners: 'no', lactose: 'yes' });
    const oats = product.parse(await get<Product>(`/api/products/${ids.oats}`));
    expect(oats.allergens).toEqual({ status: 'complete', contains: ['gluten'], traces: [] });
    expect(oats.diets).toMatchObject({ vegan: 'yes', lactose: 'no' });
  });

  it('a listing card carries the same ids', async () => {
    const listing = listingPage.parse(await get<ListingPage>('/api/categories/desayuno/products'));
    const card = listing.items.find((p) => p.id === ids.chocolate)!;
    expect(card.allergens).toEqual({ status: 'complete', contains: ['leche'], traces: ['mani'] });
    expect(card.diets.lactose).toBe('yes');
    expect(listing.items.find((p) => p.id === ids.oats)!.allergens.contains).toEqual(['gluten']);
  });

  it('a search result carries them', async () => {
    // The search index takes products written after it was built a moment later (ADR 003): ask until it has them.
    await vi.waitFor(
      async () => {
        const found = searchResponse.parse(await get<SearchResponse>('/api/v1/search?q=avena'));
        expect(found.results.find((p) => p.id === ids.oats)?.allergens.contains).toEqual(['gluten']);
      },
      { timeout: 10_000, interval: 50 },
    );
  });

  it('a Historial card carries them', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/history', headers: { cookie }, payload: { productId: ids.chocolate, via: 'open' } });
    expect(res.statusCode).toBeLessThan(300);
    const page = historyPage.parse(await get<HistoryPage>('/api/history'));
    expect(page.items[0]!.product).toMatchObject({ id: ids.chocolate, allergens: { contains: ['leche'], traces: ['mani'] } });
  });

  it('a "Mejores opciones" card carries them', async () => {
    const answer = productAlternatives.parse(await get<ProductAlternatives>(`/api/products/${ids.chocolate}/alternatives`));
    const whole = answer.items.find((i) => i.id === ids.whole);
    expect(whole).toBeDefined();
    expect(whole!.allergens).toEqual({ status: 'complete', contains: ['leche'], traces: [] });
    expect(whole!.diets.lactose).toBe('yes');
  });

  it("OFF's stored tags join the list's reading when the product is analysed again", async () => {
    await t.app.services.catalogue.write(async (tx, changed) => {
      await tx
        .update(products)
        .set({ offAllergenTags: { allergens: ['en:milk'], traces: ['en:nuts'], analysis: ['en:palm-oil-free'] } })
        .where(eq(products.id, ids.whole));
      changed.products([ids.whole]);
    });
    const matcher = await t.app.services.matcher.get();
    const { computeProductFields } = await import('./product-analysis.ts');
    const [row] = await t.database.db.select().from(products).where(eq(products.id, ids.whole));
    const computed = computeProductFields(row!, matcher);
    expect(computed.allergens).toEqual({ status: 'complete', contains: ['leche'], traces: ['frutos-secos'] });
    expect(computed.diets.palmOil).toBe('no');
  });
});
