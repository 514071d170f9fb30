import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { Toast } from 'radix-ui';

import { Toaster } from '@/components/ui/toaster';
import { renderWithQueries, stubFetch } from '@/testing/render-app';

import { ErrorReportDialog } from './error-report-dialog';

const renderDialog = (allergens = false) =>
  renderWithQueries(
    <Toast.Provider>
      {allergens ? (
        <ErrorReportDialog
          productId={6315}
          productName="Galletas"
          errorType="alergenos"
          label="Reportar un alérgeno mal indicado"
        />
      ) : (
        <ErrorReportDialog productId={6315} productName="Galletas" />
      )}
      <Toaster />
    </Toast.Provider>,
  );

const openDialog = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(screen.getByRole('button', { name: 'Reportar un error' }));
  return within(await screen.findByRole('dialog', { name: 'Reportar un error' }));
};

/** Sends the form, waits for the thanks, and gives the report the POST carried. */
const sendReport = async (
  user: ReturnType<typeof userEvent.setup>,
  dialog: Awaited<ReturnType<typeof openDialog>>,
  fetchMock: ReturnType<typeof stubFetch>,
) => {
  await user.click(dialog.getByRole('button', { name: 'Enviar reporte' }));
  expect(await screen.findByText('Reporte enviado')).toBeInTheDocument();
  return JSON.parse(fetchMock.mock.calls[0]![1]?.body as string) as unknown;
};

describe('the error-report dialog', () => {
  it('offers the seven error types in Spanish, in the contract order', async () => {
    const user = userEvent.setup();
    renderDialog();
    const dialog = await openDialog(user);
    expect(
      within(dialog.getByLabelText('Tipo de error'))
        .getAllByRole('option')
        .map((option) => [option.getAttribute('value'), option.textContent]),
    ).toEqual([
      ['puntaje-incorrecto', 'Puntaje incorrecto'],
      ['aditivos-incorrectos', 'Aditivos incorrectos'],
      ['informacion-nutricional', 'Información nutricional incorrecta'],
      ['imagen-incorrecta', 'Imagen incorrecta'],
      ['producto-incorrecto', 'Producto incorrecto (nombre o marca)'],
      ['alergenos', 'Alérgenos'],
      ['otros', 'Otros'],
    ]);
  });

  it("needs a description for 'otros', then posts the report and thanks the shopper", async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch({ '/api/error-reports': { status: 201, body: { id: 1 } } });
    renderDialog();
    const dialog = await openDialog(user);
    await user.selectOptions(dialog.getByLabelText('Tipo de error'), 'otros');
    await user.type(dialog.getByLabelText('Descripción'), '   ');
    await user.click(dialog.getByRole('button', { name: 'Enviar reporte' }));
    expect(await dialog.findByText("Describe el error cuando eliges 'Otros'")).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(dialog.getByLabelText('Descripción'), 'La marca es otra');
    await user.click(dialog.getByRole('button', { name: 'Enviar reporte' }));
    expect(await screen.findByText('Reporte enviado')).toBeInTheDocument();
    expect(screen.getByText('Gracias por reportar el error. Lo revisaremos pronto.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/error-reports');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(init?.body as string)).toEqual({
      errorType: 'otros',
      description: 'La marca es otra',
      productId: 6315,
      productName: 'Galletas',
    });
  });

  it('sends the other types without a description', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch({ '/api/error-reports': { status: 201, body: { id: 2 } } });
    renderDialog();
    const dialog = await openDialog(user);
    await user.selectOptions(dialog.getByLabelText('Tipo de error'), 'imagen-incorrecta');
    expect(await sendReport(user, dialog, fetchMock)).toMatchObject({
      errorType: 'imagen-incorrecta',
      description: '',
    });
  });

  it("opened from the allergen box, starts on 'Alérgenos' and sends it (issue 28)", async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch({ '/api/error-reports': { status: 201, body: { id: 3 } } });
    renderDialog(true);
    await user.click(screen.getByRole('button', { name: 'Reportar un alérgeno mal indicado' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Reportar un error' }));
    expect(dialog.getByLabelText('Tipo de error')).toHaveValue('alergenos');
    await user.type(dialog.getByLabelText('Descripción'), 'La etiqueta dice «puede contener maní»');
    expect(await sendReport(user, dialog, fetchMock)).toMatchObject({
      errorType: 'alergenos',
      description: 'La etiqueta dice «puede contener maní»',
    });
  });

  it('keeps the dialog open and says so when the report cannot be sent', async () => {
    const user = userEvent.setup();
    stubFetch({ '/api/error-reports': { status: 500, body: 'boom' } });
    renderDialog();
    const dialog = await openDialog(user);
    await user.click(dialog.getByRole('button', { name: 'Enviar reporte' }));
    expect(await screen.findByText('No se pudo enviar el reporte. Inténtalo de nuevo.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Reportar un error' })).toBeInTheDocument();
  });

  it('starts from a blank form every time it opens', async () => {
    const user = userEvent.setup();
    renderDialog();
    let dialog = await openDialog(user);
    await user.selectOptions(dialog.getByLabelText('Tipo de error'), 'otros');
    await user.type(dialog.getByLabelText('Descripción'), 'borrador');
    await user.click(dialog.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    dialog = await openDialog(user);
    expect(dialog.getByLabelText('Tipo de error')).toHaveValue('puntaje-incorrecto');
    expect(dialog.getByLabelText('Descripción')).toHaveValue('');
  });
});
