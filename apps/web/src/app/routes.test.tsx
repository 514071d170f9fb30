import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { renderApp, signedIn, signedOut, stubFetch } from '@/testing/render-app';

describe('the shell', () => {
  it('shows the home headline, the header and both beliefs layouts', async () => {
    stubFetch({ '/api/auth/status': { body: signedOut } });
    renderApp('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tu energía empieza aquí' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Somos una comunidad que cree en:')).toBeInTheDocument();
    expect(within(screen.getByTestId('beliefs-mobile')).getAllByRole('listitem')).toHaveLength(5);
    expect(within(screen.getByTestId('beliefs-desktop')).getAllByRole('listitem')).toHaveLength(5);
    expect(screen.getByTestId('site-logo')).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Mi cuenta' })).toHaveAttribute('href', '/login');
    expect(screen.getByTestId('partner-credit')).toHaveTextContent('un proyecto');
  });

  it('opens the legal dialog from the footer and closes it', async () => {
    stubFetch({ '/api/auth/status': { body: signedOut } });
    const user = userEvent.setup();
    renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Política de privacidad' }));
    const dialog = await screen.findByRole('dialog', { name: 'Política de privacidad' });
    expect(dialog).toHaveTextContent('Ley N° 21.719');
    await user.click(within(dialog).getByRole('tab', { name: 'Términos y condiciones' }));
    expect(screen.getByRole('dialog', { name: 'Términos y condiciones' })).toHaveTextContent(
      'cuentas falsas',
    );
    expect(dialog).toHaveTextContent('Open Food Facts');
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('the access gate', () => {
  it('shows "Verificando acceso..." while the check runs, then the login screen to a signed-out visitor', async () => {
    let release: (value: { body: unknown }) => void = () => {};
    stubFetch({ '/api/auth/status': () => new Promise((resolve) => (release = resolve)) });
    renderApp('/product/42');
    expect(await screen.findByText('Verificando acceso...')).toBeInTheDocument();
    release({ body: signedOut });
    expect(await screen.findByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Unirme a la lista de espera' })).toHaveAttribute(
      'href',
      '/#quieres-unirte',
    );
  });

  it('lets a signed-in admin through to the panel', async () => {
    stubFetch({ '/api/auth/status': { body: { ...signedIn, user: { ...signedIn.user, role: 'admin' } } } });
    renderApp('/admin');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Panel de Administración' }),
    ).toBeInTheDocument();
  });

  it('treats a failed check as signed out, and does not repeat it', async () => {
    const fetchMock = stubFetch({ '/api/auth/status': { status: 500, body: 'caído' } });
    renderApp('/search?q=galletas');
    expect(await screen.findByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it.each([
    '/search?q=pan',
    '/product/1/additives',
    '/category/desayuno',
    '/subcategory/cereales',
    '/desayuno',
    '/bebidas/jugos',
    '/admin/data-lake',
  ])('gates %s', async (path) => {
    stubFetch({ '/api/auth/status': { body: signedOut } });
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeInTheDocument();
  });

  it.each([
    ['/search?q=pan', 'Resultados para "pan"'],
    ['/product/1/ultraprocessed', 'Otros sospechosos'],
    ['/chocolates-galletas-y-dulces', 'Chocolates, galletas y dulces'],
    ['/desayuno/cereales', 'Productos'],
    ['/lacteos/leches', 'Productos'],
  ])('routes %s for a signed-in user', async (path, title) => {
    stubFetch({ '/api/auth/status': { body: signedIn } });
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  });
});

describe('the search page without a term', () => {
  it('offers the search box (the 404 page links here)', async () => {
    stubFetch({ '/api/auth/status': { body: signedIn } });
    renderApp('/search');
    expect(await screen.findByRole('heading', { level: 1, name: 'Buscar productos' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox')).toBeInTheDocument();
  });
});

describe('the 404 page', () => {
  it('links to home, back, breakfast, snacks, sweets and search', async () => {
    stubFetch({ '/api/auth/status': { body: signedOut } });
    renderApp('/no-existe');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Página no encontrada' }),
    ).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Caminos sugeridos' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Ir al inicio', '/'],
      ['Volver atrás', '/'],
      ['Desayuno', '/desayuno'],
      ['Snacks', '/snacks'],
      ['Chocolates, galletas y dulces', '/chocolates-galletas-y-dulces'],
      ['Buscar productos', '/search'],
    ]);
  });

  it.each(['/product/abc', '/product/abc/additives', '/product/12x/ultraprocessed'])(
    'is what an address that cannot be a product shows (%s), without asking the API for it',
    async (address) => {
      const fetchMock = stubFetch({ '/api/auth/status': { body: signedIn } });
      renderApp(address);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Página no encontrada' }, { timeout: 5000 }),
      ).toBeInTheDocument();
      expect(fetchMock.mock.calls.map(([url]) => url as string).filter((url) => url.includes('/api/products'))).toEqual([]);
    },
  );

  it('goes back in history with "Volver atrás"', async () => {
    stubFetch({ '/api/auth/status': { body: signedOut } });
    const user = userEvent.setup();
    const { router } = renderApp('/contact');
    await screen.findByRole('heading', { level: 1, name: '¿Quieres unirte?' });
    await router.navigate('/perdido');
    await user.click(await screen.findByRole('link', { name: 'Volver atrás' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/contact'));
  });
});
