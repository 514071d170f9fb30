import type { ListingPage, ProductAlternatives, Subcategory } from '@etiqueta/contracts';
import { UNKNOWN_ALLERGENS, UNKNOWN_DIETS } from '@etiqueta/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';

import { type FakeResponse, renderApp, signedIn, stubFetch } from '@/testing/render-app';

import { productFixture } from '@/testing/product-fixture';

const ALTERNATIVES = '/api/products/6315/alternatives';

const answer = (
  items: ProductAlternatives['items'],
  unavailable: ProductAlternatives['unavailable'] = null,
): ProductAlternatives => ({
  productId: 6315,
  unavailable,
  minimumMargin: 0.5,
  items,
});
const oats: ProductAlternatives['items'][number] = {
  id: 41,
  name: 'Galletas de avena sin azúcar añadida',
  brand: 'Costa',
  images: null,
  healthScore: 6.4,
  scoreLabel: 'Mediocre',
  allergens: UNKNOWN_ALLERGENS,
  diets: UNKNOWN_DIETS,
  reason: { id: 'menos-azucar', text: 'Menos azúcar', detail: '4 g frente a 37,2 g por 100 g' },
};
const rice: ProductAlternatives['items'][number] = {
  id: 42,
  name: 'Galletas de avena',
  brand: '',
  images: null,
  healthScore: 8.1,
  scoreLabel: 'Mejor',
  allergens: UNKNOWN_ALLERGENS,
  diets: UNKNOWN_DIETS,
  reason: {
    id: 'sin-aditivos-de-riesgo',
    text: 'Sin aditivos de riesgo',
    detail: '0 frente a 1 aditivo de riesgo',
  },
};

const openProduct = (alternatives: FakeResponse | (() => FakeResponse | Promise<FakeResponse>)) => {
  const fetchMock = stubFetch({
    '/api/auth/status': { body: signedIn },
    '/api/products/6315': { body: productFixture() },
    [ALTERNATIVES]: alternatives,
  });
  return { ...renderApp('/product/6315'), fetchMock };
};

beforeAll(async () => {
  await Promise.all([import('@/app/routes/product'), import('@/app/routes/product-listing')]);
}, 30_000);

describe('"Mejores opciones" on the product page', () => {
  it('shows the score first, a skeleton while the alternatives load, then each with its score and reason', async () => {
    let release: (answer: FakeResponse) => void = () => {};
    openProduct(() => new Promise((resolve) => (release = resolve)));
    expect(await screen.findByTestId('product-score')).toHaveTextContent('1,5/10Muy malo');
    const section = within(screen.getByRole('region', { name: 'Mejores opciones' }));
    expect(section.getByRole('status', { name: 'Cargando mejores opciones' })).toBeInTheDocument();

    release({ body: answer([rice, oats]) });
    const list = await section.findByRole('list', {
      name: 'Mejores opciones que Galletas gofres rellenas de caramelo',
    });
    const cards = within(list).getAllByRole('link');
    expect(cards.map((card) => card.getAttribute('href'))).toEqual(['/product/42', '/product/41']);
    expect(cards[0]).toHaveTextContent('Galletas de avena');
    expect(cards[0]).toHaveTextContent('8,1/10Mejor');
    expect(cards[0]).toHaveTextContent('Sin aditivos de riesgo: 0 frente a 1 aditivo de riesgo');
    expect(cards[1]).toHaveTextContent('6,4/10Mediocre');
    expect(cards[1]).toHaveTextContent('Menos azúcar: 4 g frente a 37,2 g por 100 g');
    expect(section.getByRole('link', { name: 'Ver todas las mejores opciones' })).toHaveAttribute(
      'href',
      '/subcategory/galletas?sub2categories=Galletas+dulces&betterThan=6315',
    );
  });

  it('says so when nothing of its kind is clearly better, or the product has no score', async () => {
    const { unmount } = openProduct({ body: answer([]) });
    expect(await screen.findByTestId('alternatives-empty')).toHaveTextContent(
      'Ningún producto de su mismo tipo tiene un puntaje claramente mejor (al menos 0,5 puntos más) en nuestro catálogo.',
    );
    expect(screen.queryByRole('link', { name: 'Ver todas las mejores opciones' })).not.toBeInTheDocument();
    unmount();
    openProduct({ body: answer([], 'sin-puntaje') });
    expect(await screen.findByTestId('alternatives-empty')).toHaveTextContent(
      'Este producto no tiene puntaje',
    );
  });

  it('shows a Spanish error with a retry that loads them', async () => {
    let calls = 0;
    openProduct(() =>
      ++calls === 1
        ? { status: 503, body: { code: 'INTERNAL_ERROR', message: 'x' } }
        : { body: answer([oats]) },
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'No pudimos cargar las mejores opciones. El servicio no está disponible.',
    );
    // The rest of the page is untouched.
    expect(screen.getByTestId('product-score')).toBeInTheDocument();
    await userEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(
      await screen.findByRole('link', { name: /Galletas de avena sin azúcar añadida/ }),
    ).toBeInTheDocument();
  });
});

describe('the listing filter "Solo mejores que X"', () => {
  const galletas: Subcategory = {
    id: 3,
    name: 'Galletas',
    slug: 'galletas',
    productCount: 3,
    parentCategory: 'chocolates-galletas-y-dulces',
  };
  const page = (ids: number[]): ListingPage => ({
    items: ids.map((id) => ({
      ...productFixture(),
      id,
      name: `Galleta ${id}`,
      detectedAdditives: [],
      ultraprocessed: [],
    })),
    total: ids.length,
    page: 1,
    pageSize: 60,
  });
  /** The Galletas shelf, its products better than product 6315 and (if asked) all of them. */
  const stubShelf = (better: ListingPage, all?: ListingPage) =>
    stubFetch({
      '/api/auth/status': { body: signedIn },
      '/api/products/6315': { body: productFixture() },
      '/api/subcategories/galletas': { body: galletas },
      '/api/subcategories/galletas/sub2categories': { body: [] },
      '/api/subcategories/galletas/products?betterThan=6315': { body: better },
      ...(all ? { '/api/subcategories/galletas/products': { body: all } } : {}),
    });

  it('shows a chip from the address, asks only for better products, and removing it lists them all', async () => {
    stubShelf(page([41, 42]), page([41, 42, 6315]));
    const { router } = renderApp('/subcategory/galletas?betterThan=6315');
    const chip = await screen.findByRole('button', {
      name: 'Quitar filtro: Solo mejores que Galletas gofres rellenas de caramelo',
    });
    expect(chip).toHaveTextContent('Solo mejores que Galletas gofres rellenas de caramelo');
    await waitFor(() => expect(screen.getAllByRole('link', { name: /Galleta \d+/ })).toHaveLength(2));

    await userEvent.click(chip);
    await waitFor(() => expect(screen.getAllByRole('link', { name: /Galleta \d+/ })).toHaveLength(3));
    expect(screen.queryByTestId('better-than-chip')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Productos' })).toHaveFocus();
    expect(router.state.location.search).toBe('');
  });

  it('says so when nothing in the listing is clearly better than X', async () => {
    stubShelf(page([]));
    renderApp('/subcategory/galletas?betterThan=6315');
    expect(
      await screen.findByText(
        'Ningún producto de esta lista tiene un puntaje claramente mejor que Galletas gofres rellenas de caramelo.',
      ),
    ).toBeInTheDocument();
  });
});
