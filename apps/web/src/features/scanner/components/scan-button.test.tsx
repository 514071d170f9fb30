import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { renderRoutes, stubFetch } from '@/testing/render-app';

import { ScanButton } from './scan-button';

const detect = vi.fn<(source: unknown) => Promise<{ rawValue: string }[]>>();
vi.mock('../lib/load-detector', () => ({ loadDetector: () => Promise.resolve({ detect }) }));

const track = { stop: vi.fn() };
const getUserMedia = vi.fn<() => Promise<MediaStream>>();
const enumerateDevices = vi.fn<() => Promise<MediaDeviceInfo[]>>();

const ProductStub = () => <h1>Producto {useParams().id}</h1>;

const renderScanButton = () =>
  renderRoutes([
    { path: '/', element: <ScanButton /> },
    { path: '/product/:id', element: <ProductStub /> },
  ]);

const openScanner = async () => {
  const user = userEvent.setup();
  const router = renderScanButton();
  await user.click(screen.getByRole('button', { name: 'Escanear código de barras' }));
  const dialog = await screen.findByRole('dialog', { name: 'Escanear código de barras' });
  return { user, router, dialog };
};

/** When the very first frame has a code the dialog may be gone before a query could see it. */
const scanAtOnce = async () => {
  const user = userEvent.setup();
  const router = renderScanButton();
  await user.click(screen.getByRole('button', { name: 'Escanear código de barras' }));
  return { router };
};

beforeEach(() => {
  detect.mockReset().mockResolvedValue([]);
  track.stop.mockReset();
  getUserMedia.mockReset().mockResolvedValue({ getTracks: () => [track] } as unknown as MediaStream);
  enumerateDevices
    .mockReset()
    .mockResolvedValue([{ kind: 'videoinput', deviceId: 'cam-1', label: '' } as MediaDeviceInfo]);
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia, enumerateDevices },
  });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

