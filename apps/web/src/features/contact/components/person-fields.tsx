import type { ContactRequest } from '@etiqueta/contracts';
import { useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';

import { controlProps, fieldDescriptionIds, FormField } from '@/components/ui/form-field';

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
  const { errors } = person.formState;
  const email = controlProps(person, 'email', ids.email, { required: true });
  return (
    <>
      <FormField id={ids.firstName} label="Nombre" error={errors.firstName?.message}>
        <input
          type="text"
          autoComplete="given-name"
          {...controlProps(person, 'firstName', ids.firstName, { required: true })}
        />
      </FormField>
      <FormField id={ids.lastName} label="Apellido" error={errors.lastName?.message}>
        <input
          type="text"
          autoComplete="family-name"
          {...controlProps(person, 'lastName', ids.lastName, { required: true })}
        />
      </FormField>
      <FormField
        id={ids.email}
        label="Email"
        hint={emailHint}
        error={errors.email?.message}
        className={emailClassName}
      >
        <input
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          {...email}
          aria-describedby={fieldDescriptionIds(ids.email, errors.email?.message, emailHint)}
        />
      </FormField>
    </>
  );
};
