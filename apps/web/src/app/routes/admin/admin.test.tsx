import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { renderApp, stubFetch } from '@/testing/render-app';

/** The route modules are lazy chunks; the first import in a run takes a moment to transform. */
const lazy = { timeout: 10_000 };

const member = { authenticated: true, user: { id: '2', email: 'beta@example.cl', role: 'user' as const } };
const admin = { authenticated: true, user: { id: '1', email: 'admin@example.cl', role: 'admin' as const } };

const additive = (id: number, code: string, name: string) => ({
  id,
  code,
  name,
  riskLevel: 'Sin riesgo conocido',
  description: '',
  category: 'colorante',
  alternativeNames: [],
  reason: `Colorante: da o devuelve color al alimento; motivo de ${name}.`,
  source: 'Reg. (CE) 1333/2008',
});

const syncStatus = (over: Record<string, unknown> = {}) => ({
  initialized: true,
  realtimeSyncActive: false,
  lastBulkSync: null,
  lastIncrementalSync: null,
  message: 'El catálogo aún no se ha sincronizado',
  running: false,
  source: 'file:/tmp/off.jsonl',
  progress: null,
  lastSuccess: null,
  nextRun: null,
  alert: null,
  ...over,
});

const dataLakeAnswers = (status: ReturnType<typeof syncStatus>) => ({
  '/api/auth/status': { body: admin },
  '/api/sync/status': { body: status },
  '/api/sync/runs': { body: { runs: [] } },
  '/api/sync/uncategorized': { body: { total: 0, items: [] } },
  '/api/sync/dubious': { body: { total: 0, items: [] } },
  '/api/health': {
    body: {
      status: 'ok',
      database: { status: 'ok', kind: 'pglite', latencyMs: 2 },
      uptimeSeconds: 60,
      catalogue: { products: 0, lastSyncAt: null, lastSyncKind: null, ageHours: null },
    },
  },
});

describe('/admin and /admin/data-lake', { timeout: 20_000 }, () => {
  it.each(['/admin', '/admin/data-lake'])(
    'a signed-in member without the admin role sees "no autorizado" at %s',
    async (path) => {
      const fetch = stubFetch({ '/api/auth/status': { body: member } });
      renderApp(path);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Acceso no autorizado' }, lazy),
      ).toBeInTheDocument();
      expect(
        screen.getByText(/No autorizado: esta sección es solo para administradores/),
      ).toBeInTheDocument();
      // Nothing admin-only is even asked for.
      expect(fetch.mock.calls.map(([url]) => url as string)).toEqual(['/api/auth/status']);
    },
  );

  it('an admin gets the panel: title, links, tabs and the additive table', async () => {
    stubFetch({
      '/api/auth/status': { body: admin },
      '/api/additives': { body: [additive(2, 'E102', 'Tartrazina'), additive(1, 'E100', 'Curcumina')] },
    });
    renderApp('/admin');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Panel de Administración' }, lazy),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Data Lake' })).toHaveAttribute('href', '/admin/data-lake');
    expect(screen.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Aditivos',
      'Productos',
      'Contribuciones',
      'Usuarios',
      'Mensajes',
    ]);
    await screen.findByText('Curcumina');
    const rows = screen.getAllByRole('row');
    // Sorted by code: E100 before E102.
    expect(rows[1]).toHaveTextContent('Curcumina');
    expect(rows[2]).toHaveTextContent('Tartrazina');
    // Each row shows the additive's reason under its name.
    expect(within(rows[1]!).getByTestId('additive-reason')).toHaveTextContent('motivo de Curcumina.');
  });

  it('the new-additive dialog starts at "Sin riesgo conocido" and refuses a blank name in Spanish', async () => {
    const fetch = stubFetch({ '/api/auth/status': { body: admin }, '/api/additives': { body: [] } });
    const user = userEvent.setup();
    renderApp('/admin');
    await user.click(await screen.findByRole('button', { name: 'Nuevo aditivo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo aditivo' });
    expect(within(dialog).getByLabelText(/Nivel de riesgo/)).toHaveValue('Sin riesgo conocido');
    await user.click(within(dialog).getByRole('button', { name: 'Crear aditivo' }));
    expect(await within(dialog).findByText('El nombre es obligatorio')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });
});

