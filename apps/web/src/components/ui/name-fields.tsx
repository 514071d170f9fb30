import type { UseFormReturn } from 'react-hook-form';

import { Field } from './form-field';

type Name = { firstName: string; lastName: string };

/** A person's first and last name, as the browser fills them in: sign-up, the contact forms and Mi cuenta. */
export const NameFields = <T extends Name, U>({
  form,
  required = false,
}: {
  form: UseFormReturn<T, unknown, U>;
  required?: boolean;
}) => {
  // Both names exist in every T (T extends Name); react-hook-form's paths cannot see that through generics.
  const names = form as unknown as UseFormReturn<Name, unknown, U>;
  return (
    <>
      <Field
        form={names}
        name="firstName"
        label="Nombre"
        required={required}
        type="text"
        autoComplete="given-name"
      />
      <Field
        form={names}
        name="lastName"
        label="Apellido"
        required={required}
        type="text"
        autoComplete="family-name"
      />
    </>
  );
};
