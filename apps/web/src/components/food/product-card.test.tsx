import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';

import { clearComparePicks, readComparePicks } from '@/lib/compare-selection';

import { ProductCard } from './product-card';

const product = { id: 6315, name: 'Galletas de avena', brand: 'Hacendado', images: null, healthScore: 6.2 };

afterEach(() => clearComparePicks());

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
});
