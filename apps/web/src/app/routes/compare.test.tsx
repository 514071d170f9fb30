import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { productFixture, wholesomeProductFixture } from '@/testing/product-fixture';
import { clearComparePicks, readComparePicks, toggleComparePick } from '@/lib/compare-selection';
import { renderApp, signedIn, stubFetch } from '@/testing/render-app';

const cookies = productFixture();
const oats = wholesomeProductFixture({ novaGroup: 1, nutriscore: { grade: 'a', score: -3 } });
const milk = productFixture({
  id: 7,
  name: 'Leche semidescremada',
  brand: 'Colun',
  healthScore: 6.2,
  totalSugarsG100: 4.8,
  seals: [],
  detectedAdditives: [],
  ultraprocessed: [],
  ingredients: 'Leche semidescremada',
  novaGroup: 1,
  isLiquid: true,
  nutriscore: { grade: 'b', score: 1 },
});

const answers = (products = [cookies, oats, milk]): Parameters<typeof stubFetch>[0] =>
  Object.fromEntries([
    ['/api/auth/status', { body: signedIn }],
    ...products.map((product) => [`/api/products/${product.id}`, { body: product }]),
  ]) as Parameters<typeof stubFetch>[0];

beforeAll(async () => {
  await Promise.all([import('@/app/routes/compare'), import('@/app/routes/product')]);
}, 30_000);

afterEach(() => {
  clearComparePicks();
  vi.unstubAllGlobals();
});

const table = () => screen.findByRole('table', { name: /Comparación de/ });

