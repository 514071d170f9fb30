import { contactRequest, type ContactRequest } from '@etiqueta/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { Button } from '@/components/ui/button';
import { fieldDescriptionIds, FormField, inputClassName } from '@/components/ui/form-field';
import { toast } from '@/lib/toast-store';

import { useSendContactMessage } from '../api/send-contact-message';

type ContactInput = z.input<typeof contactRequest>;

/** Spec §2, §5, §8: first name, last name, email and message, all required. */
export const ContactForm = () => {
  const ids = { firstName: useId(), lastName: useId(), email: useId(), message: useId() };
  const send = useSendContactMessage();
  const form = useForm<ContactInput, unknown, ContactRequest>({
    resolver: zodResolver(contactRequest),
    defaultValues: { firstName: '', lastName: '', email: '', message: '' },
  });
  const { errors } = form.formState;

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

  const field = (name: keyof ContactInput, id: string) => ({
    id,
    'aria-required': true,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': fieldDescriptionIds(id, errors[name]?.message),
    className: inputClassName(Boolean(errors[name])),
    ...form.register(name),
  });

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label="Formulario de contacto"
      className="grid gap-4 sm:grid-cols-2"
    >
      <FormField id={ids.firstName} label="Nombre" error={errors.firstName?.message}>
        <input type="text" autoComplete="given-name" {...field('firstName', ids.firstName)} />
      </FormField>
      <FormField id={ids.lastName} label="Apellido" error={errors.lastName?.message}>
        <input type="text" autoComplete="family-name" {...field('lastName', ids.lastName)} />
      </FormField>
      <FormField id={ids.email} label="Email" error={errors.email?.message} className="sm:col-span-2">
        <input
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          {...field('email', ids.email)}
        />
      </FormField>
      <FormField id={ids.message} label="Mensaje" error={errors.message?.message} className="sm:col-span-2">
        <textarea rows={5} {...field('message', ids.message)} />
      </FormField>
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
