import { contactRequest, requiredText, type ContactRequest } from '@etiqueta/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

import { Button } from '@/components/ui/button';
import { Field, RadioGroupField } from '@/components/ui/form-field';
import { errorMessage } from '@/lib/error-message';

import { useSendContactMessage } from '../api/send-contact-message';
import { PersonFields } from './person-fields';
import { Alert } from '@/components/ui/alert';

export const RIGHTS_REQUEST_TITLE = 'Solicitudes sobre tus datos';

/** The rights a shopper cannot exercise alone in Mi cuenta (access, erasure and portability are there). */
const REQUEST_KINDS = [
  { value: 'Oposición', label: 'Oponerme a un uso de mis datos' },
  { value: 'Bloqueo', label: 'Que pausen el uso de mis datos (bloqueo)' },
  { value: 'Rectificación', label: 'Corregir un dato que no es mi nombre' },
  { value: 'Otra', label: 'Otra solicitud sobre mis datos' },
] as const;

const rightsRequest = contactRequest.omit({ message: true }).extend({
  kind: z.enum(
    REQUEST_KINDS.map((k) => k.value),
    { error: 'Elige qué necesitas' },
  ),
  detail: requiredText(4_000, 'El detalle'),
});
type RightsRequestInput = z.input<typeof rightsRequest>;
type RightsRequest = z.output<typeof rightsRequest>;

/** The contact message an admin reads: marked «Datos personales», as the privacy policy asks people to write. */
export const rightsRequestMessage = ({ kind, detail }: Pick<RightsRequest, 'kind' | 'detail'>) =>
  `Datos personales — ${kind}: ${detail}`;

type RightsRequestFormProps = {
  /** The signed-in person: their name and email are not asked again. */
  known?: Pick<ContactRequest, 'firstName' | 'lastName' | 'email'>;
};

/**
 * Issue 30: objection, blocking and other rights requests from any screen size (the contact form shows only on
 * wider screens, as the spec asks). Sent as a contact message, so it reaches the admins' "Mensajes", counts in
 * Mi cuenta and is kept and erased like one (docs/privacy.md).
 */
export const RightsRequestForm = ({ known }: RightsRequestFormProps) => {
  const send = useSendContactMessage();
  const form = useForm<RightsRequestInput, unknown, RightsRequest>({
    resolver: zodResolver(rightsRequest),
    defaultValues: {
      firstName: known?.firstName ?? '',
      lastName: known?.lastName ?? '',
      email: known?.email ?? '',
      detail: '',
    },
  });

  const submit = form.handleSubmit(({ kind, detail, ...person }) =>
    send.mutate({ ...person, message: rightsRequestMessage({ kind, detail }) }),
  );

  if (send.isSuccess) {
    return (
      <Alert tone="info" className="flex gap-2">
        <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
        Recibimos tu solicitud. Te responderemos a tu email en 2 días hábiles.
      </Alert>
    );
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label={RIGHTS_REQUEST_TITLE}
      className="grid gap-4"
    >
      <RadioGroupField form={form} name="kind" legend="¿Qué necesitas?" options={REQUEST_KINDS} />
      <Field form={form} name="detail" label="Cuéntanos el detalle" required as="textarea" rows={4} />
      {known ? null : <PersonFields form={form} emailHint="Te respondemos a este email." />}
      {send.isError ? <Alert variant="inline">{errorMessage(send.error)}</Alert> : null}
      <Button type="submit" size="lg" disabled={send.isPending} className="sm:justify-self-start">
        <Send aria-hidden="true" className="size-5" />
        {send.isPending ? 'Enviando...' : 'Enviar solicitud'}
      </Button>
    </form>
  );
};
