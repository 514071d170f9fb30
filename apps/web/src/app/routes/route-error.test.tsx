import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderApp, signedOut, stubFetch } from '@/testing/render-app';

// The contact screen's code cannot be downloaded, as when the phone lost its signal before the click.
vi.mock('./contact', () => ({
  get ContactRoute() {
    throw new TypeError('Failed to fetch dynamically imported module: https://etiquetaclara.cl/assets/contact-3f2a.js');
  },
}));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a screen whose code cannot be downloaded', () => {
  it("shows 'Sin conexión' with a retry inside the layout, never the browser's English", async () => {
    stubFetch({ '/api/auth/status': { body: signedOut } });
    renderApp('/contact');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sin conexión' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Revisa tu conexión a internet');
    expect(screen.queryByText(/dynamically imported module/)).not.toBeInTheDocument();
    // The header and footer are still there.
    expect(screen.getByTestId('site-logo')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Política de privacidad' })).toBeInTheDocument();
  });

  it('retries only once the server answers: still offline, it says so and keeps the app', async () => {
    const user = userEvent.setup();
    stubFetch({ '/api/auth/status': { body: signedOut } });
    renderApp('/contact');
    const retry = await screen.findByRole('button', { name: 'Reintentar' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await user.click(retry);
    expect(await screen.findByText('Todavía no hay conexión. Inténtalo de nuevo en un momento.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Reintentar' })).toBeEnabled());
    expect(screen.getByTestId('site-logo')).toBeInTheDocument();
  });
});
