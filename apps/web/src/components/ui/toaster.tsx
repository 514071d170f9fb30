import { X } from 'lucide-react';
import { Toast } from 'radix-ui';

import { dismissToast, useToasts } from '@/lib/toast-store';

const variantClass = {
  default: 'bg-white text-stone-900 ring-stone-200',
  destructive: 'bg-red-700 text-white ring-red-800',
} as const;

/**
 * Renders the toast store with Radix Toast. The provider (5000 ms, swipe right, 50 px) lives in
 * app/provider.tsx; this component only draws the toasts and the F8 viewport.
 */
export const Toaster = () => {
  const toasts = useToasts();
  return (
    <>
      {toasts.map((item) => (
        <Toast.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id);
          }}
          type={item.variant === 'destructive' ? 'foreground' : 'background'}
          className={`relative grid gap-1 rounded-xl p-4 pr-10 shadow-lg ring-1 data-[state=open]:animate-toast-in ${variantClass[item.variant ?? 'default']}`}
        >
          <Toast.Title className="font-semibold">{item.title}</Toast.Title>
          {item.description ? (
            <Toast.Description className="text-sm opacity-90">{item.description}</Toast.Description>
          ) : null}
          <Toast.Close
            aria-label="Cerrar notificación"
            className="absolute top-2 right-2 rounded-md p-1 opacity-80 hover:opacity-100"
          >
            <X aria-hidden="true" className="size-4" />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport
        hotkey={['F8']}
        label="Notificaciones ({hotkey})"
        className="fixed right-0 bottom-0 z-[100] m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none"
      />
    </>
  );
};
