import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { callsTo, renderApp, sentJson, signedOut, stubFetch } from '@/testing/render-app';

/** Who writes to us in these tests. */
const ANA = { firstName: 'Ana', lastName: 'Pérez', email: 'ana@example.cl' };

/** Ana fills the contact form with this message and sends it. */
const sendAs = async (user: ReturnType<typeof userEvent.setup>, form: HTMLElement, message: string) => {
  await user.type(within(form).getByLabelText('Nombre'), ANA.firstName);
  await user.type(within(form).getByLabelText('Apellido'), ANA.lastName);
  await user.type(within(form).getByLabelText('Email'), ANA.email);
  await user.type(within(form).getByLabelText('Mensaje'), message);
  await user.click(within(form).getByRole('button', { name: 'Enviar mensaje' }));
};

describe('the contact page', () => {
  it('lists the ways to help and links to the community chat in a new tab', async () => {
    stubFetch({ '/api/auth/status': { body: signedOut } });
    renderApp('/contact');
    expect(await screen.findByRole('heading', { level: 1, name: '¿Quieres unirte?' })).toBeInTheDocument();
    const community = screen.getByRole('link', { name: /Unirme a la comunidad/ });
    expect(community).toHaveAttribute('target', '_blank');
    expect(community).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByText(/uno va en 50% y el otro en 30%/)).toBeInTheDocument();
    // The form is for medium screens and up (spec §2).
    expect(screen.getByTestId('contact-form-section')).toHaveClass('hidden', 'md:block');
  });

  it('requires every field, then sends the message and confirms with a toast', async () => {
    const fetchMock = stubFetch({
      '/api/auth/status': { body: signedOut },
      '/api/contact': { status: 201, body: { message: 'ok' } },
    });
    const user = userEvent.setup();
    renderApp('/contact');
    const form = await screen.findByRole('form', { name: 'Formulario de contacto' });
    await user.click(within(form).getByRole('button', { name: 'Enviar mensaje' }));
    expect(await within(form).findByText('El nombre es obligatorio')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/contact')).toHaveLength(0);

    await sendAs(user, form, 'Quiero ayudar a revisar productos.');
    expect(await screen.findByText('Mensaje enviado')).toBeInTheDocument();
    expect(screen.getByText('Nos pondremos en contacto contigo pronto.')).toBeInTheDocument();
    expect(sentJson(fetchMock, '/api/contact')).toEqual({ ...ANA, message: 'Quiero ayudar a revisar productos.' });
  });

  it('says so when the message could not be sent', async () => {
    stubFetch({ '/api/auth/status': { body: signedOut }, '/api/contact': { status: 500, body: '' } });
    const user = userEvent.setup();
    renderApp('/contact');
    const form = await screen.findByRole('form', { name: 'Formulario de contacto' });
    await sendAs(user, form, 'Hola');
    expect(await screen.findByText('No pudimos enviar tu mensaje. Intenta de nuevo.')).toBeInTheDocument();
  });
});
