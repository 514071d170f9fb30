import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { OFF_CONSENT_TEXT } from '@etiqueta/contracts';

import { productFixture } from '@/testing/product-fixture';
import { renderApp, signedIn, signedOut, stubFetch } from '@/testing/render-app';

const lazy = { timeout: 10_000 };
const admin = { authenticated: true, user: { id: '1', email: 'admin@example.cl', role: 'admin' as const } };

/** One value as the label reader answers it: the number (null: not read), whether to check it, where it was. */
const readValue = (value: number | null, check = false) => ({ value, check, box: value === null ? null : [10, 20, 300, 30], text: 'fila' });
/** The label reader's answer for a photo of the nutrition table. */
const tableReading = (per: string, portionG: number, nutrients: Record<string, ReturnType<typeof readValue>>) => ({
  part: 'nutrition',
  ingredients: null,
  ingredientsBox: null,
  per,
  portionG,
  nutrients,
  millis: 900,
});

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
  isLiquid: null,
  readings: {},
  current: null,
  photos: [{ kind: 'front', url: '/api/contributions/photos/ab.jpg', width: 800, height: 600 }],
  contributorEmail: 'ana@example.cl',
  rejectReason: null,
  productId: null,
  createdAt: '2026-11-25T08:00:00.000Z',
  reviewedAt: null,
};

