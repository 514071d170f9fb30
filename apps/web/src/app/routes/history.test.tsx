import type { HistoryEntry, HistoryPage, ProductAlternatives } from '@etiqueta/contracts';
import { UNKNOWN_ALLERGENS, UNKNOWN_DIETS } from '@etiqueta/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { productFixture } from '@/testing/product-fixture';
import { SCANNED_NAVIGATION_STATE } from '@/features/scanner/lib/scan-navigation';
import { renderApp, signedIn, signedOut, stubFetch } from '@/testing/render-app';

// Wednesday 25 November 2026, 10:00 in Santiago. Only Date is faked: timers (user events, queries) run as usual.
const NOW = new Date('2026-11-25T13:00:00Z');

const entry = (id: number, name: string, viewedAt: string, via: 'scan' | 'open' = 'open'): HistoryEntry => ({
  id,
  via,
  viewedAt,
  product: { id: 100 + id, name, brand: 'Colún', images: null, healthScore: 7.4, allergens: UNKNOWN_ALLERGENS, diets: UNKNOWN_DIETS },
});

const page = (items: HistoryEntry[], nextCursor: string | null = null, recording = true): HistoryPage => ({
  items,
  nextCursor,
  recording,
});

const THREE = page([
  entry(3, 'Leche Entera', '2026-11-25T12:05:00Z', 'scan'),
  entry(2, 'Yogur Natural', '2026-11-25T11:00:00Z'),
  entry(1, 'Avena Tradicional', '2026-11-24T20:00:00Z'),
]);

const calls = (fetch: ReturnType<typeof stubFetch>, method: string) =>
  fetch.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === method).map(([url]) => url as string);

