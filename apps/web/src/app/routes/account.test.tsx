import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { renderApp, signedIn, signedOut, stubFetch } from '@/testing/render-app';

const data = {
  profile: {
    id: 1,
    email: 'ana@example.cl',
    firstName: 'Ana',
    lastName: 'Pérez',
    role: 'user',
    accessStatus: 'beta',
    historyEnabled: true,
    createdAt: '2026-11-01T12:00:00.000Z',
    updatedAt: '2026-11-01T12:00:00.000Z',
  },
  signups: [
    {
      email: 'ana@example.cl',
      kind: 'beta',
      firstName: 'Ana',
      lastName: 'Pérez',
      instagramHandle: '@ana_cocina',
      referralSource: null,
      ageBand: '16-o-mas',
      createdAt: '2026-11-01T12:00:00.000Z',
      promotedAt: null,
    },
  ],
  sessions: [{ createdAt: '2026-11-20T12:00:00.000Z', expiresAt: '2026-12-20T12:00:00.000Z' }],
  loginCodes: [],
  contactMessages: [
    {
      email: 'ana@example.cl',
      firstName: 'Ana',
      lastName: 'Pérez',
      message: 'Hola, una consulta',
      createdAt: '2026-11-02T12:00:00.000Z',
      handledAt: null,
    },
  ],
  errorReports: [],
  contributions: [],
  history: [
    {
      productId: 7,
      barcode: '7802800716340',
      productName: 'Leche Entera',
      brand: 'Colún',
      via: 'scan',
      viewedAt: '2026-11-24T15:00:00.000Z',
    },
  ],
  auditEntries: [],
};

describe('Mi cuenta (/cuenta)', () => {
  it('shows every kind of data with its purpose and retention, and the download link', async () => {
    stubFetch({ '/api/auth/status': { body: signedIn }, '/api/account': { body: data } });
    renderApp('/cuenta');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeInTheDocument();
    expect(await screen.findByText('@ana_cocina', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('Edad: 16 años o más')).toBeInTheDocument();
    expect(screen.getByText('Hola, una consulta')).toBeInTheDocument();
    const messages = screen.getByRole('region', { name: /Tus mensajes de contacto/ });
    expect(messages).toHaveTextContent('180 días desde que nos escribes');
    const history = screen.getByRole('region', { name: /Tu historial/ });
    expect(history).toHaveTextContent('escaneado · Leche Entera (Colún)');
    expect(history).toHaveTextContent('365 días desde la última vez que abriste cada producto');
    expect(within(history).getByRole('link', { name: 'Historial' })).toHaveAttribute('href', '/historial');
    expect(screen.getByRole('region', { name: /Códigos de ingreso/ })).toHaveTextContent(
      'No guardamos nada de esto sobre ti.',
    );
    expect(screen.getByRole('link', { name: 'Descargar mis datos (JSON)' })).toHaveAttribute(
      'href',
      '/api/account/export',
    );
  });

  it('corrects the name with a PATCH of the two fields', async () => {
    const fetch = stubFetch({ '/api/auth/status': { body: signedIn }, '/api/account': { body: data } });
    const user = userEvent.setup();
    renderApp('/cuenta');
    const name = await screen.findByLabelText('Nombre');
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Guardar nombre' }));
    expect(await screen.findByText('El nombre es obligatorio')).toBeInTheDocument();
    await user.type(name, 'Ana María');
    await user.click(screen.getByRole('button', { name: 'Guardar nombre' }));
    await waitFor(() =>
      expect(fetch.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(true),
    );
    const patch = fetch.mock.calls.find(([, init]) => init?.method === 'PATCH')!;
    expect(JSON.parse(patch[1]?.body as string)).toEqual({ firstName: 'Ana María', lastName: 'Pérez' });
  });

  it('erases the account only after the confirmation, then shows the signed-out login screen', async () => {
    let status: unknown = signedIn;
    const fetch = stubFetch({
      '/api/auth/status': () => ({ body: status }),
      '/api/account': () => ({ body: data }),
    });
    const user = userEvent.setup();
    renderApp('/cuenta');
    await user.click(await screen.findByRole('button', { name: 'Eliminar mi cuenta' }));
    const dialog = await screen.findByRole('alertdialog', { name: '¿Eliminar tu cuenta?' });
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    status = signedOut;
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar definitivamente' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toHaveLength(1);
  });
});

describe('/privacidad', () => {
  it('is open to anyone and names the law, the rights, the retention and the Agencia', async () => {
    stubFetch({ '/api/auth/status': { body: signedOut } });
    renderApp('/privacidad');
    const page = await screen.findByRole('article');
    expect(screen.getByRole('heading', { level: 1, name: 'Política de privacidad' })).toBeInTheDocument();
    expect(page).toHaveTextContent('Ley N° 21.719');
    expect(page).not.toHaveTextContent('19.628');
    for (const right of ['Acceso', 'Rectificación', 'Supresión', 'Oposición', 'Portabilidad', 'Bloqueo']) {
      expect(page).toHaveTextContent(`${right}:`);
    }
    expect(page).toHaveTextContent('Agencia de Protección de Datos Personales');
    expect(page).toHaveTextContent('365 días desde que los envías');
    for (const link of within(page).getAllByRole('link', { name: 'Mi cuenta' })) expect(link).toHaveAttribute('href', '/cuenta');
    expect(screen.getByTestId('off-attribution')).toHaveTextContent('Open Database License (ODbL)');
  });
});
