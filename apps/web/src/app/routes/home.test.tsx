import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { callsTo, renderApp, sentJson, signedIn, signedOut, stubFetch } from '@/testing/render-app';

const categories = [
  { id: 2, name: 'Snacks', slug: 'snacks', icon: 'popcorn', productCount: 40 },
  { id: 1, name: 'Bebidas', slug: 'bebidas', icon: 'cup-soda', productCount: 0 },
  { id: 3, name: 'Lácteos', slug: 'lacteos', icon: 'milk', productCount: 12 },
];
const openStatus = { isOpen: true, remainingSpots: 7, isWaitlistEnabled: true };
const product = { id: 10, name: 'Galletas de avena', brand: 'Marca' };

const urlOf = (input: RequestInfo | URL) => (input instanceof Request ? input.url : input.toString());

const base = {
  '/api/auth/status': { body: signedOut },
  '/api/categories': { body: categories },
  '/api/signup/status': { body: openStatus },
};

/** The home page, its search box, and a user to type in it. */
const openHomeSearch = async () => {
  const user = userEvent.setup();
  const { router } = renderApp('/');
  const box = await screen.findByRole('combobox', { name: 'Nombre o marca del producto' });
  return { user, router, box };
};

describe('home: categories', () => {
  it('lists categories by name; empty ones are greyed out and say Próximamente', async () => {
    stubFetch(base);
    renderApp('/');
    const section = await screen.findByRole('region', { name: 'Categorías' });
    await within(section).findByText('Bebidas');
    const names = within(section)
      .getAllByRole('listitem')
      .map((item) => item.querySelector('.font-semibold')?.textContent);
    expect(names).toEqual(['Bebidas', 'Lácteos', 'Snacks']);
    expect(within(section).getByRole('link', { name: /Snacks/ })).toHaveAttribute('href', '/category/snacks');
    expect(within(section).queryByRole('link', { name: /Bebidas/ })).not.toBeInTheDocument();
    expect(within(screen.getByTestId('category-coming-soon')).getByText('Próximamente')).toBeInTheDocument();
  });
});

