import { contactRequest, type ContactRequest } from '@etiqueta/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/form-field';
import { toast } from '@/lib/toast-store';

import { useSendContactMessage } from '../api/send-contact-message';
import { PersonFields } from './person-fields';

type ContactInput = z.input<typeof contactRequest>;

/** Spec §2, §5, §8: first name, last name, email and message, all required. */
export const ContactForm = () => {
  const send = useSendContactMessage();
  const form = useForm<ContactInput, unknown, ContactRequest>({
    resolver: zodResolver(contactRequest),
    defaultValues: { firstName: '', lastName: '', email: '', message: '' },
  });

  const submit = form.handleSubmit((values) =>
    send.mutate(values, {
      onSuccess: () => {
        toast({ title: 'Mensaje enviado', description: 'Nos pondremos en contacto contigo pronto.' });
        form.reset();
      },
      onError: () =>
        toast({ title: 'No pudimos enviar tu mensaje. Intenta de nuevo.', variant: 'destructive' }),
    }),
  );

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label="Formulario de contacto"
      className="grid gap-4 sm:grid-cols-2"
    >
      <PersonFields form={form} emailClassName="sm:col-span-2" />
      <Field
        form={form}
        name="message"
        label="Mensaje"
        className="sm:col-span-2"
        required
        as="textarea"
        rows={5}
      />
      <Button
        type="submit"
        size="lg"
        disabled={send.isPending}
        className="sm:col-span-2 sm:justify-self-start"
      >
        <Send aria-hidden="true" className="size-5" />
        {send.isPending ? 'Enviando...' : 'Enviar mensaje'}
      </Button>
    </form>
  );
};
