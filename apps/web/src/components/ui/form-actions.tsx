import type { ReactNode } from 'react';

import { Button, type ButtonVariant } from './button';

type FormActionsProps = {
  onCancel: () => void;
  /** While the request is on its way: the submit button is disabled and says so. */
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  submitVariant?: ButtonVariant;
  /** An icon before the submit label (decorative: `aria-hidden`). */
  icon?: ReactNode;
  /** Only for the row's place in a grid (e.g. `sm:col-span-2`). */
  className?: string;
};

const layout = 'flex flex-col-reverse gap-2 sm:flex-row sm:justify-end';

/**
 * The last row of every form: "Cancelar" and the submit button. On a phone they stack full width with the submit
 * on top; from `sm` up they sit side by side at the right. Cancel comes first in the tab order.
 */
export const FormActions = ({
  onCancel,
  pending,
  submitLabel,
  pendingLabel,
  submitVariant,
  icon,
  className,
}: FormActionsProps) => (
  <div className={className ? `${layout} ${className}` : layout}>
    <Button variant="secondary" onClick={onCancel}>
      Cancelar
    </Button>
    <Button type="submit" variant={submitVariant} disabled={pending}>
      {icon}
      {pending ? pendingLabel : submitLabel}
    </Button>
  </div>
);
