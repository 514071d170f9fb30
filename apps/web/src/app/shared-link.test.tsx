import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { productFixture } from '@/testing/product-fixture';
import { renderApp, signedIn, signedOut, stubFetch } from '@/testing/render-app';

const cookies = productFixture();
const preview = {
  id: cookies.id,
  name: cookies.name,
  brand: 'Costa',
  score: '3,1/10',
  scoreLabel: 'Malo',
  seals: ['ALTO EN AZÚCARES'],
  imageUrl: `https://etiquetaclara.example/api/share/products/${cookies.id}/card.png?v=abc`,
};

describe('a shared product link', () => {
  it('signed out: one line above the login says what was shared; signing in shows the product at the same address', async () => {
    let authenticated = false;
    stubFetch({
      '/api/auth/status': () => ({ body: authenticated ? signedIn : signedOut }),
      [`/api/share/products/${cookies.id}`]: { body: preview },
      [`/api/products/${cookies.id}`]: () => (authenticated ? { body: cookies } : { status: 401, body: { code: 'UNAUTHORIZED', message: 'Inicia sesión' } }),
      '/api/auth/login': () => {
        authenticated = true;
        return { body: { authenticated: true, codeRequired: false, passwordRequired: false, user: signedIn.user, message: 'Sesión iniciada' } };
      },
      '/api/history': { status: 201, body: {} },
    });
    const { router } = renderApp(`/product/${cookies.id}`);
    const hint = await screen.findByTestId('shared-product-hint');
    await waitFor(() =>
      expect(hint).toHaveTextContent(`Te compartieron ${cookies.name} de Costa: 3,1/10 · Malo. Inicia sesión para ver su análisis.`),
    );
    // Above the login's title.
    const title = screen.getByRole('heading', { level: 1, name: 'Iniciar sesión' });
    expect(hint.compareDocumentPosition(title) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Email'), 'ana@example.cl');
    await userEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByRole('heading', { level: 1, name: cookies.name })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/product/${cookies.id}`);
  });

  it('says nothing above the login for a product that does not exist', async () => {
    const fetchMock = stubFetch({ '/api/auth/status': { body: signedOut } });
    renderApp('/product/999999');
    expect(await screen.findByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeInTheDocument();
    await waitFor(() => expect(fetchMock.mock.calls.map(([input]) => (input instanceof Request ? input.url : input.toString()))).toContain('/api/share/products/999999'));
    expect(screen.getByTestId('shared-product-hint')).toBeEmptyDOMElement();
  });

  it('nor on the login of other members’ pages', async () => {
    stubFetch({ '/api/auth/status': { body: signedOut } });
    renderApp('/historial');
    expect(await screen.findByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(screen.queryByTestId('shared-product-hint')).not.toBeInTheDocument();
  });

  it("the product page's Compartir copies the product's link and says 'Enlace copiado'", async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { clipboard: { writeText }, share: undefined }));
    stubFetch({ '/api/auth/status': { body: signedIn }, [`/api/products/${cookies.id}`]: { body: cookies }, '/api/history': { status: 201, body: {} } });
    renderApp(`/product/${cookies.id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Compartir' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/product/${cookies.id}`);
    expect(await screen.findByText('Enlace copiado')).toHaveRole('status');
  });

  it("uses the phone's share sheet with the product's name and score where there is one", async () => {
    const share = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { share }));
    stubFetch({ '/api/auth/status': { body: signedIn }, [`/api/products/${cookies.id}`]: { body: cookies }, '/api/history': { status: 201, body: {} } });
    renderApp(`/product/${cookies.id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Compartir' }));
    expect(share).toHaveBeenCalledWith({
      title: cookies.name,
      text: 'Galletas gofres rellenas de caramelo (Hacendado): 1,5/10 · Muy malo en Etiqueta Clara',
      url: `${window.location.origin}/product/${cookies.id}`,
    });
  });
});
