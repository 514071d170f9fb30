import type { ContactRequest } from '@etiqueta/contracts';
import type { UseFormReturn } from 'react-hook-form';

import { emailInputProps, Field } from '@/components/ui/form-field';
import { NameFields } from '@/components/ui/name-fields';

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
  // The email exists in every T (T extends Person); react-hook-form's paths cannot see that through generics.
  const person = form as unknown as UseFormReturn<Person, unknown, U>;
  return (
    <>
      <NameFields form={form} required />
      <Field
        form={person}
        name="email"
        label="Email"
        hint={emailHint}
        className={emailClassName}
        required
        {...emailInputProps}
      />
    </>
  );
};
