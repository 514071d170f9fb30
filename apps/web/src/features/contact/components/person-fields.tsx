import type { ContactRequest } from '@etiqueta/contracts';
import { useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';

import { Field } from '@/components/ui/form-field';

type Person = Pick<ContactRequest, 'firstName' | 'lastName' | 'email'>;

/** Who writes, to answer them: first name, last name and email, all required (spec §5), for the contact forms. */
export const PersonFields = <T extends Person, U>({
  form,
  emailHint,
  emailClassName,
}: {
  form: UseFormReturn<T, unknown, U>;
  emailHint?: string;
  emailClassName?: string;
}) => {
  const ids = { firstName: useId(), lastName: useId(), email: useId() };
  // The three names exist in every T (T extends Person); react-hook-form's paths cannot see that through generics.
  const person = form as unknown as UseFormReturn<Person, unknown, U>;
  return (
    <>
      <Field
        form={person}
        name="firstName"
        id={ids.firstName}
        label="Nombre"
        required
        type="text"
        autoComplete="given-name"
      />
      <Field
        form={person}
        name="lastName"
        id={ids.lastName}
        label="Apellido"
        required
        type="text"
        autoComplete="family-name"
      />
      <Field
        form={person}
        name="email"
        id={ids.email}
        label="Email"
        hint={emailHint}
        className={emailClassName}
        required
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
      />
    </>
  );
};