describe('/comparar', () => {
  it('shows a skeleton, then the products side by side with the better value of each row marked', async () => {
    // One gate for every request of product 42 (the page and the comparison bar may each ask for it): until it
    // opens, none is answered; then all are.
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    stubFetch({ ...answers(), '/api/products/42': async () => (await gate, { body: oats }) });
    renderApp('/comparar?ids=6315,42,7');
    expect(await screen.findByTestId('compare-skeleton')).toHaveTextContent('Cargando comparación...');
    release();

    const found = await table();
    const columns = within(found).getAllByRole('columnheader');
    expect(columns.map((column) => column.textContent)).toEqual([
      'Galletas gofres rellenas de caramelo',
      'Avena integral orgánica',
      'Leche semidescremada',
    ]);
    // The row header names each row for screen readers; the better cells say so in words.
    const score = within(found).getByRole('rowheader', { name: 'Puntaje' }).closest('tr')!;
    const cells = within(score).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual([
      '1,5/10Muy malo',
      '9,1/10ExcelenteMejor valor',
      '6,2/10Mediocre',
    ]);
    const sugar = within(found).getByRole('rowheader', { name: /^Azúcares/ }).closest('tr')!;
    expect(within(sugar).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      '37,2 gMuy alto',
      '6 gBajo',
      '4,8 gModeradoMejor valor',
    ]);
    // Mixed solids and drinks: the basis says so.
    expect(within(found).getByRole('rowheader', { name: /^Azúcares/ })).toHaveTextContent(
      'Azúcares · por 100 g (bebidas por 100 mL)',
    );
    const additives = within(found).getByRole('rowheader', { name: 'Aditivos por riesgo' }).closest('tr')!;
    const cookieAdditives = within(additives).getAllByRole('cell')[0]!;
    expect(cookieAdditives).toHaveTextContent('Sin riesgo conocido: 2');
    expect(cookieAdditives).toHaveTextContent('E500 Carbonatos de sodio');
    expect(cookieAdditives).toHaveTextContent('Riesgosos: 0');
    const seals = within(found).getByRole('rowheader', { name: 'Sellos ALTO EN' }).closest('tr')!;
    expect(within(seals).getAllByRole('cell')[0]).toHaveTextContent('CALORÍASAZÚCARESGRASAS SATURADAS');
    expect(screen.getByRole('button', { name: 'Compartir' })).toBeInTheDocument();
  });

  it('asks for two or three products, and says how to pick them, when the address has fewer', async () => {
    stubFetch(answers());
    renderApp('/comparar?ids=6315');
    expect(await screen.findByRole('heading', { name: 'Elige 2 o 3 productos para compararlos' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Buscar productos' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('names a product it cannot find and still compares the other two', async () => {
    toggleComparePick({ id: 999, name: 'Yogur de frutilla' });
    stubFetch({ ...answers(), '/api/products/999': { status: 404, body: { code: 'NOT_FOUND', message: 'x' } } });
    renderApp('/comparar?ids=6315,999,42');
    expect(await screen.findByText('No encontramos «Yogur de frutilla» (producto 999): puede que ya no esté en el catálogo.')).toBeVisible();
    expect(within(await table()).getAllByRole('columnheader')).toHaveLength(2);
  });

  it('says what failed and tries again', async () => {
    let fail = true;
    stubFetch({
      ...answers(),
      '/api/products/42': () => (fail ? { status: 503, body: { code: 'UNAVAILABLE', message: '' } } : { body: oats }),
    });
    renderApp('/comparar?ids=6315,42');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No pudimos cargar la comparación');
    expect(alert).not.toHaveTextContent('503');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Intentar de nuevo' }));
    expect(within(await table()).getAllByRole('columnheader')).toHaveLength(2);
  });

  it('takes a product out: the address changes, and so does the pick', async () => {
    for (const product of [cookies, oats, milk]) toggleComparePick(product);
    stubFetch(answers());
    const { router } = renderApp('/comparar?ids=6315,42,7');
    await table();
    await userEvent.click(screen.getByRole('button', { name: 'Quitar Avena integral orgánica de la comparación' }));
    await waitFor(() => expect(router.state.location.search).toBe('?ids=6315,7'));
    await waitFor(async () => expect(within(await table()).getAllByRole('columnheader')).toHaveLength(2));
    expect(readComparePicks().map((pick) => pick.id)).toEqual([6315, 7]);
    // The pressed button went away with its column: focus is on the title, and the change is said.
    expect(screen.getByRole('heading', { level: 1, name: 'Comparar productos' })).toHaveFocus();
    expect(screen.getByText('Quitaste «Avena integral orgánica» de la comparación.')).toHaveRole('status');
  });

  it("copies the link and says 'Enlace copiado' where the browser cannot share", async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { clipboard: { writeText }, share: undefined }));
    stubFetch(answers());
    renderApp('/comparar?ids=6315,42');
    await table();
    await userEvent.click(screen.getByRole('button', { name: 'Compartir' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/comparar?ids=6315,42`);
    expect(await screen.findByText('Enlace copiado')).toHaveRole('status');
  });

  it('shows the link to copy by hand when the clipboard refuses', async () => {
    const writeText = vi.fn(async () => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { clipboard: { writeText }, share: undefined }));
    stubFetch(answers());
    renderApp('/comparar?ids=6315,42');
    await table();
    await userEvent.click(screen.getByRole('button', { name: 'Compartir' }));
    const link = await screen.findByRole('textbox', { name: 'No pudimos copiar el enlace. Cópialo desde aquí:' });
    expect(link).toHaveValue(`${window.location.origin}/comparar?ids=6315,42`);
    expect(screen.queryByText('Enlace copiado')).not.toBeInTheDocument();
  });

  it("uses the phone's share sheet where there is one", async () => {
    const share = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { share }));
    stubFetch(answers());
    renderApp('/comparar?ids=6315,42');
    await table();
    await userEvent.click(screen.getByRole('button', { name: 'Compartir' }));
    expect(share).toHaveBeenCalledWith(
      expect.objectContaining({ url: `${window.location.origin}/comparar?ids=6315,42` }),
    );
  });
});

describe('picking products', () => {
  it('toggles from the product page, shows the bar, and opens the comparison from it', async () => {
    toggleComparePick({ id: 42, name: oats.name });
    stubFetch(answers());
    const { router } = renderApp('/product/6315');
    const toggle = await screen.findByRole('button', { name: 'Comparar Galletas gofres rellenas de caramelo' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(toggle);
    expect(
      screen.getByRole('button', { name: 'Quitar de comparar Galletas gofres rellenas de caramelo' }),
    ).toHaveAttribute('aria-pressed', 'true');
    const tray = await screen.findByRole('region', { name: 'Productos para comparar' });
    expect(tray).toHaveTextContent('2 productos elegidos');
    await userEvent.click(within(tray).getByRole('link', { name: 'Comparar (2)' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/comparar'));
    expect(router.state.location.search).toBe('?ids=42,6315');
    expect(within(await table()).getAllByRole('columnheader')).toHaveLength(2);
    // The bar is not shown over the comparison itself.
    expect(screen.queryByRole('region', { name: 'Productos para comparar' })).not.toBeInTheDocument();
  });

  it('picks from the history too', async () => {
    const history = {
      items: [{ id: 1, via: 'scan', viewedAt: '2026-11-25T12:05:00Z', product: { id: 7, name: 'Leche semidescremada', brand: 'Colun', images: null, healthScore: 6.2 } }],
      nextCursor: null,
      recording: true,
    };
    stubFetch({ ...answers(), '/api/history': { body: history } });
    renderApp('/historial');
    const toggle = await screen.findByRole('button', { name: 'Comparar Leche semidescremada' });
    expect(toggle.closest('a')).toBeNull();
    await userEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Quitar de comparar Leche semidescremada' })).toHaveAttribute('aria-pressed', 'true');
    expect(readComparePicks()).toEqual([{ id: 7, name: 'Leche semidescremada' }]);
  });

  it('says the maximum is 3 on a fourth pick, and empties the pick from the bar', async () => {
    for (const product of [oats, milk, { id: 8, name: 'Jugo' }]) toggleComparePick(product);
    stubFetch(answers());
    renderApp('/product/6315');
    await userEvent.click(await screen.findByRole('button', { name: 'Comparar Galletas gofres rellenas de caramelo' }));
    expect(await screen.findByText('Puedes comparar hasta 3 productos')).toBeVisible();
    expect(screen.getByText('Quita uno de la comparación para agregar otro.')).toBeVisible();
    expect(readComparePicks()).toHaveLength(3);
    // While the bar shows, what floats at the foot of the screen (the community banner) is told to sit above it.
    const space = () => document.documentElement.style.getPropertyValue('--compare-tray-space');
    expect(space()).toBe('4.5rem');
    await userEvent.click(screen.getByRole('button', { name: 'Vaciar la comparación' }));
    expect(readComparePicks()).toEqual([]);
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Productos para comparar' })).not.toBeInTheDocument(),
    );
    expect(space()).toBe('');
  });
});
