import { AGE_BAND_REQUIRED, type AgeBand, type SignupRequest } from '@etiqueta/contracts';
import { Send } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';

import { Button } from '@/components/ui/button';
import { fieldDescriptionIds, FormField, inputClassName } from '@/components/ui/form-field';
import { Alert } from '@/components/ui/alert';

export type SignupFormValues = {
  email: string;
  firstName: string;
  lastName: string;
  instagramHandle: string;
  ageBand: AgeBand | '';
};

/** Ley 21.719: who may join on their own, and who with a representative's consent (plain words, both required). */
const AGE_BAND_OPTIONS: { value: AgeBand; label: string }[] = [
  { value: '16-o-mas', label: 'Tengo 16 años o más' },
  {
    value: 'menor-16-con-autorizacion',
    label: 'Tengo menos de 16 años y mi madre, padre o representante legal me autorizó a inscribirme',
  },
];

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
  const ids = { email: useId(), firstName: useId(), lastName: useId(), instagram: useId(), ageBand: useId() };
  const form = useForm<SignupFormValues>({
    defaultValues: { email: '', firstName: '', lastName: '', instagramHandle: '', ageBand: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) => {
    const email = values.email.trim().toLowerCase();
    const firstName = values.firstName.trim();
    const lastName = values.lastName.trim();
    const { ageBand } = values;
    if (!ageBand) form.setError('ageBand', { message: AGE_BAND_REQUIRED });
    if (!email || !firstName || !lastName || !ageBand) {
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
      ageBand,
      ...(instagramHandle ? { instagramHandle } : {}),
      ...(referralSource ? { referralSource } : {}),
    });
  });

  const emailError = errors.email?.message;
  const ageBandError = errors.ageBand?.message;

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
      <fieldset
        role="radiogroup"
        aria-labelledby={`${ids.ageBand}-legend`}
        className="space-y-2 sm:col-span-2"
        aria-required="true"
        aria-invalid={ageBandError ? true : undefined}
        aria-describedby={fieldDescriptionIds(ids.ageBand, ageBandError, true)}
      >
        <legend id={`${ids.ageBand}-legend`} className="text-sm font-medium text-stone-800">
          Tu edad
        </legend>
        {AGE_BAND_OPTIONS.map((option) => (
          <label key={option.value} className="flex items-start gap-2 text-base text-stone-800">
            <input
              type="radio"
              value={option.value}
              className="mt-1 size-4 shrink-0 accent-brand-700"
              {...form.register('ageBand', { onChange: () => form.clearErrors('ageBand') })}
            />
            <span>{option.label}</span>
          </label>
        ))}
        <p id={`${ids.ageBand}-hint`} className="text-xs text-stone-600">
          Lo pide la ley de protección de datos personales (Ley 21.719): si tienes menos de 16 años, necesitas esa
          autorización para inscribirte.
        </p>
        {ageBandError ? (
          <Alert variant="inline" id={`${ids.ageBand}-error`}>
            {ageBandError}
          </Alert>
        ) : null}
      </fieldset>
      <Button type="submit" size="lg" disabled={pending} className="sm:col-span-2">
        <Send aria-hidden="true" className="size-5" />
        {pending ? 'Enviando...' : submitLabel}
      </Button>
    </form>
  );
};
