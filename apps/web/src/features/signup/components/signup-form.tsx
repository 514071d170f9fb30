import { AGE_BAND_REQUIRED, type AgeBand, type SignupRequest } from '@etiqueta/contracts';
import { Send } from 'lucide-react';
import { useForm } from 'react-hook-form';

import { Button } from '@/components/ui/button';
import { emailInputProps, Field, RadioGroupField } from '@/components/ui/form-field';
import { NameFields } from '@/components/ui/name-fields';

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
  const form = useForm<SignupFormValues>({
    defaultValues: { email: '', firstName: '', lastName: '', instagramHandle: '', ageBand: '' },
  });

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

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="grid gap-4 sm:grid-cols-2"
      aria-label="Inscripción"
    >
      <Field
        form={form}
        name="email"
        label="Email"
        className="sm:col-span-2"
        required
        rules={{ onChange: () => form.clearErrors('email') }}
        {...emailInputProps}
        placeholder="tu@email.cl"
      />
      <NameFields form={form} required />
      <Field
        form={form}
        name="instagramHandle"
        label="Instagram (opcional)"
        className="sm:col-span-2"
        type="text"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="@tu_usuario"
      />
      <RadioGroupField
        form={form}
        name="ageBand"
        legend="Tu edad"
        options={AGE_BAND_OPTIONS}
        rules={{ onChange: () => form.clearErrors('ageBand') }}
        hint="Lo pide la ley de protección de datos personales (Ley 21.719): si tienes menos de 16 años, necesitas esa autorización para inscribirte."
        className="sm:col-span-2"
      />
      <Button type="submit" size="lg" disabled={pending} className="sm:col-span-2">
        <Send aria-hidden="true" className="size-5" />
        {pending ? 'Enviando...' : submitLabel}
      </Button>
    </form>
  );
};
