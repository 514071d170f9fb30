import type { Product } from '@etiqueta/contracts';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';

import { renderApp, signedIn, stubFetch } from '@/testing/render-app';

import { productFixture } from '@/testing/product-fixture';

beforeAll(async () => {
  await Promise.all([
    import('@/app/routes/product-additives'),
    import('@/app/routes/product-ultraprocessed'),
  ]);
}, 30_000);

type DetectedAdditive = Product['detectedAdditives'][number];

const open = (path: string, product: unknown, status = 200) => {
  stubFetch({ '/api/auth/status': { body: signedIn }, '/api/products/6315': { status, body: product } });
  renderApp(path);
};

/** An additive as the product answer lists it; the label's words are its code unless said. */
const additive = (
  code: string,
  name: string,
  riskLevel: DetectedAdditive['riskLevel'],
  matchedText = code,
  reason: string | null = null,
): DetectedAdditive => ({ code, name, riskLevel, matchedText, function: null, reason });

const groupCounts = async () => {
  await screen.findByTestId('risk-group-riesgosos');
  return ['riesgosos', 'debate', 'sin-riesgo'].map((id) => {
    const group = screen.getByTestId(`risk-group-${id}`);
    return [within(group).getByRole('heading').textContent, within(group).queryAllByRole('listitem').length];
  });
};

describe('the additives page', () => {
  it('groups the additives into Riesgosos, Riesgo posible (Debate) and Sin riesgo conocido, each with a count', async () => {
    open(
      '/product/6315/additives',
      productFixture({
        detectedAdditives: [
          additive('E250', 'Nitrito de sodio', 'Riesgoso', 'nitrito de sodio'),
          additive('E471', 'Mono- y diglicéridos', 'Riesgo posible (Debate)'),
          additive('E330', 'Ácido cítrico', 'Sin riesgo conocido'),
          additive('E500', 'Carbonatos de sodio', 'Sin riesgo conocido'),
        ],
      }),
    );
    expect(await groupCounts()).toEqual([
      ['Riesgosos1', 1],
      ['Riesgo posible (Debate)1', 1],
      ['Sin riesgo conocido2', 2],
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Aditivos' })).toBeInTheDocument();
    expect(screen.getByText('Nitrito de sodio')).toBeInTheDocument();
    expect(screen.getByText('En la etiqueta: «nitrito de sodio»')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver al producto' })).toHaveAttribute('href', '/product/6315');
  });

  it("shows each additive's reason on its row, and nothing for a stored one without a reason", async () => {
    const reason =
      'Preservante: frena mohos, levaduras o bacterias; EFSA (2017) estimó que personas de todas las edades con alto consumo superan la ingesta diaria admisible.';
    open(
      '/product/6315/additives',
      productFixture({
        detectedAdditives: [
          additive('E250', 'Nitrito de sodio', 'Riesgoso', 'nitrito de sodio', reason),
          additive('E330', 'Ácido cítrico', 'Sin riesgo conocido'),
        ],
      }),
    );
    const row = (await screen.findByText('Nitrito de sodio')).closest('li')!;
    expect(within(row).getByTestId('risk-item-reason')).toHaveTextContent(reason);
    const other = screen.getByText('Ácido cítrico').closest('li')!;
    expect(within(other).queryByTestId('risk-item-reason')).toBeNull();
  });

  it('says "Sin aditivos detectados" when there are none', async () => {
    open('/product/6315/additives', productFixture({ detectedAdditives: [] }));
    expect(await screen.findByText('Sin aditivos detectados')).toBeInTheDocument();
    expect(screen.queryByTestId('risk-group-riesgosos')).not.toBeInTheDocument();
  });

  it('says the product was not found on a 404', async () => {
    open('/product/6315/additives', { code: 'NOT_FOUND', message: 'Producto no encontrado' }, 404);
    expect(await screen.findByText('Error: Producto no encontrado')).toBeInTheDocument();
  });
});

describe("the 'Otros sospechosos' page", () => {
  it("puts 'alto' suspects with the Riesgosos, keeping their own level word", async () => {
    open(
      '/product/6315/ultraprocessed',
      productFixture({
        ultraprocessed: [
          {
            id: 'jarabe-glucosa',
            name: 'Jarabe de glucosa',
            riskLevel: 'alto',
            matchedText: 'jarabe de glucosa',
          },
          {
            id: 'jarabe-malta',
            name: 'Jarabe o extracto de malta',
            riskLevel: 'Riesgo posible (Debate)',
            matchedText: 'extracto de malta',
          },
          {
            id: 'saborizante',
            name: 'Saborizante o aroma',
            riskLevel: 'Sin riesgo conocido',
            matchedText: 'aromas',
          },
        ],
      }),
    );
    expect(await groupCounts()).toEqual([
      ['Riesgosos1', 1],
      ['Riesgo posible (Debate)1', 1],
      ['Sin riesgo conocido1', 1],
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Otros sospechosos' })).toBeInTheDocument();
    expect(within(screen.getByTestId('risk-group-riesgosos')).getByRole('listitem')).toHaveTextContent(
      'Jarabe de glucosaEn la etiqueta: «jarabe de glucosa»Riesgoso',
    );
  });

  it('says no ultra-processed ingredients were found when there are none', async () => {
    open('/product/6315/ultraprocessed', productFixture({ ultraprocessed: [] }));
    expect(
      await screen.findByText('No se detectaron ingredientes ultraprocesados en este producto.'),
    ).toBeInTheDocument();
  });
});
