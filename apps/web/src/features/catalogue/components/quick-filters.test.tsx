import { matchesFilters } from '@etiqueta/domain';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { useQuickFilters } from '../hooks/use-quick-filters';
import { QuickFilters } from './quick-filters';

const products = [
  { id: 1, name: 'Avena', totalSugarsG100: 1, detectedAdditives: [], ultraprocessed: [] },
  {
    id: 2,
    name: 'Cereal con colorante',
    totalSugarsG100: 4,
    detectedAdditives: [{ riskLevel: 'Riesgoso' as const }],
    ultraprocessed: [],
  },
  {
    id: 3,
    name: 'Granola con lecitina',
    totalSugarsG100: 20,
    detectedAdditives: [{ riskLevel: 'Sin riesgo conocido' as const }],
    ultraprocessed: [],
  },
  {
    id: 4,
    name: 'Barra con jarabe',
    totalSugarsG100: 3,
    detectedAdditives: [],
    ultraprocessed: [{ riskLevel: 'alto' as const }],
  },
];

const Harness = () => {
  const controller = useQuickFilters();
  return (
    <>
      <QuickFilters controller={controller} />
      <ul aria-label="resultado">
        {products.filter((product) => matchesFilters(product, controller.filters)).map((product) => (
          <li key={product.id}>{product.name}</li>
        ))}
      </ul>
    </>
  );
};

const shown = () => screen.queryAllByRole('listitem').map((item) => item.textContent);
const pressed = () =>
  screen
    .getAllByRole('button')
    .filter((button) => button.getAttribute('aria-pressed') === 'true')
    .map((button) => button.textContent);

const setup = () => {
  const user = userEvent.setup();
  render(<Harness />);
  return { user, sugarBox: screen.getByLabelText('Máximo de azúcar, en gramos por 100 g') };
};

describe('quick filters (spec §4)', () => {
  it('start all off, with the sugar box at 5 g', () => {
    const { sugarBox } = setup();
    expect(pressed()).toEqual([]);
    expect(sugarBox).toHaveValue(5);
    expect(shown()).toHaveLength(4);
  });

  it('ancestral-natural and the additive filters exclude each other; each toggles', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Ancestral / natural' }));
    expect(pressed()).toEqual(['Ancestral / natural']);
    expect(shown()).toEqual(['Avena']);

    await user.click(screen.getByRole('button', { name: 'Sin aditivos riesgosos' }));
    expect(pressed()).toEqual(['Sin aditivos riesgosos']);
    expect(shown()).toEqual(['Avena', 'Granola con lecitina', 'Barra con jarabe']);

    await user.click(screen.getByRole('button', { name: 'Sin aditivos' }));
    expect(pressed()).toEqual(['Sin aditivos']);
    expect(shown()).toEqual(['Avena', 'Barra con jarabe']);

    await user.click(screen.getByRole('button', { name: 'Ancestral / natural' }));
    expect(pressed()).toEqual(['Ancestral / natural']);

    await user.click(screen.getByRole('button', { name: 'Ancestral / natural' }));
    expect(pressed()).toEqual([]);
    expect(shown()).toHaveLength(4);
  });

  it('the sugar chip toggles with a click and keeps its value', async () => {
    const { user, sugarBox } = setup();
    await user.click(screen.getByRole('button', { name: 'Azúcar hasta' }));
    expect(pressed()).toEqual(['Azúcar hasta']);
    expect(shown()).toEqual(['Avena', 'Cereal con colorante', 'Barra con jarabe']);
    await user.click(screen.getByRole('button', { name: 'Azúcar hasta' }));
    expect(pressed()).toEqual([]);
    expect(sugarBox).toHaveValue(5);
  });

  it('typing a number turns the sugar filter on with that value', async () => {
    const { user, sugarBox } = setup();
    await user.clear(sugarBox);
    await user.type(sugarBox, '2');
    expect(pressed()).toEqual(['Azúcar hasta']);
    expect(shown()).toEqual(['Avena']);
    await user.type(sugarBox, '0');
    expect(sugarBox).toHaveValue(20);
    expect(shown()).toHaveLength(4);
  });

  it('emptying the box turns the sugar filter off and sets 0', async () => {
    const { user, sugarBox } = setup();
    await user.click(screen.getByRole('button', { name: 'Azúcar hasta' }));
    await user.clear(sugarBox);
    expect(pressed()).toEqual([]);
    expect(shown()).toHaveLength(4);
    await user.click(screen.getByRole('button', { name: 'Azúcar hasta' }));
    expect(shown()).toEqual([]);
  });

  it.each(['-', '+', 'e', 'E'])('blocks the key %s', async (key) => {
    const { user, sugarBox } = setup();
    await user.clear(sugarBox);
    await user.type(sugarBox, `1${key}`);
    expect(sugarBox).toHaveValue(1);
  });

  it('ignores values above 99', async () => {
    const { user, sugarBox } = setup();
    await user.clear(sugarBox);
    await user.type(sugarBox, '99');
    await user.type(sugarBox, '9');
    expect(sugarBox).toHaveValue(99);
    expect(pressed()).toEqual(['Azúcar hasta']);
  });
});
