import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { FormActions } from './form-actions';

const renderInForm = (pending: boolean) => {
  const onCancel = vi.fn();
  const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
  render(
    <form onSubmit={onSubmit}>
      <FormActions onCancel={onCancel} pending={pending} submitLabel="Enviar reporte" pendingLabel="Enviando..." />
    </form>,
  );
  return { onCancel, onSubmit };
};

describe('FormActions', () => {
  it('submits the form with its submit button', async () => {
    const user = userEvent.setup();
    const { onSubmit, onCancel } = renderInForm(false);
    const submit = screen.getByRole('button', { name: 'Enviar reporte' });
    expect(submit).toBeEnabled();
    await user.click(submit);
    expect(onSubmit).toHaveBeenCalledOnce();
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('while pending, the submit button is disabled and shows the pending label', () => {
    renderInForm(true);
    expect(screen.queryByRole('button', { name: 'Enviar reporte' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enviando...' })).toBeDisabled();
  });

  it('"Cancelar" calls onCancel and does not submit the form', async () => {
    const user = userEvent.setup();
    const { onSubmit, onCancel } = renderInForm(false);
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('cancel comes before submit in the tab order', async () => {
    const user = userEvent.setup();
    renderInForm(false);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Cancelar' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Enviar reporte' })).toHaveFocus();
  });
});
