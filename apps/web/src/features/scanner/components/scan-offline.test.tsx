import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { PENDING_SCANS_KEY } from '@/lib/offline-caches';
import { renderRoutes, stubFetch } from '@/testing/render-app';

import { PendingScansNotice } from './pending-scans-notice';
import { ScanButton } from './scan-button';

/*
 * Issue 16, scanning in a dead zone: a code whose product this phone keeps opens it; another code is kept and
 * looked up once the connection returns, and the shopper is told what was found and what was not.
 */

vi.mock('../lib/load-detector', () => ({ loadDetector: () => Promise.resolve({ detect: async () => [] }) }));

const ProductStub = () => <h1>Producto {useParams().id}</h1>;

const renderWithNotice = () =>
  renderRoutes([
    {
      path: '/',
      element: (
        <>
          <PendingScansNotice />
          <ScanButton />
        </>
      ),
    },
    { path: '/product/:id', element: <ProductStub /> },
    { path: '/contribute/:code', element: <h1>Agregar</h1> },
  ]);

const typeCode = async (code: string) => {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Escanear código de barras' }));
  const dialog = await screen.findByRole('dialog', { name: 'Escanear código de barras' });
  await user.type(
    within(dialog).getByRole('textbox', { name: '¿No puedes escanear? Escribe el código' }),
    `${code}{Enter}`,
  );
  return { user, dialog };
};

const failedToFetch = () => {
  throw new TypeError('Failed to fetch');
};

/** The service worker's product cache as the Cache Storage API shows it to the page. */
const keptProducts = (products: { id: number; barcode: string }[]) => {
  const entries = products.map((p) => ({
    request: new Request(`http://localhost/api/products/${p.id}`),
    body: JSON.stringify(p),
  }));
  vi.stubGlobal('caches', {
    open: async (name: string) => ({
      keys: async () => (name === 'ec-productos' ? entries.map((e) => e.request) : []),
      match: async (request: Request) => {
        const entry = entries.find((e) => e.request.url === request.url);
        return entry ? new Response(entry.body) : undefined;
      },
    }),
    delete: async () => true,
  });
};

let online = true;
beforeEach(() => {
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: undefined });
  window.localStorage.clear();
  window.dispatchEvent(new StorageEvent('storage', { key: null }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

describe('scanning offline', () => {
  it('a code of a product kept on this phone opens it, though it was never scanned', async () => {
    online = false;
    stubFetch({ '/api/search/barcode/7802800716340': failedToFetch });
    keptProducts([
      { id: 8, barcode: '7801111111111' },
      { id: 42, barcode: '7802800716340' },
    ]);
    renderWithNotice();
    await typeCode('7802800716340');
    expect(await screen.findByRole('heading', { name: 'Producto 42' })).toBeInTheDocument();
    expect(window.localStorage.getItem(PENDING_SCANS_KEY)).toBeNull();
  });

  it('another code is kept, said so, and looked up when the connection returns: found with a link, or not', async () => {
    online = false;
    stubFetch({
      '/api/search/barcode/7802800716340': failedToFetch,
      '/api/search/barcode/7801234567894': failedToFetch,
    });
    keptProducts([]);
    renderWithNotice();
    const { user, dialog } = await typeCode('7802800716340');
    expect(
      await within(dialog).findByRole('heading', { name: 'Sin conexión: guardamos el código' }),
    ).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Lo buscaremos cuando vuelva la conexión');
    await user.click(within(dialog).getByRole('button', { name: 'Escanear otro código' }));
    await user.type(
      within(dialog).getByRole('textbox', { name: '¿No puedes escanear? Escribe el código' }),
      '7801234567894{Enter}',
    );
    expect(
      await within(dialog).findByRole('heading', { name: 'Sin conexión: guardamos el código' }),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));

    const waiting = await screen.findByText(/Códigos guardados sin conexión/);
    expect(waiting.closest('[role="status"]')).toHaveTextContent('7802800716340, 7801234567894');
    // Kept where a reload or a closed app cannot lose it.
    expect(JSON.parse(window.localStorage.getItem(PENDING_SCANS_KEY)!)).toMatchObject({
      pending: ['7802800716340', '7801234567894'],
    });

    stubFetch({
      '/api/search/barcode/7802800716340': { body: { id: 42 } },
      '/api/products/42': { body: { id: 42, name: 'Leche Entera' } },
      '/api/search/barcode/7801234567894': {
        status: 404,
        body: { code: 'NOT_FOUND', message: 'Producto no encontrado' },
      },
    });
    online = true;
    window.dispatchEvent(new Event('online'));

    const results = await screen.findByRole('status', {
      name: 'Buscamos los códigos que guardaste sin conexión',
    });
    expect(await within(results).findByRole('link', { name: 'Leche Entera' })).toHaveAttribute(
      'href',
      '/product/42',
    );
    expect(results).toHaveTextContent('No encontramos 7801234567894');
    expect(within(results).getByRole('link', { name: 'Agregar este producto' })).toHaveAttribute(
      'href',
      '/contribute/7801234567894',
    );
    expect(screen.queryByText(/Códigos guardados sin conexión/)).not.toBeInTheDocument();

    await user.click(within(results).getByRole('button', { name: 'Entendido' }));
    await waitFor(() =>
      expect(screen.queryByText('Buscamos los códigos que guardaste sin conexión')).not.toBeInTheDocument(),
    );
    expect(window.localStorage.getItem(PENDING_SCANS_KEY)).toBeNull();
  });
});
