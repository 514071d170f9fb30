import type { SignupRequest } from '@etiqueta/contracts';
import { Send } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';

import { Button } from '@/components/ui/button';
import { fieldDescriptionIds, FormField, inputClassName } from '@/components/ui/form-field';

export type SignupFormValues = {
  email: string;
  firstName: string;
  lastName: string;
  instagramHandle: string;
};

type SignupFormProps = {
  submitLabel: string;
  pending: boolean;
  /** Called with the cleaned values once the required fields are filled and the email looks right. */
  onValidSubmit: (body: SignupRequest) => void;
  /** Spec §5: a missing required field is reported with a toast, not next to the field. */
  onMissingFields: () => void;
  /** Held, never shown (spec §3): where the visitor came from. */
  referralSource?: string;
};

// The shape of an address, as the browser's type="email" checks it; the server validates for real.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const SignupForm = ({
  submitLabel,
  pending,
  onValidSubmit,
  onMissingFields,
  referralSource,
}: SignupFormProps) => {
  const ids = { email: useId(), firstName: useId(), lastName: useId(), instagram: useId() };
  const form = useForm<SignupFormValues>({
    defaultValues: { email: '', firstName: '', lastName: '', instagramHandle: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) => {
    const email = values.email.trim().toLowerCase();
    const firstName = values.firstName.trim();
    const lastName = values.lastName.trim();
    if (!email || !firstName || !lastName) {
      onMissingFields();
      return;
    }
    if (!EMAIL_SHAPE.test(email)) {
      form.setError('email', { message: 'Debes ingresar un email válido' }, { shouldFocus: true });
      return;
    }
    const instagramHandle = values.instagramHandle.trim().replace(/^@/, '');
    onValidSubmit({
      email,
      firstName,
      lastName,
      ...(instagramHandle ? { instagramHandle } : {}),
      ...(referralSource ? { referralSource } : {}),
    });
  });

  const emailError = errors.email?.message;

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="grid gap-4 sm:grid-cols-2"
      aria-label="Inscripción"
    >
      <FormField id={ids.email} label="Email" error={emailError} className="sm:col-span-2">
        <input
          id={ids.email}
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="tu@email.cl"
          aria-required="true"
          aria-invalid={emailError ? true : undefined}
          aria-describedby={fieldDescriptionIds(ids.email, emailError)}
          className={inputClassName(Boolean(emailError))}
          {...form.register('email', { onChange: () => form.clearErrors('email') })}
        />
      </FormField>
      <FormField id={ids.firstName} label="Nombre">
        <input
          id={ids.firstName}
          type="text"
          autoComplete="given-name"
          aria-required="true"
          className={inputClassName()}
          {...form.register('firstName')}
        />
      </FormField>
      <FormField id={ids.lastName} label="Apellido">
        <input
          id={ids.lastName}
          type="text"
          autoComplete="family-name"
          aria-required="true"
          className={inputClassName()}
          {...form.register('lastName')}
        />
      </FormField>
      <FormField id={ids.instagram} label="Instagram (opcional)" className="sm:col-span-2">
        <input
          id={ids.instagram}
          type="text"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="@tu_usuario"
          className={inputClassName()}
          {...form.register('instagramHandle')}
        />
      </FormField>
      <Button type="submit" size="lg" disabled={pending} className="sm:col-span-2">
        <Send aria-hidden="true" className="size-5" />
        {pending ? 'Enviando...' : submitLabel}
      </Button>
    </form>
  );
};
