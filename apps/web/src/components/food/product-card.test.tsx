import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';

import { clearComparePicks, readComparePicks } from '@/lib/compare-selection';
import { clearPreferences, setAllergenAvoidance } from '@/lib/preferences';

import { ProductCard, type ProductCardData } from './product-card';

const product: ProductCardData = {
  id: 6315,
  name: 'Galletas de avena',
  brand: 'Hacendado',
  images: null,
  healthScore: 6.2,
  allergens: { status: 'complete', contains: ['gluten', 'leche'], traces: ['mani'] },
  diets: { vegan: 'no', vegetarian: 'yes', palmOil: 'no', sweeteners: 'no', lactose: 'yes' },
};

afterEach(() => {
  clearComparePicks();
  clearPreferences();
});

describe('a product card', () => {
  it('links to the product, with the compare toggle beside the link, never inside it', async () => {
    render(
      <MemoryRouter>
        <ProductCard product={product} />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: /Galletas de avena/ });
    expect(link).toHaveAttribute('href', '/product/6315');
    const toggle = screen.getByRole('button', { name: 'Comparar Galletas de avena' });
    expect(link).not.toContainElement(toggle);
    expect(toggle.closest('a')).toBeNull();

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(toggle).toHaveAccessibleName('Quitar de comparar Galletas de avena');
    expect(readComparePicks()).toEqual([{ id: 6315, name: 'Galletas de avena' }]);
  });

  it('carries no mark for someone without preferences, and the verdict in icon and words for someone with them', () => {
    const view = render(
      <MemoryRouter>
        <ProductCard product={product} />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('verdict-mark')).toBeNull();
    act(() => setAllergenAvoidance('leche', 'evitar'));
    const mark = screen.getByTestId('verdict-mark');
    expect(mark).toHaveAttribute('data-level', 'no-apto');
    expect(mark).toHaveTextContent('No apto');
    expect(mark).toHaveAttribute('title', 'No apto: contiene leche');
    // The link says the whole sentence to a screen reader.
    expect(screen.getByRole('link', { name: /No apto: contiene leche/ })).toBeInTheDocument();
    view.unmount();
  });

  it('says "Puede contener" for traces the person avoids, "Apto" when nothing applies', () => {
    act(() => setAllergenAvoidance('mani', 'trazas'));
    const view = render(
      <MemoryRouter>
        <ProductCard product={product} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('verdict-mark')).toHaveAttribute('title', 'Puede contener maní');
    act(() => setAllergenAvoidance('mani', null));
    act(() => setAllergenAvoidance('huevo', 'trazas'));
    expect(screen.getByTestId('verdict-mark')).toHaveAttribute('data-level', 'apto');
    view.unmount();
  });
});
