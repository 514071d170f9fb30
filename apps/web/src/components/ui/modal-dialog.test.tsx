import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import { ConfirmDialog } from './confirm-dialog';
import { ModalDialog } from './modal-dialog';
import { useConfirm } from './use-confirm';

/** Opened by the caller's state, as the admin tables do, not by a Radix trigger. */
const Opener = ({ kind }: { kind: 'modal' | 'confirm' }) => {
  const [open, setOpen] = useState(false);
  const confirm = useConfirm();
  return (
    <>
      <button type="button">Otro botón</button>
      <button type="button" onClick={() => (kind === 'modal' ? setOpen(true) : confirm.ask(true))}>
        Editar
      </button>
      {kind === 'modal' ? (
        <ModalDialog open={open} onOpenChange={setOpen} title="Editar producto">
          <input aria-label="Nombre" />
        </ModalDialog>
      ) : (
        <ConfirmDialog
          confirm={confirm}
          title="¿Eliminar?"
          description="No se puede deshacer."
          confirmLabel="Eliminar"
          onConfirm={confirm.close}
        />
      )}
    </>
  );
};

describe('dialogs give focus back to what opened them', () => {
  it.each(['modal', 'confirm'] as const)('%s: closed with Escape, focus is on the opener again', async (kind) => {
    const user = userEvent.setup();
    render(<Opener kind={kind} />);
    const opener = screen.getByRole('button', { name: 'Editar' });
    await user.click(opener);
    const dialog = await screen.findByRole(kind === 'modal' ? 'dialog' : 'alertdialog');
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole(kind === 'modal' ? 'dialog' : 'alertdialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });
});
