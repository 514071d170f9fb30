import { type ProductSummary, type Sub2category, type Subcategory } from '@etiqueta/contracts';
import { UNKNOWN_ALLERGENS, UNKNOWN_DIETS } from '@etiqueta/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { readListingFilter, writeListingFilter } from '@/lib/listing-filter-storage';
import { clearPreferences, setAllergenAvoidance } from '@/lib/preferences';
import { type FakeResponse, renderApp, signedIn, stubFetch } from '@/testing/render-app';

const product = (id: number, name: string, extra: Partial<ProductSummary> = {}): ProductSummary => ({
  id,
  barcode: String(7800000000000 + id),
  name,
  brand: 'Marca',
  images: null,
  healthScore: 6.2,
  allergens: UNKNOWN_ALLERGENS, diets: UNKNOWN_DIETS,
  categorySlug: 'desayuno',
  subcategorySlug: 'cereales',
  sub2categoryName: 'Cereales',
  totalSugarsG100: 3,
  novaGroup: 3,
  detectedAdditives: [],
  ultraprocessed: [],
  ...extra,
});

const cereales: Subcategory = {
  id: 1,
  name: 'Cereales y avenas',
  slug: 'cereales',
  productCount: 5,
  parentCategory: 'desayuno',
};
const chips: Sub2category[] = [
  { name: 'Avenas', slug: 'avenas', productCount: 9 },
  { name: 'Cereales', slug: 'cereales', productCount: 2 },
  { name: 'Granolas y muesli', slug: 'granolas-y-muesli', productCount: 0 },
];
const products = '/api/subcategories/cereales/products';
/** One page holding the whole listing. */
const pageOf = (items: ProductSummary[]) => ({ items, total: items.length, page: 1, pageSize: 60 });

const api = (extra: Record<string, FakeResponse | (() => FakeResponse | Promise<FakeResponse>)> = {}) =>
  stubFetch({
    '/api/auth/status': { body: signedIn },
    '/api/subcategories/cereales': { body: cereales },
    '/api/subcategories/cereales/sub2categories': { body: chips },
    [`${products}?sub2categories=Cereales`]: {
      body: pageOf([product(1, 'Copos de maíz'), product(2, 'Aritos de colores', { detectedAdditives: [{ code: 'E129', name: 'Rojo allura', riskLevel: 'Riesgoso', matchedText: 'e129' }] })]),
    },
    [`${products}?sub2categories=Avenas`]: {
      body: pageOf([product(3, 'Avena instantánea'), product(4, 'Avena tradicional', { healthScore: null })]),
    },
    [products]: {
      body: pageOf([product(1, 'Copos de maíz'), product(3, 'Avena instantánea'), product(5, 'Granola')]),
    },
    ...extra,
  });

