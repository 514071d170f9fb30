import { type ComponentProps, type ElementType, type ReactNode, useId } from 'react';
import type { FieldValues, Path, RegisterOptions, UseFormReturn } from 'react-hook-form';
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
    <FieldNotes id={id} hint={hint} error={error} />
  </div>
);

/** A field's hint and its error, with the ids `fieldDescriptionIds` names. */
const FieldNotes = ({ id, hint, error }: { id: string; hint?: ReactNode; error?: string }) => (
  <>
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
  </>
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
  {
    required = false,
    hint = false,
    rules,
  }: {
    required?: boolean;
    /** The FormField has a hint. */
    hint?: boolean;
    /** react-hook-form's register options (e.g. an `onChange`). */
    rules?: RegisterOptions<T, Path<T>>;
  } = {},
) => {
  const error = form.getFieldState(name, form.formState).error?.message;
  return {
    id,
    'aria-required': required || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': fieldDescriptionIds(id, error, hint),
    className: inputClassName(Boolean(error)),
    ...form.register(name, rules),
  };
};

/** How an email box is typed: the email keyboard, autofill, and no capitals or spelling fixes. */
export const emailInputProps = {
  type: 'email',
  inputMode: 'email',
  autoComplete: 'email',
  autoCapitalize: 'none',
  spellCheck: false,
} as const;

type ControlElement = 'input' | 'textarea' | 'select';

type FieldProps<T extends FieldValues, U, E extends ControlElement> = {
  form: UseFormReturn<T, unknown, U>;
  name: Path<T>;
  /** The control's id, which the label and the messages point at; a generated one unless given. */
  id?: string;
  label: ReactNode;
  hint?: ReactNode;
  labelAside?: ReactNode;
  /** The FormField's class (its place in the form's grid), not the control's. */
  className?: string;
  required?: boolean;
  rules?: RegisterOptions<T, Path<T>>;
  /** The control: an `input` unless said. */
  as?: E;
} & Omit<ComponentProps<E>, 'id' | 'name' | 'className' | 'form'>;

/**
 * A FormField around a react-hook-form control, one name giving both: the label, the hint and the field's own error
 * under it, and on the control its id, `aria-invalid`, `aria-describedby`, class and registration. The other props
 * (type, autoComplete, rows, a select's options…) are the control's.
 * `<Field form={form} name="email" label="Email" type="email" />`
 */
export const Field = <T extends FieldValues, U, E extends ControlElement = 'input'>({
  form,
  name,
  id,
  label,
  hint,
  labelAside,
  className,
  required,
  rules,
  as,
  ...control
}: FieldProps<T, U, E>) => {
  const generatedId = useId();
  id ??= generatedId;
  const Control: ElementType = as ?? 'input';
  return (
    <FormField
      id={id}
      label={label}
      hint={hint}
      labelAside={labelAside}
      error={form.getFieldState(name, form.formState).error?.message}
      className={className}
    >
      {/* The control's own props were checked against E above; as a union of three elements they cannot be again. */}
      <Control
        {...(control as object)}
        {...controlProps(form, name, id, { required, hint: Boolean(hint), rules })}
      />
    </FormField>
  );
};

type RadioGroupFieldProps<T extends FieldValues, U> = {
  form: UseFormReturn<T, unknown, U>;
  name: Path<T>;
  /** The group's id, from which its legend, hint and error take theirs; a generated one unless given. */
  id?: string;
  legend: ReactNode;
  options: readonly { value: string; label: ReactNode }[];
  hint?: ReactNode;
  rules?: RegisterOptions<T, Path<T>>;
  className?: string;
};

/** A required choice among a few options, one radio button each, under a legend; its hint and error as a FormField's. */
export const RadioGroupField = <T extends FieldValues, U>({
  form,
  name,
  id,
  legend,
  options,
  hint,
  rules,
  className = '',
}: RadioGroupFieldProps<T, U>) => {
  const generatedId = useId();
  id ??= generatedId;
  const error = form.getFieldState(name, form.formState).error?.message;
  return (
    <fieldset
      role="radiogroup"
      aria-labelledby={`${id}-legend`}
      aria-required="true"
      aria-invalid={error ? true : undefined}
      aria-describedby={fieldDescriptionIds(id, error, hint)}
      className={`space-y-2 ${className}`}
    >
      <legend id={`${id}-legend`} className="text-sm font-medium text-stone-800">
        {legend}
      </legend>
      {options.map((option) => (
        <label key={option.value} className="flex items-start gap-2 text-base text-stone-800">
          <input
            type="radio"
            value={option.value}
            className="mt-1 size-4 shrink-0 accent-brand-700"
            {...form.register(name, rules)}
          />
          <span>{option.label}</span>
        </label>
      ))}
      <FieldNotes id={id} hint={hint} error={error} />
    </fieldset>
  );
};
