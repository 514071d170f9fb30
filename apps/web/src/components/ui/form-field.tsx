import type { ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { Alert } from './alert';

/** Class names shared by text inputs, number inputs, selects and text areas. */
export const inputClassName = (invalid = false) =>
  `block w-full rounded-lg border bg-white px-3 py-2 text-base text-stone-900 shadow-sm placeholder:text-stone-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 disabled:bg-stone-100 ${
    invalid ? 'border-red-600' : 'border-stone-300'
  }`;

type FormFieldProps = {
  /** The id of the control inside, so the label and the messages point at it. */
  id: string;
  label: ReactNode;
  /** A validation message; shown in red and announced. */
  error?: string;
  hint?: ReactNode;
  /** Shown beside the label but outside it (e.g. a status with its own button). */
  labelAside?: ReactNode;
  children: ReactNode;
  className?: string;
};

/**
 * A labelled control with its hint and its error. Give the control
 * `aria-invalid` and `aria-describedby={fieldDescriptionIds(id, error, hint)}`.
 */
export const FormField = ({
  id,
  label,
  error,
  hint,
  labelAside,
  children,
  className = '',
}: FormFieldProps) => (
  <div className={`space-y-1 ${className}`}>
    <div className="flex flex-wrap items-baseline justify-between gap-x-2">
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      {labelAside}
    </div>
    {children}
    {hint ? (
      <p id={`${id}-hint`} className="text-xs text-stone-600">
        {hint}
      </p>
    ) : null}
    {error ? (
      <Alert variant="inline" id={`${id}-error`}>
        {error}
      </Alert>
    ) : null}
  </div>
);

/** The aria-describedby value for a FormField's control. */
export const fieldDescriptionIds = (id: string, error?: string, hint?: unknown) =>
  [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;

/**
 * Everything a react-hook-form text control inside a FormField needs: its id, whether it is required, its error
 * state and the ids that describe it, its class and its registration. `<input {...controlProps(form, 'email', id)} />`
 */
export const controlProps = <T extends FieldValues, U>(
  form: UseFormReturn<T, unknown, U>,
  name: Path<T>,
  id: string,
  { required = false, hint = false }: { required?: boolean; /** The FormField has a hint. */ hint?: boolean } = {},
) => {
  const error = form.getFieldState(name, form.formState).error?.message;
  return {
    id,
    'aria-required': required || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': fieldDescriptionIds(id, error, hint),
    className: inputClassName(Boolean(error)),
    ...form.register(name),
  };
};