describe('Historial (/historial)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the entries newest first, by day in Chile time, each with image, name, brand, score, how and when', async () => {
    const fetch = stubFetch({ '/api/auth/status': { body: signedIn }, '/api/history': { body: THREE } });
    renderApp('/historial');
    expect(await screen.findByRole('heading', { level: 1, name: 'Historial' })).toBeInTheDocument();
    const today = await screen.findByRole('region', { name: 'Hoy' });
    const yesterday = screen.getByRole('region', { name: 'Ayer' });
    const todayItems = within(today).getAllByRole('listitem');
    expect(todayItems.map((li) => within(li).getByRole('link').textContent)).toEqual([
      expect.stringContaining('Leche Entera'),
      expect.stringContaining('Yogur Natural'),
    ]);
    expect(todayItems[0]).toHaveTextContent('Colún');
    expect(todayItems[0]).toHaveTextContent('Escaneado · 09:05');
    expect(todayItems[1]).toHaveTextContent('Abierto · 08:00');
    expect(within(todayItems[0]!).getByTestId('score-badge')).toHaveTextContent('7,4');
    expect(within(todayItems[0]!).getByText('Sin imagen')).toBeInTheDocument();
    expect(within(todayItems[0]!).getByRole('link')).toHaveAttribute('href', '/product/103');
    expect(within(yesterday).getByRole('listitem')).toHaveTextContent('Avena Tradicional');
    expect(screen.getByRole('button', { name: 'Quitar Leche Entera del historial' })).toBeInTheDocument();
    // One read, at the address the service worker keeps for offline reading.
    expect(calls(fetch, 'GET').filter((url) => url.startsWith('/api/history'))).toEqual(['/api/history']);
  });

  it('shows a skeleton while loading, then a friendly empty state inviting to scan or search', async () => {
    let answer: (r: { body: HistoryPage }) => void = () => undefined;
    stubFetch({
      '/api/auth/status': { body: signedIn },
      '/api/history': () => new Promise((resolve) => (answer = resolve)),
    });
    renderApp('/historial');
    expect(await screen.findByRole('status', { name: 'Cargando tu historial' })).toBeInTheDocument();
    answer({ body: page([]) });
    expect(await screen.findByRole('heading', { name: 'Todavía no hay nada en tu historial' })).toBeInTheDocument();
    expect(screen.getByText(/Escanea el código de barras de un producto o búscalo por su nombre/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Escanear o buscar un producto' })).toHaveAttribute('href', '/');
  });

  it('searches by what is typed, and says so when nothing matches', async () => {
    const fetch = stubFetch({
      '/api/auth/status': { body: signedIn },
      '/api/history': { body: THREE },
      '/api/history?q=leche': { body: page([THREE.items[0]!]) },
      '/api/history?q=quaker': { body: page([]) },
    });
    const user = userEvent.setup();
    renderApp('/historial');
    const search = await screen.findByRole('searchbox', { name: 'Buscar en tu historial' });
    await screen.findByRole('region', { name: 'Hoy' });
    await user.type(search, 'leche');
    await waitFor(() => expect(screen.queryByText('Yogur Natural')).not.toBeInTheDocument());
    expect(screen.getByText('Leche Entera')).toBeInTheDocument();
    expect(calls(fetch, 'GET')).toContain('/api/history?q=leche');
    await user.clear(search);
    await user.type(search, 'quaker');
    expect(await screen.findByText('Ningún producto de tu historial coincide con «quaker».')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ver todo el historial' }));
    expect(await screen.findByText('Yogur Natural')).toBeInTheDocument();
    expect(search).toHaveValue('');
  });

  it('removes one entry with its own button, and reads the history again', async () => {
    let current = THREE;
    const fetch = stubFetch({
      '/api/auth/status': { body: signedIn },
      '/api/history': () => ({ body: current }),
      '/api/history/2': () => {
        current = page(THREE.items.filter((e) => e.id !== 2));
        return { body: { message: 'Quitado del historial' } };
      },
    });
    const user = userEvent.setup();
    renderApp('/historial');
    await user.click(await screen.findByRole('button', { name: 'Quitar Yogur Natural del historial' }));
    await waitFor(() => expect(screen.queryByText('Yogur Natural', { selector: 'a *' })).not.toBeInTheDocument());
    expect(calls(fetch, 'DELETE')).toEqual(['/api/history/2']);
    expect(screen.getByText('Leche Entera')).toBeInTheDocument();
    // Focus does not fall to the page's end: it lands on the list.
    expect(screen.getByLabelText('Tu historial')).toHaveFocus();
  });

  it('"Borrar historial" asks first, deletes it all, and gives focus back to the button', async () => {
    let current = THREE;
    const fetch = stubFetch({
      '/api/auth/status': { body: signedIn },
      '/api/history': () => ({ body: current }),
    });
    const user = userEvent.setup();
    renderApp('/historial');
    await screen.findByRole('region', { name: 'Hoy' });
    const opener = screen.getByRole('button', { name: 'Borrar historial' });
    await user.click(opener);
    const dialog = await screen.findByRole('alertdialog', { name: '¿Borrar todo tu historial?' });
    expect(calls(fetch, 'DELETE')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(opener).toHaveFocus());

    await user.click(opener);
    const again = await screen.findByRole('alertdialog', { name: '¿Borrar todo tu historial?' });
    current = page([]);
    await user.click(within(again).getByRole('button', { name: 'Borrar historial' }));
    expect(await screen.findByRole('heading', { name: 'Todavía no hay nada en tu historial' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls(fetch, 'DELETE')).toEqual(['/api/history']);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Borrar historial' })).toHaveFocus());
  });

  it('an error says so in Spanish with a retry that works', async () => {
    let fail = true;
    stubFetch({
      '/api/auth/status': { body: signedIn },
      '/api/history': () => (fail ? { status: 503, body: { code: 'UNAVAILABLE', message: 'Error interno' } } : { body: THREE }),
    });
    const user = userEvent.setup();
    renderApp('/historial');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No pudimos cargar tu historial.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('region', { name: 'Hoy' })).toBeInTheDocument();
  });

  it('"Ver más" brings the next page after the last entry shown', async () => {
    const fetch = stubFetch({
      '/api/auth/status': { body: signedIn },
      '/api/history': { body: page(THREE.items.slice(0, 2), '1764072000000-2') },
      '/api/history?cursor=1764072000000-2': { body: page(THREE.items.slice(2)) },
    });
    const user = userEvent.setup();
    renderApp('/historial');
    await user.click(await screen.findByRole('button', { name: 'Ver más' }));
    expect(await screen.findByRole('region', { name: 'Ayer' })).toHaveTextContent('Avena Tradicional');
    expect(screen.queryByRole('button', { name: 'Ver más' })).not.toBeInTheDocument();
    expect(calls(fetch, 'GET')).toContain('/api/history?cursor=1764072000000-2');
  });

  it('turning recording off asks first, then sends it; the page says it is off', async () => {
    let current = THREE;
    const fetch = stubFetch({
      '/api/auth/status': { body: signedIn },
      '/api/history': () => ({ body: current }),
      '/api/history/recording': () => {
        current = page([], null, false);
        return { body: { recording: false, deleted: 3 } };
      },
    });
    const user = userEvent.setup();
    renderApp('/historial');
    const toggle = await screen.findByRole('switch', { name: 'Guardar mi historial' });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    const dialog = await screen.findByRole('alertdialog', { name: '¿Dejar de guardar tu historial?' });
    await user.click(within(dialog).getByRole('button', { name: 'Desactivar y borrar' }));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Guardar mi historial' })).not.toBeChecked());
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(put[1]?.body as string)).toEqual({ enabled: false });
    expect(screen.getByText(/Tu historial está desactivado/)).toBeInTheDocument();
  });

  it('is for members: signed out, it shows the sign-in screen and reads nothing', async () => {
    const fetch = stubFetch({ '/api/auth/status': { body: signedOut } });
    renderApp('/historial');
    expect(await screen.findByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(calls(fetch, 'GET').some((url) => url.startsWith('/api/history'))).toBe(false);
  });
});

/** The product page's own alternatives read, answered empty: only the history call is under test here. */
const noAlternatives = (productId: number) => ({
  [`/api/products/${productId}/alternatives`]: {
    body: { productId, unavailable: null, minimumMargin: 0.5, items: [] } satisfies ProductAlternatives,
  },
});

describe('the product page records the visit in Historial', () => {
  it('once per visit, as "open", without waiting for it; a failure shows nothing', async () => {
    const product = productFixture({ id: 42 });
    const fetch = stubFetch({
      '/api/auth/status': { body: signedIn },
      '/api/products/42': { body: product },
      ...noAlternatives(42),
      '/api/history': { status: 503, body: { code: 'UNAVAILABLE', message: 'x' } },
    });
    renderApp('/product/42');
    expect(await screen.findByRole('heading', { level: 1, name: product.name })).toBeInTheDocument();
    await waitFor(() => expect(calls(fetch, 'POST')).toEqual(['/api/history']));
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(post[1]?.body as string)).toEqual({ productId: 42, via: 'open' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('as "scan" when the scanner opened it, and again on each new visit', async () => {
    const fetch = stubFetch({
      '/api/auth/status': { body: signedIn },
      '/api/products/42': { body: productFixture({ id: 42 }) },
      '/api/products/43': { body: productFixture({ id: 43, name: 'Galletas de avena' }) },
      ...noAlternatives(42),
      ...noAlternatives(43),
      '/api/history': { body: { recorded: true } },
    });
    const { router } = renderApp('/product/42');
    const posted = () =>
      fetch.mock.calls.filter(([, init]) => init?.method === 'POST').map(([, init]) => JSON.parse(init?.body as string) as unknown);
    await waitFor(() => expect(posted()).toEqual([{ productId: 42, via: 'open' }]));
    await act(() => router.navigate('/product/43', { state: SCANNED_NAVIGATION_STATE }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Galletas de avena' })).toBeInTheDocument();
    await waitFor(() => expect(posted()).toHaveLength(2));
    await act(() => router.navigate('/product/42'));
    await waitFor(() => expect(posted()).toHaveLength(3));
    expect(posted()).toEqual([
      { productId: 42, via: 'open' },
      { productId: 43, via: 'scan' },
      { productId: 42, via: 'open' },
    ]);
  });
});