const chip = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name} \\(`) });
const productNames = () =>
  within(screen.getByRole('region', { name: 'Productos' }))
    .queryAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);

const scrollIntoView = vi.fn();

beforeEach(() => {
  window.sessionStorage.clear();
  scrollIntoView.mockReset();
  Element.prototype.scrollIntoView = scrollIntoView;
});
afterEach(() => {
  Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
});

describe('a product listing', () => {
  it('opens on the Cereales chip, titled by the subcategory, with a back link to its landing page', async () => {
    const fetch = api();
    renderApp('/desayuno/cereales');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Cereales y avenas' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(productNames()).toEqual(['Copos de maíz', 'Aritos de colores']));
    expect(chip('Cereales')).toHaveAttribute('aria-pressed', 'true');
    expect(chip('Avenas')).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('button', { name: /^Granolas y muesli/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver' })).toHaveAttribute('href', '/desayuno');
    // Only the chosen chip's products were fetched: the automatic pick waited for the chips.
    expect(fetch.mock.calls.map(([url]) => url as string).filter((url) => url.startsWith(products))).toEqual([
      `${products}?sub2categories=Cereales`,
    ]);
    expect(readListingFilter('cereales')).toBe('Cereales');
  });

  it('shows the score badge on every card and opens the product from its card', async () => {
    api();
    renderApp('/subcategory/cereales');
    const card = await screen.findByRole('link', { name: /Copos de maíz/ });
    expect(card).toHaveAttribute('href', '/product/1');
    expect(within(card).getByTestId('score-badge')).toHaveTextContent('6,2/10');
    expect(within(card).getByText('Sin imagen')).toBeInTheDocument();
  });

  it('changes chip, clears it with a second click and remembers the choice for the session', async () => {
    const user = userEvent.setup();
    api();
    renderApp('/subcategory/cereales');
    await waitFor(() => expect(productNames()).toHaveLength(2));
    await user.click(chip('Avenas'));
    await waitFor(() => expect(productNames()).toEqual(['Avena instantánea', 'Avena tradicional']));
    expect(chip('Avenas')).toHaveAttribute('aria-pressed', 'true');
    expect(chip('Cereales')).toHaveAttribute('aria-pressed', 'false');
    expect(readListingFilter('cereales')).toBe('Avenas');

    await user.click(chip('Avenas'));
    await waitFor(() => expect(productNames()).toEqual(['Copos de maíz', 'Avena instantánea', 'Granola']));
    expect(chip('Avenas')).toHaveAttribute('aria-pressed', 'false');
    expect(readListingFilter('cereales')).toBe('');
  });

  it("comes back to this session's chip", async () => {
    writeListingFilter('cereales', 'Avenas');
    api();
    renderApp('/subcategory/cereales');
    await waitFor(() => expect(productNames()).toEqual(['Avena instantánea', 'Avena tradicional']));
    expect(chip('Avenas')).toHaveAttribute('aria-pressed', 'true');
  });

  it('preselects the chip in the address, rings the highlighted product, then tidies the address', async () => {
    api();
    const { router } = renderApp('/subcategory/cereales?sub2categories=Avenas&highlight=4&otro=1');
    const card = await screen.findByRole('link', { name: /Avena tradicional/ });
    expect(card).toHaveAttribute('data-highlighted', 'true');
    // The ring is the card's frame, which holds the link and, beside it, the compare toggle.
    expect(card.parentElement).toHaveClass('ring-4');
    expect(scrollIntoView).toHaveBeenCalled();
    expect(chip('Avenas')).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(router.state.location.search).toBe('?otro=1'));
    expect(screen.getByRole('link', { name: /Avena tradicional/ })).toHaveAttribute('data-highlighted', 'true');
  });

  it('asks the server for the quick filters, so the count is true, and says when nothing is left', async () => {
    const user = userEvent.setup();
    const fetch = api({
      [`${products}?sub2categories=Cereales&filters=sin-aditivos-riesgosos`]: {
        body: { items: [product(1, 'Copos de maíz')], total: 1, page: 1, pageSize: 60 },
      },
      [`${products}?sub2categories=Cereales&filters=sin-aditivos-riesgosos&sugarMaxG=1`]: { body: pageOf([]) },
    });
    renderApp('/subcategory/cereales');
    await waitFor(() => expect(productNames()).toHaveLength(2));
    expect(screen.getByText('2 productos')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sin aditivos riesgosos' }));
    await waitFor(() => expect(productNames()).toEqual(['Copos de maíz']));
    expect(screen.getByText('1 producto')).toBeInTheDocument();
    const sugarBox = screen.getByLabelText('Máximo de azúcar, en gramos por 100 g');
    await user.clear(sugarBox);
    await user.type(sugarBox, '1');
    expect(await screen.findByText('No se encontraron productos')).toBeInTheDocument();
    expect(fetch.mock.calls.map(([url]) => url as string)).toContain(
      `${products}?sub2categories=Cereales&filters=sin-aditivos-riesgosos&sugarMaxG=1`,
    );
  });

  it("reaches every product with 'Ver más productos', the count true from the start", async () => {
    const user = userEvent.setup();
    const first = Array.from({ length: 60 }, (_, i) => product(100 + i, `Cereal ${i + 1}`));
    api({
      [`${products}?sub2categories=Cereales`]: { body: { items: first, total: 61, page: 1, pageSize: 60 } },
      [`${products}?sub2categories=Cereales&page=2`]: {
        body: { items: [product(999, 'El último')], total: 61, page: 2, pageSize: 60 },
      },
    });
    renderApp('/subcategory/cereales');
    await waitFor(() => expect(productNames()).toHaveLength(60));
    expect(screen.getByText('61 productos')).toBeInTheDocument();
    expect(screen.getByText('Mostrando 60 de 61')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ver más productos' }));
    await waitFor(() => expect(productNames()).toHaveLength(61));
    expect(productNames().at(-1)).toBe('El último');
    expect(screen.queryByRole('button', { name: 'Ver más productos' })).not.toBeInTheDocument();
  });

  it('sorts by name when the shopper asks', async () => {
    const user = userEvent.setup();
    api({
      [`${products}?sub2categories=Cereales&sort=name`]: {
        body: pageOf([product(2, 'Aritos de colores'), product(1, 'Copos de maíz')]),
      },
    });
    renderApp('/subcategory/cereales');
    await waitFor(() => expect(productNames()).toEqual(['Copos de maíz', 'Aritos de colores']));
    await user.selectOptions(screen.getByLabelText('Ordenar por'), 'Nombre (A–Z)');
    await waitFor(() => expect(productNames()).toEqual(['Aritos de colores', 'Copos de maíz']));
  });

  it("shows 'Error cargando productos: {message}' in Spanish, without the status or the body", async () => {
    api({ [`${products}?sub2categories=Cereales`]: { status: 500, body: 'caído' } });
    renderApp('/subcategory/cereales');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Error cargando productos: El servicio no está disponible. Inténtalo de nuevo en unos minutos.',
    );
    expect(alert).not.toHaveTextContent(/500|caído/);
    expect(within(alert).getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });

  it("gives the server's own sentence for a listing that does not exist", async () => {
    stubFetch({
      '/api/auth/status': { body: signedIn },
      '/api/subcategories/no-existe': { status: 404, body: { code: 'NOT_FOUND', message: 'Subcategoría no encontrada' } },
      '/api/subcategories/no-existe/sub2categories': { status: 404, body: { code: 'NOT_FOUND', message: 'Subcategoría no encontrada' } },
      '/api/subcategories/no-existe/products': { status: 404, body: { code: 'NOT_FOUND', message: 'Subcategoría no encontrada' } },
    });
    renderApp('/subcategory/no-existe');
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('Error cargando productos: Subcategoría no encontrada');
    expect(alert).not.toHaveTextContent(/404|NOT_FOUND|\{/);
    expect(within(alert).getByRole('link', { name: 'Ir al inicio' })).toHaveAttribute('href', '/');
  });

  it('lists a whole category at /category/{slug}/products, without chips, with the score on every card', async () => {
    stubFetch({
      '/api/auth/status': { body: signedIn },
      '/api/categories/snacks': { body: { id: 2, name: 'Snacks', slug: 'snacks', icon: null, productCount: 1 } },
      '/api/categories/snacks/products': {
        body: pageOf([product(9, 'Papas fritas', { categorySlug: 'snacks', subcategorySlug: 'papas-fritas' })]),
      },
    });
    renderApp('/category/snacks/products');
    expect(await screen.findByRole('heading', { level: 1, name: 'Snacks' })).toBeInTheDocument();
    const card = await screen.findByRole('link', { name: /Papas fritas/ });
    expect(within(card).getByTestId('score-badge')).toHaveTextContent('6,2/10');
    expect(screen.queryByRole('group', { name: 'Tipo de producto' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver' })).toHaveAttribute('href', '/');
  });

  describe('"Solo aptos para mí" (issue 28)', () => {
    const milk = { status: 'complete' as const, contains: ['leche' as const], traces: [] };
    const none = { status: 'complete' as const, contains: [], traces: [] };
    const firstPage = Array.from({ length: 10 }, (_, i) =>
      product(i + 1, `Producto ${i + 1}`, { allergens: i < 8 ? milk : none }),
    );
    const secondPage = Array.from({ length: 10 }, (_, i) => product(i + 11, `Producto ${i + 11}`, { allergens: none }));
    afterEach(() => clearPreferences());

    it('asks for the same pages as anyone, keeps only what suits, loads pages until a screen is full and says how many it hid', async () => {
      const user = userEvent.setup();
      writeListingFilter('cereales', null);
      setAllergenAvoidance('leche', 'evitar');
      const fetch = api({
        [products]: { body: { items: firstPage, total: 20, page: 1, pageSize: 10 } },
        [`${products}?page=2`]: { body: { items: secondPage, total: 20, page: 2, pageSize: 10 } },
      });
      renderApp('/subcategory/cereales');
      await waitFor(() => expect(productNames()).toHaveLength(10));
      // Every card says whether it suits, in words.
      expect(screen.getAllByTestId('verdict-mark').filter((m) => m.dataset.level === 'no-apto')).toHaveLength(8);

      await user.click(screen.getByRole('button', { name: 'Solo aptos para mí' }));
      await waitFor(() => expect(productNames()).toHaveLength(12));
      expect(productNames()).not.toContain('Producto 1');
      expect(screen.getByTestId('hidden-by-preferences')).toHaveTextContent('8 ocultos por tus preferencias');
      const asked = fetch.mock.calls.map(([url]) => url as string).filter((url) => url.startsWith(products));
      expect(asked).toEqual([products, `${products}?page=2`]);
      // The preferences never appear in an address.
      expect(fetch.mock.calls.map(([url]) => url as string).join(' ')).not.toMatch(/leche|evitar/);
    });

    it('is not offered to someone without preferences', async () => {
      writeListingFilter('cereales', null);
      api();
      renderApp('/subcategory/cereales');
      await waitFor(() => expect(productNames()).toHaveLength(3));
      expect(screen.queryByRole('button', { name: 'Solo aptos para mí' })).not.toBeInTheDocument();
      expect(screen.queryByTestId('verdict-mark')).not.toBeInTheDocument();
    });
  });
});