describe('home: categories after a lost connection', () => {
  it('"No pudimos cargar las categorías" goes away and the cards load when the connection comes back', async () => {
    let offline = true;
    stubFetch({
      ...base,
      '/api/categories': () => {
        if (offline) throw new TypeError('Failed to fetch');
        return { body: categories };
      },
    });
    renderApp('/');
    const section = await screen.findByRole('region', { name: 'Categorías' });
    const alert = await within(section).findByRole('alert');
    expect(alert).toHaveTextContent('No pudimos cargar las categorías. Sin conexión. Revisa tu internet e inténtalo de nuevo.');

    offline = false;
    window.dispatchEvent(new Event('online'));
    await within(section).findByRole('link', { name: /Snacks/ });
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('"Reintentar" reads the categories again', async () => {
    let failing = true;
    stubFetch({
      ...base,
      '/api/categories': () => (failing ? { status: 503, body: { code: 'UNAVAILABLE', message: 'x' } } : { body: categories }),
    });
    const user = userEvent.setup();
    renderApp('/');
    const section = await screen.findByRole('region', { name: 'Categorías' });
    const alert = await within(section).findByRole('alert');
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    await within(section).findByRole('link', { name: /Snacks/ });
  });
});

describe('home: the first load of an empty catalogue', () => {
  it('says the catalogue is loading with the count so far, not every category as Próximamente, and follows it', async () => {
    let state: { loading: boolean; products: number; failure: null | { reason: string; retryAt: string | null } } = {
      loading: true,
      products: 1234,
      failure: null,
    };
    let counts = categories.map((c) => ({ ...c, productCount: 0 }));
    stubFetch({
      ...base,
      '/api/categories': () => ({ body: counts }),
      '/api/sync/first-load': () => ({ body: state }),
    });
    renderApp('/');
    const section = await screen.findByRole('region', { name: 'Categorías' });
    const notice = await within(section).findByTestId('first-load');
    expect(notice).toHaveTextContent('Cargando el catálogo de Open Food Facts… 1.234 productos hasta ahora.');
    expect(notice).toHaveAttribute('role', 'status');
    expect(within(section).queryByText('Próximamente')).not.toBeInTheDocument();

    // Batches land: the filled categories appear; then the load ends and the grid is the usual one.
    counts = categories;
    state = { loading: false, products: 52, failure: null };
    await waitFor(() => expect(within(section).queryByTestId('first-load')).not.toBeInTheDocument(), {
      timeout: 8_000,
    });
    await within(section).findByRole('link', { name: /Snacks/ });
    expect(within(screen.getByTestId('category-coming-soon')).getByText('Próximamente')).toBeInTheDocument();
  }, 15_000);

  it('when nothing is loading the grid is as always', async () => {
    stubFetch({ ...base, '/api/sync/first-load': { body: { loading: false, products: 52, failure: null } } });
    renderApp('/');
    const section = await screen.findByRole('region', { name: 'Categorías' });
    await within(section).findByText('Bebidas');
    expect(within(section).queryByTestId('first-load')).not.toBeInTheDocument();
  });
});

describe('home: the first load could not reach Open Food Facts', () => {
  it('says what happened and when the server tries again, instead of a wall of Próximamente', async () => {
    stubFetch({
      ...base,
      '/api/categories': { body: categories.map((c) => ({ ...c, productCount: 0 })) },
      '/api/sync/first-load': {
        body: {
          loading: false,
          products: 0,
          // 17:05 UTC is 14:05 in Santiago (summer time, UTC−3), whatever the test machine's own zone.
          failure: { reason: 'no hay conexión con Open Food Facts', retryAt: '2026-11-27T17:05:00.000Z' },
        },
      },
    });
    renderApp('/');
    const section = await screen.findByRole('region', { name: 'Categorías' });
    const notice = await within(section).findByTestId('first-load-failed');
    expect(notice).toHaveTextContent(
      'No pudimos descargar el catálogo de Open Food Facts: no hay conexión con Open Food Facts. Lo intentaremos de nuevo a las 14:05.',
    );
    expect(notice).toHaveAttribute('role', 'status');
    expect(within(section).queryByText('Próximamente')).not.toBeInTheDocument();
  });
});

describe('home: search', () => {
  it('needs 2 characters, then goes to the results page when something is found', async () => {
    const fetchMock = stubFetch({
      ...base,
      '/api/v1/search?q=galletas+de+avena&limit=30': { body: { results: [product], suggestions: [] } },
    });
    const { user, router, box } = await openHomeSearch();
    const button = screen.getByRole('button', { name: 'Buscar' });
    expect(button).toBeDisabled();
    await user.type(box, ' g ');
    expect(button).toBeDisabled();
    await user.clear(box);
    await user.type(box, 'galletas de avena{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toBe('?q=galletas%20de%20avena');
    expect(fetchMock.mock.calls.filter(([input]) => urlOf(input).startsWith('/api/v1/search?'))).toHaveLength(
      1,
    );
  });

  it('says so when nothing is found and offers suggestions that fill the box', async () => {
    stubFetch({
      ...base,
      '/api/v1/search?q=gallletas&limit=30': { body: { results: [], suggestions: ['galletas', 'gelatina'] } },
    });
    const { user, router, box } = await openHomeSearch();
    await user.type(box, 'gallletas');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(await screen.findByText('No lo encontré, prueba variando el nombre')).toBeInTheDocument();
    expect(screen.getByText('¿Quisiste decir?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'galletas' }));
    expect(box).toHaveValue('galletas');
    expect(router.state.location.pathname).toBe('/');
  });

  it("says in Spanish that the search failed when the search answers with an error", async () => {
    stubFetch({ ...base, '/api/v1/search?q=pan&limit=30': { status: 500, body: 'x' } });
    const user = userEvent.setup();
    renderApp('/');
    await user.type(await screen.findByRole('combobox', { name: 'Nombre o marca del producto' }), 'pan{Enter}');
    expect(await screen.findByText('No pudimos buscar. Inténtalo de nuevo en un momento.')).toBeInTheDocument();
  });
});

describe('home: suggestions while typing', () => {
  const items = [
    { id: 21, name: 'Galletas de Avena', brand: 'McKay' },
    { id: 22, name: 'Galletas Tritón', brand: 'Costa' },
    { id: 23, name: 'Galletón', brand: '' },
  ];
  // After the typing pause and the answer: on a loaded machine more than findBy's default second.
  const findSuggestions = () => screen.findByRole('listbox', { name: 'Sugerencias' }, { timeout: 5_000 });
  const suggestCalls = (mock: ReturnType<typeof stubFetch>) =>
    mock.mock.calls.filter(([input]) => urlOf(input).startsWith('/api/v1/search/suggestions'));

  it('from 2 characters, after a pause: a listbox of products the arrows move through and Enter opens', async () => {
    const fetchMock = stubFetch({ ...base, '/api/v1/search/suggestions?q=gal': { body: { items } } });
    const { user, router, box } = await openHomeSearch();
    await user.type(box, 'g');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await user.type(box, 'al');
    const list = await findSuggestions();
    // One request for the text the shopper paused on, none for each key.
    expect(suggestCalls(fetchMock).map(([input]) => urlOf(input))).toEqual(['/api/v1/search/suggestions?q=gal']);
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(box).toHaveAttribute('aria-controls', list.id);
    const options = within(list).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Galletas de AvenaMcKay', 'Galletas TritónCosta', 'Galletón']);
    expect(screen.getByRole('status')).toHaveTextContent('3 sugerencias. Usa las flechas para elegir una.');

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(box).toHaveFocus();
    expect(box).toHaveAttribute('aria-activedescendant', options[1]!.id);
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    expect(options[0]).toHaveAttribute('aria-selected', 'false');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(box).not.toHaveAttribute('aria-activedescendant');
    await user.keyboard('{ArrowUp}');
    expect(box).toHaveAttribute('aria-activedescendant', options[2]!.id);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/product/23'));
    expect(fetchMock.mock.calls.filter(([input]) => urlOf(input).startsWith('/api/v1/search?'))).toHaveLength(0);
  });

  it('Escape closes the list, the arrow opens it again, a click opens a product', async () => {
    stubFetch({ ...base, '/api/v1/search/suggestions?q=gal': { body: { items } } });
    const { user, router, box } = await openHomeSearch();
    await user.type(box, 'gal');
    await findSuggestions();
    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(box).toHaveValue('gal');

    await user.keyboard('{ArrowDown}');
    const list = await findSuggestions();
    await user.click(within(list).getByRole('option', { name: /Galletas Tritón/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/product/22'));
  });

  it('Enter with no suggestion chosen searches what was typed, as always', async () => {
    stubFetch({
      ...base,
      '/api/v1/search/suggestions?q=gal': { body: { items } },
      '/api/v1/search?q=gal&limit=30': { body: { results: [product], total: 1, page: 1, suggestions: [] } },
    });
    const { user, router, box } = await openHomeSearch();
    await user.type(box, 'gal');
    await findSuggestions();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toBe('?q=gal');
  });

  it('aborts the request for a text no longer wanted and never shows its late answer', async () => {
    let answerFirst: (() => void) | undefined;
    const fetchMock = stubFetch({
      ...base,
      '/api/v1/search/suggestions?q=le': () =>
        new Promise((resolve) => {
          answerFirst = () => resolve({ body: { items: [{ id: 31, name: 'Lentejas', brand: 'Wasil' }] } });
        }),
      '/api/v1/search/suggestions?q=leche': { body: { items: [{ id: 32, name: 'Leche Entera', brand: 'Colun' }] } },
    });
    const { user, box } = await openHomeSearch();
    await user.type(box, 'le');
    await waitFor(() => expect(suggestCalls(fetchMock)).toHaveLength(1));
    const first = suggestCalls(fetchMock)[0]![1]?.signal;
    await user.type(box, 'che');
    const list = await findSuggestions();
    expect(within(list).getAllByRole('option').map((o) => o.textContent)).toEqual(['Leche EnteraColun']);
    expect(first?.aborted).toBe(true);
    answerFirst?.();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(list).getAllByRole('option').map((o) => o.textContent)).toEqual(['Leche EnteraColun']);
  });

  it('shows no list when the suggestions fail, and the search still works', async () => {
    stubFetch({
      ...base,
      '/api/v1/search/suggestions?q=pan': { status: 500, body: 'x' },
      '/api/v1/search?q=pan&limit=30': { body: { results: [product], total: 1, page: 1, suggestions: [] } },
    });
    const { user, router, box } = await openHomeSearch();
    await user.type(box, 'pan');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
  });
});

describe('home: join section', () => {
  it('signs up for beta while places are open, then offers to register someone else', async () => {
    let status = openStatus;
    const fetchMock = stubFetch({
      ...base,
      '/api/signup/status': () => ({ body: status }),
      '/api/signup/beta': () => {
        status = { ...openStatus, remainingSpots: 6 };
        return { status: 201, body: { message: 'Confirma tu email para tomar tu cupo', kind: 'pending' } };
      },
    });
    const user = userEvent.setup();
    renderApp('/?ref=instagram');
    const section = await screen.findByRole('region', { name: '¿Quieres unirte?' });
    expect(within(section).getByText('20 cupos de prueba')).toBeInTheDocument();
    expect(await within(section).findByText('Solo quedan 7 espacios')).toBeInTheDocument();
    await user.type(within(section).getByLabelText('Email'), ' Ana@Example.cl');
    await user.type(within(section).getByLabelText('Nombre'), 'Ana');
    await user.type(within(section).getByLabelText('Apellido'), 'Pérez');
    // The age band (Ley 21.719) is required: without it nothing is sent and the group says why.
    await user.click(within(section).getByRole('button', { name: 'Quiero mi cupo Beta' }));
    expect(await screen.findByText('Campos requeridos')).toBeInTheDocument();
    const ages = within(section).getByRole('radiogroup', { name: 'Tu edad' });
    expect(within(ages).getByRole('alert')).toHaveTextContent(
      'Indica si tienes 16 años o más, o si tienes la autorización de tu madre, padre o representante legal.',
    );
    expect(callsTo(fetchMock, '/api/signup/beta')).toHaveLength(0);
    await user.click(within(ages).getByRole('radio', { name: 'Tengo 16 años o más' }));
    expect(within(ages).queryByRole('alert')).toBeNull();
    await user.click(within(section).getByRole('button', { name: 'Quiero mi cupo Beta' }));
    expect(
      await screen.findByText('Confirma tu email para tomar tu cupo', { selector: 'p' }),
    ).toBeInTheDocument();
    expect(sentJson(fetchMock, '/api/signup/beta')).toEqual({
      email: 'ana@example.cl',
      firstName: 'Ana',
      lastName: 'Pérez',
      ageBand: '16-o-mas',
      referralSource: 'instagram',
    });
    // The place is taken by signing in with the mailed code: the way there is right under the message.
    expect(within(section).getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', '/login');
    await user.click(within(section).getByRole('button', { name: 'Registrar otro usuario' }));
    expect(await within(section).findByText('Solo quedan 6 espacios')).toBeInTheDocument();
    expect(within(section).getByLabelText('Email')).toHaveValue('');
  });

  it('joins the waiting list when places are gone, and reports missing fields with a toast', async () => {
    const fetchMock = stubFetch({
      ...base,
      '/api/signup/status': { body: { isOpen: false, remainingSpots: 0, isWaitlistEnabled: true } },
      '/api/signup/waitlist': {
        status: 409,
        body: { code: 'ALREADY_SIGNED_UP', message: 'Ese email ya está inscrito' },
      },
    });
    const user = userEvent.setup();
    renderApp('/');
    const section = await screen.findByRole('region', { name: '¿Quieres unirte?' });
    const submit = await within(section).findByRole('button', { name: 'Unirme a la lista de espera' });
    await user.type(within(section).getByLabelText('Email'), 'ana@example.cl');
    await user.click(submit);
    expect(await screen.findByText('Campos requeridos')).toBeInTheDocument();
    expect(screen.getByText('Por favor completa todos los campos obligatorios')).toBeInTheDocument();
    await user.type(within(section).getByLabelText('Nombre'), 'Ana');
    await user.type(within(section).getByLabelText('Apellido'), 'Pérez');
    await user.click(
      within(section).getByRole('radio', {
        name: 'Tengo menos de 16 años y mi madre, padre o representante legal me autorizó a inscribirme',
      }),
    );
    await user.click(submit);
    expect(await screen.findByText('Error en el registro')).toBeInTheDocument();
    expect(screen.getByText('Ese email ya está inscrito')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/signup/waitlist')).not.toHaveLength(0);
  });

  it('a place on the waiting list is not offered a sign-in it could not use', async () => {
    stubFetch({
      ...base,
      '/api/signup/status': { body: { isOpen: false, remainingSpots: 0, isWaitlistEnabled: true } },
      '/api/signup/waitlist': { status: 201, body: { message: 'Te agregamos a la lista de espera.', kind: 'waitlist' } },
    });
    const user = userEvent.setup();
    renderApp('/');
    const section = await screen.findByRole('region', { name: '¿Quieres unirte?' });
    const submit = await within(section).findByRole('button', { name: 'Unirme a la lista de espera' });
    await user.type(within(section).getByLabelText('Email'), 'ana@example.cl');
    await user.type(within(section).getByLabelText('Nombre'), 'Ana');
    await user.type(within(section).getByLabelText('Apellido'), 'Pérez');
    await user.click(within(section).getByRole('radio', { name: 'Tengo 16 años o más' }));
    await user.click(submit);
    await within(section).findByRole('button', { name: 'Registrar otro usuario' });
    expect(within(section).queryByRole('link', { name: 'Iniciar sesión' })).not.toBeInTheDocument();
  });

  it('links to the contact page from the floating button', async () => {
    stubFetch(base);
    renderApp('/');
    expect(await screen.findByTestId('floating-contact')).toHaveAttribute('href', '/contact');
  });
});

describe('home: a signed-in member', () => {
  it('sees no beta form, but the way to Para ti, Historial and the community', async () => {
    stubFetch({ ...base, '/api/auth/status': { body: signedIn } });
    renderApp('/');
    const section = await screen.findByRole('region', { name: 'Ya eres parte del programa Beta' });
    expect(within(section).getByRole('link', { name: /Para ti/ })).toHaveAttribute('href', '/para-ti');
    expect(within(section).getByRole('link', { name: 'Historial' })).toHaveAttribute('href', '/historial');
    expect(within(section).getByRole('link', { name: /Unirme a la comunidad/ })).toHaveAttribute('target', '_blank');
    expect(screen.queryByRole('region', { name: '¿Quieres unirte?' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    expect(screen.queryByText('20 cupos de prueba')).not.toBeInTheDocument();
  });
});
