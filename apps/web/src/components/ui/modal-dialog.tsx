import type { ReactNode } from 'react';

import { DialogShell, DialogTitleBar } from './dialog-shell';
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
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={returnFocus}
      // Without a description, say so, or Radix warns about a missing one.
      {...(description ? {} : { 'aria-describedby': undefined })}
      className={`flex max-h-[92dvh] w-[calc(100vw-1.5rem)] ${widths[size]} flex-col`}
    >
      <DialogTitleBar title={title} description={description} className="border-b border-stone-200 p-4 sm:px-6" />
      <div className="min-h-0 overflow-y-auto p-4 sm:px-6">{children}</div>
    </DialogShell>
  );
};
