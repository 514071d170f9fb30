import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { productFixture } from '@/testing/product-fixture';
import { renderApp, signedIn, stubFetch } from '@/testing/render-app';

/*
 * Issue 16: without a network, what the service worker did not keep fails as a fetch that never got an answer.
 * The screen says "Sin conexión" inside the layout, with a retry, never a blank page, a raw error or a sign-in
 * form that could not work.
 */

const offline = () => {
  throw new TypeError('Failed to fetch');
};

beforeEach(() => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('offline', () => {
  it('a product this phone did not keep: "Sin conexión" inside the layout, and the offline band', async () => {
    stubFetch({ '/api/auth/status': { body: signedIn }, '/api/products/5': offline });
    renderApp('/product/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sin conexión' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
    expect(screen.queryByText(/Failed to fetch/)).not.toBeInTheDocument();
    expect(screen.getByTestId('site-logo')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Política de privacidad' })).toBeInTheDocument();
    expect(screen.getByTestId('offline-banner')).toHaveTextContent('Sin conexión');
  });

  it('a product this phone kept (the worker answers): the product, with the offline band', async () => {
    const product = productFixture({ id: 5, name: 'Leche Entera' });
    stubFetch({ '/api/auth/status': { body: signedIn }, '/api/products/5': { body: product } });
    renderApp('/product/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Leche Entera' })).toBeInTheDocument();
    expect(screen.getByTestId('offline-banner')).toBeInTheDocument();
  });

  it("a members' page with no kept session: 'Sin conexión', not the sign-in form", async () => {
    stubFetch({ '/api/auth/status': offline });
    renderApp('/cuenta');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sin conexión' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    expect(screen.getByTestId('site-logo')).toBeInTheDocument();
  });
});