describe('a shopper scans a barcode', () => {
  it('gives the focus back to the scan button when Escape closes the dialog', async () => {
    const { user } = await openScanner();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Escanear código de barras' })).toHaveFocus();
  });

  it('sees the camera start, the green frame and the hint, and cancelling stops the camera', async () => {
    let grant: (stream: MediaStream) => void = () => undefined;
    getUserMedia.mockImplementation(() => new Promise((resolve) => (grant = resolve)));
    const { user, dialog } = await openScanner();
    expect(within(dialog).getByText('Iniciando cámara...')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Apunta la cámara hacia el código de barras del producto'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByTestId('scanner-frame')).not.toBeInTheDocument();
    grant({ getTracks: () => [track] } as unknown as MediaStream);
    expect(await within(dialog).findByTestId('scanner-frame')).toBeInTheDocument();
    expect(within(dialog).queryByText('Iniciando cámara...')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(track.stop).toHaveBeenCalled();
  });

  it('closing with the icon stops the camera too', async () => {
    const { user, dialog } = await openScanner();
    await within(dialog).findByTestId('scanner-frame');
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(track.stop).toHaveBeenCalled();
  });

  it('lands on the product page of the code read', async () => {
    stubFetch({ '/api/search/barcode/7802800716340': { body: { id: 42, barcode: '7802800716340' } } });
    detect.mockResolvedValue([{ rawValue: '7802800716340' }]);
    const { router } = await scanAtOnce();
    expect(await screen.findByRole('heading', { name: 'Producto 42' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/product/42');
    // The product page tells Historial this one was scanned.
    expect(router.state.location.state).toEqual({ via: 'scan' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(track.stop).toHaveBeenCalled();
  });

  it('sees "Buscando en Open Food Facts…" while the lookup is pending, then the product', async () => {
    let answer: (value: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    detect.mockResolvedValue([{ rawValue: '7802800716340' }]);
    const { router } = await scanAtOnce();
    const dialog = await screen.findByRole('dialog', { name: 'Escanear código de barras' });
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Buscando en Open Food Facts…');
    expect(within(dialog).getByText('7802800716340')).toBeInTheDocument();
    answer(new Response(JSON.stringify({ id: 7, barcode: '7802800716340' }), { status: 200 }));
    expect(await screen.findByRole('heading', { name: 'Producto 7' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/product/7');
  });

  it('an unknown code leads to "Agregar este producto", never to an alert', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    stubFetch({
      '/api/search/barcode/7802800716340': { status: 404, body: { code: 'NOT_FOUND', message: 'x' } },
    });
    detect.mockResolvedValue([{ rawValue: '7802800716340' }]);
    const { router } = await scanAtOnce();
    const dialog = await screen.findByRole('dialog', { name: 'Escanear código de barras' });
    expect(
      await within(dialog).findByRole('heading', { name: 'No encontramos este producto' }),
    ).toBeInTheDocument();
    const add = within(dialog).getByRole('link', { name: 'Agregar este producto' });
    expect(add).toHaveAttribute('href', '/contribute/7802800716340');
    expect(alert).not.toHaveBeenCalled();
    expect(track.stop).toHaveBeenCalled();
    // "Escanear otro código" turns the camera back on (now filming no code).
    detect.mockResolvedValue([]);
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Escanear otro código' }));
    expect(await within(dialog).findByTestId('scanner-frame')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it.each([
    ['NOT_FOUND', 'El código 7802800716340 no está en Etiqueta Clara ni en Open Food Facts.'],
    // Live lookups off on this server: Open Food Facts was not asked, so the dialog does not speak for it.
    ['NOT_IN_CATALOGUE', 'El código 7802800716340 no está en Etiqueta Clara. ¿Lo tienes a mano?'],
  ])('an unknown code (%s) says where it was looked for, and nowhere else', async (code, sentence) => {
    stubFetch({ '/api/search/barcode/7802800716340': { status: 404, body: { code, message: 'x' } } });
    detect.mockResolvedValue([{ rawValue: '7802800716340' }]);
    await scanAtOnce();
    const dialog = await screen.findByRole('dialog', { name: 'Escanear código de barras' });
    await within(dialog).findByRole('heading', { name: 'No encontramos este producto' });
    expect(dialog).toHaveTextContent(sentence);
  });

  it('a code this shopper sent and that waits for review says so, and opens what they sent instead of asking again', async () => {
    const sent = (id: number, barcode: string, status: string) => ({ id, barcode, status });
    stubFetch({
      '/api/search/barcode/7802800716340': { status: 404, body: { code: 'NOT_IN_CATALOGUE', message: 'x' } },
      // Only the pending one of this code counts: another code's, or a rejected one, do not.
      '/api/account': {
        body: {
          contributions: [
            sent(3, '7802800716340', 'rejected'),
            sent(4, '7800000000011', 'pending'),
            sent(5, '7802800716340', 'pending'),
          ],
        },
      },
    });
    detect.mockResolvedValue([{ rawValue: '7802800716340' }]);
    await scanAtOnce();
    const dialog = await screen.findByRole('dialog', { name: 'Escanear código de barras' });
    expect(
      await within(dialog).findByRole('heading', { name: 'Ya nos enviaste este producto' }),
    ).toBeInTheDocument();
    expect(dialog).toHaveTextContent('El código 7802800716340 está en revisión.');
    expect(within(dialog).getByRole('link', { name: 'Ver mi envío' })).toHaveAttribute(
      'href',
      '/contribute/sent/5',
    );
    expect(within(dialog).queryByRole('link', { name: 'Agregar este producto' })).not.toBeInTheDocument();
  });

  it.each([
    [
      503,
      {
        code: 'OFF_UNAVAILABLE',
        message: 'No pudimos consultar Open Food Facts, intenta de nuevo en un momento',
      },
      'No pudimos consultar Open Food Facts, intenta de nuevo en un momento',
    ],
    [
      429,
      {
        code: 'LOOKUP_SHARE_SPENT',
        message: 'Buscaste muchos códigos nuevos en poco rato. Espera un minuto e inténtalo de nuevo.',
      },
      'Buscaste muchos códigos nuevos en poco rato. Espera un minuto e inténtalo de nuevo.',
    ],
    [
      500,
      { code: 'INTERNAL_ERROR', message: 'Error interno del servidor' },
      'Error al buscar el producto. Intenta de nuevo en un momento.',
    ],
  ])('a failed lookup (%i) says so in Spanish and offers to try again', async (status, body, message) => {
    stubFetch({ '/api/search/barcode/7802800716340': { status, body } });
    detect.mockResolvedValue([{ rawValue: '7802800716340' }]);
    await scanAtOnce();
    const dialog = await screen.findByRole('dialog', { name: 'Escanear código de barras' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(
      within(dialog).queryByText(/\{|INTERNAL|OFF_UNAVAILABLE|LOOKUP_SHARE_SPENT/),
    ).not.toBeInTheDocument();
    stubFetch({ '/api/search/barcode/7802800716340': { body: { id: 9, barcode: '7802800716340' } } });
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Intentar de nuevo' }));
    expect(await screen.findByRole('heading', { name: 'Producto 9' })).toBeInTheDocument();
  });

  it('types the code by hand: a wrong one is explained, a right one opens its product', async () => {
    stubFetch({ '/api/search/barcode/7802800716340': { body: { id: 42, barcode: '7802800716340' } } });
    const { user, dialog } = await openScanner();
    const field = within(dialog).getByRole('textbox', { name: '¿No puedes escanear? Escribe el código' });
    await user.type(field, '7802800716341{Enter}');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Revisa los números');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await user.clear(field);
    await user.type(field, '780 2800 716340');
    await user.click(within(dialog).getByRole('button', { name: 'Buscar' }));
    expect(await screen.findByRole('heading', { name: 'Producto 42' })).toBeInTheDocument();
    expect(track.stop).toHaveBeenCalled();
  });

  it('sees the camera error in red, in Spanish with what to do, and can try again', async () => {
    getUserMedia.mockRejectedValueOnce(new DOMException('Permission denied', 'NotAllowedError'));
    const { user, dialog } = await openScanner();
    const error = await within(dialog).findByRole('alert');
    expect(error).toHaveTextContent('No tenemos permiso para usar la cámara');
    expect(error).toHaveTextContent('ajustes del navegador');
    expect(error).not.toHaveTextContent('Permission denied');
    expect(within(error).getByText('No tenemos permiso para usar la cámara')).toHaveClass('text-red-700');
    // Typing the code is offered at once, with the focus on it.
    expect(
      within(dialog).getByRole('textbox', { name: '¿No puedes escanear? Escribe el código' }),
    ).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Intentar de nuevo' }));
    expect(await within(dialog).findByTestId('scanner-frame')).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('is told when the device has no camera, and to type the code', async () => {
    enumerateDevices.mockResolvedValue([
      { kind: 'audioinput', deviceId: 'mic', label: '' } as MediaDeviceInfo,
    ]);
    const { dialog } = await openScanner();
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('No se encontraron cámaras disponibles');
    expect(alert).toHaveTextContent('escribe el código de barras abajo');
    expect(getUserMedia).not.toHaveBeenCalled();
  });
});
