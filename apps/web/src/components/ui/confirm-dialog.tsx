import { AlertDialog } from 'radix-ui';
import type { ReactNode } from 'react';

import { errorMessage } from '@/lib/error-message';

import { Alert } from './alert';
import { buttonClassName } from './button';
import type { Confirm } from './use-confirm';
import { useFocusReturn } from './use-focus-return';

type ConfirmDialogProps<T> = {
  /** From {@link useConfirm}: the dialog is open while it holds a subject; Cancelar and Escape close it. */
  confirm: Confirm<T>;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** Runs on confirm with the subject; the dialog stays open until the caller closes it (e.g. when the call succeeds). */
  onConfirm: (subject: T) => void;
  pending?: boolean;
  /** The last attempt's failure, shown under the description. */
  error?: unknown;
  cancelLabel?: string;
};

/** An irreversible action asks first (Radix AlertDialog: focus starts on Cancelar, Escape cancels, focus returns to the opener). */
export const ConfirmDialog = <T,>({
  confirm,
  title,
  description,
  confirmLabel,
  onConfirm,
  pending = false,
  error,
  cancelLabel = 'Cancelar',
}: ConfirmDialogProps<T>) => {
  const { subject } = confirm;
  const open = subject !== null;
  const returnFocus = useFocusReturn(open);
  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) confirm.close();
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-stone-950/50 data-[state=open]:animate-overlay-in" />
        <AlertDialog.Content
          onCloseAutoFocus={returnFocus}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-1.5rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl focus:outline-none data-[state=open]:animate-dialog-in"
        >
          <AlertDialog.Title className="text-lg font-bold text-stone-900">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-stone-700">
            {description}
            {error ? (
              <Alert as="span" variant="inline" className="mt-2 block">
                {errorMessage(error)}
              </Alert>
            ) : null}
          </AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonClassName({ variant: 'secondary' })}>
              {cancelLabel}
            </AlertDialog.Cancel>
            <button
              type="button"
              className={buttonClassName({ variant: 'danger' })}
              disabled={pending}
              onClick={() => {
                if (subject !== null) onConfirm(subject);
              }}
            >
              {confirmLabel}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
};