describe('personal-data requests in the Usuarios tab', { timeout: 20_000 }, () => {
  it('exports by email in a POST body, and erases only after a confirmation', async () => {
    const fetch = stubFetch({
      '/api/auth/status': { body: admin },
      '/api/additives': { body: [] },
      '/api/admin/users': { body: [] },
      '/api/admin/signups': { body: [] },
      '/api/admin/personal-data/export': { body: { format: 'etiqueta-clara/datos-personales@1' } },
      '/api/admin/personal-data/erase': { body: { message: 'Datos eliminados' } },
    });
    URL.createObjectURL = () => 'blob:datos';
    URL.revokeObjectURL = () => {};
    const user = userEvent.setup();
    renderApp('/admin');
    await user.click(await screen.findByRole('tab', { name: 'Usuarios' }, lazy));
    const form = await screen.findByRole('form', { name: 'Solicitud de datos personales' });
    await user.click(within(form).getByRole('button', { name: 'Exportar sus datos' }));
    expect(await within(form).findByText('Debes ingresar un email válido')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Email de la persona'), ' Espera@Example.cl ');
    await user.click(within(form).getByRole('button', { name: 'Exportar sus datos' }));
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => (url as string).endsWith('/export'))).toBe(true));
    const exported = fetch.mock.calls.find(([url]) => (url as string).endsWith('/export'))!;
    expect(exported[1]?.method).toBe('POST');
    expect(JSON.parse(exported[1]?.body as string)).toEqual({ email: 'espera@example.cl' });

    await user.click(within(form).getByRole('button', { name: 'Eliminar sus datos' }));
    const dialog = await screen.findByRole('alertdialog', { name: '¿Eliminar todos sus datos?' });
    expect(fetch.mock.calls.some(([url]) => (url as string).endsWith('/erase'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar definitivamente' }));
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => (url as string).endsWith('/erase'))).toBe(true));
  });
});

