import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';

const overlays = { dim: 'bg-stone-950/50', dark: 'bg-stone-950/60' } as const;

type DialogShellProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
  /** How dark the page behind gets: 'dark' where the dialog shows a camera. */
  overlay?: keyof typeof overlays;
  /** The frame's size and layout (width, height, padding); the centring and the card look are the shell's. */
  className: string;
} & Pick<ComponentProps<typeof Dialog.Content>, 'onCloseAutoFocus' | 'aria-describedby'> & {
    'data-testid'?: string;
  };

/**
 * Every dialog's frame on Radix Dialog: the dimmed page, the centred card (focus trapped, Escape closes), and
 * `onCloseAutoFocus` to give the focus back to whatever opened it. What goes inside is the caller's: usually a
 * `DialogTitleBar` first.
 */
export const DialogShell = ({
  open,
  onOpenChange,
  children,
  overlay = 'dim',
  className,
  ...content
}: DialogShellProps) => (
  <Dialog.Root open={open} onOpenChange={onOpenChange}>
    <Dialog.Portal>
      <Dialog.Overlay
        className={`fixed inset-0 z-50 ${overlays[overlay]} data-[state=open]:animate-overlay-in`}
      />
      <Dialog.Content
        {...content}
        className={`fixed top-1/2 left-1/2 z-50 -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white shadow-xl focus:outline-none data-[state=open]:animate-dialog-in ${className}`}
      >
        {children}
      </Dialog.Content>
    </Dialog.Portal>
  </Dialog.Root>
);

type DialogTitleBarProps = {
  title: ReactNode;
  /** Read out with the title; say what the dialog is for. */
  description?: ReactNode;
  /** The bar's padding and border, which differ with the dialog's layout. */
  className?: string;
  closeClassName?: string;
};

/** The dialog's title (it labels the dialog), its description if any, and the round "Cerrar" button. */
export const DialogTitleBar = ({
  title,
  description,
  className = '',
  closeClassName = '',
}: DialogTitleBarProps) => (
  <div className={`flex items-start justify-between gap-4 ${className}`}>
    <div className="space-y-1">
      <Dialog.Title className="text-xl font-bold text-stone-900">{title}</Dialog.Title>
      {description ? (
        <Dialog.Description className="text-sm text-stone-600">{description}</Dialog.Description>
      ) : null}
    </div>
    <Dialog.Close
      aria-label="Cerrar"
      className={`grid size-10 shrink-0 place-items-center rounded-full text-stone-600 hover:bg-stone-100 ${closeClassName}`}
    >
      <X aria-hidden="true" className="size-5" />
    </Dialog.Close>
  </div>
);
