import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { renderApp, signedIn, signedOut, stubFetch } from '@/testing/render-app';

const lazy = { timeout: 10_000 };
const admin = { authenticated: true, user: { id: '1', email: 'admin@example.cl', role: 'admin' as const } };

const pending = {
  id: 5,
  barcode: '7802800716340',
  status: 'pending',
  name: 'Galletas de avena',
  brand: 'La Abuela',
  ingredients: 'avena, azúcar',
  energyKcal100: null,
  totalFatG100: null,
  saturatedFatG100: null,
  carbohydratesG100: null,
  totalSugarsG100: 24.5,
  fiberG100: null,
  proteinG100: null,
  sodiumMg100: null,
  photos: [{ kind: 'front', url: '/api/contributions/photos/ab.jpg', width: 800, height: 600 }],
  contributorEmail: 'ana@example.cl',
  rejectReason: null,
  productId: null,
  createdAt: '2026-11-25T08:00:00.000Z',
  reviewedAt: null,
};

const jpeg = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'frente.jpg', { type: 'image/jpeg' });

describe('"Agregar este producto" (/contribute/{code})', { timeout: 20_000 }, () => {
  it('asks a visitor to sign in first', async () => {
    stubFetch({ '/api/auth/status': { body: signedOut } });
    renderApp('/contribute/7802800716340');
    expect(await screen.findByRole('textbox', { name: 'Email' }, lazy)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Agregar este producto' })).not.toBeInTheDocument();
  });

  it('says so for a code that cannot exist, with the way back', async () => {
    stubFetch({ '/api/auth/status': { body: signedIn } });
    renderApp('/contribute/7802800716341');
    const alert = await screen.findByRole('alert', {}, lazy);
    expect(alert).toHaveTextContent('no es un código de barras válido');
    expect(within(alert).getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/');
  });

  it('needs the front photo, refuses a file that is not a photo, then sends and thanks', async () => {
    const fetch = stubFetch({
      '/api/auth/status': { body: signedIn },
      '/api/contributions': { status: 201, body: { id: 1, status: 'pending', message: '¡Gracias! Revisaremos las fotos.' } },
    });
    const user = userEvent.setup({ applyAccept: false });
    renderApp('/contribute/7802800716340');
    await screen.findByRole('heading', { level: 1, name: 'Agregar este producto' }, lazy);
    await user.click(screen.getByRole('button', { name: 'Enviar para revisión' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Falta la foto del frente del envase.');
    expect(fetch.mock.calls.some(([url]) => url === '/api/contributions')).toBe(false);

    const front = screen.getByLabelText(/Frente del envase/);
    await user.upload(front, new File(['GIF89a'], 'animada.gif', { type: 'image/gif' }));
    expect(screen.getByRole('alert')).toHaveTextContent('no es JPEG, PNG ni WebP');
    await user.upload(front, jpeg());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Azúcares totales (g)'), '24,5');
    await user.click(screen.getByRole('button', { name: 'Enviar para revisión' }));

    expect(await screen.findByRole('heading', { level: 1, name: '¡Gracias por tu aporte!' })).toBeInTheDocument();
    const [, init] = fetch.mock.calls.find(([url]) => url === '/api/contributions')!;
    const body = init!.body as FormData;
    expect(body.get('barcode')).toBe('7802800716340');
    expect(body.get('totalSugarsG100')).toBe('24,5');
    expect((body.get('photoFront') as File).name).toBe('frente.jpg');
    expect(body.has('name')).toBe(false);
  });

  it("shows the server's Spanish reason when it refuses, and keeps the photos", async () => {
    stubFetch({
      '/api/auth/status': { body: signedIn },
      '/api/contributions': { status: 429, body: { code: 'CONTRIBUTION_LIMIT', message: 'Ya enviaste 10 productos en las últimas 24 horas.' } },
    });
    const user = userEvent.setup();
    renderApp('/contribute/7802800716340');
    await user.upload(await screen.findByLabelText(/Frente del envase/, {}, lazy), jpeg());
    await user.click(screen.getByRole('button', { name: 'Enviar para revisión' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No pudimos enviar tu aporte');
    expect(alert).toHaveTextContent('Ya enviaste 10 productos en las últimas 24 horas.');
    expect(alert).not.toHaveTextContent('429');
    expect(screen.getByRole('img', { name: 'Vista previa: Frente del envase' })).toBeInTheDocument();
  });
});

describe('the admin tab "Contribuciones"', { timeout: 20_000 }, () => {
  it('lists what waits, with its photos; rejecting needs a reason', async () => {
    const fetch = stubFetch({
      '/api/auth/status': { body: admin },
      '/api/admin/contributions?status=pending': { body: [pending] },
      '/api/admin/contributions/5/reject': { body: { message: 'Contribución rechazada' } },
    });
    const user = userEvent.setup();
    renderApp('/admin?tab=contribuciones');
    const card = await screen.findByRole('article', { name: 'Galletas de avena, código 7802800716340' }, lazy);
    expect(within(card).getByRole('img', { name: 'Foto: Frente' })).toHaveAttribute('src', '/api/contributions/photos/ab.jpg');
    expect(card).toHaveTextContent('24,5 g');
    expect(card).toHaveTextContent('ana@example.cl');

    await user.click(within(card).getByRole('button', { name: 'Rechazar Galletas de avena' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rechazar contribución' });
    await user.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Escribe el motivo');
    await user.type(within(dialog).getByRole('textbox', { name: 'Motivo' }), 'La foto no muestra el producto');
    await user.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const call = fetch.mock.calls.find(([url]) => url === '/api/admin/contributions/5/reject')!;
    expect(JSON.parse(call[1]!.body as string)).toEqual({ reason: 'La foto no muestra el producto' });
  });

  it('says when nothing waits', async () => {
    stubFetch({ '/api/auth/status': { body: admin }, '/api/admin/contributions?status=pending': { body: [] } });
    renderApp('/admin?tab=contribuciones');
    expect(await screen.findByText(/No hay contribuciones pendientes/, {}, lazy)).toBeInTheDocument();
  });
});