/** GET /api/contributions/{id} while it waits: the product scored from what was sent. */
const sent = (id: number) => ({
  id,
  barcode: '7802800716340',
  status: 'pending',
  productId: null,
  rejectReason: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  provisional: productFixture(),
});

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

  it('needs the front photo, refuses a file that is not a photo, then sends and shows the provisional product', async () => {
    const fetch = stubFetch({
      '/api/auth/status': { body: signedIn },
      '/api/contributions': { status: 201, body: { id: 1, status: 'pending', message: '¡Gracias! Revisaremos las fotos.' } },
      '/api/contributions/1': { body: sent(1) },
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
    // Consent to Open Food Facts is asked, in plain Spanish, and off until ticked.
    const consent = screen.getByRole('checkbox', { name: OFF_CONSENT_TEXT });
    expect(consent).not.toBeChecked();
    await user.click(consent);
    await user.click(screen.getByRole('button', { name: 'Enviar para revisión' }));

    // The product page scored from what was sent, marked provisional.
    expect(await screen.findByRole('heading', { level: 1, name: 'Galletas gofres rellenas de caramelo' }, lazy)).toBeInTheDocument();
    expect(screen.getByTestId('provisional-notice')).toHaveTextContent('Provisional: en revisión');
    expect(screen.getByTestId('product-score')).toHaveTextContent('1,5/10');
    const [, init] = fetch.mock.calls.find(([url]) => url === '/api/contributions')!;
    const body = init!.body as FormData;
    expect(body.get('barcode')).toBe('7802800716340');
    expect(body.get('totalSugarsG100')).toBe('24,5');
    expect((body.get('photoFront') as File).name).toBe('frente.jpg');
    expect(body.get('offConsent')).toBe('true');
    expect(body.has('name')).toBe(false);
  });

  it('completing: the table photo is read, the form fills itself, doubtful values are marked, all of it is sent', async () => {
    const reading = tableReading('100 mL', 200, {
      energyKcal100: readValue(62),
      totalFatG100: readValue(1.5),
      saturatedFatG100: readValue(1),
      carbohydratesG100: readValue(null, true),
      totalSugarsG100: readValue(6.2),
      fiberG100: readValue(null),
      proteinG100: readValue(3.1),
      sodiumMg100: readValue(45),
    });
    const fetch = stubFetch({
      '/api/auth/status': { body: signedIn },
      '/api/contributions/read-label': { body: reading },
      '/api/contributions': { status: 201, body: { id: 2, status: 'pending', message: '¡Gracias!' } },
      '/api/contributions/2': { body: sent(2) },
    });
    const user = userEvent.setup();
    renderApp('/contribute/7802800716340?completar=1');
    await screen.findByRole('heading', { level: 1, name: 'Completar este producto' }, lazy);
    // We know the product: no name or brand to type, and no front photo required.
    expect(screen.queryByLabelText('Nombre del producto')).not.toBeInTheDocument();
    await user.upload(screen.getByLabelText(/Tabla nutricional/), jpeg());
    expect(await screen.findByText('Leímos la etiqueta: revisa los datos más abajo.')).toBeInTheDocument();
    expect(screen.getByLabelText('Azúcares totales (g)')).toHaveValue('6,2');
    expect(screen.getByLabelText('Energía (kcal)')).toHaveValue('62');
    expect(screen.getByRole('group', { name: 'Por 100 ml' })).toBeInTheDocument();
    // The value the reader could not trust is left empty and marked, in words, for the shopper.
    const carbs = screen.getByLabelText('Hidratos de carbono (g)');
    expect(carbs).toHaveValue('');
    expect(carbs).toHaveAccessibleDescription('No lo pudimos leer: escríbelo mirando la etiqueta, o déjalo vacío si no aparece.');
    await user.type(carbs, '12,4');
    expect(carbs).not.toHaveAccessibleDescription();

    await user.click(screen.getByRole('button', { name: 'Enviar para revisión' }));
    expect(await screen.findByTestId('provisional-notice', {}, lazy)).toHaveTextContent('Provisional: en revisión');
    const [, readInit] = fetch.mock.calls.find(([url]) => url === '/api/contributions/read-label')!;
    expect((readInit!.body as FormData).get('part')).toBe('nutrition');
    const [, init] = fetch.mock.calls.find(([url]) => url === '/api/contributions')!;
    const body = init!.body as FormData;
    expect(body.get('per')).toBe('100 mL');
    expect(body.get('totalSugarsG100')).toBe('6,2');
    expect(body.get('carbohydratesG100')).toBe('12,4');
    expect(body.has('photoFront')).toBe(false);
    expect(JSON.parse(body.get('readings') as string)).toMatchObject({
      totalSugarsG100: { value: 6.2, check: false, box: [10, 20, 300, 30] },
      carbohydratesG100: { value: null, check: true, box: null },
    });
  });

  it('completing a product we have: starts from what we know, asks only for its table, a value read otherwise is a proposal', async () => {
    const known = productFixture({
      images: { primary: 'https://images.openfoodfacts.org/avena.jpg', thumbnail: 'https://images.openfoodfacts.org/avena.jpg', gallery: [] },
      name: 'Avena integral orgánica',
      brand: 'Campo Sur',
      ingredients: 'Avena integral, pasas, manzana deshidratada',
      healthScore: null,
      energyKcal100: 150,
      totalFatG100: 2,
      saturatedFatG100: 0.4,
      carbohydratesG100: 60,
      fiberG100: 9.5,
      proteinG100: 12,
      totalSugarsG100: null,
      sodiumMg100: null,
      isLiquid: false,
    });
    const reading = tableReading('100 g', 30, {
      energyKcal100: readValue(150),
      totalFatG100: readValue(20, true),
      saturatedFatG100: readValue(0.4),
      carbohydratesG100: readValue(60),
      totalSugarsG100: readValue(6.2),
      fiberG100: readValue(9.5),
      proteinG100: readValue(13),
      sodiumMg100: readValue(45),
    });
    const fetch = stubFetch({
      '/api/auth/status': { body: signedIn },
      [`/api/products/${known.id}`]: { body: known },
      '/api/contributions/read-label': { body: reading },
      '/api/contributions': { status: 201, body: { id: 3, status: 'pending', message: '¡Gracias!' } },
      '/api/contributions/3': { body: sent(3) },
    });
    const user = userEvent.setup();
    renderApp(`/contribute/${known.barcode}?completar=1&producto=${known.id}`);
    await screen.findByRole('heading', { level: 1, name: 'Completar este producto' }, lazy);
    // What we have is shown, not asked: the name, the brand, the list, the values on record.
    const summary = screen.getByRole('region', { name: 'Lo que ya sabemos' });
    expect(summary).toHaveTextContent('Ya tenemos la foto del frente y la lista de ingredientes.');
    expect(summary).toHaveTextContent('Avena integral orgánica');
    expect(summary).toHaveTextContent('Avena integral, pasas, manzana deshidratada');
    expect(within(summary).getByText('Energía (kcal)').nextSibling).toHaveTextContent('150');
    // Only the table is missing: one photo asked, and only the values we lack.
    expect(screen.queryByLabelText(/Frente del envase/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/Lista de ingredientes/)).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Ingredientes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Energía (kcal)' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Sodio (mg)' })).toHaveValue('');

    await user.upload(screen.getByLabelText(/Tabla nutricional/), jpeg());
    expect(await screen.findByText('Leímos la etiqueta: revisa los datos más abajo.')).toBeInTheDocument();
    // What was missing fills itself.
    expect(screen.getByRole('textbox', { name: 'Azúcares totales (g)' })).toHaveValue('6,2');
    expect(screen.getByRole('textbox', { name: 'Sodio (mg)' })).toHaveValue('45');
    // A value we have, read otherwise, is not overwritten in silence: it is a proposed change beside ours.
    const protein = screen.getByRole('textbox', { name: 'Proteínas (g)' });
    expect(protein).toHaveValue('13');
    expect(protein.closest('li')).toHaveTextContent('Tu foto dice otra cosa: proponemos este cambio. Teníamos: 12.');
    // Read the same, or doubted by the reader: ours stays, nothing to review.
    expect(screen.queryByRole('textbox', { name: 'Energía (kcal)' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Grasas totales (g)' })).not.toBeInTheDocument();

    // The shopper may correct a value we have, and change their mind.
    await user.click(screen.getByRole('button', { name: 'Corregir Nombre del producto' }));
    const name = screen.getByRole('textbox', { name: 'Nombre del producto' });
    expect(name).toHaveValue('Avena integral orgánica');
    await user.clear(name);
    await user.type(name, 'Avena integral con pasas');
    await user.click(screen.getByRole('button', { name: 'Corregir Marca' }));
    await user.click(screen.getByRole('button', { name: 'Dejar como estaba: Marca' }));
    expect(screen.queryByRole('textbox', { name: 'Marca' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Enviar para revisión' }));
    expect(await screen.findByTestId('provisional-notice', {}, lazy)).toHaveTextContent('Provisional: en revisión');
    const [, init] = fetch.mock.calls.find(([url]) => url === '/api/contributions')!;
    const body = init!.body as FormData;
    // Only what was missing and what the shopper (or the label) proposes to change.
    expect([...body.keys()].filter((k) => k !== 'readings').sort()).toEqual(
      ['barcode', 'name', 'offConsent', 'per', 'photoNutrition', 'proteinG100', 'sodiumMg100', 'totalSugarsG100'],
    );
    // Not ticked: what they send stays here.
    expect(body.get('offConsent')).toBe('false');
    expect(body.get('name')).toBe('Avena integral con pasas');
    expect(body.get('proteinG100')).toBe('13');
    expect(JSON.parse(body.get('readings') as string)).toMatchObject({ proteinG100: { value: 13 }, energyKcal100: { value: 150 } });
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

  it('a completion side by side: what the catalogue has, what was read (text, mark, photo region), what was sent', async () => {
    const completion = {
      ...pending,
      id: 6,
      name: null,
      brand: null,
      ingredients: null,
      totalSugarsG100: 6.2,
      carbohydratesG100: 12.4,
      isLiquid: true,
      readings: {
        totalSugarsG100: { value: 6.2, text: 'Azúcares totales (g) 6,2 12,4', check: false, box: [10, 20, 300, 30] },
        carbohydratesG100: { value: null, text: 'Hidratos de carbono disponibles (g) 1?,4', check: true, box: null },
      },
      current: {
        productId: 44,
        name: 'Yogur Natural',
        brand: 'Lechera',
        ingredients: 'leche',
        isLiquid: false,
        image: null,
        energyKcal100: 60,
        totalFatG100: 3,
        saturatedFatG100: 2,
        carbohydratesG100: null,
        totalSugarsG100: null,
        fiberG100: 0,
        proteinG100: 3,
        sodiumMg100: 50,
      },
      photos: [{ kind: 'nutrition', url: '/api/contributions/photos/cd.jpg', width: 800, height: 600 }],
    };
    stubFetch({ '/api/auth/status': { body: admin }, '/api/admin/contributions?status=pending': { body: [completion] } });
    renderApp('/admin?tab=contribuciones');
    const card = await screen.findByRole('article', { name: 'Yogur Natural, código 7802800716340' }, lazy);
    expect(within(card).getByRole('link', { name: 'Yogur Natural' })).toHaveAttribute('href', '/product/44');
    const table = within(card).getByRole('table', { name: 'Lo que hay, lo que se leyó y lo que se envió' });
    const sugars = within(table).getByRole('row', { name: /Azúcares totales/ });
    expect(within(sugars).getAllByRole('cell').map((c) => c.textContent)).toEqual(['—', 'Azúcares totales (g) 6,2 12,4', '6,2 g']);
    expect(within(sugars).getByRole('img', { name: 'Azúcares totales en la foto' })).toHaveAttribute('src', '/api/contributions/photos/cd.jpg');
    const carbs = within(table).getByRole('row', { name: /Hidratos de carbono/ });
    expect(carbs).toHaveTextContent('Marcado para revisar');
    expect(carbs).toHaveTextContent('Corregido por quien lo envió');
    expect(within(table).getByRole('row', { name: /Columna/ })).toHaveTextContent('100 g—100 ml');
  });

  it('an approved contribution says where it stands with Open Food Facts; the tab says when nothing is sent', async () => {
    stubFetch({
      '/api/auth/status': { body: admin },
      '/api/admin/off-write': {
        body: { enabled: false, message: 'Las contribuciones aprobadas no se envían a Open Food Facts: falta configurar la cuenta (OFF_WRITE_USER y OFF_WRITE_PASSWORD).' },
      },
      '/api/admin/contributions?status=pending': { body: [] },
      '/api/admin/contributions?status=approved': {
        body: [{ ...pending, status: 'approved', productId: 9, reviewedAt: pending.createdAt, offSending: { state: 'sent', label: 'Enviado a Open Food Facts', sentAt: pending.createdAt } }],
      },
    });
    const user = userEvent.setup();
    renderApp('/admin?tab=contribuciones');
    expect(await screen.findByText(/^Las contribuciones aprobadas no se envían a Open Food Facts/, {}, lazy)).toHaveAttribute('role', 'status');
    await user.click(screen.getByRole('button', { name: 'Aprobadas' }));
    const card = await screen.findByRole('article', { name: 'Galletas de avena, código 7802800716340' });
    expect(card).toHaveTextContent('Open Food Facts: Enviado a Open Food Facts');
  });

  it('a sending in error has "Reintentar envío", which re-queues it; a trusted publication has Visto and Revertir', async () => {
    const failed = { state: 'failed', label: 'No se pudo enviar a Open Food Facts: Open Food Facts rechazó el envío (HTTP 400).', sentAt: null, retryable: true };
    const trustedOne = {
      ...pending,
      id: 6,
      status: 'approved',
      productId: 9,
      name: 'Yogur natural',
      offSending: { state: 'waiting', label: 'Se envía a Open Food Facts cuando lo marques como visto, o el 29-11-2026, 2:59 p. m. si nadie lo revierte.', sentAt: null, retryable: false },
      trust: { releaseAt: pending.createdAt, seenAt: null, revertedAt: null, before: { totalSugarsG100: null } },
    };
    const fetch = stubFetch({
      '/api/auth/status': { body: admin },
      '/api/admin/off-write': { body: { enabled: true, message: 'Se envían.' } },
      '/api/admin/contributions?status=pending': { body: [] },
      '/api/admin/contributions?status=approved': { body: [{ ...pending, status: 'approved', productId: 9, reviewedAt: pending.createdAt, offSending: failed }] },
      '/api/admin/contributions?status=trusted': { body: [trustedOne] },
      '/api/admin/contributions/5/off-retry': { body: { message: 'Envío a Open Food Facts en cola de nuevo' } },
      '/api/admin/contributions/6/revert': { body: { productId: 9, message: 'Revertida: el producto volvió a como estaba.' } },
    });
    const user = userEvent.setup();
    renderApp('/admin?tab=contribuciones');
    await user.click(await screen.findByRole('button', { name: 'Aprobadas' }, lazy));
    const card = await screen.findByRole('article', { name: 'Galletas de avena, código 7802800716340' });
    await user.click(within(card).getByRole('button', { name: 'Reintentar envío' }));
    await waitFor(() => expect(fetch.mock.calls.some(([url, init]) => url === '/api/admin/contributions/5/off-retry' && init?.method === 'POST')).toBe(true));

    await user.click(screen.getByRole('button', { name: 'Por confianza' }));
    const trusted = await screen.findByRole('article', { name: 'Yogur natural, código 7802800716340' });
    expect(within(trusted).getByTestId('trust-line')).toHaveTextContent('Publicada sin revisión');
    expect(within(trusted).getByRole('columnheader', { name: 'Antes' })).toBeInTheDocument();
    expect(within(trusted).getByRole('button', { name: 'Visto: Yogur natural' })).toBeInTheDocument();
    expect(within(trusted).queryByRole('button', { name: 'Reintentar envío' })).toBeNull();
    await user.click(within(trusted).getByRole('button', { name: 'Revertir Yogur natural' }));
    await waitFor(() => expect(fetch.mock.calls.some(([url, init]) => url === '/api/admin/contributions/6/revert' && init?.method === 'POST')).toBe(true));
  });

  it('says when nothing waits', async () => {
    stubFetch({ '/api/auth/status': { body: admin }, '/api/admin/contributions?status=pending': { body: [] } });
    renderApp('/admin?tab=contribuciones');
    expect(await screen.findByText(/No hay contribuciones pendientes/, {}, lazy)).toBeInTheDocument();
  });
});
