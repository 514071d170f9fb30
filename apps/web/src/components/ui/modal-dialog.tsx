import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';

import { useFocusReturn } from './use-focus-return';

type ModalDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** Read out with the title; say what the dialog is for. */
  description?: ReactNode;
  children: ReactNode;
  /** 'md' for short forms, 'lg' for long ones. */
  size?: 'md' | 'lg';
};

const widths = { md: 'max-w-lg', lg: 'max-w-3xl' } as const;

/**
 * A centred modal on Radix Dialog: focus trapped, Escape and the close button close it, the title
 * labels it, focus goes back to the opener. The caller owns `open`, so it can reset its form whenever the
 * dialog closes.
 */
export const ModalDialog = ({
  open,
  onOpenChange,
  title,
  description,
  children,
  size = 'md',
}: ModalDialogProps) => {
  const returnFocus = useFocusReturn(open);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-stone-950/50 data-[state=open]:animate-overlay-in" />
        <Dialog.Content
          onCloseAutoFocus={returnFocus}
          // Without a description, say so, or Radix warns about a missing one.
          {...(description ? {} : { 'aria-describedby': undefined })}
          className={`fixed top-1/2 left-1/2 z-50 flex max-h-[92dvh] w-[calc(100vw-1.5rem)] ${widths[size]} -translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl bg-white shadow-xl focus:outline-none data-[state=open]:animate-dialog-in`}
        >
          <div className="flex items-start justify-between gap-4 border-b border-stone-200 p-4 sm:px-6">
            <div className="space-y-1">
              <Dialog.Title className="text-xl font-bold text-stone-900">{title}</Dialog.Title>
              {description ? (
                <Dialog.Description className="text-sm text-stone-600">{description}</Dialog.Description>
              ) : null}
            </div>
            <Dialog.Close
              aria-label="Cerrar"
              className="grid size-10 shrink-0 place-items-center rounded-full text-stone-600 hover:bg-stone-100"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <div className="min-h-0 overflow-y-auto p-4 sm:px-6">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
};
