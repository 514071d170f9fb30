import { screen, waitFor, within, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter, useParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createQueryClient } from '@/lib/query-client';
import { stubFetch } from '@/testing/render-app';

import { ScanButton } from './scan-button';

const detect = vi.fn<(source: unknown) => Promise<{ rawValue: string }[]>>();
vi.mock('../lib/load-detector', () => ({ loadDetector: () => Promise.resolve({ detect }) }));

const track = { stop: vi.fn() };
const getUserMedia = vi.fn<() => Promise<MediaStream>>();
const enumerateDevices = vi.fn<() => Promise<MediaDeviceInfo[]>>();

const ProductStub = () => <h1>Producto {useParams().id}</h1>;

const renderScanButton = () => {
  const router = createMemoryRouter(
    [
      { path: '/', element: <ScanButton /> },
      { path: '/product/:id', element: <ProductStub /> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
};

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
  it('sees the camera start, the green frame and the hint, and cancelling stops the camera', async () => {
    let grant: (stream: MediaStream) => void = () => undefined;
    getUserMedia.mockImplementation(() => new Promise((resolve) => (grant = resolve)));
    const { user, dialog } = await openScanner();
    expect(within(dialog).getByText('Iniciando cámara...')).toBeInTheDocument();
    expect(within(dialog).getByText('Apunta la cámara hacia el código de barras del producto')).toBeInTheDocument();
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
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(track.stop).toHaveBeenCalled();
  });

  it.each([
    [404, 'Producto no encontrado para este código de barras'],
    [500, 'Error al buscar el producto'],
  ])('is told when the lookup answers %i', async (status, message) => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    stubFetch({ '/api/search/barcode/7802800716340': { status, body: { code: 'X', message: 'x' } } });
    detect.mockResolvedValue([{ rawValue: '7802800716340' }]);
    const { router } = await scanAtOnce();
    await waitFor(() => expect(alert).toHaveBeenCalledWith(message));
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('sees the camera error in red and can try again', async () => {
    getUserMedia.mockRejectedValueOnce(new DOMException('', 'NotReadableError'));
    const { user, dialog } = await openScanner();
    const error = await within(dialog).findByRole('alert');
    expect(error).toHaveTextContent('Error al acceder a la cámara');
    expect(error).toHaveClass('text-red-700');
    await user.click(within(dialog).getByRole('button', { name: 'Intentar de nuevo' }));
    expect(await within(dialog).findByTestId('scanner-frame')).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('is told when the device has no camera', async () => {
    enumerateDevices.mockResolvedValue([{ kind: 'audioinput', deviceId: 'mic', label: '' } as MediaDeviceInfo]);
    const { dialog } = await openScanner();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('No se encontraron cámaras disponibles');
    expect(getUserMedia).not.toHaveBeenCalled();
  });
});
