import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { productFixture } from '@/testing/product-fixture';
import { renderWithQueries, stubFetch } from '@/testing/render-app';

import { ProductEditForm } from './product-edit-form';
import { PERCENTAGE_FIELDS } from './product-form';

const renderForm = () => renderWithQueries(<ProductEditForm product={productFixture()} onDone={vi.fn()} />);

/** Every text box, number box and list of the form, with the label it is read by. */
const controls = (form: HTMLElement) =>
  ['textbox', 'spinbutton', 'combobox'].flatMap((role) => within(form).queryAllByRole(role));

describe('the product edit form', () => {
  it('marks every field that fails its check as invalid and points it at its message, Marca included', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch({});
    const { container } = renderForm();
    const form = container.querySelector('form')!;
    const fruit = PERCENTAGE_FIELDS[0]!;

    await user.clear(screen.getByLabelText('Nombre *'));
    fireEvent.change(screen.getByLabelText('Marca'), { target: { value: 'M'.repeat(201) } });
    fireEvent.change(screen.getByLabelText(new RegExp(`^${fruit.label}`)), { target: { value: '150' } });
    await user.click(screen.getByRole('button', { name: 'Guardar y recalcular' }));

    const invalid = ['product-name', 'product-brand', `product-${fruit.name}`];
    expect(await screen.findByText('La marca no puede tener más de 200 caracteres')).toBeInTheDocument();
    for (const control of controls(form)) {
      const { id } = control;
      const message = document.getElementById(`${id}-error`);
      expect(Boolean(message), id).toBe(invalid.includes(id));
      if (message) {
        expect(control, id).toHaveAttribute('aria-invalid', 'true');
        expect(control.getAttribute('aria-describedby')?.split(' '), id).toContain(`${id}-error`);
      } else {
        expect(control, id).not.toHaveAttribute('aria-invalid');
      }
    }
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