describe('the data-lake manual actions (spec §4)', { timeout: 20_000 }, () => {
  it('are enabled when the sync is initialized and idle', async () => {
    stubFetch(dataLakeAnswers(syncStatus()));
    renderApp('/admin/data-lake');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Sincronización completa' })).toBeEnabled(),
    );
    expect(screen.getByRole('button', { name: 'Sincronización incremental' })).toBeEnabled();
  });

  it.each([
    ['a run is going', syncStatus({ running: true, message: 'Sincronización completa en curso' })],
    ['the sync is not initialized', syncStatus({ initialized: false })],
  ])('are disabled while %s', async (_case, status) => {
    stubFetch(dataLakeAnswers(status));
    renderApp('/admin/data-lake');
    expect(await screen.findByText(status.message)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sincronización completa' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Sincronización incremental' })).toBeDisabled();
  });

  it('while a run reads the export, shows how far it got: bytes, records read, kept, processed and time left', async () => {
    const progress = {
      stage: 'openfoodfacts-products.jsonl.gz',
      bytesRead: 2_147_483_648,
      bytesTotal: 8_589_934_592,
      recordsRead: 1_234_567,
      recordsKept: 3_210,
      recordsProcessed: 3_000,
      etaSeconds: 1_500,
      updatedAt: '2026-11-25T10:00:00.000Z',
    };
    stubFetch(
      dataLakeAnswers(
        syncStatus({ running: true, source: 'off', message: 'Sincronización completa en curso', progress }),
      ),
    );
    renderApp('/admin/data-lake');
    const box = await screen.findByTestId('sync-progress', {}, lazy);
    expect(box).toHaveTextContent('openfoodfacts-products.jsonl.gz');
    expect(box).toHaveTextContent(
      '2 GB de 8 GB (25 %) leídos · 1.234.567 registros leídos · 3.210 de Chile · 3.000 procesados · faltan ~25 min',
    );
    expect(within(box).getByRole('progressbar', { name: 'Avance de la lectura' })).toHaveAttribute(
      'value',
      '25',
    );
  });

  it('shows no progress when nothing runs', async () => {
    stubFetch(dataLakeAnswers(syncStatus()));
    renderApp('/admin/data-lake');
    expect(await screen.findByText('El catálogo aún no se ha sincronizado', {}, lazy)).toBeInTheDocument();
    expect(screen.queryByTestId('sync-progress')).not.toBeInTheDocument();
  });

  it('names the source the catalogue came from, the last successful run, and warns when it goes stale', async () => {
    stubFetch(
      dataLakeAnswers(
        syncStatus({
          source: 'off',
          lastSuccess: { at: '2026-11-20T15:00:00.000Z', kind: 'bulk', source: 'file:/srv/exports/off-chile.jsonl.gz' },
          alert: 'Las últimas 3 sincronizaciones fallaron. Último error: error de red: getaddrinfo ENOTFOUND',
        }),
      ),
    );
    renderApp('/admin/data-lake');
    const source = await screen.findByTestId('data-source', {}, lazy);
    expect(source).toHaveTextContent('Archivo local: off-chile.jsonl.gz');
    expect(source).toHaveTextContent('Configurada: Open Food Facts (exportación y archivos delta)');
    expect(screen.getByTestId('last-success')).toHaveTextContent('(completa)');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Atención: el catálogo puede estar desactualizado. Las últimas 3 sincronizaciones fallaron.',
    );
  });

  it('shows no warning while the catalogue is current', async () => {
    stubFetch(
      dataLakeAnswers(
        syncStatus({ source: 'off', lastSuccess: { at: new Date().toISOString(), kind: 'incremental', source: 'off' } }),
      ),
    );
    renderApp('/admin/data-lake');
    const source = await screen.findByTestId('data-source', {}, lazy);
    expect(source).toHaveTextContent(/^Open Food Facts \(exportación y archivos delta\)$/);
    expect(screen.queryByTestId('sync-alert')).not.toBeInTheDocument();
  });

  it("a failed connection test says 'Conexión Fallida' with the server's message", async () => {
    stubFetch({
      ...dataLakeAnswers(syncStatus()),
      '/api/sync/test-connection': { body: { connected: false, message: 'No se pudo leer el archivo' } },
    });
    const user = userEvent.setup();
    renderApp('/admin/data-lake');
    expect(await screen.findByText('Sin probar')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Probar conexión' }));
    expect(await screen.findByText('Conexión Fallida')).toBeInTheDocument();
    expect(screen.getByText('Desconectado')).toBeInTheDocument();
    expect(screen.getAllByText('No se pudo leer el archivo').length).toBeGreaterThan(0);
  });
});

describe('the data-lake product lists', { timeout: 20_000 }, () => {
  it('list the products whose label contradicts itself, with the reason and a link to the page', async () => {
    stubFetch({
      ...dataLakeAnswers(syncStatus()),
      '/api/sync/dubious': {
        body: {
          total: 1,
          items: [
            {
              id: 42,
              barcode: '7801000000059',
              name: 'Manjar',
              brand: 'Colun',
              issues: ['todos los nutrientes están en 0'],
            },
          ],
        },
      },
    });
    renderApp('/admin/data-lake');
    const card = within(await screen.findByRole('region', { name: 'Productos con datos dudosos' }, lazy));
    expect(await card.findByRole('link', { name: 'Manjar' })).toHaveAttribute('href', '/product/42');
    expect(card.getByText('todos los nutrientes están en 0')).toBeInTheDocument();
    expect(card.getByText(/1 producto tiene valores nutricionales que se contradicen/)).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Productos sin categoría' })).getByText(
        'Todos los productos tienen categoría.',
      ),
    ).toBeInTheDocument();
  });
});
