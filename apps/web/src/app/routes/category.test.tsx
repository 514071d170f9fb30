import type { Subcategory } from '@etiqueta/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderApp, signedIn, stubFetch } from '@/testing/render-app';

const sub = (slug: string, name: string, productCount: number, parentCategory = 'desayuno'): Subcategory => ({
  id: slug.length,
  slug,
  name,
  productCount,
  parentCategory,
});

const desayuno = [sub('cereales', 'Cereales y avenas', 12), sub('leches', 'Leches', 1), sub('untables', 'Untables', 0)];

describe('a category page', () => {
  it('lists subcategories with counts, links those with products and greys out the rest', async () => {
    stubFetch({
      '/api/auth/status': { body: signedIn },
      '/api/categories/desayuno': { body: { id: 1, name: 'Desayuno', slug: 'desayuno', icon: null, productCount: 13 } },
      '/api/categories/desayuno/subcategories': { body: desayuno },
    });
    renderApp('/category/desayuno');
    expect(await screen.findByRole('heading', { level: 1, name: 'Desayuno' }, { timeout: 5000 })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Subcategorías' });
    expect(within(list).getByRole('link', { name: /Cereales y avenas/ })).toHaveAttribute('href', '/subcategory/cereales');
    expect(within(list).getByRole('link', { name: /Cereales y avenas/ })).toHaveTextContent('12 productos');
    expect(within(list).getByRole('link', { name: /Leches/ })).toHaveTextContent('1 producto');
    expect(within(list).queryByRole('link', { name: /Untables/ })).not.toBeInTheDocument();
    expect(within(list).getByText('Untables').parentElement).toHaveTextContent('Próximamente');
  });

  it('shows the 404 screen for a category that does not exist, never an empty category page', async () => {
    stubFetch({ '/api/auth/status': { body: signedIn } });
    renderApp('/category/no-existe');
    expect(await screen.findByRole('heading', { level: 1, name: 'Página no encontrada' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'Categoría' })).not.toBeInTheDocument();
  });

  it('goes straight to the products when the category has no subcategories', async () => {
    stubFetch({
      '/api/auth/status': { body: signedIn },
      '/api/categories/huevos': { body: { id: 7, name: 'Huevos', slug: 'huevos', icon: null, productCount: 1 } },
      '/api/categories/huevos/subcategories': { body: [] },
      '/api/categories/huevos/products': { body: { items: [], total: 0, page: 1, pageSize: 60 } },
    });
    const { router } = renderApp('/category/huevos');
    expect(await screen.findByText('No se encontraron productos', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/category/huevos/products');
  });
});

describe('a landing page', () => {
  it("shows its category's subcategories leading to its own child routes", async () => {
    stubFetch({
      '/api/auth/status': { body: signedIn },
      '/api/categories/desayuno/subcategories': { body: desayuno },
    });
    renderApp('/desayuno');
    expect(await screen.findByRole('heading', { level: 1, name: 'Desayuno' }, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Cereales y avenas/ })).toHaveAttribute('href', '/desayuno/cereales');
  });
});
