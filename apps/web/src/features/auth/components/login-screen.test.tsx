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

  const codeSent = (passwordRequired = false) => ({
    body: {
      authenticated: false,
      codeRequired: true,
      passwordRequired,
      user: null,
      message: 'Te enviamos un código',
    },
  });
  const signedInAnswer = {
    body: {
      authenticated: true,
      codeRequired: false,
      passwordRequired: false,
      user: signedIn.user,
      message: 'Sesión iniciada',
    },
  };
  /** Types the email, asks for a code, types the one mailed (the stub takes any) and sends it. */
  const signInWithCode = async (user: ReturnType<typeof userEvent.setup>, email: string) => {
    await user.type(await screen.findByLabelText('Email'), email);
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    await user.type(await screen.findByLabelText('Código'), '123456');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
  };

  it('sends the email trimmed and lower-cased, asks for the code it mailed, then goes home', async () => {
    let calls = 0;
    const fetchMock = stubFetch({
      '/api/auth/status': { body: signedOut },
      '/api/auth/login': () => (++calls === 1 ? codeSent() : signedInAnswer),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/login');
    await user.type(await screen.findByLabelText('Email'), '  Ana@Example.CL ');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Te enviamos un código a ana@example.cl');
    const code = screen.getByLabelText('Código');
    await waitFor(() => expect(code).toHaveFocus());
    expect(router.state.location.pathname).toBe('/login');
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(loginBody(fetchMock)).toEqual([
      { email: 'ana@example.cl' },
      { email: 'ana@example.cl', code: '123456' },
    ]);
  });

  it('refuses a code that is not 6 digits before sending it, and can go back to change the email', async () => {
    const fetchMock = stubFetch({ '/api/auth/status': { body: signedOut }, '/api/auth/login': codeSent() });
    const user = userEvent.setup();
    renderApp('/login');
    await user.type(await screen.findByLabelText('Email'), 'ana@example.cl');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    await user.type(await screen.findByLabelText('Código'), '12a');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByText('El código tiene 6 dígitos')).toBeInTheDocument();
    expect(loginBody(fetchMock)).toEqual([{ email: 'ana@example.cl' }]);
    await user.click(screen.getByRole('button', { name: 'Cambiar email' }));
    expect(screen.queryByLabelText('Código')).toBeNull();
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('readonly');
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

  it('says so in Spanish when the beta places ran out between the sign-up and the code, and stays', async () => {
    let calls = 0;
    const fullMessage =
      'Confirmaste tu email, pero los cupos del programa Beta se completaron antes. Te dejamos en la lista de espera y te avisaremos cuando haya un cupo.';
    stubFetch({
      '/api/auth/status': { body: signedOut },
      '/api/auth/login': () => (++calls === 1 ? codeSent() : { status: 409, body: { code: 'BETA_FULL', message: fullMessage } }),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/login');
    await signInWithCode(user, 'tarde@example.cl');
    expect(await screen.findByText(fullMessage)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('asks for the password with the code when the account has one', async () => {
    let calls = 0;
    const fetchMock = stubFetch({
      '/api/auth/status': { body: signedOut },
      '/api/auth/login': () =>
        ++calls === 1
          ? codeSent(true)
          : { status: 401, body: { code: 'INVALID_PASSWORD', message: 'Contraseña incorrecta' } },
    });
    const user = userEvent.setup();
    renderApp('/login');
    await user.type(await screen.findByLabelText('Email'), 'admin@example.cl');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    await user.type(await screen.findByLabelText('Código'), '654321');
    await user.type(screen.getByLabelText('Contraseña'), 'secreta');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByText('Contraseña incorrecta')).toBeInTheDocument();
    expect(loginBody(fetchMock)).toEqual([
      { email: 'admin@example.cl' },
      { email: 'admin@example.cl', code: '654321', password: 'secreta' },
    ]);
  });

  it('shows the requested members-only page after signing in from it', async () => {
    let signedInNow = false;
    let calls = 0;
    stubFetch({
      '/api/auth/status': () => ({ body: signedInNow ? signedIn : signedOut }),
      '/api/auth/login': () => {
        if (++calls === 1) return codeSent();
        signedInNow = true;
        return signedInAnswer;
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/search?q=pan');
    await signInWithCode(user, 'ana@example.cl');
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
