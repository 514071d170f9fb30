import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { callsTo, renderWithQueries, sentJson, stubFetch } from '@/testing/render-app';

import { RightsRequestForm } from './rights-request-form';

/** A signed-in member, whom the form already knows. */
const ANA = { firstName: 'Ana', lastName: 'Pérez', email: 'ana@example.cl' };

const renderForm = (known?: { firstName: string; lastName: string; email: string }) =>
  renderWithQueries(<RightsRequestForm known={known} />);

describe('the rights request form (objection, blocking…, from any screen)', () => {
  it('asks what is needed and the detail, in Spanish, and sends nothing until both are there', async () => {
    const fetchMock = stubFetch({ '/api/contact': { status: 201, body: { message: 'Mensaje enviado' } } });
    const user = userEvent.setup();
    renderForm(ANA);
    await user.click(screen.getByRole('button', { name: 'Enviar solicitud' }));
    expect(await screen.findByText('Elige qué necesitas')).toBeInTheDocument();
    expect(screen.getByText('El detalle es obligatorio')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/contact')).toHaveLength(0);
  });

  it('signed in: sends the request as a contact message marked «Datos personales», with the account name and email', async () => {
    const fetchMock = stubFetch({ '/api/contact': { status: 201, body: { message: 'Mensaje enviado' } } });
    const user = userEvent.setup();
    renderForm(ANA);
    // The person is known: nothing of them is asked again.
    expect(screen.queryByRole('textbox', { name: 'Email' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Que pausen el uso de mis datos (bloqueo)' }));
    await user.type(
      screen.getByRole('textbox', { name: 'Cuéntanos el detalle' }),
      'Mientras revisan mi reclamo',
    );
    await user.click(screen.getByRole('button', { name: 'Enviar solicitud' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Recibimos tu solicitud. Te responderemos a tu email en 2 días hábiles.',
    );
    expect(sentJson(fetchMock, '/api/contact')).toEqual({
      ...ANA,
      message: 'Datos personales — Bloqueo: Mientras revisan mi reclamo',
    });
  });

  it('signed out: asks the name and the email to answer to; a refused request says why in Spanish', async () => {
    stubFetch({
      '/api/contact': {
        status: 429,
        body: { code: 'RATE_LIMITED', message: 'Demasiadas solicitudes. Espera un minuto.' },
      },
    });
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('radio', { name: 'Oponerme a un uso de mis datos' }));
    await user.type(screen.getByRole('textbox', { name: 'Cuéntanos el detalle' }), 'No quiero correos');
    await user.type(screen.getByRole('textbox', { name: 'Nombre' }), 'Luis');
    await user.type(screen.getByRole('textbox', { name: 'Apellido' }), 'Soto');
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'no-es-email');
    await user.click(screen.getByRole('button', { name: 'Enviar solicitud' }));
    expect(await screen.findByText('Debes ingresar un email válido')).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: /Email/ }));
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'luis@example.cl');
    await user.click(screen.getByRole('button', { name: 'Enviar solicitud' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Demasiadas solicitudes. Espera un minuto.');
  });
});
