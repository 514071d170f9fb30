import type { ProductSummary } from '@etiqueta/contracts';
import { UNKNOWN_ALLERGENS, UNKNOWN_DIETS } from '@etiqueta/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { renderApp, signedIn, stubFetch } from '@/testing/render-app';

const result = (id: number, name: string): ProductSummary => ({
  id,
  barcode: String(7800000000000 + id),
  name,
  brand: 'Costa',
  images: { primary: 'https://images.example.cl/a.jpg', thumbnail: null, gallery: [] },
  healthScore: 3.1,
  allergens: UNKNOWN_ALLERGENS, diets: UNKNOWN_DIETS,
  categorySlug: 'chocolates-galletas-y-dulces',
  subcategorySlug: 'galletas',
  sub2categoryName: 'Galletas dulces',
  totalSugarsG100: 30,
  novaGroup: 4,
  detectedAdditives: [],
  ultraprocessed: [],
});

describe('the search results page', () => {
  it('titles the query, counts the products and shows their cards', async () => {
    const fetch = stubFetch({
      '/api/auth/status': { body: signedIn },
      '/api/v1/search?q=galletas+chocolate&limit=30': {
        body: { results: [result(1, 'Galletas Costa'), result(2, 'Galletas Frac')], total: 2, page: 1, suggestions: [] },
      },
    });
    renderApp('/search?q=galletas%20chocolate');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Resultados para "galletas chocolate"' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(await screen.findByText('2 productos encontrados')).toBeInTheDocument();
    const card = screen.getByRole('link', { name: /Galletas Frac/ });
    expect(card).toHaveAttribute('href', '/product/2');
    expect(card.querySelector('img')).toHaveAttribute('src', 'https://images.example.cl/a.jpg');
    expect(fetch.mock.calls.some(([url]) => url === '/api/v1/search?q=galletas+chocolate&limit=30')).toBe(true);
  });

  it('says so when nothing was found', async () => {
    stubFetch({
      '/api/auth/status': { body: signedIn },
      '/api/v1/search?q=zzzz&limit=30': { body: { results: [], total: 0, page: 1, suggestions: ['pizza'] } },
    });
    renderApp('/search?q=zzzz');
    expect(await screen.findByText('No se encontraron productos para "zzzz"', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Intenta con otros términos de búsqueda')).toBeInTheDocument();
  });

  it("says in Spanish that the search failed when the server fails", async () => {
    stubFetch({
      '/api/auth/status': { body: signedIn },
      '/api/v1/search?q=pan&limit=30': { status: 503, body: 'ocupado' },
    });
    renderApp('/search?q=pan');
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('No pudimos buscar. Inténtalo de nuevo en un momento.');
  });

  it('keeps the search box on the results page, holding the term, to search again from there', async () => {
    const user = userEvent.setup();
    stubFetch({
      '/api/auth/status': { body: signedIn },
      '/api/v1/search?q=galletas&limit=30': { body: { results: [result(1, 'Galletas Costa')], total: 1, page: 1, suggestions: [] } },
      '/api/v1/search?q=leche&limit=30': { body: { results: [result(3, 'Leche Entera')], total: 1, page: 1, suggestions: [] } },
    });
    const { router } = renderApp('/search?q=galletas');
    const box = await screen.findByRole('combobox', { name: 'Nombre o marca del producto' }, { timeout: 5000 });
    expect(box).toHaveValue('galletas');
    await user.clear(box);
    await user.type(box, 'leche{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?q=leche'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Resultados para "leche"' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Leche Entera/ })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Nombre o marca del producto' })).toHaveValue('leche');
  });

  it('says the true count in es-CL digits and loads the next 30 with "Ver más productos" until the last', async () => {
    const user = userEvent.setup();
    const page = (from: number, count: number, n: number) => ({
        results: Array.from({ length: count }, (_, i) => result(from + i, `Leche ${from + i}`)),
        total: 1234,
        page: n,
        suggestions: [],
      });
    const fetch = stubFetch({
      '/api/auth/status': { body: signedIn },
      '/api/v1/search?q=leche&limit=30': { body: page(1, 30, 1) },
      '/api/v1/search?q=leche&limit=30&page=2': { body: page(31, 30, 2) },
    });
    renderApp('/search?q=leche');
    expect(await screen.findByText('1.234 productos encontrados', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Mostrando 30 de 1.234')).toBeInTheDocument();
    expect(screen.getByText('Leche 30')).toBeInTheDocument();
    await user.click(screen.getByText('Ver más productos'));
    expect(await screen.findByText('Mostrando 60 de 1.234')).toBeInTheDocument();
    expect(screen.getByText('Leche 31')).toBeInTheDocument();
    expect(screen.getByText('Leche 60')).toBeInTheDocument();
    expect(screen.getByText('1.234 productos encontrados')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => url === '/api/v1/search?q=leche&limit=30&page=2')).toBe(true);
  });

  it('offers no "Ver más productos" once every result is shown', async () => {
    stubFetch({
      '/api/auth/status': { body: signedIn },
      '/api/v1/search?q=galletas&limit=30': {
        body: { results: [result(1, 'Galletas Costa')], total: 1, page: 1, suggestions: [] },
      },
    });
    renderApp('/search?q=galletas');
    expect(await screen.findByText('1 productos encontrados', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ver más productos' })).not.toBeInTheDocument();
  });
});
