import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { renderApp, signedIn, signedOut, stubFetch } from '@/testing/render-app';

const loginBody = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls
    .filter(([input]) =>
      (input instanceof Request ? input.url : input.toString()).includes('/api/auth/login'),
    )
    .map(([, init]) => JSON.parse(typeof init?.body === 'string' ? init.body : 'null') as unknown);

describe('the login screen', () => {
  it('refuses an invalid email without calling the server', async () => {
    const fetchMock = stubFetch({ '/api/auth/status': { body: signedOut } });
    const user = userEvent.setup();
    renderApp('/login');
    await user.type(await screen.findByLabelText('Email'), 'no-es-un-email');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByText('Debes ingresar un email válido')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Email'));
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByText('Debes ingresar un email válido')).toBeInTheDocument();
    expect(loginBody(fetchMock)).toEqual([]);
  });

  it('sends the email trimmed and lower-cased, then goes home', async () => {
    const fetchMock = stubFetch({
      '/api/auth/status': { body: signedOut },
      '/api/auth/login': {
        body: {
          authenticated: true,
          passwordRequired: false,
          user: signedIn.user,
          message: 'Sesión iniciada',
        },
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/login');
    await user.type(await screen.findByLabelText('Email'), '  Ana@Example.CL ');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(loginBody(fetchMock)).toEqual([{ email: 'ana@example.cl' }]);
  });

  it('points an unregistered email to the waiting list and stays', async () => {
    stubFetch({
      '/api/auth/status': { body: signedOut },
      '/api/auth/login': {
        status: 401,
        body: { code: 'EMAIL_NOT_REGISTERED', message: 'Email no registrado en programa Beta' },
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/login');
    await user.type(await screen.findByLabelText('Email'), 'nadie@example.cl');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(
      await screen.findByText(/Email no registrado en programa Beta, únete a la lista de espera/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir a la lista de espera' })).toHaveAttribute(
      'href',
      '/#quieres-unirte',
    );
    expect(router.state.location.pathname).toBe('/login');
  });

  it('asks for the password when the server wants it', async () => {
    let calls = 0;
    const fetchMock = stubFetch({
      '/api/auth/status': { body: signedOut },
      '/api/auth/login': () => {
        calls += 1;
        return calls === 1
          ? {
              body: {
                authenticated: false,
                passwordRequired: true,
                user: null,
                message: 'Ingresa tu contraseña',
              },
            }
          : { status: 401, body: { code: 'INVALID_PASSWORD', message: 'Contraseña incorrecta' } };
      },
    });
    const user = userEvent.setup();
    renderApp('/login');
    await user.type(await screen.findByLabelText('Email'), 'admin@example.cl');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    const password = await screen.findByLabelText('Contraseña');
    await waitFor(() => expect(password).toHaveFocus());
    await user.type(password, 'secreta');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByText('Contraseña incorrecta')).toBeInTheDocument();
    expect(loginBody(fetchMock)).toEqual([
      { email: 'admin@example.cl' },
      { email: 'admin@example.cl', password: 'secreta' },
    ]);
  });

  it('shows the requested members-only page after signing in from it', async () => {
    let signedInNow = false;
    stubFetch({
      '/api/auth/status': () => ({ body: signedInNow ? signedIn : signedOut }),
      '/api/auth/login': () => {
        signedInNow = true;
        return { body: { authenticated: true, passwordRequired: false, user: signedIn.user, message: 'ok' } };
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/search?q=pan');
    await user.type(await screen.findByLabelText('Email'), 'ana@example.cl');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: /Resultados para "pan"/ }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/search');
  });

  it('offers the waiting list', async () => {
    stubFetch({ '/api/auth/status': { body: signedOut } });
    renderApp('/login');
    expect(await screen.findByRole('link', { name: 'Unirme a la lista de espera' })).toHaveAttribute(
      'href',
      '/#quieres-unirte',
    );
    expect(screen.getByText(/Acceso Beta/)).toBeInTheDocument();
  });

  it('shows who is signed in at /login, and signs out', async () => {
    stubFetch({
      '/api/auth/status': { body: signedIn },
      '/api/auth/logout': { body: { message: 'Sesión cerrada' } },
    });
    const user = userEvent.setup();
    renderApp('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeInTheDocument();
    expect(screen.getAllByText('ana@example.cl').length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Cerrar sesión' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeInTheDocument();
  });
});
